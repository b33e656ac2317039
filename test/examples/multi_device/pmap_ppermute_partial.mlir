module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) -> (tensor<4x6xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>] manual_axes={"i"} (%arg1: tensor<1x6xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x6xf32>) -> tensor<6xf32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %3 = stablehlo.multiply %1, %2 : tensor<6xf32>
      %4 = "stablehlo.collective_permute"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2], [1, 0]]> : tensor<2x2xi64>}> : (tensor<6xf32>) -> tensor<6xf32>
      %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %6 = stablehlo.add %4, %5 : tensor<6xf32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
      sdy.return %7 : tensor<1x6xf32>
    } : (tensor<4x6xf32>) -> tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
}
