module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>) -> (tensor<3x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.abs %arg0 : tensor<3x5xf32>
    %1 = stablehlo.negate %0 : tensor<3x5xf32>
    %2 = stablehlo.exponential %1 : tensor<3x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %4 = stablehlo.add %3, %2 : tensor<3x5xf32>
    %5 = stablehlo.log %4 : tensor<3x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %7 = stablehlo.maximum %arg0, %6 : tensor<3x5xf32>
    %8 = stablehlo.add %5, %7 : tensor<3x5xf32>
    return %8 : tensor<3x5xf32>
  }
}
