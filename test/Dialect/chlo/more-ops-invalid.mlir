// Verifier errors of chlo.bessel_i1e and chlo.broadcast_compare, one per
// rule (stablehlo.compare's constraint ids where the rule is compare's).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// bessel_i1e takes float and complex tensors (upstream's ChloOps.td:
// HLO_AnyFpOrComplexTensor), not integers.
func.func @bessel_i1e_integer(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error@+1 {{'chlo.bessel_i1e' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2xi32>'}}
  %0 = chlo.bessel_i1e %x : tensor<2xi32> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// ... and complex<f16> is not among them (complex of f32 or f64 only).
func.func @bessel_i1e_complex_f16(%x: tensor<2xcomplex<f16>>) -> tensor<2xcomplex<f16>> {
  // expected-error@+1 {{'chlo.bessel_i1e' op operand #0 must be ranked tensor of}}
  %0 = chlo.bessel_i1e %x : tensor<2xcomplex<f16>> -> tensor<2xcomplex<f16>>
  return %0 : tensor<2xcomplex<f16>>
}

// -----

func.func @bessel_i1e_result_type(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error@+1 {{'chlo.bessel_i1e' op failed to verify that all of {operand, result} have same type}}
  %0 = chlo.bessel_i1e %x : tensor<2xf32> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// (C1) of compare: one element type for both operands.
func.func @broadcast_compare_c1(%a: tensor<3xf32>, %b: tensor<2x3xf16>) -> tensor<2x3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op requires one element type for operands and result}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<2x3xf16>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// (C2) of compare, broadcast: the shapes broadcast to the result's.
func.func @broadcast_compare_c2(%a: tensor<4xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op operand dimension 0 of size 4 does not broadcast to result dimension 1 of size 3}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// (C2) of compare, broadcast: the result has the broadcast rank.
func.func @broadcast_compare_c2_rank(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<6xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op result rank must be 2}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

// -----

// The result is boolean.
func.func @broadcast_compare_result(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'chlo.broadcast_compare' op result #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// broadcast_dimensions: one entry per dimension of the lower-rank operand.
func.func @broadcast_compare_dims(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op broadcast_dimensions must have one entry per dimension of the lower-rank operand}}
  %0 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 0, 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// comparison_direction is required.
func.func @broadcast_compare_no_direction(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op requires attribute 'comparison_direction'}}
  %0 = chlo.broadcast_compare %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// (C3) of compare: floats compare as FLOAT or TOTALORDER.
func.func @broadcast_compare_c3_float(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op compare_type SIGNED does not fit element type 'f32' (expected FLOAT or TOTALORDER)}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// (C3) of compare: complex compares as FLOAT.
func.func @broadcast_compare_c3_complex(%a: tensor<3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>) -> tensor<3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op compare_type TOTALORDER does not fit element type 'complex<f32>' (expected FLOAT)}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// (C3) of compare: unsigned integers and i1 compare as UNSIGNED.
func.func @broadcast_compare_c3_unsigned(%a: tensor<3xui8>, %b: tensor<3xui8>) -> tensor<3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op compare_type SIGNED does not fit element type 'ui8' (expected UNSIGNED)}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// (C3) of compare: signless and signed integers compare as SIGNED.
func.func @broadcast_compare_c3_signed(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi1> {
  // expected-error@+1 {{'chlo.broadcast_compare' op compare_type UNSIGNED does not fit element type 'i32' (expected SIGNED)}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// An unknown direction is a located parse error.
func.func @broadcast_compare_bad_direction(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+2 {{expected ::xla::chlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error@+1 {{failed to parse CHLO_ComparisonDirectionAttr parameter 'value' which is to be a `::xla::chlo::ComparisonDirection`}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LESS>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
