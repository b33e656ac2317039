// Verifier errors of the dynamic-shape ops (StablehloMiscOps.td, verified in
// StablehloDynamic.cpp): one case per rule, named after the spec constraint
// id. dynamic_gather and dynamic_conv use gather's and convolution's ids;
// set_dimension_size is not in the spec and its cases are named after the rule.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @dynamic_reshape_c1(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{operand and result must have the same element type}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<6xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{must have the same number of elements}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dynamic_reshape_c4(%x: tensor<?xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{output_shape has 3 entries but the result has rank 2}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_reshape_c4_values(%x: tensor<?xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+1 {{result shape [?, 4] does not match output_shape [2, 3]}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c1(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{operand and result must have the same element type}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf16>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c2(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{broadcast_dimensions must have one entry per operand dimension (1), got 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c3(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{broadcast_dimensions has 2, out of range [0, 2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [2] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c4(%x: tensor<?x?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{broadcast_dimensions has 1 more than once}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c5(%x: tensor<3xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{operand dimension 0 of size 3 cannot be broadcast to result dimension 1 of size 4}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c7(%x: tensor<?xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{output_dimensions has 3 entries but the result has rank 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c8(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{known_expanding_dimensions + known_nonexpanding_dimensions has 0 more than once}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], expanding = [0], nonexpanding = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c9(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{known_expanding_dimensions + known_nonexpanding_dimensions has 1, out of range [0, 1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], expanding = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_iota_c1(%s: tensor<1xindex>) {
  // expected-error @+1 {{iota_dimension 1 is out of range for a result of rank 1}}
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<1xindex>) -> tensor<?xi32>
  return
}

// -----

func.func @dynamic_iota_c2(%s: tensor<2xindex>) {
  // expected-error @+1 {{output_shape has 2 entries but the result has rank 1}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?xi32>
  return
}

// -----

func.func @dynamic_pad_c1(%x: tensor<?xf32>, %z: tensor<f16>, %p: tensor<1xindex>) {
  // expected-error @+1 {{operand, padding_value and result must have the same element type}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %p, %p : (tensor<?xf32>, tensor<f16>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_scalar_padding_value(%x: tensor<?xf32>, %z: tensor<1xf32>, %p: tensor<1xindex>) {
  // expected-error @+1 {{padding_value must be a rank-0 tensor}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %p, %p : (tensor<?xf32>, tensor<1xf32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c2(%x: tensor<?xf32>, %z: tensor<f32>, %p: tensor<1xindex>, %q: tensor<2xindex>) {
  // expected-error @+1 {{edge_padding_high has 2 entries, operand rank is 1}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %q, %p : (tensor<?xf32>, tensor<f32>, tensor<1xindex>, tensor<2xindex>, tensor<1xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_result_rank(%x: tensor<?xf32>, %z: tensor<f32>, %p: tensor<1xindex>) {
  // expected-error @+1 {{result rank 2 must equal the operand rank 1}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %p, %p : (tensor<?xf32>, tensor<f32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_pad_c3(%x: tensor<3xf32>, %z: tensor<f32>, %p: tensor<1xi64>) {
  %i = stablehlo.constant dense<-1> : tensor<1xi64>
  // expected-error @+1 {{interior_padding must be non-negative, got [-1]}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %p, %i : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c4(%x: tensor<3xf32>, %z: tensor<f32>) {
  %p = stablehlo.constant dense<1> : tensor<1xi64>
  // expected-error @+1 {{result dimension 0 must be 7, got 8}}
  %0 = stablehlo.dynamic_pad %x, %z, %p, %p, %p : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
  return
}

// -----

func.func @dynamic_gather_c1(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{offset_dims, collapsed_slice_dims and operand_batching_dims have 1 entries together, operand rank is 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c2(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c3(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{start_index_map has 2 entries but index vectors have 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c5(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{offset_dims has 2, out of range [0, 2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c7(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{collapsed_slice_dims has 2, out of range [0, 2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c9(%x: tensor<5x4xf32>, %i: tensor<3x2xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{start_index_map has 1 more than once}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [1, 1], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x2xi32>, tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @dynamic_gather_c11(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{slice_sizes has 3 entries, operand rank is 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dynamic_gather_c13(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result rank 3 must be 2 (batch dimensions of start_indices plus offset_dims)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @dynamic_gather_c15(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result element type 'f16' must equal the operand's 'f32'}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf16>
  return
}

// -----

func.func @dynamic_conv_c1(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2x1xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{lhs, rhs and result must have the same rank (at least 2), got 3, 4 and 3}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2x1xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c2(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf16>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{lhs, rhs and result must have the same element type}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf16>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c3(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{window_strides has 2 entries, expected 1}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c4(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{window_strides entries must be positive, got [0]}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 0>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c5(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<2x2xi64>) {
  // expected-error @+1 {{d_padding must have shape [1, 2], got 'tensor<2x2xi64>'}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<2x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c9(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{rhs_dilation entries must be positive, got [0]}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, rhs_dilation = array<i64: 0>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c10(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{window_reversal has 2 entries, expected 1}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_reversal = array<i1: true, false>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c11(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{input batch size 1 is not divisible by batch_group_count 2}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c13(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{input has 2 spatial dimensions, expected 1}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c15(%x: tensor<1x8x1xf32>, %k: tensor<3x2x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{input feature size 1 must equal kernel input feature size 2 times feature_group_count 1}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x2x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c17(%x: tensor<1x8x2xf32>, %k: tensor<3x1x3xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{kernel output feature size 3 must be divisible by feature_group_count and batch_group_count}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64}> : (tensor<1x8x2xf32>, tensor<3x1x3xf32>, tensor<1x2xi64>) -> tensor<1x?x3xf32>
  return
}

// -----

func.func @dynamic_conv_c22(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{feature_group_count and batch_group_count must be positive}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 0 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c24(%x: tensor<2x8x2xf32>, %k: tensor<3x1x4xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{feature_group_count and batch_group_count cannot both exceed 1}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64}> : (tensor<2x8x2xf32>, tensor<3x1x4xf32>, tensor<1x2xi64>) -> tensor<1x?x4xf32>
  return
}

// -----

func.func @dynamic_conv_c25(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{precision_config must have at most 2 entries, got 3}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return
}

// -----

func.func @dynamic_conv_c26(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{result batch and feature sizes must be [1, 2], got [2, 2]}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<2x?x2xf32>
  return
}

// -----

func.func @get_dimension_size_c1(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{dimension 2 is out of range for an operand of rank 2}}
  %0 = stablehlo.get_dimension_size %x, dim = 2 : (tensor<4x2xf32>) -> tensor<i32>
  return
}

// -----

func.func @set_dimension_size_dimension(%x: tensor<4x2xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{dimension -1 is out of range for an operand of rank 2}}
  %0 = stablehlo.set_dimension_size %x, %n, dim = -1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @set_dimension_size_result(%x: tensor<4x2xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{with only dimension 0 changed (to ? or a smaller size)}}
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x2xf32>, tensor<i32>) -> tensor<?x3xf32>
  return
}
