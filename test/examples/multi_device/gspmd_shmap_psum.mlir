module @jit__lambda attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x3xf32>) -> (tensor<8x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %2 = call @shmap_body(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %4 : tensor<8x3xf32>
  }
  func.func private @shmap_body(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "[('i',), None]"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<2x3xf32>
    %3 = stablehlo.add %2, %arg0 : tensor<2x3xf32>
    return %3 : tensor<2x3xf32>
  }
}
