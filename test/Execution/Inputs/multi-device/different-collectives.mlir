// Device 1 runs an all_gather where the others run an all_reduce of the
// same operand (3 elements: the all_reduce gathers, then folds).
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %other = stablehlo.compare EQ, %p, %one : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %r = "stablehlo.if"(%other) ({
      %g = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<3xf32>) -> tensor<12xf32>
      %s = stablehlo.slice %g [0:3] : (tensor<12xf32>) -> tensor<3xf32>
      stablehlo.return %s : tensor<3xf32>
    }, {
      %s = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) : (tensor<3xf32>) -> tensor<3xf32>
      stablehlo.return %s : tensor<3xf32>
    }) : (tensor<i1>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
