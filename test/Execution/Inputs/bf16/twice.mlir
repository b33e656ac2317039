// x + x on bf16, for bf16-npy.test.
func.func @twice(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.add %x, %x : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
