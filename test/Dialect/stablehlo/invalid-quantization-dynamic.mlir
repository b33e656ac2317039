// Quantization constraints of the dynamic-shape ops (the spec's ids of each
// op: dynamic_reshape and dynamic_broadcast_in_dim take any quantized
// tensor, per-axis ones moving their quantization dimension with the data;
// dynamic_pad, dynamic_gather and dynamic_iota take per-tensor ones only).
// One case per rule.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// dynamic_reshape_c1: operand and result both quantized or both not.
func.func @dynamic_reshape_c1_mixed(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_reshape_c1)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>) -> tensor<3x2xi8>
  return
}

// -----

// dynamic_reshape_c1: per-tensor, the same quantized element type.
func.func @dynamic_reshape_c1_params(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, %s: tensor<2xi64>) {
  // expected-error @+1 {{requires the quantized element types of operand 0 and the result to be equal, got '!quant.uniform<i8:f32, 5.000000e-01:-3>' and '!quant.uniform<i8:f32, 2.500000e-01:-3>' (dynamic_reshape_c1)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32, 0.25:-3>>
  return
}

// -----

// dynamic_reshape_c3: the per-axis dimension keeps its size and the
// elements before it.
func.func @dynamic_reshape_c3(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_reshape_c3)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2xi64>) -> tensor<4x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_broadcast_in_dim_c1: operand and result both quantized or both not.
func.func @dynamic_broadcast_in_dim_c1(%x: tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_broadcast_in_dim_c1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

// dynamic_broadcast_in_dim_c6: the result's quantization dimension is
// broadcast_dimensions[quantization_dimension(operand)].
func.func @dynamic_broadcast_in_dim_c6(%x: tensor<4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %s: tensor<2xi64>) {
  // expected-error @+1 {{requires the result's quantization dimension 0 to be broadcast_dimensions[0] = 1 (dynamic_broadcast_in_dim_c6)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2xi64>) -> tensor<4x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_pad_i1: per-tensor quantized tensors only.
func.func @dynamic_pad_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %v: tensor<!quant.uniform<i8:f32, 0.5:0>>, %p: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_pad_i1)}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_pad_c1: one element type for operand, padding value and result.
func.func @dynamic_pad_c1(%x: tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>, %v: tensor<!quant.uniform<i8:f32, 0.5:0>>, %p: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op operand, padding_value and result must have the same element type}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:-3>>
  return
}

// -----

// dynamic_gather_i1: per-tensor quantized tensors only.
func.func @dynamic_gather_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{(dynamic_gather_i1)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_gather_c14: the result has the operand's element type.
func.func @dynamic_gather_c14(%x: tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{must equal the operand's}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<2x4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x4x!quant.uniform<i8:f32, 1.0:-3>>
  return
}

// -----

// dynamic_iota: the result is a tensor or a per-tensor quantized tensor.
func.func @dynamic_iota_result(%s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_iota_result)}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}
