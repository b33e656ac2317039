// The CPU pipeline leaves no libm call for the transcendental functions:
// xla-polynomial-math expands them (f16, bf16, f32, f64) into arithmetic
// before they could become llvm.intr.* intrinsics or calls to tanhf, sin, ...
// RUN: xla-opt %s --xla-cpu-pipeline > %t
// RUN: FileCheck %s < %t
// RUN: not grep -E 'llvm\.intr\.(exp|exp2|log|log2|log10|sin|cos|tan|tanh|pow|powi|atan|atan2|cbrt|erf)\(|@(expf?|logf?|sinf?|cosf?|tanf?|tanhf?|powf?|atan2f?|atanf?|cbrtf?|expm1f?|log1pf?|erff?|erfcf?)\b' %t
// The pass alone: the math ops are gone, the arithmetic is there.
// RUN: xla-opt %s --chlo-legalize-to-stablehlo --stablehlo-legalize-to-linalg --xla-polynomial-math | FileCheck %s --check-prefix=PASS

// CHECK-LABEL: llvm.func @unary_f32(
// CHECK: llvm.fmul
// PASS-LABEL: func.func @unary_f32(
// PASS-NOT: math.{{exp|log|tanh|sin|cos|tan|cbrt}} 
// PASS: arith.mulf
func.func @unary_f32(%x: tensor<64xf32>) -> tensor<64xf32> {
  %0 = stablehlo.exponential %x : tensor<64xf32>
  %1 = stablehlo.log %0 : tensor<64xf32>
  %2 = stablehlo.tanh %1 : tensor<64xf32>
  %3 = stablehlo.sine %2 : tensor<64xf32>
  %4 = stablehlo.cosine %3 : tensor<64xf32>
  %5 = stablehlo.tan %4 : tensor<64xf32>
  %6 = stablehlo.cbrt %5 : tensor<64xf32>
  %7 = stablehlo.log_plus_one %6 : tensor<64xf32>
  %8 = stablehlo.exponential_minus_one %7 : tensor<64xf32>
  %9 = stablehlo.logistic %8 : tensor<64xf32>
  %10 = chlo.atan %9 : tensor<64xf32> -> tensor<64xf32>
  %11 = chlo.erf %10 : tensor<64xf32> -> tensor<64xf32>
  %12 = chlo.erfc %11 : tensor<64xf32> -> tensor<64xf32>
  %13 = stablehlo.rsqrt %12 : tensor<64xf32>
  return %13 : tensor<64xf32>
}

// CHECK-LABEL: llvm.func @unary_f64(
// CHECK: llvm.fmul
// PASS-LABEL: func.func @unary_f64(
// PASS-NOT: math.{{exp|log|tanh|sin|cos|tan|cbrt}} 
// PASS: arith.mulf
func.func @unary_f64(%x: tensor<64xf64>) -> tensor<64xf64> {
  %0 = stablehlo.exponential %x : tensor<64xf64>
  %1 = stablehlo.log %0 : tensor<64xf64>
  %2 = stablehlo.tanh %1 : tensor<64xf64>
  %3 = stablehlo.sine %2 : tensor<64xf64>
  %4 = stablehlo.cosine %3 : tensor<64xf64>
  %5 = stablehlo.tan %4 : tensor<64xf64>
  %6 = stablehlo.cbrt %5 : tensor<64xf64>
  %7 = stablehlo.log_plus_one %6 : tensor<64xf64>
  %8 = stablehlo.exponential_minus_one %7 : tensor<64xf64>
  %9 = stablehlo.logistic %8 : tensor<64xf64>
  %10 = chlo.atan %9 : tensor<64xf64> -> tensor<64xf64>
  %11 = stablehlo.rsqrt %10 : tensor<64xf64>
  return %11 : tensor<64xf64>
}

// CHECK-LABEL: llvm.func @binary(
// CHECK: llvm.fmul
// PASS-LABEL: func.func @binary(
// PASS-NOT: math.{{powf|atan2}} 
// PASS: arith.mulf
func.func @binary(%x: tensor<64xf32>, %y: tensor<64xf32>, %a: tensor<64xf64>, %b: tensor<64xf64>) -> (tensor<64xf32>, tensor<64xf64>) {
  %0 = stablehlo.power %x, %y : tensor<64xf32>
  %1 = stablehlo.atan2 %0, %y : tensor<64xf32>
  %2 = stablehlo.power %a, %b : tensor<64xf64>
  %3 = stablehlo.atan2 %2, %b : tensor<64xf64>
  return %1, %3 : tensor<64xf32>, tensor<64xf64>
}

// CHECK-LABEL: llvm.func @half(
// CHECK: llvm.fmul
// PASS-LABEL: func.func @half(
// PASS-NOT: math.{{exp|tanh|sin|powf}} 
// PASS: arith.extf
func.func @half(%x: tensor<64xf16>, %y: tensor<64xbf16>) -> (tensor<64xf16>, tensor<64xbf16>) {
  %0 = stablehlo.tanh %x : tensor<64xf16>
  %1 = stablehlo.sine %0 : tensor<64xf16>
  %2 = stablehlo.exponential %y : tensor<64xbf16>
  %3 = stablehlo.power %2, %y : tensor<64xbf16>
  return %1, %3 : tensor<64xf16>, tensor<64xbf16>
}
