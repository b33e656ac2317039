// xla-fuzz-self-test: hang
// With --self-test, xla-fuzz stops making progress while parsing this.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
