// xla-fuzz-self-test: spin
// With --self-test, xla-fuzz runs this program "for ever" (an execution timeout, not a bug).
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.subtract %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
