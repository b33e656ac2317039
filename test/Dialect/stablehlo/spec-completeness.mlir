// Spec features beyond the op set itself: result_accuracy on the
// transcendental ops, dot_general's algorithm, bounded dynamism
// (#stablehlo.bounds as a tensor encoding), the generic constant form, a
// trailing comma in the dimension-number attributes, and valid programs the
// verifier once refused (promoted collective reductions, mixed static and
// dynamic operands, a one-entry precision_config, unranked custom_call
// values).
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @result_accuracy
func.func @result_accuracy(%x: tensor<4xf32>) -> tensor<4xf32> {
  // Zero tolerances are left out when printed.
  // CHECK: stablehlo.exponential %{{.*}} {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  // CHECK: stablehlo.log %{{.*}} {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  %1 = stablehlo.log %0 {result_accuracy = #stablehlo.result_accuracy<mode = <HIGHEST>>} : tensor<4xf32>
  // CHECK: stablehlo.tanh %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 2.500000e-01, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %2 = stablehlo.tanh %1 {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, rtol = 0.25, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  // Every transcendental op takes it.
  %3 = stablehlo.cbrt %2 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %4 = stablehlo.cosine %3 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %5 = stablehlo.sine %4 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %6 = stablehlo.tan %5 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %7 = stablehlo.logistic %6 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %8 = stablehlo.exponential_minus_one %7 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %9 = stablehlo.log_plus_one %8 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %10 = stablehlo.sqrt %9 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  // CHECK: stablehlo.rsqrt %{{.*}} {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  %11 = stablehlo.rsqrt %10 {result_accuracy = #stablehlo.result_accuracy<>} : tensor<4xf32>
  return %11 : tensor<4xf32>
}

// CHECK-LABEL: func.func @dot_algorithm
func.func @dot_algorithm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // The generic form, with the spec's DEFAULT precisions.
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true>
  %1 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func.func @bounds
// CHECK-SAME: tensor<?x4xf32, #stablehlo.bounds<16, ?>>
func.func @bounds(%x: tensor<?x4xf32, #stablehlo.bounds<16, ?>>) -> tensor<?x4xf32, #stablehlo.bounds<16, ?>> {
  // CHECK: stablehlo.abs %{{.*}} : tensor<?x4xf32, #stablehlo.bounds<16, ?>>
  %0 = stablehlo.abs %x : tensor<?x4xf32, #stablehlo.bounds<16, ?>>
  return %0 : tensor<?x4xf32, #stablehlo.bounds<16, ?>>
}

// CHECK-LABEL: func.func @generic_constant
func.func @generic_constant() -> tensor<2xf32> {
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @trailing_commas
func.func @trailing_commas(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> (tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x5xf32>) {
  // CHECK: #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    stablehlo.return %q : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1,>} : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  // CHECK: #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
  %1 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1,>, slice_sizes = array<i64: 1, 3>} : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %2 = "stablehlo.dot_general"(%x, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],>} : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x5xf32>
}

// all_reduce_c5/c7, reduce_scatter_c7/c8: the computation may work in a
// type the operands' element type promotes to; the results have that type.
// CHECK-LABEL: func.func @promoted_reductions
func.func @promoted_reductions(%x: tensor<4xbf16>, %y: tensor<4xi8>) -> (tensor<4xf32>, tensor<2xi32>) {
  // CHECK: "stablehlo.all_reduce"
  // CHECK: }) : (tensor<4xbf16>) -> tensor<4xf32>
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xbf16>) -> tensor<4xf32>
  // CHECK: "stablehlo.reduce_scatter"
  // CHECK: }) : (tensor<4xi8>) -> tensor<2xi32>
  %1 = "stablehlo.reduce_scatter"(%y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<4xi8>) -> tensor<2xi32>
  return %0, %1 : tensor<4xf32>, tensor<2xi32>
}

// compare, sort: a static and a dynamic size of one dimension are compatible.
// CHECK-LABEL: func.func @mixed_static_dynamic
func.func @mixed_static_dynamic(%a: tensor<4xf32>, %b: tensor<?xf32>, %i: tensor<?xi32>) -> (tensor<4xi1>, tensor<4xf32>, tensor<?xi32>) {
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xi1>
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xi1>
  // CHECK: "stablehlo.sort"
  %1:2 = "stablehlo.sort"(%a, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %p: tensor<i32>, %q: tensor<i32>):
    %c = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4xf32>, tensor<?xi32>) -> (tensor<4xf32>, tensor<?xi32>)
  return %0, %1#0, %1#1 : tensor<4xi1>, tensor<4xf32>, tensor<?xi32>
}

// dot_general_c11 as StableHLO checks it: one precision may stand for both
// operands.
// CHECK-LABEL: func.func @one_precision
func.func @one_precision(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // CHECK: precision = [HIGHEST]
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @unranked_custom_call
func.func @unranked_custom_call(%x: tensor<*xf32>) -> tensor<*xf32> {
  // CHECK: stablehlo.custom_call @my_target(%{{.*}}) : (tensor<*xf32>) -> tensor<*xf32>
  %0 = stablehlo.custom_call @my_target(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @infeed_layout
func.func @infeed_layout(%t: !stablehlo.token) -> (tensor<2x3xf32>, tensor<i32>, !stablehlo.token) {
  // CHECK: layout = {{\[}}[0, 1], []]
  %0:3 = "stablehlo.infeed"(%t) {infeed_config = "", layout = [[0, 1], []]} : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<i32>, !stablehlo.token)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<i32>, !stablehlo.token
}

// CHECK-LABEL: func.func @composite_names
func.func @composite_names(%x: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.composite "my_ns.sub_ns.gelu_$2"
  %0 = stablehlo.composite "my_ns.sub_ns.gelu_$2" %x {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
