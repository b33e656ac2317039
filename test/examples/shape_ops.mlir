module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x2xf32>) -> (tensor<5x5xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}, tensor<2x3xf32> {jax.result_info = "result[2]"}, tensor<2x9xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.pad %arg0, %cst, low = [1, -1], high = [-1, 2], interior = [1, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x5xf32>
    %1 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x4xf32>
    %2 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x6xf32>
    %3 = stablehlo.slice %2 [0:3:2, 1:6:2] : (tensor<3x6xf32>) -> tensor<2x3xf32>
    %4 = stablehlo.transpose %2, dims = [1, 0] : (tensor<3x6xf32>) -> tensor<6x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<6x3xf32>) -> tensor<2x9xf32>
    return %0, %1, %3, %5 : tensor<5x5xf32>, tensor<3x4xf32>, tensor<2x3xf32>, tensor<2x9xf32>
  }
}
