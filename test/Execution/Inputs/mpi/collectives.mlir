// Every kind of collective over the 4 partitions: all_reduce, all_gather,
// collective_permute (device 3 receives nothing: zeros), reduce_scatter.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<8xf32>, tensor<2xf32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.convert %pid : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %y = stablehlo.add %x, %b : tensor<8xf32>
    %s = "stablehlo.all_reduce"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %bb: tensor<f32>):
        %r = stablehlo.add %a, %bb : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<8xf32>
    %y2 = stablehlo.reshape %y : (tensor<8xf32>) -> tensor<1x8xf32>
    %g = "stablehlo.all_gather"(%y2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %pi = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
    %p = "stablehlo.collective_permute"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3]]> : tensor<3x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
    %rs = "stablehlo.reduce_scatter"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %bb: tensor<f32>):
        %r = stablehlo.add %a, %bb : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<2xf32>
    return %s, %g, %pi, %p, %rs : tensor<8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<8xf32>, tensor<2xf32>
  }
}
