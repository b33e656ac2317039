// A result whose byte size overflows usize: rejected before allocation.
func.func @main() -> tensor<4000000000x4000000000xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4000000000x4000000000xf32>
  return %0 : tensor<4000000000x4000000000xf32>
}
