// Complex remainder: verified, but not lowered (no CPU lowering yet).
func.func @main(%x: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
  %c = stablehlo.complex %x, %x : tensor<2xcomplex<f32>>
  %0 = stablehlo.remainder %c, %c : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
