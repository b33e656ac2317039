// Verifier and parser errors of bitcast_convert, real, imag and complex, one
// per rule (spec constraint ids in the function names).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @bitcast_convert_c1_same_width_shape(%x: tensor<4xf32>) -> tensor<5xi32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op operand 'tensor<4xf32>' and result 'tensor<5xi32>' have equal element widths, so their shapes must match}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @bitcast_convert_c1_same_width_rank(%x: tensor<4xf32>) -> tensor<4x1xi32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op operand 'tensor<4xf32>' and result 'tensor<4x1xi32>' have equal element widths, so their shapes must match}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

// -----

func.func @bitcast_convert_c1_narrowing_no_minor_dimension(%x: tensor<6xf32>) -> tensor<6xi16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6xf32>' to 'tensor<6xi16>': the narrower side needs a minor dimension of size 2 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6xi16>
  return %0 : tensor<6xi16>
}

// -----

func.func @bitcast_convert_c1_narrowing_ratio(%x: tensor<6xf32>) -> tensor<6x2xi8> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6xf32>' to 'tensor<6x2xi8>': the narrower side needs a minor dimension of size 4 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6x2xi8>
  return %0 : tensor<6x2xi8>
}

// -----

func.func @bitcast_convert_c1_narrowing_leading_shape(%x: tensor<6xf32>) -> tensor<5x2xi16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6xf32>' to 'tensor<5x2xi16>': the narrower side needs a minor dimension of size 2 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<5x2xi16>
  return %0 : tensor<5x2xi16>
}

// -----

func.func @bitcast_convert_c1_narrowing_major_dimension(%x: tensor<6xf32>) -> tensor<2x6xi16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6xf32>' to 'tensor<2x6xi16>': the narrower side needs a minor dimension of size 2 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<2x6xi16>
  return %0 : tensor<2x6xi16>
}

// -----

func.func @bitcast_convert_c1_widening_ratio(%x: tensor<6x2xi8>) -> tensor<6xi32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6x2xi8>' to 'tensor<6xi32>': the narrower side needs a minor dimension of size 4 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6x2xi8>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @bitcast_convert_c1_widening_keeps_rank(%x: tensor<6x4xi8>) -> tensor<6x4xi32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<6x4xi8>' to 'tensor<6x4xi32>': the narrower side needs a minor dimension of size 4 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<6x4xi8>) -> tensor<6x4xi32>
  return %0 : tensor<6x4xi32>
}

// -----

func.func @bitcast_convert_c1_widening_scalar(%x: tensor<i8>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast 'tensor<i8>' to 'tensor<i32>': the narrower side needs a minor dimension of size 4 and otherwise the same shape}}
  %0 = stablehlo.bitcast_convert %x : (tensor<i8>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @bitcast_convert_functional_type(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @real_c2_part_type(%z: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+1 {{'stablehlo.real' op result type 'tensor<4xf64>' does not match the inferred type 'tensor<4xf32>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @real_c2_float_operand(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'stablehlo.real' op result type 'tensor<4xf16>' does not match the inferred type 'tensor<4xf32>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.real %x : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @real_c2_complex_result(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.real' op result #0 must be ranked tensor of}}
  %0 = stablehlo.real %z : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @real_c1_shape(%z: tensor<4xcomplex<f32>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.real' op result type 'tensor<2xf32>' does not match the inferred type 'tensor<4xf32>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @real_integer_operand(%x: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.real' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.real %x : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @imag_c2_part_type(%z: tensor<4xcomplex<f64>>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.imag' op result type 'tensor<4xf32>' does not match the inferred type 'tensor<4xf64>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.imag %z : (tensor<4xcomplex<f64>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @imag_c2_float_operand(%x: tensor<4xbf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.imag' op result type 'tensor<4xf32>' does not match the inferred type 'tensor<4xbf16>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.imag %x : (tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @imag_c1_shape(%z: tensor<2x2xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.imag' op result type 'tensor<4xf32>' does not match the inferred type 'tensor<2x2xf32>' (real_c2/imag_c2: complex<T> gives T, otherwise the operand's type)}}
  %0 = stablehlo.imag %z : (tensor<2x2xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @complex_c1_operand_types(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op requires operands of the same type, got 'tensor<4xf32>' and 'tensor<4xf64>'}}
  %0 = stablehlo.complex %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_c2_result_part(%a: tensor<4xf32>) -> tensor<4xcomplex<f64>> {
  // expected-error @+1 {{'stablehlo.complex' op result type 'tensor<4xcomplex<f64>>' does not match the inferred type 'tensor<4xcomplex<f32>>' (complex_c2: complex of the operands' element type)}}
  %0 = stablehlo.complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

func.func @complex_c1_shape(%a: tensor<4xf32>, %b: tensor<2xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<2xf32>)}}
  %0 = stablehlo.complex %a, %b : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_integer_operands(%a: tensor<4xi32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op operand #0 must be ranked tensor of 32-bit float or 64-bit float values}}
  %0 = stablehlo.complex %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_real_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.complex' op result #0 must be ranked tensor of}}
  %0 = stablehlo.complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @complex_type_not_complex(%a: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{expected a tensor of complex type, got 'tensor<4xf32>'}}
  %0 = stablehlo.complex %a, %a : tensor<4xf32>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_functional_type_arity(%a: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{expected a functional type with 2 inputs and 1 result}}
  %0 = stablehlo.complex %a, %a : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// The operand types come from the complex type: f64 parts, but %a is f32.
func.func @complex_operand_uses(%a: tensor<4xf32>) -> tensor<4xcomplex<f64>> {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<4xf64>' vs 'tensor<4xf32>'}}
  %0 = stablehlo.complex %a, %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

func.func @bitcast_convert_c2_complex(%z: tensor<4xcomplex<f32>>) -> tensor<4xi64> {
  // expected-error @+1 {{cannot bitcast between complex and non-complex element types}}
  %0 = stablehlo.bitcast_convert %z : (tensor<4xcomplex<f32>>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
