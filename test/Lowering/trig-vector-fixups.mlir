// sin/cos/tan on the CPU (xla-polynomial-math, vector_math/variants.rs):
// the Cody-Waite expansion inline, then a call of a fixup that redoes the
// rare arguments at or beyond 2^20 pi/2 exactly. The fixup names vector
// versions of itself (LLVM's vector function ABI), which
// xla-keep-vector-variants keeps alive in @llvm.compiler.used, and the
// element-wise loop still runs on the thread pool (the fixup is
// llvm.readnone, which xla-parallelize-indexed-loops accepts).
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s
// LLVM's loop vectorizer calls the vector variant: the loop is vectorized.
// RUN: rm -rf %t && xla-run %s --dump-dir %t > /dev/null
// RUN: FileCheck %s --check-prefix=IR < %t/03_llvm-ir.ll

// CHECK-DAG: llvm.func @__xla_sin_f32_fixup(%{{.*}}: f64, %{{.*}}: f64) -> f64 attributes {{{.*}}memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none{{.*}}passthrough = ["noinline", ["vector-function-abi-variant", "_ZGV_LLVM_N2vv___xla_sin_f32_fixup(__xla_sin_f32_fixup_v2),_ZGV_LLVM_N4vv___xla_sin_f32_fixup(__xla_sin_f32_fixup_v4),_ZGV_LLVM_N8vv___xla_sin_f32_fixup(__xla_sin_f32_fixup_v8),_ZGV_LLVM_N16vv___xla_sin_f32_fixup(__xla_sin_f32_fixup_v16)"]]
// CHECK-DAG: llvm.func @__xla_cos_f32_fixup_v16(%{{.*}}: vector<16xf64>, %{{.*}}: vector<16xf64>) -> vector<16xf64>
// CHECK-DAG: llvm.func @__xla_sin_f32_exact(%{{.*}}: vector<4xf64>) -> vector<4xf64> attributes {{{.*}}passthrough = ["noinline"]
// CHECK: llvm.func @main(
// CHECK: llvm.call @xla_parallel_for
// CHECK: llvm.mlir.global appending @llvm.compiler.used() {addr_space = 0 : i32, section = "llvm.metadata"} : !llvm.array<8 x ptr>
// IR: call <{{[0-9]+}} x double> @__xla_sin_f32_fixup_v{{[0-9]+}}(
// IR: call <{{[0-9]+}} x double> @__xla_cos_f32_fixup_v{{[0-9]+}}(
func.func @main() -> tensor<512x512xf32> {
  %x = stablehlo.iota dim = 1 : tensor<512x512xf32>
  %0 = stablehlo.sine %x : tensor<512x512xf32>
  %1 = stablehlo.cosine %0 : tensor<512x512xf32>
  return %1 : tensor<512x512xf32>
}
