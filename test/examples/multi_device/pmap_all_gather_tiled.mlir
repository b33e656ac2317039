module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) -> (tensor<4x2x12xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}, {}]>] out_shardings=[<@mesh, [{"i"}, {}, {}]>] manual_axes={"i"} (%arg1: tensor<1x2x3xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
      %2 = "stablehlo.all_gather"(%1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x3xf32>) -> tensor<2x12xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x12xf32>
      %4 = stablehlo.add %2, %3 : tensor<2x12xf32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
      sdy.return %5 : tensor<1x2x12xf32>
    } : (tensor<4x2x3xf32>) -> tensor<4x2x12xf32>
    return %0 : tensor<4x2x12xf32>
  }
}
