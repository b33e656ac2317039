func.func @main(%a: tensor<2xui32>) -> tensor<2xui32> {
  %0 = stablehlo.add %a, %a : tensor<2xui32>
  return %0 : tensor<2xui32>
}
