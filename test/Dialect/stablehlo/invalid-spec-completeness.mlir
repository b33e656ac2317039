// Verifier errors of result_accuracy, dot_general's algorithm, bounded
// dynamism, and the constraints added to collectives, dynamic-shape ops,
// broadcast_in_dim, infeed, recv and composite: one case per rule, named
// after the spec constraint id where the spec has one.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @result_accuracy_negative(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{#stablehlo.result_accuracy needs non-negative atol, rtol and ulps}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = -1.0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_accuracy_tolerance_without_mode(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{#stablehlo.result_accuracy with mode HIGHEST takes no tolerances}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<ulps = 2, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dot_general_c21(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{precision_config must be DEFAULT when an algorithm is given, got HIGHEST}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST, DEFAULT], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_c22(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{#stablehlo.dot_algorithm lhs_component_count must be positive, got 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_c23(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{#stablehlo.dot_algorithm rhs_component_count must be positive, got -1}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_c24(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{#stablehlo.dot_algorithm num_primitive_operations must be positive, got 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_algorithm_float_types(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{#stablehlo.dot_algorithm accumulation_type must be a float type, got 'i32'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = i32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Bounded dynamism: one bound per dimension.
// expected-error @+1 {{#stablehlo.bounds has 1 bounds, but the tensor has rank 2}}
func.func @bounds_rank(%x: tensor<?x4xf32, #stablehlo.bounds<16>>) {
  return
}

// -----

// Bounded dynamism: a static dimension takes '?'.
// expected-error @+1 {{#stablehlo.bounds gives static dimension 1 (size 4) the bound 8; a static dimension takes '?'}}
func.func @bounds_static(%x: tensor<?x4xf32, #stablehlo.bounds<16, 8>>) {
  return
}

// -----

// Bounded dynamism: bounds are sizes.
// expected-error @+1 {{#stablehlo.bounds gives dimension 0 the negative bound -3}}
func.func @bounds_negative(%x: tensor<?xf32, #stablehlo.bounds<-3>>) {
  return
}

// -----

func.func @all_to_all_c6(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{replica_groups has groups of 2 processes, but split_count is 4 (one block per group member)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @all_reduce_c5_not_promotable(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must have type ('tensor<f32>', 'tensor<f32>') -> 'tensor<f32>', or the same in an element type that 'f32' promotes to}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c7(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{result type 'tensor<4xbf16>' does not match the inferred type 'tensor<4xf32>'}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @reduce_scatter_c7_signedness(%x: tensor<4xi8>) -> tensor<2xui32> {
  // expected-error @+1 {{result type 'tensor<2xui32>' does not match the inferred type 'tensor<2xi8>'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<4xi8>) -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

func.func @dynamic_broadcast_in_dim_c7_constant(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  // expected-error @+1 {{result shape [2, 3] does not match output_dimensions [2, 4]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c5_constant(%x: tensor<3xf32>) -> tensor<2x?xf32> {
  %s = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  // expected-error @+1 {{operand dimension 0 of size 3 cannot be broadcast to output_dimensions[1] = 4}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @dynamic_reshape_c2_constant(%x: tensor<6xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+1 {{output_shape [4, 2] has 8 elements, but the operand 'tensor<6xf32>' has 6}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_reshape_negative_size(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[-1, 2]> : tensor<2xi64>
  // expected-error @+1 {{output_shape [-1, 2] has a negative size}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_iota_c2_constant() -> tensor<4xf32> {
  %s = stablehlo.constant dense<[5]> : tensor<1xi64>
  // expected-error @+1 {{result shape [4] does not match output_shape [5]}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_gather_c12_size(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x?xf32> {
  %s = stablehlo.constant dense<[1, 5]> : tensor<2xi64>
  // expected-error @+1 {{slice_sizes[1] = 5 must be in [0, 3]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @dynamic_gather_c12_collapsed(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x?xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+1 {{slice_sizes[0] = 2 must be at most 1 for a collapsed or batching dimension}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @dynamic_gather_c13_sizes(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error @+1 {{result dimension 1 has size 3, but its slice size is 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_static_result(%x: tensor<3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{result must have a static shape, got 'tensor<?x3xf32>' (use stablehlo.dynamic_broadcast_in_dim)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @infeed_c2_token_payload(%t: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
  // expected-error @+1 {{result 0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return %0#0, %0#1 : !stablehlo.token, !stablehlo.token
}

// -----

func.func @infeed_layout_count(%t: !stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token) {
  // expected-error @+1 {{layout has 2 entries, but there are 1 payload results (one minor-to-major list each)}}
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = "", layout = [[0, 1], [0]]} : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<2x3xf32>, !stablehlo.token
}

// -----

func.func @infeed_layout_permutation(%t: !stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token) {
  // expected-error @+1 {{layout entry 0 must be a permutation of [0, 2) (minor-to-major dimensions of result 0), got [1, 1]}}
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = "", layout = [[1, 1]]} : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<2x3xf32>, !stablehlo.token
}

// -----

func.func @recv_c3_token_payload(%t: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
  // expected-error @+1 {{result 0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return %0#0, %0#1 : !stablehlo.token, !stablehlo.token
}

// -----

func.func @composite_c1_empty_part(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{name "my..op" must be namespaced, such as "my_dialect.my_op"}}
  %0 = stablehlo.composite "my..op" %x {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

func.func @composite_c1_not_identifier(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{name "my.1op" must be namespaced, such as "my_dialect.my_op"}}
  %0 = stablehlo.composite "my.1op" %x {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

func.func @composite_c1_trailing_dot(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{name "my.op." must be namespaced, such as "my_dialect.my_op"}}
  %0 = stablehlo.composite "my.op." %x {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

func.func @custom_call_unranked_layout(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{operand_layouts[0] is given for the unranked 'tensor<*xf32>', which has no layout}}
  %0 = stablehlo.custom_call @my_target(%x) {operand_layouts = [dense<[0]> : tensor<1xindex>], result_layouts = [dense<[0]> : tensor<1xindex>]} : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
