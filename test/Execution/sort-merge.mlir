// Merge sort (rows longer than 16): stability, total order with NaN and
// signed zeros, several operands, sorting along dim 0 of a 2-D tensor,
// descending comparators. Expected values computed independently (a stable
// Python sort by the total-order key).
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 3 passed, 0 failed

func.func @total_order_stable() {
  %k = stablehlo.constant dense<[1.5, -0.0, 0xFF800000, -0.0, 0xFF800000, 0.0, 0x7F800000, 1.5, 1.5, -3.0, 0.0, -0.0, 0x7FC00000, 0x7FC00000, 0xFF800000, -3.0, -0.0, 0x7F800000, 0x7F800000, -0.0, 2.0, 7.25, 0.0, 0.0, 1.5, 1.5, 0xFF800000, 7.25, 0x7FC00000, 0xFF800000, 0xFF800000, 1.5, 0x7F800000, 1.5, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<37xf32>
  %p = stablehlo.iota dim = 0 : tensor<37xi32>
  %s:2 = "stablehlo.sort"(%k, %p) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<37xf32>, tensor<37xi32>) -> (tensor<37xf32>, tensor<37xi32>)
  check.expect_eq_const %s#0, dense<[0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, -3.0, -3.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 2.0, 7.25, 7.25, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<37xf32>
  check.expect_eq_const %s#1, dense<[2, 4, 14, 26, 29, 30, 9, 15, 1, 3, 11, 16, 19, 5, 10, 22, 23, 0, 7, 8, 24, 25, 31, 33, 20, 21, 27, 6, 17, 18, 32, 34, 12, 13, 28, 35, 36]> : tensor<37xi32>
  return
}

// -----

func.func @descending_dim0() {
  %m = stablehlo.constant dense<[[2, -3, -2], [-4, -5, -2], [3, 2, -4], [-1, 3, -3], [-5, -2, 4], [0, 1, -4], [-3, -5, -5], [3, 3, -1], [-4, -4, 4], [-3, 3, -2], [-5, -1, -3], [-3, 3, 1], [2, -3, 2], [1, -1, 1], [-1, -1, 4], [-4, 0, 1], [-1, -4, -4], [-1, 2, -2], [0, -2, -2], [-4, 1, 3]]> : tensor<20x3xi32>
  %s = "stablehlo.sort"(%m) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<20x3xi32>) -> tensor<20x3xi32>
  check.expect_eq_const %s, dense<[[3, 3, 4], [3, 3, 4], [2, 3, 4], [2, 3, 3], [1, 2, 2], [0, 2, 1], [0, 1, 1], [-1, 1, 1], [-1, 0, -1], [-1, -1, -2], [-1, -1, -2], [-3, -1, -2], [-3, -2, -2], [-3, -2, -2], [-4, -3, -3], [-4, -3, -3], [-4, -4, -4], [-4, -4, -4], [-5, -5, -4], [-5, -5, -5]]> : tensor<20x3xi32>
  return
}
