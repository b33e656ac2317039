// Returns its argument unchanged (x * 1.0 is exact): lets a test read back a
// .npy file that xla-run wrote and compare it with --expect.
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %one : tensor<8xf32>
  return %0 : tensor<8xf32>
}
