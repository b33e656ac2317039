// xla-polynomial-math evaluates its polynomials by Horner's rule with each
// step p * x + c marked fastmath<contract>, so that LLVM emits one FMA per
// coefficient where the target CPU has FMA (and a multiplication and an
// addition where it has none); the rest of the expansion (range reduction,
// exact splits) stays uncontracted.
// RUN: xla-opt %s --chlo-legalize-to-stablehlo --stablehlo-legalize-to-linalg --xla-polynomial-math | FileCheck %s
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @tanh_f32(
// CHECK-NOT: math.tanh
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %[[P]], %{{.*}} fastmath<contract> : f32
// LLVM-LABEL: llvm.func @tanh_f32(
// LLVM: llvm.fmul {{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
func.func @tanh_f32(%x: tensor<64xf32>) -> tensor<64xf32> {
  %0 = stablehlo.tanh %x : tensor<64xf32>
  return %0 : tensor<64xf32>
}

// CHECK-LABEL: func.func @exp_f64(
// CHECK-NOT: math.exp
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f64
// CHECK: arith.addf %[[P]], %{{.*}} fastmath<contract> : f64
func.func @exp_f64(%x: tensor<64xf64>) -> tensor<64xf64> {
  %0 = stablehlo.exponential %x : tensor<64xf64>
  return %0 : tensor<64xf64>
}

// erfc's fits (chlo/erf_f64.rs) are Horner steps built in StableHLO; they
// carry xla.contract, which the element-wise lowering turns into
// fastmath<contract>; the other products (the exact Dekker split of a^2)
// stay plain.
// RUN: xla-opt %s --chlo-legalize-to-stablehlo | FileCheck %s --check-prefix=HLO
// RUN: xla-opt %s --chlo-legalize-to-stablehlo --stablehlo-legalize-to-linalg | FileCheck %s --check-prefix=LINALG
// HLO-LABEL: func.func @erfc_f32(
// HLO: stablehlo.multiply {{.*}} {xla.contract}
// HLO: stablehlo.add {{.*}} {xla.contract}
// LINALG-LABEL: func.func @erfc_f32(
// LINALG: arith.mulf %{{[a-z_0-9]*}}, %{{[a-z_0-9]*}} : f32
// LINALG: arith.mulf {{.*}} fastmath<contract> : f32
// LINALG: arith.addf {{.*}} fastmath<contract> : f32
func.func @erfc_f32(%x: tensor<64xf32>) -> tensor<64xf32> {
  %0 = chlo.erfc %x : tensor<64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
