// Quantized tensors across host transfers travel as their storage integers
// (xla-lower-quantized retypes them; see ../../quantization-host-transfer.test):
// an infeed of !quant.uniform<i8:f32, 0.5:-3> storage, a quantized add
// (dequantize, add, quantize), an outfeed of the sum, a recv of a
// !quant.uniform<ui8:f32, 0.25:10> tensor requantized to the first type and
// sent to the host, and a quantized @Sharding custom_call (an identity).
func.func @main() -> tensor<3x!quant.uniform<i8:f32, 0.5:-3>> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %a, %t1 = "stablehlo.infeed"(%t0) : (!stablehlo.token) -> (tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, !stablehlo.token)
  %c = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{replicated}"}
      : (tensor<3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-3>>
  %s = stablehlo.add %c, %a : tensor<3x!quant.uniform<i8:f32, 0.5:-3>>
  %t2 = "stablehlo.outfeed"(%s, %t1) : (tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, !stablehlo.token) -> !stablehlo.token
  %r, %t3 = "stablehlo.recv"(%t2) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}>
      : (!stablehlo.token) -> (tensor<3x!quant.uniform<ui8:f32, 0.25:10>>, !stablehlo.token)
  %q = stablehlo.uniform_quantize %r : (tensor<3x!quant.uniform<ui8:f32, 0.25:10>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-3>>
  %t4 = "stablehlo.send"(%q, %t3) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 2>, is_host_transfer = true}>
      : (tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, !stablehlo.token) -> !stablehlo.token
  return %s : tensor<3x!quant.uniform<i8:f32, 0.5:-3>>
}
