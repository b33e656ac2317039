module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<8xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
