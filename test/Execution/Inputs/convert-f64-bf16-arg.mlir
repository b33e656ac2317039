func.func @main(%x: tensor<8xf64>) -> tensor<8xbf16> {
  %r = stablehlo.convert %x : (tensor<8xf64>) -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}
