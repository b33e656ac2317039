module @jit__uint_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xui64>, %arg1: tensor<8xui64>, %arg2: tensor<8xui64>) -> (tensor<8xui64> {jax.result_info = "result[0]"}, tensor<8xui64> {jax.result_info = "result[1]"}, tensor<8xui64> {jax.result_info = "result[2]"}, tensor<8xui64> {jax.result_info = "result[3]"}, tensor<8xui64> {jax.result_info = "result[4]"}, tensor<8xui64> {jax.result_info = "result[5]"}, tensor<8xi1> {jax.result_info = "result[6]"}, tensor<8xui64> {jax.result_info = "result[7]"}, tensor<8xui64> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8xui64>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<8xui64>
    %2 = stablehlo.shift_left %arg0, %arg2 : tensor<8xui64>
    %3 = stablehlo.shift_right_logical %arg0, %arg2 : tensor<8xui64>
    %4 = stablehlo.divide %arg0, %arg1 : tensor<8xui64>
    %5 = stablehlo.remainder %arg0, %arg1 : tensor<8xui64>
    %6 = stablehlo.compare LT, %arg0, %arg1, UNSIGNED : (tensor<8xui64>, tensor<8xui64>) -> tensor<8xi1>
    %7 = stablehlo.maximum %arg0, %arg1 : tensor<8xui64>
    %8 = stablehlo.subtract %arg1, %arg0 : tensor<8xui64>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<8xui64>, tensor<8xui64>, tensor<8xui64>, tensor<8xui64>, tensor<8xui64>, tensor<8xui64>, tensor<8xi1>, tensor<8xui64>, tensor<8xui64>
  }
}
