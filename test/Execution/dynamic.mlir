// The dynamic-shape ops when every type is static (as after shape
// refinement), and get/set_dimension_size, executed. Each must give what
// its static counterpart gives (StableHLO spec: dynamic_reshape = reshape,
// dynamic_broadcast_in_dim = broadcast_in_dim, dynamic_iota = iota,
// dynamic_pad = pad, dynamic_gather = gather, dynamic_conv = convolution,
// with the run-time operands as the attributes).

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 11 passed, 0 failed

func.func @reshape_broadcast_iota() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %shape : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %v = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %v, %shape, dims = [1] : (tensor<3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[7, 8, 9], [7, 8, 9]]> : tensor<2x3xi32>
  // A size-1 dimension expands.
  %one = stablehlo.constant dense<[[5]]> : tensor<1x1xi32>
  %e = stablehlo.dynamic_broadcast_in_dim %one, %shape, dims = [0, 1] : (tensor<1x1xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %e, dense<5> : tensor<2x3xi32>
  %i = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %i, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  return
}

// -----

// The shape operand may be computed (here from get_dimension_size) as long
// as the result type is static.
func.func @computed_shape() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xi32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xi32>) -> tensor<i32>
  check.expect_eq_const %d1, dense<3> : tensor<i32>
  %n = stablehlo.multiply %d0, %d1 : tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<6xi32>
  check.expect_eq_const %r, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  return
}

// -----

// Edge padding low 1, high -1 (negative: removes), interior 1.
func.func @pad() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %v = stablehlo.constant dense<0.5> : tensor<f32>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %in = stablehlo.constant dense<[1]> : tensor<1xi64>
  %p = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in
         : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xf32>
  check.expect_eq_const %p, dense<[0.5, 1.0, 0.5, 2.0, 0.5]> : tensor<5xf32>
  return
}

// -----

// Rows 2 and 0 of a 3x2 matrix; start index 5 clamps to 2 (3 - 1).
func.func @gather() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %idx = stablehlo.constant dense<[[2], [0], [5]]> : tensor<3x1xi32>
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.dynamic_gather"(%x, %idx, %sizes) <{dimension_numbers = #stablehlo.gather<
         offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}>
         : (tensor<3x2xi32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[5, 6], [1, 2], [5, 6]]> : tensor<3x2xi32>
  return
}

// -----

// Slice sizes that are not a constant are read off the result type: 2x1
// windows of a 3x3 matrix at (1, 2) and (0, 0); (2, 2) clamps to (1, 2).
func.func @gather_computed_sizes() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %idx = stablehlo.constant dense<[[1, 2], [0, 0], [2, 2]]> : tensor<3x2xi32>
  %a = stablehlo.constant dense<[2]> : tensor<1xi32>
  %b = stablehlo.constant dense<[1]> : tensor<1xi32>
  %sizes = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = "stablehlo.dynamic_gather"(%x, %idx, %sizes) <{dimension_numbers = #stablehlo.gather<
         offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>}>
         : (tensor<3x3xi32>, tensor<3x2xi32>, tensor<2xi32>) -> tensor<3x2x1xi32>
  check.expect_eq_const %r, dense<[[[6], [9]], [[1], [4]], [[6], [9]]]> : tensor<3x2x1xi32>
  return
}

// -----

// A 1-D convolution of [1..5] with [1, 1], padding 1 on each side:
// [0,1,2,3,4,5,0] -> sums of neighbours [1, 3, 5, 7, 9, 5].
func.func @conv() {
  %x = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0], [5.0]]]> : tensor<1x5x1xf32>
  %k = stablehlo.constant dense<[[[1.0]], [[1.0]]]> : tensor<2x1x1xf32>
  %pad = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %r = "stablehlo.dynamic_conv"(%x, %k, %pad) <{batch_group_count = 1 : i64,
         dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}>
         : (tensor<1x5x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  check.expect_eq_const %r, dense<[[[1.0], [3.0], [5.0], [7.0], [9.0], [5.0]]]> : tensor<1x6x1xf32>
  return
}

// -----

// Setting a dimension to its own static size changes nothing.
func.func @set_dimension_size() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %n = stablehlo.constant dense<4> : tensor<i32>
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return
}
