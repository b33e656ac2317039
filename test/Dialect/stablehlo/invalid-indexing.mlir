// Verifier and parser errors of dynamic_slice, dynamic_update_slice, gather
// and scatter, one per rule (spec constraint ids in the function names).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @dynamic_slice_c2(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op needs 2 start indices (one per operand dimension), got 1}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c3(%x: tensor<5x6xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op start indices must all have the same type, got 'tensor<i32>' and 'tensor<i64>'}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c3_not_scalar(%x: tensor<5x6xf32>, %i: tensor<1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 3] : (tensor<5x6xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c3_float_index(%x: tensor<5x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 3] : (tensor<5x6xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c4_size_count(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op slice_sizes has 1 entries, operand rank is 2}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_c4_too_large(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op slice_sizes[1] = 7 must be in [0, 6]}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 7] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @dynamic_slice_c4_negative(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op slice_sizes[0] = -1 must be in [0, 5]}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [-1, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c5_shape(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op result type 'tensor<3x2xf32>' does not match the inferred type 'tensor<2x3xf32>' (dynamic_slice_c5: shape slice_sizes, the operand's element type)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @dynamic_slice_c1_element_type(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op result type 'tensor<2x3xf64>' does not match the inferred type 'tensor<2x3xf32>' (dynamic_slice_c5: shape slice_sizes, the operand's element type)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @dynamic_slice_missing_sizes(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expected 'sizes'}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_update_slice_c1(%x: tensor<5x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<5x6xf64> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op result type 'tensor<5x6xf64>' does not match the inferred type 'tensor<5x6xf32>' (dynamic_update_slice_c1: the operand's type)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<5x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf64>
  return %0 : tensor<5x6xf64>
}

// -----

func.func @dynamic_update_slice_c2_rank(%x: tensor<5x6xf32>, %u: tensor<3xf32>, %i: tensor<i32>) -> tensor<5x6xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op update 'tensor<3xf32>' must have the operand's rank and element type ('tensor<5x6xf32>')}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<5x6xf32>, tensor<3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @dynamic_update_slice_c2_element_type(%x: tensor<5x6xf32>, %u: tensor<2x3xi32>, %i: tensor<i32>) -> tensor<5x6xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op update 'tensor<2x3xi32>' must have the operand's rank and element type ('tensor<5x6xf32>')}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<5x6xf32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @dynamic_update_slice_c3(%x: tensor<5x6xf32>, %u: tensor<2x7xf32>, %i: tensor<i32>) -> tensor<5x6xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op update dimension 1 (7) is larger than the operand's (6)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<5x6xf32>, tensor<2x7xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @dynamic_update_slice_c4(%x: tensor<5x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<5x6xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op needs 2 start indices (one per operand dimension), got 3}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i, %i : (tensor<5x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @dynamic_update_slice_c5(%x: tensor<5x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<ui32>) -> tensor<5x6xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op start indices must all have the same type, got 'tensor<ui32>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %j, %i : (tensor<5x6xf32>, tensor<2x3xf32>, tensor<ui32>, tensor<i32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @gather_c2_index_vector_dim(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c2_index_vector_dim_negative(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op index_vector_dim -1 must be in [0, 2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = -1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c20(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes has 1 entries, operand rank is 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c4_offset_dims_negative(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims has -1, out of range [0, 9223372036854775807)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [-1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c4_offset_dims_unique(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x1x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims has 1 more than once}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x1x4xf32>
  return %0 : tensor<5x1x4xf32>
}

// -----

func.func @gather_c4_offset_dims_sorted(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x1x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x1x4xf32>
  return %0 : tensor<5x1x4xf32>
}

// -----

func.func @gather_c8_collapsed_range(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims has 2, out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c7_collapsed_sorted(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @gather_c6_collapsed_unique(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims has 0 more than once}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c11_operand_batching_range(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims has 5, out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [5], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c10_operand_batching_sorted(%x: tensor<3x3x5xf32>, %i: tensor<3x3x1xi32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<3x3x5xf32>, tensor<3x3x1xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @gather_c19_start_index_map_range(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map has 2, out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c18_start_index_map_unique(%x: tensor<6x4xf32>, %i: tensor<5x2xi32>) -> tensor<5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map has 0 more than once}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<6x4xf32>, tensor<5x2xi32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @gather_c6_collapsed_and_batching(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op dimension 0 is both in collapsed_slice_dims and operand_batching_dims}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c9_collapsed_slice_size(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes[0] must be 0 or 1 for a collapsed or batching dimension, got 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c12_batching_slice_size(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes[0] must be 0 or 1 for a collapsed or batching dimension, got 3}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 3, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c16_batching_count(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims and start_indices_batching_dims must have the same size}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c14_indices_batching_range(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_indices_batching_dims has 3, out of range [0, 3)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c15_indices_batching_is_index_vector_dim(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_indices_batching_dims must not contain index_vector_dim 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_c3_start_index_map_size(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map has 2 entries but index vectors have 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c3_index_vector_dim_is_rank(%x: tensor<6x4xf32>, %i: tensor<5xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map has 0 entries but index vectors have 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c21_slice_size(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes[1] = 5 must be in [0, 4]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

func.func @gather_c1_offset_dims_count(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4x1xf32> {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims has 2 entries but the slice keeps 1 dimensions}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4x1xf32>
  return %0 : tensor<5x4x1xf32>
}

// -----

func.func @gather_c5_offset_dims_range(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims has 2, out of range for the result rank 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_c22_result_shape(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op result type 'tensor<4x5xf32>' does not match the inferred type 'tensor<5x4xf32>' (gather_c13: the batch dimensions of start_indices interleaved with the kept slice sizes at offset_dims)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @gather_c23_result_element_type(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xi32> {
  // expected-error @+1 {{'stablehlo.gather' op result type 'tensor<5x4xi32>' does not match the inferred type 'tensor<5x4xf32>' (gather_c13: the batch dimensions of start_indices interleaved with the kept slice sizes at offset_dims)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

func.func @gather_indices_not_integer(%x: tensor<6x4xf32>, %i: tensor<5x1xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.gather' op operand #1 must be ranked tensor of}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_unknown_field(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{unknown field 'offset_dim' in #stablehlo.gather}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dim = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_field_twice(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{field 'start_index_map' appears twice in #stablehlo.gather}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_field_not_a_list(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{expected '['}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = 1, collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @scatter_c5_no_inputs(%i: tensor<4x1xi32>) {
  // expected-error @+1 {{'stablehlo.scatter' op needs as many updates as inputs (at least one)}}
  "stablehlo.scatter"(%i) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 1>}> ({
    stablehlo.return
  }) : (tensor<4x1xi32>) -> ()
  return
}

// -----

func.func @scatter_c1_input_shapes(%x: tensor<5x3xf32>, %y: tensor<5x4xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> (tensor<5x3xf32>, tensor<5x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op all inputs must have the same shape}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<5x3xf32>, tensor<5x4xf32>, tensor<4x1xi32>, tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<5x3xf32>, tensor<5x4xf32>)
  return %0#0, %0#1 : tensor<5x3xf32>, tensor<5x4xf32>
}

// -----

func.func @scatter_c3_update_shapes(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>, %v: tensor<4x2xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op all updates must have the same shape}}
  %0:2 = "stablehlo.scatter"(%x, %x, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<5x3xf32>, tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>, tensor<4x2xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>)
  return %0#0, %0#1 : tensor<5x3xf32>, tensor<5x3xf32>
}

// -----

func.func @scatter_c24_result_type(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf64> {
  // expected-error @+1 {{'stablehlo.scatter' op result type 'tensor<5x3xf64>' does not match the inferred type 'tensor<5x3xf32>' (scatter_c16: the results have the input types)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf64>
  return %0 : tensor<5x3xf64>
}

// -----

func.func @scatter_c22_index_vector_dim(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c8_update_window_dims_range(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims has 2, out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c7_update_window_dims_unique(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims has 1 more than once}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c7_update_window_dims_sorted(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x1x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x1x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c11_inserted_range(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op inserted_window_dims has 2, out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c10_inserted_sorted(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op inserted_window_dims must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c13_input_batching_range(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op input_batching_dims has -1, out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [-1], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @scatter_c12_input_batching_sorted(%x: tensor<3x3x5xf32>, %i: tensor<3x3x1xi32>, %u: tensor<3x3xf32>) -> tensor<3x3x5xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op input_batching_dims must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x3x5xf32>, tensor<3x3x1xi32>, tensor<3x3xf32>) -> tensor<3x3x5xf32>
  return %0 : tensor<3x3x5xf32>
}

// -----

func.func @scatter_c21_scatter_dims_range(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims has 4, out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [4], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c20_scatter_dims_unique(%x: tensor<5x3xf32>, %i: tensor<4x2xi32>, %u: tensor<4xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims has 0 more than once}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x2xi32>, tensor<4xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c17_batching_count(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op input_batching_dims and scatter_indices_batching_dims must have the same size}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @scatter_c19_scatter_dims_size(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims has 2 entries but index vectors have 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c2_update_window_dims_count(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims has 0 entries, expected 1 (input rank minus inserted and batching dims)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c4_scatter_dims(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<3x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update scatter dimensions [3] must match the scatter indices' batch dimensions [4]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c4_window_too_large(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x4xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update window dimension of size 4 is larger than input dimension 1 (3)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x4xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c23_argument_count(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must take 2 arguments, got 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c23_argument_type(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation argument 1 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c23_argument_rank(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation argument 0 has type 'tensor<1xf32>', expected 'tensor<f32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c23_result_count(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must return 1 value(s) with stablehlo.return}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_c23_terminator(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must return 1 value(s) with stablehlo.return}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    func.return %a : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_indices_not_integer(%x: tensor<5x3xf32>, %i: tensor<4x1xf32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op operand #1 must be ranked tensor of}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_unknown_field(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{unknown field 'window_dims' in #stablehlo.scatter}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Regression: inserted and batching dims overlapping used to crash the verifier.
func.func @scatter_c7_inserted_and_batching_overlap(%x: tensor<3x5xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{dimension 0 is both in inserted_window_dims and input_batching_dims}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @scatter_c6_update_element_type(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xi32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{update 0 must have the element type of input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xi32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @gather_missing_index_vector_dim(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{#stablehlo.gather needs index_vector_dim}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Issue 19: a gather from an empty operand with a collapsed slice size of 0
// returned uninitialized memory: every slice is empty, the result is not.
func.func @gather_empty_slice_nonempty_result(%x: tensor<0x5xf32>, %i: tensor<3x1xi32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes[0] = 0 makes every slice empty, but the result [3, 5] is not: its values would be undefined}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 5>}> : (tensor<0x5xf32>, tensor<3x1xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// The same gather with an empty result (no indices) is well defined.
func.func @gather_empty_slice_empty_result(%x: tensor<0x5xf32>, %i: tensor<0x1xi32>) -> tensor<0x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 5>}> : (tensor<0x5xf32>, tensor<0x1xi32>) -> tensor<0x5xf32>
  return %0 : tensor<0x5xf32>
}
