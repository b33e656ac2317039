// Scalar work only: no kernels on the GPU (test/GPU/control-flow.mlir).
func.func @scalar(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %a, %b : tensor<f32>
  return %0 : tensor<f32>
}
