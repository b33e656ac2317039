// Element types the verifier refuses around the narrow types, one per rule:
// the spec's type lists (ElementType: complex only of f32/f64; IntegerType
// widths 2, 4, 8, 16, 32, 64), the ops' input types (I1) and
// bitcast_convert's width rule (C1).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// ComplexType ::= complex<f32> | complex<f64>: no complex of a narrow float.
func.func @types_complex_of_f8(%x: tensor<2xcomplex<f8E4M3FN>>) -> tensor<2xcomplex<f8E4M3FN>> {
  // expected-error @+1 {{but got 'tensor<2xcomplex<f8E4M3FN>>'}}
  %0 = stablehlo.add %x, %x : tensor<2xcomplex<f8E4M3FN>>
  return %0 : tensor<2xcomplex<f8E4M3FN>>
}

// -----

// IntegerType: no 6-bit integers.
func.func @types_ui6(%x: tensor<2xui6>) -> tensor<2xui6> {
  // expected-error @+1 {{but got 'tensor<2xui6>'}}
  %0 = stablehlo.add %x, %x : tensor<2xui6>
  return %0 : tensor<2xui6>
}

// -----

// popcnt (I1): operand of integer type.
func.func @popcnt_i1_f8(%x: tensor<4xf8E5M2>) -> tensor<4xf8E5M2> {
  // expected-error @+1 {{but got 'tensor<4xf8E5M2>'}}
  %0 = stablehlo.popcnt %x : tensor<4xf8E5M2>
  return %0 : tensor<4xf8E5M2>
}

// -----

// shift_left (I1): integer operands.
func.func @shift_left_i1_f4(%x: tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN> {
  // expected-error @+1 {{but got 'tensor<4xf4E2M1FN>'}}
  %0 = stablehlo.shift_left %x, %x : tensor<4xf4E2M1FN>
  return %0 : tensor<4xf4E2M1FN>
}

// -----

// cbrt (I1): floating-point or complex operand, not integer.
func.func @cbrt_i1_integer(%x: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error @+1 {{but got 'tensor<4xi4>'}}
  %0 = stablehlo.cbrt %x : tensor<4xi4>
  return %0 : tensor<4xi4>
}

// -----

// bitcast_convert (C1): a 6-bit float packs into no wider integer.
func.func @bitcast_convert_c1_f6_to_i8(%x: tensor<4x2xf6E2M3FN>) -> tensor<4xi8> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<4x2xf6E2M3FN>' to 'tensor<4xi8>'}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4x2xf6E2M3FN>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// bitcast_convert (C1): f8 to i16 needs a minor dimension of 2 on the operand.
func.func @bitcast_convert_c1_f8_to_i16(%x: tensor<4xf8E4M3FN>) -> tensor<4xi16> {
  // expected-error @+1 {{the narrower side needs a minor dimension of size 2}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf8E4M3FN>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// bitcast_convert (C1): i1 is one bit, so eight of them make an i8.
func.func @bitcast_convert_c1_i1_ratio(%x: tensor<3x4xi1>) -> tensor<3xi8> {
  // expected-error @+1 {{the narrower side needs a minor dimension of size 8}}
  %0 = stablehlo.bitcast_convert %x : (tensor<3x4xi1>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}
