module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) -> (tensor<4x6xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>] manual_axes={"i"} (%arg1: tensor<1x6xi32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x6xi32>) -> tensor<6xi32>
      %c = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %3 = stablehlo.multiply %1, %2 : tensor<6xi32>
      %c_0 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %5 = stablehlo.add %3, %4 : tensor<6xi32>
      %6 = "stablehlo.all_reduce"(%5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        %8 = stablehlo.add %arg2, %arg3 : tensor<i32>
        stablehlo.return %8 : tensor<i32>
      }) : (tensor<6xi32>) -> tensor<6xi32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<6xi32>) -> tensor<1x6xi32>
      sdy.return %7 : tensor<1x6xi32>
    } : (tensor<4x6xi32>) -> tensor<4x6xi32>
    return %0 : tensor<4x6xi32>
  }
}
