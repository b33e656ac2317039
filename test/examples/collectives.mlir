module @jit_body attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<2x4xf32> {jax.result_info = "result[1]"}, tensor<2x4xf32> {jax.result_info = "result[2]"}, tensor<2x4xf32> {jax.result_info = "result[3]"}) {
    %0:4 = call @shmap_body(%arg0) : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
    return %0#0, %0#1, %0#2, %0#3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
  func.func private @shmap_body(%arg0: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "[('i',), None]"}, tensor<2x4xf32> {jax.result_info = "[('i',), None]"}, tensor<2x4xf32> {jax.result_info = "[('i',), None]"}, tensor<2x4xf32> {jax.result_info = "[('i',), None]"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %17 : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %c_0 = stablehlo.constant dense<1> : tensor<ui32>
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.divide %1, %c : tensor<ui32>
    %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
    %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
    %5 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %17 : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %6 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %7 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<0> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<2x4xf32>
    %10 = "stablehlo.reduce_scatter"(%9) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %17 : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %12 = stablehlo.multiply %0, %11 : tensor<2x4xf32>
    %13 = stablehlo.convert %4 : (tensor<i32>) -> tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %15 = stablehlo.add %12, %14 : tensor<2x4xf32>
    %16 = stablehlo.subtract %5, %6 : tensor<2x4xf32>
    return %15, %16, %7, %10 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
}
