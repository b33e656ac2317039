// xla-lower-quantized refuses what it cannot lower, at the op.
// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-lower-quantized

// An op of another dialect with a quantized type.
func.func @foreign(%x: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{'foo.use' has quantized operands or results, which only StableHLO ops and func.call/func.return may have}}
  "foo.use"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> ()
  return
}
