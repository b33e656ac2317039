// Quantization constraints of the StableHLO spec, one case per rule: the
// quantized element and tensor types ("Types", C1-C14), uniform_quantize,
// uniform_dequantize, and the quantized forms of the other ops (constraint
// ids in the messages). C4, C6 and C7 (storage range, positive finite
// scales) are the `quant` dialect's own checks, reported when the type is
// parsed.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Types (C1): the storage type is narrower than the expressed type.
func.func @element_c1(%x: tensor<4x!quant.uniform<i16:f16, 0.5:0>>) -> tensor<4x!quant.uniform<i16:f16, 0.5:0>> {
  // expected-error @+1 {{not narrower than its expressed type 'f16' (quantized element type C1)}}
  %0 = stablehlo.abs %x : tensor<4x!quant.uniform<i16:f16, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<i16:f16, 0.5:0>>
}

// -----

// Types (C4): storage_min < storage_max within the storage type.
// expected-error @+1 {{illegal storage type minimum}}
func.func @element_c4(%x: tensor<4x!quant.uniform<i8<-200:100>:f32, 0.5:0>>) {
  return
}

// -----

// Types (C6): positive scales.
// expected-error @+1 {{scale -5.000000e-01 out of expressed type range}}
func.func @element_c6(%x: tensor<4x!quant.uniform<i8:f32, -0.5:0>>) {
  return
}

// -----

// Types (C8): the zero point lies in the storage range.
func.func @element_c8(%x: tensor<4x!quant.uniform<i8<-10:10>:f32, 0.5:20>>) -> tensor<4x!quant.uniform<i8<-10:10>:f32, 0.5:20>> {
  // expected-error @+1 {{zero point 20 outside its storage range [-10, 10] (quantized element type C8)}}
  %0 = stablehlo.abs %x : tensor<4x!quant.uniform<i8<-10:10>:f32, 0.5:20>>
  return %0 : tensor<4x!quant.uniform<i8<-10:10>:f32, 0.5:20>>
}

// -----

// Types (C13): the quantization dimension is below the rank.
func.func @tensor_c13(%x: tensor<2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>) -> tensor<2xf32> {
  // expected-error @+1 {{quantization dimension 1, not below its rank 1 (quantized tensor type C13)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Types (C14): one scale per slice of the quantization dimension.
func.func @tensor_c14(%x: tensor<3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>>) -> tensor<3xf32> {
  // expected-error @+1 {{2 scales for quantization dimension 0 of size 3 (quantized tensor type C14)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @uniform_quantize_c1(%x: tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(uniform_quantize_c1)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @uniform_quantize_c2(%x: tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{expressed type 'f32' to be the operand's element type 'f16' (uniform_quantize_c2)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @uniform_quantize_c2_requantize(%x: tensor<4x!quant.uniform<i8:f16, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{to be the operand's expressed type 'f16' (uniform_quantize_c2)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4x!quant.uniform<i8:f16, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @uniform_dequantize_c1(%x: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x1xf32> {
  // expected-error @+1 {{(uniform_dequantize_c1)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @uniform_dequantize_c2(%x: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4xf64> {
  // expected-error @+1 {{result element type 'f64' to be the operand's expressed type 'f32' (uniform_dequantize_c2)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// add_c2: quantized operands give a quantized result.
func.func @add_c2_mixed(%a: tensor<4x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4xf32> {
  // expected-error @+1 {{mixes quantized and non-quantized tensors: the result is 'tensor<4xf32>' (add_c2)}}
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>, tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// add_c2: one storage type.
func.func @add_c2_storage(%a: tensor<4x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<4x!quant.uniform<i16:f32, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{one baseline type (storage type, storage range and expressed type)}}
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>, tensor<4x!quant.uniform<i16:f32, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// add_c2: a per-axis operand is quantized along the result's dimension.
func.func @add_c2_axis(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>> {
  // expected-error @+1 {{quantization dimension of a per-axis quantized operand to be the result's}}
  %0 = stablehlo.add %a, %a : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>
}

// -----

// The other element-wise ops take per-tensor quantized tensors (I1).
func.func @multiply_i1_per_axis(%a: tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>> {
  // expected-error @+1 {{multiply takes per-tensor quantized tensors (multiply_i1)}}
  %0 = stablehlo.multiply %a, %a : tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>
}

// -----

// exponential_c1: baseline_type(operand) = baseline_type(result).
func.func @exponential_c1(%a: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x!quant.uniform<u8:f32, 0.5:0>> {
  // expected-error @+1 {{one baseline type}}
  %0 = stablehlo.exponential %a : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x!quant.uniform<u8:f32, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<u8:f32, 0.5:0>>
}

// -----

func.func @dot_general_c14(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(dot_general_c14)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @dot_general_c15(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{rhs zero points of 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @dot_general_c16(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{rhs quantization dimension 0 not to be a contracting dimension (dot_general_c16)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @dot_general_c17(%a: tensor<2x3x!quant.uniform<i16:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(dot_general_c17)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i16:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @dot_general_c18(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f16, 0.5:0>> {
  // expected-error @+1 {{(dot_general_c18)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f16, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f16, 0.5:0>>
}

// -----

func.func @dot_general_c19(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>> {
  // expected-error @+1 {{(dot_general_c19)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>>
}

// -----

func.func @dot_general_c20(%a: tensor<2x3xf16>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf16> {
  // expected-error @+1 {{(dot_general_c20)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @dot_general_i1_per_axis_lhs(%a: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{per-tensor quantized lhs}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @convolution_c28(%x: tensor<1x5x2xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(convolution_c28)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xf32>, tensor<3x2x3xf32>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @convolution_c29(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{kernel output feature dimension 2 (convolution_c29)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

func.func @convolution_c30(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>> {
  // expected-error @+1 {{output feature dimension 2 (convolution_c30)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>>
}

// -----

// dynamic_conv takes convolution's quantization constraints: a quantized result needs a quantized rhs (c28).
func.func @dynamic_conv_c28(%x: tensor<1x5x2xf32>, %k: tensor<3x2x3xf32>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(convolution_c28)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2xf32>, tensor<3x2x3xf32>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// ... and a quantized lhs a quantized result (c28).
func.func @dynamic_conv_c28_lhs(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, %p: tensor<1x2xi64>) -> tensor<1x3x3xf32> {
  // expected-error @+1 {{(convolution_c28)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<1x2xi64>) -> tensor<1x3x3xf32>
  return %0 : tensor<1x3x3xf32>
}

// -----

// A per-axis rhs along the kernel output features (c29).
func.func @dynamic_conv_c29(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{kernel output feature dimension 2 (convolution_c29)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0}>>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// A per-axis result along the output features (c30).
func.func @dynamic_conv_c30(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>> {
  // expected-error @+1 {{output feature dimension 2 (convolution_c30)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0}>>
}

// -----

// One storage type for lhs and rhs (c31).
func.func @dynamic_conv_c31(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i16:f32, 0.5:0>>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(convolution_c31)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i16:f32, 0.5:0>>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// One expressed type (c32).
func.func @dynamic_conv_c32(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f16, 0.5:0>>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{(convolution_c32)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f16, 0.5:0>>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// A per-tensor rhs gives a per-tensor result (c33).
func.func @dynamic_conv_c33(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, %k: tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, %p: tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>> {
  // expected-error @+1 {{(convolution_c33)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<1x2xi64>) -> tensor<1x3x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>
  return %0 : tensor<1x3x3x!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0}>>
}

// -----

// Hybrid: the lhs and result element type is the rhs's expressed type (c34).
func.func @dynamic_conv_c34(%x: tensor<1x5x2xf32>, %k: tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, %p: tensor<1x2xi64>) -> tensor<1x3x3xf16> {
  // expected-error @+1 {{(convolution_c34)}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2xf32>, tensor<3x2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<1x2xi64>) -> tensor<1x3x3xf16>
  return %0 : tensor<1x3x3xf16>
}

// -----

// Not quantized: one element type (convolution_c27).
func.func @dynamic_conv_c27(%x: tensor<1x5x2xf32>, %k: tensor<3x2x3xf16>, %p: tensor<1x2xi64>) -> tensor<1x3x3xf32> {
  // expected-error @+1 {{lhs, rhs and result must have the same element type}}
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x5x2xf32>, tensor<3x2x3xf16>, tensor<1x2xi64>) -> tensor<1x3x3xf32>
  return %0 : tensor<1x3x3xf32>
}

// -----

func.func @transpose_c4(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>> {
  // expected-error @+1 {{(transpose_c4)}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0}>>
}

// -----

func.func @broadcast_in_dim_c6(%x: tensor<3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>> {
  // expected-error @+1 {{(broadcast_in_dim_c6)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>
  return %0 : tensor<3x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>
}

// -----

func.func @reshape_c3(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>> {
  // expected-error @+1 {{(reshape_c3)}}
  %0 = stablehlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 1.0:0}>>
}

// -----

// slice_c1: the element type (scales, zero points) is kept.
func.func @slice_c1(%x: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>> {
  // expected-error @+1 {{(slice_c1)}}
  %0 = stablehlo.slice %x [0:2] : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.25:0>>
}

// -----

// An op whose spec takes no quantized tensors.
func.func @not_quantizable(%x: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+1 {{operand #0 must be}}
  %0 = stablehlo.popcnt %x : tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:0>>
}
