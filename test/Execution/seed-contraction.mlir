// The seeds' worked examples for the contractions: Dot (003/001, the three
// rank cases), DotGeneral (001, its two examples and the batch-matmul
// table) and Conv / ConvWithGeneralPadding (003/001: padding, strides, lhs
// and rhs dilation, negative padding, feature groups, dimension numbers),
// as self-checking functions. The convolution inputs are our own small
// integers (exact in f32); the expected values come from a direct
// transcription of the seed's pseudo-code (for (b, oz, oy, ox) ... iy =
// oy*stride_y + ky - pad_low_y ...), extended by the dilations as 003
// describes them (d-1 holes between entries).

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}13 passed, 0 failed

// 003/001 "Dot": vector [n] dot vector [n] -> scalar (values our own).
func.func @dot_vector_vector_seed() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %r = stablehlo.dot %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  check.expect_eq_const %r, dense<32.0> : tensor<f32>
  func.return
}

// 003/001 "Dot": matrix [m x k] dot vector [k] -> vector [m].
func.func @dot_matrix_vector_seed() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = stablehlo.constant dense<[1, 0, -1]> : tensor<3xi32>
  %r = stablehlo.dot %a, %v : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[-2, -2]> : tensor<2xi32>
  func.return
}

// 003/001 "Dot": matrix [m x k] dot matrix [k x n] -> matrix [m x n]; the
// sum of products over the last dimension of lhs and the first of rhs.
func.func @dot_matrix_matrix_seed() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
  %r = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[58.0, 64.0], [139.0, 154.0]]> : tensor<2x2xf32>
  func.return
}

// 001 "DotGeneral", the contracting-dimensions example: lhs = {{1,2,3},
// {4,5,6}}, rhs = {{1,1,1},{2,2,2}}, contracting lhs dim 1 with rhs dim 1
// -> {{6, 12}, {15, 30}}.
func.func @dot_general_contracting_seed() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rhs = stablehlo.constant dense<[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]> : tensor<2x3xf32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[6.0, 12.0], [15.0, 30.0]]> : tensor<2x2xf32>
  func.return
}

// 001 "DotGeneral", the batch-dimensions example (batch size 2, 2x2
// matrices): lhs times a batch of identities, contracting lhs dim 2 with
// rhs dim 1, batch dims 0 and 0 -> lhs.
func.func @dot_general_batch_seed() {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const %r, dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  func.return
}

// 001 "DotGeneral", the table: [b0, b1, m, k] dot [b0, b1, k, n] ->
// [b0, b1, m, n] (values our own).
func.func @dot_general_two_batch_dims_seed() {
  %lhs = stablehlo.constant dense<[[[[-2, -1, 0], [1, 2, -2]], [[-1, 0, 1], [2, -2, -1]]], [[[0, 1, 2], [-2, -1, 0]], [[1, 2, -2], [-1, 0, 1]]]]> : tensor<2x2x2x3xi32>
  %rhs = stablehlo.constant dense<[[[[-1, 0], [1, 2], [-1, 0]], [[1, 2], [-1, 0], [1, 2]]], [[[-1, 0], [1, 2], [-1, 0]], [[1, 2], [-1, 0], [1, 2]]]]> : tensor<2x2x3x2xi32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x2x2x3xi32>, tensor<2x2x3x2xi32>) -> tensor<2x2x2x2xi32>
  check.expect_eq_const %r, dense<[[[[1, -2], [3, 4]], [[0, 0], [3, 2]]], [[[-1, 2], [1, -2]], [[-3, -2], [0, 0]]]]> : tensor<2x2x2x2xi32>
  func.return
}

// 001 "DotGeneral": the result dimensions are batch, then lhs free, then
// rhs free, whatever the operand order of the dimensions: lhs [k, m, b]
// (contracting 0, batch 2), rhs [b, n, k] (batch 0, contracting 2) ->
// [b, m, n] (values our own).
func.func @dot_general_dimension_order_seed() {
  %lhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]]> : tensor<3x2x2xi32>
  %rhs = stablehlo.constant dense<[[[-3, -2, -1], [0, 1, 2], [3, -3, -2], [-1, 0, 1]], [[2, 3, -3], [-2, -1, 0], [1, 2, 3], [-3, -2, -1]]]> : tensor<2x4x3xi32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [2] x [0], contracting_dims = [0] x [2] : (tensor<3x2x2xi32>, tensor<2x4x3xi32>) -> tensor<2x2x4xi32>
  check.expect_eq_const %r, dense<[[[-22, 23, -30, 8], [-34, 29, -34, 8]], [[-8, -10, 44, -28], [-4, -16, 56, -40]]]> : tensor<2x2x4xi32>
  func.return
}

// 003/001 "ConvWithGeneralPadding": batch 2, 2 input features, a 4x5 base
// area, 3 output features, a 2x3 kernel, window strides [2, 1], padding
// [(1, 0), (1, 1)] (zeros), the seed's pseudo-code for a 2-D convolution.
func.func @conv_padding_strides_seed() {
  %lhs = stablehlo.constant dense<[[[[-5.0, 2.0, -2.0, 5.0, 1.0], [-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0]], [[3.0, -1.0, -5.0, 2.0, -2.0], [5.0, 1.0, -3.0, 4.0, 0.0], [-4.0, 3.0, -1.0, -5.0, 2.0], [-2.0, 5.0, 1.0, -3.0, 4.0]]], [[[0.0, -4.0, 3.0, -1.0, -5.0], [2.0, -2.0, 5.0, 1.0, -3.0], [4.0, 0.0, -4.0, 3.0, -1.0], [-5.0, 2.0, -2.0, 5.0, 1.0]], [[-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0], [3.0, -1.0, -5.0, 2.0, -2.0]]]]> : tensor<2x2x4x5xf32>
  %rhs = stablehlo.constant dense<[[[[-3.0, 2.0, 0.0], [-2.0, 3.0, 1.0]], [[-1.0, -3.0, 2.0], [0.0, -2.0, 3.0]]], [[[1.0, -1.0, -3.0], [2.0, 0.0, -2.0]], [[3.0, 1.0, -1.0], [-3.0, 2.0, 0.0]]], [[[-2.0, 3.0, 1.0], [-1.0, -3.0, 2.0]], [[0.0, -2.0, 3.0], [1.0, -1.0, -3.0]]]]> : tensor<3x2x2x3xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
         window = {stride = [2, 1], pad = [[1, 0], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x2x4x5xf32>, tensor<3x2x2x3xf32>) -> tensor<2x3x2x5xf32>
  check.expect_eq_const %r, dense<[[[[-22.0, 1.0, 11.0, 10.0, -3.0], [-10.0, -17.0, 5.0, -6.0, 29.0]], [[2.0, -17.0, -13.0, 13.0, 0.0], [-3.0, 24.0, -5.0, -23.0, 20.0]], [[19.0, 14.0, 12.0, -12.0, -4.0], [-24.0, 23.0, 20.0, -5.0, -3.0]]], [[[14.0, -17.0, 4.0, 3.0, -19.0], [-2.0, 16.0, -6.0, 5.0, -23.0]], [[2.0, 11.0, -18.0, 8.0, 16.0], [10.0, -14.0, -10.0, -6.0, 1.0]], [[-17.0, 11.0, 9.0, -15.0, 9.0], [-13.0, -9.0, 21.0, 18.0, -17.0]]]]> : tensor<2x3x2x5xf32>
  func.return
}

// 003/001 "Conv": the same convolution with the dimensions in another order
// (NHWC input, HWIO kernel, NHWC output) equals the transposed result.
func.func @conv_dimension_numbers_seed() {
  %lhs = stablehlo.constant dense<[[[[-5.0, 2.0, -2.0, 5.0, 1.0], [-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0]], [[3.0, -1.0, -5.0, 2.0, -2.0], [5.0, 1.0, -3.0, 4.0, 0.0], [-4.0, 3.0, -1.0, -5.0, 2.0], [-2.0, 5.0, 1.0, -3.0, 4.0]]], [[[0.0, -4.0, 3.0, -1.0, -5.0], [2.0, -2.0, 5.0, 1.0, -3.0], [4.0, 0.0, -4.0, 3.0, -1.0], [-5.0, 2.0, -2.0, 5.0, 1.0]], [[-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0], [3.0, -1.0, -5.0, 2.0, -2.0]]]]> : tensor<2x2x4x5xf32>
  %rhs = stablehlo.constant dense<[[[[-3.0, 2.0, 0.0], [-2.0, 3.0, 1.0]], [[-1.0, -3.0, 2.0], [0.0, -2.0, 3.0]]], [[[1.0, -1.0, -3.0], [2.0, 0.0, -2.0]], [[3.0, 1.0, -1.0], [-3.0, 2.0, 0.0]]], [[[-2.0, 3.0, 1.0], [-1.0, -3.0, 2.0]], [[0.0, -2.0, 3.0], [1.0, -1.0, -3.0]]]]> : tensor<3x2x2x3xf32>
  %l2 = stablehlo.transpose %lhs, dims = [0, 2, 3, 1] : (tensor<2x2x4x5xf32>) -> tensor<2x4x5x2xf32>
  %r2 = stablehlo.transpose %rhs, dims = [2, 3, 1, 0] : (tensor<3x2x2x3xf32>) -> tensor<2x3x2x3xf32>
  %r = stablehlo.convolution(%l2, %r2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {stride = [2, 1], pad = [[1, 0], [1, 1]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x5x2xf32>, tensor<2x3x2x3xf32>) -> tensor<2x2x5x3xf32>
  %want = stablehlo.constant dense<[[[[-22.0, 1.0, 11.0, 10.0, -3.0], [-10.0, -17.0, 5.0, -6.0, 29.0]], [[2.0, -17.0, -13.0, 13.0, 0.0], [-3.0, 24.0, -5.0, -23.0, 20.0]], [[19.0, 14.0, 12.0, -12.0, -4.0], [-24.0, 23.0, 20.0, -5.0, -3.0]]], [[[14.0, -17.0, 4.0, 3.0, -19.0], [-2.0, 16.0, -6.0, 5.0, -23.0]], [[2.0, 11.0, -18.0, 8.0, 16.0], [10.0, -14.0, -10.0, -6.0, 1.0]], [[-17.0, 11.0, 9.0, -15.0, 9.0], [-13.0, -9.0, 21.0, 18.0, -17.0]]]]> : tensor<2x3x2x5xf32>
  %wt = stablehlo.transpose %want, dims = [0, 2, 3, 1] : (tensor<2x3x2x5xf32>) -> tensor<2x2x5x3xf32>
  check.expect_eq %r, %wt : tensor<2x2x5x3xf32>
  func.return
}

// 003/001 "ConvWithGeneralPadding": lhs dilation 2 along y (deconvolution),
// rhs dilation 2 along x (atrous), strides [1, 2] and negative padding
// [(0, -1), (-1, 2)] (a negative amount removes elements).
func.func @conv_dilations_negative_padding_seed() {
  %lhs = stablehlo.constant dense<[[[[-5.0, 2.0, -2.0, 5.0, 1.0], [-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0]], [[3.0, -1.0, -5.0, 2.0, -2.0], [5.0, 1.0, -3.0, 4.0, 0.0], [-4.0, 3.0, -1.0, -5.0, 2.0], [-2.0, 5.0, 1.0, -3.0, 4.0]]], [[[0.0, -4.0, 3.0, -1.0, -5.0], [2.0, -2.0, 5.0, 1.0, -3.0], [4.0, 0.0, -4.0, 3.0, -1.0], [-5.0, 2.0, -2.0, 5.0, 1.0]], [[-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0], [3.0, -1.0, -5.0, 2.0, -2.0]]]]> : tensor<2x2x4x5xf32>
  %rhs = stablehlo.constant dense<[[[[-3.0, 2.0, 0.0], [-2.0, 3.0, 1.0]], [[-1.0, -3.0, 2.0], [0.0, -2.0, 3.0]]], [[[1.0, -1.0, -3.0], [2.0, 0.0, -2.0]], [[3.0, 1.0, -1.0], [-3.0, 2.0, 0.0]]], [[[-2.0, 3.0, 1.0], [-1.0, -3.0, 2.0]], [[0.0, -2.0, 3.0], [1.0, -1.0, -3.0]]]]> : tensor<3x2x2x3xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
         window = {stride = [1, 2], pad = [[0, -1], [-1, 2]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x2x4x5xf32>, tensor<3x2x2x3xf32>) -> tensor<2x3x5x1xf32>
  check.expect_eq_const %r, dense<[[[[-1.0], [-28.0], [-33.0], [14.0], [23.0]], [[-4.0], [13.0], [15.0], [-29.0], [1.0]], [[7.0], [5.0], [-28.0], [19.0], [14.0]]], [[[18.0], [11.0], [19.0], [9.0], [9.0]], [[5.0], [7.0], [-20.0], [9.0], [-12.0]], [[13.0], [-4.0], [11.0], [-12.0], [9.0]]]]> : tensor<2x3x5x1xf32>
  func.return
}

// 001 "Conv": feature_group_count = 2 splits the input and output features
// into 2 groups; the kernel's input-feature dimension is 2 / 2 = 1, output
// features 0-1 see input feature 0, 2-3 see input feature 1.
func.func @conv_feature_groups_seed() {
  %lhs = stablehlo.constant dense<[[[[-5.0, 2.0, -2.0, 5.0, 1.0], [-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0]], [[3.0, -1.0, -5.0, 2.0, -2.0], [5.0, 1.0, -3.0, 4.0, 0.0], [-4.0, 3.0, -1.0, -5.0, 2.0], [-2.0, 5.0, 1.0, -3.0, 4.0]]], [[[0.0, -4.0, 3.0, -1.0, -5.0], [2.0, -2.0, 5.0, 1.0, -3.0], [4.0, 0.0, -4.0, 3.0, -1.0], [-5.0, 2.0, -2.0, 5.0, 1.0]], [[-3.0, 4.0, 0.0, -4.0, 3.0], [-1.0, -5.0, 2.0, -2.0, 5.0], [1.0, -3.0, 4.0, 0.0, -4.0], [3.0, -1.0, -5.0, 2.0, -2.0]]]]> : tensor<2x2x4x5xf32>
  %rhs = stablehlo.constant dense<[[[[-2.0, 1.0], [-1.0, 2.0]]], [[[0.0, -2.0], [1.0, -1.0]]], [[[2.0, 0.0], [-2.0, 1.0]]], [[[-1.0, 2.0], [0.0, -2.0]]]]> : tensor<4x1x2x2xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
         window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
         {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x2x4x5xf32>, tensor<4x1x2x2xf32>) -> tensor<2x4x3x4xf32>
  check.expect_eq_const %r, dense<[[[[23.0, -10.0, 1.0, 1.0], [1.0, 1.0, -10.0, 23.0], [-10.0, 23.0, -10.0, 1.0]], [[-11.0, 8.0, -6.0, -9.0], [-4.0, -7.0, 12.0, -13.0], [14.0, -11.0, 8.0, -6.0]], [[-3.0, -7.0, 0.0, -4.0], [21.0, -5.0, -9.0, 20.0], [1.0, -3.0, -7.0, 0.0]], [[-7.0, -3.0, 1.0, -6.0], [-9.0, -5.0, 21.0, -8.0], [0.0, -7.0, -3.0, 1.0]]], [[[-10.0, 23.0, -10.0, -10.0], [-10.0, 1.0, 1.0, -10.0], [1.0, -10.0, 23.0, -10.0]], [[12.0, -13.0, 6.0, 14.0], [8.0, -6.0, -9.0, 10.0], [-7.0, 12.0, -13.0, 6.0]], [[-9.0, 20.0, -6.0, 1.0], [-7.0, 0.0, -4.0, -8.0], [-5.0, -9.0, 20.0, -6.0]], [[21.0, -8.0, -4.0, 0.0], [-3.0, 1.0, -6.0, 20.0], [-5.0, 21.0, -8.0, -4.0]]]]> : tensor<2x4x3x4xf32>
  func.return
}

// 003 "Conv": SAME padding pads with zeros so that the output has the input's
// shape (stride 1); VALID uses no padding. 1-D, kernel [1, 2, 3] (values
// our own): out[x] = in[x-1] + 2 in[x] + 3 in[x+1] with zero padding.
func.func @conv_same_valid_seed() {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %same = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {pad = [[1, 1]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x5xf32>
  check.expect_eq_const %same, dense<[[[8.0, 14.0, 20.0, 26.0, 14.0]]]> : tensor<1x1x5xf32>
  %valid = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {pad = [[0, 0]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  check.expect_eq_const %valid, dense<[[[14.0, 20.0, 26.0]]]> : tensor<1x1x3xf32>
  func.return
}
