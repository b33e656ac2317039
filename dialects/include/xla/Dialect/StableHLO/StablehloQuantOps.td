//===- StablehloQuantOps.td - quantization ops ---------------------------===//
//
// `uniform_quantize` and `uniform_dequantize`: the conversions between
// float tensors and quantized tensors (`!quant.uniform` elements). Their
// constraints, and those of quantized operands of the other ops, are
// checked in lib/StableHLO/StablehloQuantization.cpp; the quantized ops are
// rewritten into integer/float StableHLO by `xla-lower-quantized`
// (lowering/src/quantization.rs).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_QUANT_OPS
#define XLA_STABLEHLO_QUANT_OPS

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure]> {
  let summary = "Quantizes a float tensor, or requantizes a quantized one.";
  let description = [{
    Float operand: `result = clamp(storage_min, round_nearest_even(x / scale
    + zero_point), storage_max)` per element, with the scale and zero point of
    the element's slice along the quantization dimension for per-axis types
    (the spec's `quantize`; the clamp comes before the rounding, on float
    values). Quantized operand: `quantize(dequantize(operand), type(result))`.

    ```mlir
    %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$operand);
  let results = (outs HLO_QuantizedTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize", [Pure]> {
  let summary = "Converts a quantized tensor to its expressed float type.";
  let description = [{
    `result = (storage - zero_point) * scale` per element, in the expressed
    type (the spec's `dequantize`).

    ```mlir
    %x = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_QuantizedTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

#endif // XLA_STABLEHLO_QUANT_OPS
