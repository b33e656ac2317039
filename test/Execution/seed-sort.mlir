// The seeds' Sort (001 "Sort": one operand along a dimension, n > 1
// operands sorted together with a 2n-parameter comparator, is_stable) and
// TopK (001 "TopK") as self-checking functions, with the floating-point
// edge cases: NaN and -0.0 under the TOTALORDER comparison (001 "Lt",
// total order -NaN < -Inf < -Finite < -0 < +0 < +Finite < +Inf < +NaN).

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}17 passed, 0 failed

// 001 "Sort": a 1-D operand with a less-than comparator is sorted in
// ascending order (values our own).
func.func @sort_1d_ascending_seed() {
  %x = stablehlo.constant dense<[5, -2, 9, 0, 3, -7, 3]> : tensor<7xi32>
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %s, dense<[-7, -2, 0, 3, 3, 5, 9]> : tensor<7xi32>
  func.return
}

// 001 "Sort": for a 2-D operand, dimension 0 sorts each column on its own,
// dimension 1 each row (values our own).
func.func @sort_2d_dimensions_seed() {
  %m = stablehlo.constant dense<[[3.0, 1.0, 2.0], [1.0, 5.0, -4.0], [2.0, 0.0, 9.0]]> : tensor<3x3xf32>
  %c = "stablehlo.sort"(%m) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %c, dense<[[1.0, 0.0, -4.0], [2.0, 1.0, 2.0], [3.0, 5.0, 9.0]]> : tensor<3x3xf32>
  %r = "stablehlo.sort"(%m) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0], [-4.0, 1.0, 5.0], [0.0, 2.0, 9.0]]> : tensor<3x3xf32>
  // A greater-than comparator sorts in descending order.
  %d = "stablehlo.sort"(%m) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %d, dense<[[3.0, 2.0, 1.0], [5.0, 1.0, -4.0], [9.0, 2.0, 0.0]]> : tensor<3x3xf32>
  func.return
}

// 001 "Sort", the seed's example with three operands: operand0 = [3, 1],
// operand1 = [42, 50], operand2 = [-3.0, 1.1], the comparator compares only
// operand0 with less-than -> ([1, 3], [50, 42], [1.1, -3.0]).
func.func @sort_three_operands_seed() {
  %o0 = stablehlo.constant dense<[3, 1]> : tensor<2xi32>
  %o1 = stablehlo.constant dense<[42, 50]> : tensor<2xi32>
  %o2 = stablehlo.constant dense<[-3.0, 1.1]> : tensor<2xf32>
  %s:3 = "stablehlo.sort"(%o0, %o1, %o2) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>, %e: tensor<f32>, %f: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>)
  check.expect_eq_const %s#0, dense<[1, 3]> : tensor<2xi32>
  check.expect_eq_const %s#1, dense<[50, 42]> : tensor<2xi32>
  check.expect_eq_const %s#2, dense<[1.1, -3.0]> : tensor<2xf32>
  func.return
}

// 001 "Sort", is_stable = true: elements the comparator considers equal keep
// their relative order (the payload is the original position).
func.func @sort_stable_seed() {
  %k = stablehlo.constant dense<[2, 1, 2, 1, 0, 2, 1]> : tensor<7xi32>
  %p = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%k, %p) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xi32>, tensor<7xi32>) -> (tensor<7xi32>, tensor<7xi32>)
  check.expect_eq_const %s#0, dense<[0, 1, 1, 1, 2, 2, 2]> : tensor<7xi32>
  check.expect_eq_const %s#1, dense<[4, 1, 3, 6, 0, 2, 5]> : tensor<7xi32>
  func.return
}

// 001 "Sort": the comparator may use the other parameter pairs as
// tie-breakers: ascending by key, then descending by the second operand.
func.func @sort_tie_breaker_seed() {
  %k = stablehlo.constant dense<[2, 1, 2, 1, 0]> : tensor<5xi32>
  %v = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %s:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %gt = stablehlo.compare GT, %c, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %gt : tensor<i1>
    %r = stablehlo.or %lt, %tie : tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>)
  check.expect_eq_const %s#0, dense<[0, 1, 1, 2, 2]> : tensor<5xi32>
  check.expect_eq_const %s#1, dense<[50, 40, 20, 30, 10]> : tensor<5xi32>
  func.return
}

// Edge cases: NaN and -0.0 under TOTALORDER (-NaN < -inf < -1 < -0 < +0 <
// 1 < +inf < +NaN). expect_eq treats -0 and +0 as equal, so the signs are
// checked on the bits (bitcast to i32): 0xFFC00000 = -4194304 (-NaN),
// 0xFF800000 = -8388608 (-inf), 0xBF800000 = -1082130432 (-1),
// 0x80000000 = INT_MIN (-0), 0 (+0), 0x3F800000 = 1065353216 (1),
// 0x7F800000 = 2139095040 (+inf), 0x7FC00000 = 2143289344 (NaN).
func.func @sort_totalorder_nan_negzero() {
  %x = stablehlo.constant dense<[0x7FC00000, 1.0, -0.0, 0.0, 0xFF800000, 0xFFC00000, 0.0, -0.0, -1.0, 0x7F800000]> : tensor<10xf32>
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  %bits = stablehlo.bitcast_convert %s : (tensor<10xf32>) -> tensor<10xi32>
  check.expect_eq_const %bits, dense<[-4194304, -8388608, -1082130432, -2147483648, -2147483648, 0, 0, 1065353216, 2139095040, 2143289344]> : tensor<10xi32>
  func.return
}

// Edge cases: sorting along a dimension of size 1 or 0 is the identity.
func.func @sort_trivial_dims() {
  %x = stablehlo.constant dense<[[3, 1, 2]]> : tensor<1x3xi32>
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<1x3xi32>) -> tensor<1x3xi32>
  check.expect_eq_const %s, dense<[[3, 1, 2]]> : tensor<1x3xi32>
  %e = stablehlo.constant dense<> : tensor<2x0xi32>
  %se = "stablehlo.sort"(%e) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x0xi32>) -> tensor<2x0xi32>
  check.expect_eq_const %se, dense<> : tensor<2x0xi32>
  func.return
}

// Unsigned keys sort as unsigned: 4294967295 (ui32 max) is the largest.
func.func @sort_unsigned() {
  %x = stablehlo.constant dense<[4294967295, 0, 2147483648, 7]> : tensor<4xui32>
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %lt = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xui32>) -> tensor<4xui32>
  check.expect_eq_const %s, dense<[0, 7, 2147483648, 4294967295]> : tensor<4xui32>
  func.return
}

// 001 "TopK": the k largest entries of the last dimension with their
// indices, every other dimension (row) kept; of two equal elements in a row
// the one with the smaller index comes first (values our own).
func.func @top_k_seed() {
  %x = stablehlo.constant dense<[[3.0, 1.0, 3.0, -2.0, 5.0], [0.5, 7.0, 7.0, 7.0, -1.0]]> : tensor<2x5xf32>
  %r:2 = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %r#0, dense<[[5.0, 3.0, 3.0], [7.0, 7.0, 7.0]]> : tensor<2x3xf32>
  check.expect_eq_const %r#1, dense<[[4, 0, 2], [1, 2, 3]]> : tensor<2x3xi32>
  func.return
}
