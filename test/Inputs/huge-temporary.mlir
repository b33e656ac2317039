// A temporary of 4e14 bytes (10^7 x 10^7 f32): larger than any machine's
// memory and address space, so malloc fails wherever the test runs.
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<10000000x10000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<10000000x10000000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
