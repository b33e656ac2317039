// z = x * y (y broadcast along the rows) and the row sums of x, compiled
// with column-major x and z at the AOT boundary (aot.test).
func.func public @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %b = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %z = stablehlo.multiply %x, %b : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %z, %s : tensor<2x3xf32>, tensor<2xf32>
}
