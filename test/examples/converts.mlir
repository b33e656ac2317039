module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<8xi32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf16> {jax.result_info = "result[1]"}, tensor<16xi32> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}, tensor<16xi1> {jax.result_info = "result[4]"}, tensor<8xi1> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}, tensor<8xi32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xbf16>
    %1 = stablehlo.convert %0 : (tensor<16xbf16>) -> tensor<16xf32>
    %2 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xf16>
    %3 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xi32>
    %4 = stablehlo.convert %arg1 : (tensor<8xi32>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.compare NE, %arg0, %5, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %7 = stablehlo.convert %6 : tensor<16xi1>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %9 = stablehlo.compare NE, %arg1, %8, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %10 = stablehlo.convert %9 : tensor<8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.compare GT, %arg0, %11, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %13 = stablehlo.convert %12 : (tensor<16xi1>) -> tensor<16xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %15 = stablehlo.compare GT, %arg1, %14, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %16 = stablehlo.convert %15 : (tensor<8xi1>) -> tensor<8xi32>
    return %1, %2, %3, %4, %7, %10, %13, %16 : tensor<16xf32>, tensor<16xf16>, tensor<16xi32>, tensor<8xf32>, tensor<16xi1>, tensor<8xi1>, tensor<16xf32>, tensor<8xi32>
  }
}
