// xla-translate --emit=llvm-ir: the only exported symbol is the C interface
// `_mlir_ciface_<fn>`, taking one descriptor pointer per input, then per result.
// RUN: xla-translate %s --emit=llvm-ir | FileCheck %s
// RUN: xla-translate %s --emit=llvm-ir -o %t.ll && FileCheck %s < %t.ll
// The function itself is not exported: no external `@main` (it would clash
// with a C program's main).
// RUN: xla-translate %s --emit=llvm-ir | FileCheck %s --check-prefix=NOMAIN
// NOMAIN-NOT: define {{(dso_local )?}}void @main(
// NOMAIN-NOT: define {{(dso_local )?}}void @helper(

// CHECK-LABEL: define void @_mlir_ciface_main(ptr {{.*}}%0, ptr {{.*}}%1, ptr {{.*}}%2, ptr {{.*}}%3)
// CHECK: fmul
// CHECK: fadd
// CHECK: ret void
// CHECK-LABEL: define void @_mlir_ciface_helper(ptr {{.*}}%0, ptr {{.*}}%1)
// CHECK: sub
// CHECK: ret void

module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<8xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }
  func.func @helper(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %0 = stablehlo.negate %arg0 : tensor<2x3xi32>
    return %0 : tensor<2x3xi32>
  }
}
