// Entry points with quantized parameters and results, for
// quantization-abi.test: quantized tensors cross the runtime ABI as their
// storage integers (.npy of int8 / uint8 / ...).

func.func @add(%a: tensor<8x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<8x!quant.uniform<i8:f32, 0.25:1>>)
    -> tensor<8x!quant.uniform<i8:f32, 1.0:-5>> {
  %r = stablehlo.add %a, %b : (tensor<8x!quant.uniform<i8:f32, 0.5:-3>>, tensor<8x!quant.uniform<i8:f32, 0.25:1>>)
         -> tensor<8x!quant.uniform<i8:f32, 1.0:-5>>
  func.return %r : tensor<8x!quant.uniform<i8:f32, 1.0:-5>>
}

func.func @quantize(%x: tensor<2x3xf32>)
    -> (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>, tensor<2x3xf32>) {
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>) -> tensor<2x3xf32>
  func.return %q, %d : tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>, tensor<2x3xf32>
}

func.func @dequantize_u8(%q: tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<2x3xf32> {
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<2x3xf32>
  func.return %d : tensor<2x3xf32>
}
