module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4x1xf32>) -> (tensor<4x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<4x8xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %4 = stablehlo.add %2, %3 : tensor<4x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %6 = stablehlo.maximum %4, %5 : tensor<4x8xf32>
    return %6 : tensor<4x8xf32>
  }
}
