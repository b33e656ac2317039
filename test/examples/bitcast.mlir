module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6x4xui8> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<6xf32>) -> tensor<6xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6xi32>
    %3 = stablehlo.bitcast_convert %2 : (tensor<6xi32>) -> tensor<6xf32>
    %4 = stablehlo.bitcast_convert %arg0 : (tensor<6xf32>) -> tensor<6x4xui8>
    return %0, %3, %4 : tensor<6xi32>, tensor<6xf32>, tensor<6x4xui8>
  }
}
