// Convolution on predicates: multiply is AND, accumulate is OR (as for dot).
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: error:
// CHECK: {{^}}1 passed, 0 failed
func.func @conv_pred() {
  %x = stablehlo.constant dense<[[[true], [false], [false], [true], [true]]]> : tensor<1x5x1xi1>
  %k = stablehlo.constant dense<[[[true]], [[true]]]> : tensor<2x1x1xi1>
  %xb, %kb = stablehlo.optimization_barrier %x, %k : tensor<1x5x1xi1>, tensor<2x1x1xi1>
  // Windows (1,0), (0,0), (0,1), (1,1), and (1, padding) with one zero of high padding.
  %r = stablehlo.convolution(%xb, %kb) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x1xi1>, tensor<2x1x1xi1>) -> tensor<1x5x1xi1>
  check.expect_eq_const %r, dense<[[[true], [false], [true], [true], [true]]]> : tensor<1x5x1xi1>
  func.return
}
