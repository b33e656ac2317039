// The whole CPU pipeline: StableHLO in, only the LLVM dialect out.
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s --check-prefix=CLEAN \
// RUN:   --implicit-check-not=stablehlo. --implicit-check-not=linalg. --implicit-check-not=memref. \
// RUN:   --implicit-check-not=tensor. --implicit-check-not=affine. --implicit-check-not=scf. \
// RUN:   --implicit-check-not=arith. --implicit-check-not=math. --implicit-check-not=complex. \
// RUN:   --implicit-check-not=func.func --implicit-check-not=unrealized_conversion_cast
// The output is valid IR that parses again.
// RUN: xla-opt %s --xla-cpu-pipeline | xla-opt | FileCheck %s --check-prefix=CLEAN
// The pipeline is the same as legalization followed by codegen.
// RUN: xla-opt %s --stablehlo-legalize-to-linalg --xla-cpu-codegen | FileCheck %s
// Pass timing goes to stderr: one report for one module.
// RUN: xla-opt %s --xla-cpu-pipeline --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// IR printing after each pass goes to stderr.
// RUN: sh %inputs/status.sh xla-opt %s --xla-cpu-pipeline --mlir-print-ir-after-all -o %t.ll.mlir > %t.dump 2>&1
// RUN: FileCheck %s --check-prefix=DUMP < %t.dump
// RUN: FileCheck %s --check-prefix=CLEAN < %t.ll.mlir

// CLEAN: module @jit_example attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CLEAN: llvm.func @axpy
// CLEAN: llvm.return
// CLEAN: llvm.func @int_ops
// CLEAN: llvm.return
// CLEAN: llvm.func @compare_select
// CLEAN: llvm.return
// CLEAN: llvm.func @math
// CLEAN: llvm.return
// CLEAN: llvm.func @constant_only
// CLEAN: llvm.return

// DUMP: // -----// IR Dump After StablehloLegalizeToLinalg (stablehlo-legalize-to-linalg) {{.*}}//----- //
// DUMP: linalg.generic
// DUMP: // -----// IR Dump After OneShotBufferizePass (one-shot-bufferize) {{.*}}//----- //
// DUMP: memref.alloc
// DUMP: // -----// IR Dump After ConvertLinalgToAffineLoopsPass (convert-linalg-to-affine-loops) {{.*}}//----- //
// DUMP: affine.for
// DUMP: // -----// IR Dump After ReconcileUnrealizedCastsPass (reconcile-unrealized-casts) {{.*}}//----- //
// DUMP: llvm.func @axpy
// DUMP: exit=0

// TIMING: Execution time report
// TIMING-NOT: Execution time report
// The report merges nested pipelines of one name ('builtin.module'
// Pipeline: xla-inline-calls' and xla-one-shot-bufferize's), so the
// upstream bufferization may be listed before the lowering.
// TIMING-DAG: StablehloLegalizeToLinalg
// TIMING-DAG: OneShotBufferizePass
// TIMING-DAG: ConvertToLLVMPass
// TIMING: Total
// TIMING-NOT: Execution time report

module @jit_example attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  // Inputs and the caller-allocated result are memref descriptors expanded
  // into (allocated, aligned, offset[, sizes, strides]).
  // CHECK-LABEL: llvm.func @axpy(
  // CHECK-SAME: %arg0: !llvm.ptr {llvm.noalias}, %arg1: !llvm.ptr {llvm.noalias}, %arg2: i64,
  // CHECK-SAME: %arg3: !llvm.ptr {llvm.noalias}, %arg4: !llvm.ptr {llvm.noalias}, %arg5: i64, %arg6: i64, %arg7: i64,
  // CHECK-SAME: %arg8: !llvm.ptr {llvm.noalias}, %arg9: !llvm.ptr {llvm.noalias}, %arg10: i64, %arg11: i64, %arg12: i64,
  // CHECK-SAME: %arg13: !llvm.ptr {llvm.noalias}, %arg14: !llvm.ptr {llvm.noalias}, %arg15: i64, %arg16: i64, %arg17: i64) attributes {prefer_vector_width = "512"} {
  // CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.fadd %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
  // CHECK: llvm.return
  func.func public @axpy(%arg0: tensor<f32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<8xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }

  // CHECK-LABEL: llvm.func @int_ops(
  // CHECK-DAG: llvm.sdiv %{{.*}}, %{{.*}} : i32
  // CHECK-DAG: llvm.mul %{{.*}}, %{{.*}} : i32
  // minimum: an intrinsic or an expanded compare and select.
  // CHECK-DAG: {{llvm.intr.smin\(%.*\) : \(i32, i32\) -> i32|llvm.select %.*, %.*, %.* : i1, i32}}
  // CHECK: llvm.return
  func.func @int_ops(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %0 = stablehlo.divide %a, %b : tensor<2x3xi32>
    %1 = stablehlo.multiply %0, %b : tensor<2x3xi32>
    %2 = stablehlo.minimum %1, %a : tensor<2x3xi32>
    return %2 : tensor<2x3xi32>
  }

  // CHECK-LABEL: llvm.func @compare_select(
  // CHECK-DAG: llvm.fcmp "ogt" %{{.*}}, %{{.*}} : f32
  // CHECK-DAG: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
  // CHECK: llvm.return
  func.func @compare_select(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %1 = stablehlo.subtract %a, %b : tensor<16xf32>
    %2 = stablehlo.select %0, %1, %b : tensor<16xi1>, tensor<16xf32>
    return %2 : tensor<16xf32>
  }

  // f32 exp and log are inline arithmetic (xla-polynomial-math), not libm
  // calls (test/Lowering/polynomial-math.mlir checks every function).
  // CHECK-LABEL: llvm.func @math(
  // CHECK-NOT: llvm.intr.{{exp|log}}(
  // CHECK-DAG: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  // CHECK-DAG: {{llvm.intr.maximum\(%.*\) : \(f32, f32\) -> f32|llvm.select %.*, %.*, %.* : i1, f32}}
  // CHECK: llvm.return
  func.func @math(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = stablehlo.exponential %a : tensor<3x5xf32>
    %1 = stablehlo.log %0 : tensor<3x5xf32>
    %2 = stablehlo.sqrt %1 : tensor<3x5xf32>
    %3 = stablehlo.maximum %2, %a : tensor<3x5xf32>
    return %3 : tensor<3x5xf32>
  }

  // CHECK-LABEL: llvm.func @constant_only(
  // CHECK: llvm.return
  func.func @constant_only() -> tensor<4xi32> {
    %0 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
