// Verifier and parser errors of stablehlo.convolution, one per rule (spec
// constraint ids in the function names).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @conv_dims_repeated_b(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'b' appears twice}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, b, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_unknown_letter(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, got 'c'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, c]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_kernel_letter(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected 'i', 'o' or a spatial dimension number, got 'f'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, f, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_output_letter(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, got 'o'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, o] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_missing_feature(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected both 'b' and 'f' in the dimension list}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_missing_kernel_output(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected both 'i' and 'o' in the dimension list}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_spatial_repeated(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{spatial dimensions must be 0..1, each once}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_spatial_gap(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{spatial dimensions must be 0..1, each once}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_missing_x(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected 'x'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f] [0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_dims_missing_arrow(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected '->'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o] [b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_window_unknown_field(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{unknown window field 'strides' (expected stride, pad, lhs_dilate, rhs_dilate or reverse)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_window_pad_not_pairs(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected [low, high]}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_window_reverse_not_bool(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected true or false}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [yes, no]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_window_stride_not_list(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected '['}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = 1} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_functional_type(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{expected a functional type with 2 inputs and 1 result}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_missing_feature_group_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op requires attribute 'feature_group_count'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_attr_dims_repeated(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'o' appears twice}}
  %0 = "stablehlo.convolution"(%x, %k) <{dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c1_ranks(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op lhs and rhs must have the same rank (at least 2), got 4 and 3}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c26_result_rank(%x: tensor<1x6x3xf32>, %k: tensor<3x3x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<1x4xf32>' does not match the inferred type 'tensor<1x4x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x3xf32>, tensor<3x3x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @conv_rank_1(%x: tensor<3xf32>, %k: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op lhs and rhs must have the same rank (at least 2), got 1 and 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f]x[i, o]->[b, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @conv_c12_input_spatial_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op input has 1 spatial dimensions, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c17_kernel_spatial_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op kernel has 3 spatial dimensions, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, 2, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c19_output_spatial_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op output has 0 spatial dimensions, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c2_window_strides_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides has 1 entries, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c3_window_strides_positive(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides entries must be positive, got 0}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c4_padding_shape(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op padding must have shape [2, 2], got 'tensor<1x2xi64>'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c5_lhs_dilation_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op lhs_dilation has 3 entries, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c6_lhs_dilation_positive(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op lhs_dilation entries must be positive, got -1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [-1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c7_rhs_dilation_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op rhs_dilation has 1 entries, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c8_rhs_dilation_positive(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op rhs_dilation entries must be positive, got 0}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c9_window_reversal_count(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op window_reversal has 1 entries, expected 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c21_feature_group_count_positive(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op feature_group_count and batch_group_count must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c22_batch_group_count_positive(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op feature_group_count and batch_group_count must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = -1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c23_both_groups(%x: tensor<2x6x6x3xf32>, %k: tensor<3x3x1x6xf32>) -> tensor<1x4x4x6xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op feature_group_count and batch_group_count cannot both exceed 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 3 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----

func.func @conv_c10_batch_groups_divide_batch(%x: tensor<3x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op input batch size 3 is not divisible by batch_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c11_feature_groups_divide_features(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x1x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op input feature size 3 must equal kernel input feature size 1 times feature_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x1x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c14_kernel_input_features(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x4x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op input feature size 3 must equal kernel input feature size 4 times feature_group_count 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c16_feature_groups_divide_output(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x1x5xf32>) -> tensor<1x4x4x5xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op kernel output feature size 5 must be divisible by feature_group_count and batch_group_count}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x1x5xf32>) -> tensor<1x4x4x5xf32>
  return %0 : tensor<1x4x4x5xf32>
}

// -----

func.func @conv_c15_batch_groups_divide_output(%x: tensor<2x6x6x3xf32>, %k: tensor<3x3x3x5xf32>) -> tensor<1x4x4x5xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op kernel output feature size 5 must be divisible by feature_group_count and batch_group_count}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x5xf32>) -> tensor<1x4x4x5xf32>
  return %0 : tensor<1x4x4x5xf32>
}

// -----

func.func @conv_c27_element_types(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf64>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op lhs and rhs must have the same element type}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf64>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c25_result_spatial(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<1x6x6x4xf32>' does not match the inferred type 'tensor<1x4x4x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @conv_c25_result_with_window(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<1x4x4x4xf32>' does not match the inferred type 'tensor<1x6x3x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c25_result_dilations(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<1x4x4x4xf32>' does not match the inferred type 'tensor<1x9x2x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [2, 1], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @conv_c25_result_feature(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<1x4x4x3xf32>' does not match the inferred type 'tensor<1x4x4x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

// -----

func.func @conv_c25_result_batch_groups(%x: tensor<4x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<4x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op result type 'tensor<4x4x4x4xf32>' does not match the inferred type 'tensor<2x4x4x4xf32>' (convolution_c27: batch / batch_group_count, the kernel's output features, and the window positions per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}

// -----

func.func @conv_c24_precision_config(%x: tensor<1x6x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op precision_config must have at most 2 entries, got 3}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @convolution_window_field_twice(%x: tensor<1x4x1xf32>, %k: tensor<2x1x1xf32>) -> tensor<1x3x1xf32> {
  // expected-error @+1 {{window field 'stride' appears twice}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], stride = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
