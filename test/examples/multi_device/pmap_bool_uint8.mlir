module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, %arg1: tensor<4x8xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) -> (tensor<4x8xi32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, tensor<4x8xi1> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, tensor<4x8xi1> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, tensor<4x8xui8> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) {
    %0:4 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}]>] manual_axes={"i"} (%arg2: tensor<1x8xi1>, %arg3: tensor<1x8xui8>) {
      %1 = stablehlo.reshape %arg2 : (tensor<1x8xi1>) -> tensor<8xi1>
      %2 = stablehlo.reshape %arg3 : (tensor<1x8xui8>) -> tensor<8xui8>
      %3 = stablehlo.convert %1 : (tensor<8xi1>) -> tensor<8xi32>
      %4 = "stablehlo.all_reduce"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
        %12 = stablehlo.add %arg4, %arg5 : tensor<i32>
        stablehlo.return %12 : tensor<i32>
      }) : (tensor<8xi32>) -> tensor<8xi32>
      %5 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<i1>, %arg5: tensor<i1>):
        %12 = stablehlo.maximum %arg4, %arg5 : tensor<i1>
        stablehlo.return %12 : tensor<i1>
      }) : (tensor<8xi1>) -> tensor<8xi1>
      %6 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<i1>, %arg5: tensor<i1>):
        %12 = stablehlo.minimum %arg4, %arg5 : tensor<i1>
        stablehlo.return %12 : tensor<i1>
      }) : (tensor<8xi1>) -> tensor<8xi1>
      %7 = "stablehlo.all_reduce"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<ui8>, %arg5: tensor<ui8>):
        %12 = stablehlo.add %arg4, %arg5 : tensor<ui8>
        stablehlo.return %12 : tensor<ui8>
      }) : (tensor<8xui8>) -> tensor<8xui8>
      %8 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<8xi32>) -> tensor<1x8xi32>
      %9 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<8xi1>) -> tensor<1x8xi1>
      %10 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<8xi1>) -> tensor<1x8xi1>
      %11 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<8xui8>) -> tensor<1x8xui8>
      sdy.return %8, %9, %10, %11 : tensor<1x8xi32>, tensor<1x8xi1>, tensor<1x8xi1>, tensor<1x8xui8>
    } : (tensor<4x8xi1>, tensor<4x8xui8>) -> (tensor<4x8xi32>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xui8>)
    return %0#0, %0#1, %0#2, %0#3 : tensor<4x8xi32>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xui8>
  }
}
