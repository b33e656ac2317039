module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<16xf32>
    %2 = stablehlo.tanh %arg1 : tensor<16xf32>
    %3 = stablehlo.select %0, %1, %2 : tensor<16xi1>, tensor<16xf32>
    return %3 : tensor<16xf32>
  }
}
