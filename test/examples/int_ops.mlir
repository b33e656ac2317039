module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> (tensor<6xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<6xi32>
    %c = stablehlo.constant dense<7> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6xi32>
    %3 = stablehlo.subtract %arg0, %arg1 : tensor<6xi32>
    %4 = stablehlo.minimum %2, %3 : tensor<6xi32>
    return %4 : tensor<6xi32>
  }
}
