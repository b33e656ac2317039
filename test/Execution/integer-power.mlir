// Integer power: exponentiation by squaring with wrap-around; a negative
// exponent gives the real result truncated toward zero (1 for base 1, ±1
// for base -1, else 0). Expected values from Python's pow(b, e, 2**bits).
// Operands go through optimization_barrier so the compiled code computes
// them (no folding).
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: error:
// CHECK: {{^}}3 passed, 0 failed

func.func @ipow_i32() {
  %b = stablehlo.constant dense<[-1, -1, 1, 2, -2, 0, 0, 3, 7, -3, 2, 5, 0, -7]> : tensor<14xi32>
  %e = stablehlo.constant dense<[-1, -2, -5, -1, -3, -1, 0, 0, 11, 5, 31, 13, 5, 2147483647]> : tensor<14xi32>
  %bb, %eb = stablehlo.optimization_barrier %b, %e : tensor<14xi32>, tensor<14xi32>
  %r = stablehlo.power %bb, %eb : tensor<14xi32>
  check.expect_eq_const %r, dense<[-1, 1, 1, 0, 0, 0, 1, 1, 1977326743, -243, -2147483648, 1220703125, 0, 1227133513]> : tensor<14xi32>
  func.return
}

// Unsigned: the exponent is never negative (200 is not -56).
func.func @ipow_ui8() {
  %b = stablehlo.constant dense<[3, 2, 255, 200, 0, 1]> : tensor<6xui8>
  %e = stablehlo.constant dense<[5, 9, 2, 255, 0, 200]> : tensor<6xui8>
  %bb, %eb = stablehlo.optimization_barrier %b, %e : tensor<6xui8>, tensor<6xui8>
  %r = stablehlo.power %bb, %eb : tensor<6xui8>
  check.expect_eq_const %r, dense<[243, 0, 1, 0, 1, 1]> : tensor<6xui8>
  func.return
}

func.func @ipow_i64() {
  %b = stablehlo.constant dense<[3, -2, 10, -1]> : tensor<4xi64>
  %e = stablehlo.constant dense<[40, 63, 30, -9223372036854775807]> : tensor<4xi64>
  %bb, %eb = stablehlo.optimization_barrier %b, %e : tensor<4xi64>, tensor<4xi64>
  %r = stablehlo.power %bb, %eb : tensor<4xi64>
  check.expect_eq_const %r, dense<[-6289078614652622815, -9223372036854775808, 5076944270305263616, -1]> : tensor<4xi64>
  func.return
}
