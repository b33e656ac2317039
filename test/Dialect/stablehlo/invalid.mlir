// Verifier and parser errors of the stablehlo dialect, one per rule.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @broadcast_in_dim_c1(%x: tensor<3xf32>) -> tensor<2x3xi32> {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op requires the operand and result element types to match, got 'f32' and 'i32'}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{requires broadcast_dimensions to have one entry per operand dimension (1), got 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c2_scalar(%x: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{requires broadcast_dimensions to have one entry per operand dimension (0), got 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{broadcast_dimensions[0] = 2 is out of range for a result of rank 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c3_negative(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{broadcast_dimensions[0] = -1 is out of range for a result of rank 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [-1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{broadcast_dimensions has 1 more than once}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{operand dimension 0 has size 3, which can be broadcast only to size 3 or from size 1, but result dimension 1 has size 4}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @select_c2(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.select' op requires on_true and on_false to have the same type, got 'tensor<4xf32>' and 'tensor<4xf64>'}}
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c3(%p: tensor<4xi1>, %a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.select' op result type 'tensor<4xi32>' does not match the inferred type 'tensor<4xf32>' (select_c3: the result has the type of on_true and on_false)}}
  %0 = stablehlo.select %p, %a, %a : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @select_c1(%p: tensor<2x2xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{requires pred to be a scalar or to have the shape of on_true, got 'tensor<2x2xi1>' and 'tensor<4xf32>'}}
  %0 = stablehlo.select %p, %a, %a : tensor<2x2xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_pred_not_i1(%p: tensor<4xi32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #0 must be ranked tensor of pred (i1) values}}
  %0 = stablehlo.select %p, %a, %a : tensor<4xi32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_c3_float_on_int(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{'stablehlo.compare' op compare_type FLOAT requires floating-point or complex operands, got 'i32'}}
  %0 = stablehlo.compare  GT, %a, %a,  FLOAT : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_totalorder_on_int(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{compare_type TOTALORDER requires floating-point or complex operands, got 'i32'}}
  %0 = stablehlo.compare  LT, %a, %a,  TOTALORDER : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_signed_on_float(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{compare_type SIGNED requires signed integer operands, got 'f32'}}
  %0 = stablehlo.compare  LT, %a, %a,  SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_signed_on_unsigned(%a: tensor<4xui8>) -> tensor<4xi1> {
  // expected-error@+1 {{compare_type SIGNED requires signed integer operands, got 'ui8'}}
  %0 = stablehlo.compare  LT, %a, %a,  SIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_signed_on_pred(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error@+1 {{compare_type SIGNED requires signed integer operands, got 'i1'}}
  %0 = stablehlo.compare  LT, %a, %a,  SIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_unsigned_on_signed(%a: tensor<4xsi32>) -> tensor<4xi1> {
  // expected-error@+1 {{compare_type UNSIGNED requires unsigned integer or boolean operands, got 'si32'}}
  %0 = stablehlo.compare  GE, %a, %a,  UNSIGNED : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c1_operand_types(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xi1> {
  // expected-error@+1 {{'stablehlo.compare' op requires all operands to have the same element type, got (tensor<4xf32>, tensor<4xf64>)}}
  %0 = stablehlo.compare  GE, %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_result_not_i1(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{result #0 must be ranked tensor of pred (i1) values}}
  %0 = stablehlo.compare  GE, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @add_same_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.add' op requires all operands to have the same element type, got (tensor<4xf32>, tensor<4xf64>)}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @multiply_shape_mismatch(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.multiply' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<5xf32>)}}
  %0 = "stablehlo.multiply"(%a, %b) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @exponential_on_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.exponential' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.exponential %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @subtract_on_pred(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error@+1 {{'stablehlo.subtract' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.subtract %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @negate_result_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.negate' op result type 'tensor<5xf32>' does not match the inferred type 'tensor<4xf32>' (element-wise: the operands' shape and element type)}}
  %0 = stablehlo.negate %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{'stablehlo.abs' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.abs %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @constant_not_a_tensor_literal() -> tensor<f32> {
  // expected-error@+1 {{expected a tensor literal such as `dense<1.0> : tensor<f32>`}}
  %0 = stablehlo.constant 1.0 : f32
  return %0 : tensor<f32>
}

// -----

func.func @binary_functional_type_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected 2 operand type(s) in the functional type, got 1}}
  %0 = stablehlo.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unary_functional_type_results(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected 1 result type in the functional type, got 2}}
  %0 = stablehlo.tanh %a : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0 : tensor<4xf32>
}

// -----

func.func @select_functional_type_arity(%p: tensor<4xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected a functional type with 3 inputs and 1 result}}
  %0 = stablehlo.select %p, %a, %a : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_unknown_direction(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+2 {{custom op 'stablehlo.compare' expected ::xla::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error@+1 {{custom op 'stablehlo.compare' failed to parse HLO_ComparisonDirectionAttr parameter 'value'}}
  %0 = stablehlo.compare  GREATER, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{custom op 'stablehlo.foo' is unknown}}
  %0 = stablehlo.foo %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// abs of complex has a real result (abs_c1): a complex result is rejected.
func.func @abs_c1_complex(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error@+1 {{'stablehlo.abs' op result #0 must be ranked tensor of}}
  %0 = stablehlo.abs %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @abs_c1_wrong_part(%a: tensor<2xcomplex<f64>>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.abs' op result type 'tensor<2xf32>' does not match the inferred type 'tensor<2xf64>' (abs_c1: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @convert_shape(%a: tensor<4xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{'stablehlo.convert' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @dot_general_c1(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op has 1 lhs batching dimensions but 0 rhs batching dimensions}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c2(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op has 1 lhs contracting dimensions but 2 rhs contracting dimensions}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0, 1] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c3(%a: tensor<4x4xf32>, %b: tensor<4x4x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op lhs dimension 1 appears more than once in the batching and contracting dimensions}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [1] x [1] : (tensor<4x4xf32>, tensor<4x4x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dot_general_c6(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op rhs_contracting_dimensions has 2, out of range for a rhs of rank 2}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [2] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c8(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op contracting dimensions lhs[1] (size 8) and rhs[0] (size 7) differ in size}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<7x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c11(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op precision_config must have at most 2 entries, got 3}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, HIGH, HIGHEST] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c13(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x4xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op result type 'tensor<16x4xf32>' does not match the inferred type 'tensor<4x16xf32>' (dot_general_c13: batch, then lhs free, then rhs free dimensions)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

func.func @dot_general_bad_precision(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{unknown precision 'FAST' (expected DEFAULT, HIGH or HIGHEST)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [FAST, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_bad_field(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{unknown field 'lhs_contracting' in #stablehlo.dot}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting = [1]>}> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @reduce_c1(%x: tensor<4x3xf32>, %y: tensor<3x4xf32>, %c: tensor<f32>) -> (tensor<4xf32>, tensor<3xf32>) {
  // expected-error@+1 {{'stablehlo.reduce' op requires all inputs to have the same shape, got 'tensor<4x3xf32>' and 'tensor<3x4xf32>'}}
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %c) across dimensions = [1] : (tensor<4x3xf32>, tensor<3x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<3xf32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%p: tensor<f32>, %q: tensor<f32>) {
      stablehlo.return %a, %p : tensor<f32>, tensor<f32>
    }
  return %0#0, %0#1 : tensor<4xf32>, tensor<3xf32>
}

// -----

func.func @reduce_c2(%x: tensor<4x3xf32>, %c: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op init value of type 'tensor<1xf32>' must be a rank-0 tensor of the element type of 'tensor<4x3xf32>'}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
      "stablehlo.return"(%a) : (tensor<1xf32>) -> ()
  }) : (tensor<4x3xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c4(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op dimension 2 is out of range for inputs of rank 2}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [2] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c5(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op dimension 1 appears more than once}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_return(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op body result 0 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %z = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %z : tensor<i32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c7(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op result type 'tensor<3xf32>' does not match the inferred type 'tensor<4xf32>' (reduce_c7: the input shape without the reduced dimensions, with the init values' element types)}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_applies_variadic(%x: tensor<4x3xf32>, %c: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{'applies' needs exactly one input, got 2}}
  %0:2 = stablehlo.reduce(%x init: %c), (%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reshape_c1_count(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.reshape' op cannot reshape 6 elements ('tensor<2x3xf32>') into 5 ('tensor<5xf32>')}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @reshape_c1_type(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error@+1 {{'stablehlo.reshape' op requires the operand and result element types to match, got 'f32' and 'i32'}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @transpose_c1(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'stablehlo.transpose' op dims must be a permutation of [0, 2), got 0 out of range or repeated}}
  %0 = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.transpose' op result type 'tensor<2x3xf32>' does not match the inferred type 'tensor<3x2xf32>' (transpose_c2: result dimension i is operand dimension permutation[i])}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @iota_c1() -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.iota' op iota_dimension 2 is out of range for a result of rank 2}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concatenate_c2(%a: tensor<2x2xi32>, %b: tensor<3x1xi32>) -> tensor<2x3xi32> {
  // expected-error@+1 {{'stablehlo.concatenate' op input 1 has size 3 in dimension 0, input 0 has 2}}
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<3x1xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @concatenate_c6(%a: tensor<2x2xi32>, %b: tensor<2x1xi32>) -> tensor<2x4xi32> {
  // expected-error@+1 {{'stablehlo.concatenate' op result type 'tensor<2x4xi32>' does not match the inferred type 'tensor<2x3xi32>' (concatenate_c6: the inputs' sizes along the dimension add up)}}
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @slice_c3(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'stablehlo.slice' op dimension 1: need 0 <= start (3) <= limit (5) <= size (4)}}
  %0 = stablehlo.slice %x [1:3, 3:5] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_c5(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'stablehlo.slice' op result type 'tensor<2x2xf32>' does not match the inferred type 'tensor<2x1xf32>' (slice_c5: ceil((limit - start) / stride) per dimension)}}
  %0 = stablehlo.slice %x [1:3, 0:4:4] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @pad_c1(%x: tensor<2x3xf32>, %v: tensor<1xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.pad' op padding value 'tensor<1xf32>' must be a rank-0 tensor of element type 'f32'}}
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_c3(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.pad' op interior padding -1 of dimension 1 is negative}}
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0, 2], interior = [0, -1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_c4(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x7xf32> {
  // expected-error@+1 {{'stablehlo.pad' op result type 'tensor<5x7xf32>' does not match the inferred type 'tensor<6x7xf32>' (pad_c4: low + high + size + (size - 1) * interior per dimension)}}
  %0 = stablehlo.pad %x, %v, low = [1, 0], high = [1, 0], interior = [2, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// -----

func.func @reverse_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.reverse' op dimension 1 appears more than once}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @and_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.and' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.and %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_c1(%lo: tensor<2xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.clamp' op min ('tensor<2xf32>') must be a scalar or have the operand's shape ('tensor<4xf32>')}}
  %0 = stablehlo.clamp %lo, %x, %lo : (tensor<2xf32>, tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shift_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.shift_left' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.shift_left %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
