// convert to and from complex: a real value becomes the real part (imaginary
// part 0); from complex, the imaginary part is dropped (as XLA does).
// RUN: xla-run --check %s | FileCheck %s
// CHECK: 4 passed, 0 failed

func.func @to_and_from_complex() {
  %i = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %c = stablehlo.convert %i : (tensor<3xi32>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, 0.0), (-2.0, 0.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  %z = stablehlo.constant dense<[(1.5, 2.0), (-3.75, 1.0)]> : tensor<2xcomplex<f64>>
  %f = stablehlo.convert %z : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  check.expect_eq_const %f, dense<[1.5, -3.75]> : tensor<2xf32>
  %n = stablehlo.convert %z : (tensor<2xcomplex<f64>>) -> tensor<2xi32>
  check.expect_eq_const %n, dense<[1, -3]> : tensor<2xi32>
  %w = stablehlo.convert %z : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %w, dense<[(1.5, 2.0), (-3.75, 1.0)]> : tensor<2xcomplex<f32>>
  return
}
