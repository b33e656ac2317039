module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i1>, %arg1: tensor<3x4xf32>, %arg2: tensor<4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %2 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
      %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
      %4 = stablehlo.multiply %arg1, %3 : tensor<3x4xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
      %6 = stablehlo.subtract %4, %5 : tensor<3x4xf32>
      stablehlo.return %6 : tensor<3x4xf32>
    }, {
      %2 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
      %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
      %4 = stablehlo.add %arg1, %3 : tensor<3x4xf32>
      stablehlo.return %4 : tensor<3x4xf32>
    }) : (tensor<i32>) -> tensor<3x4xf32>
    return %1 : tensor<3x4xf32>
  }
}
