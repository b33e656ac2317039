// Device 2 takes an all_gather where the others take an all_reduce (whose
// first exchange is an all_to_all): the devices disagree on the collective.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
    %pid = stablehlo.partition_id : tensor<ui32>
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %skip = stablehlo.compare EQ, %pid, %two : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %r = "stablehlo.if"(%skip) ({
      %x2 = stablehlo.reshape %x : (tensor<8xf32>) -> tensor<1x8xf32>
      %g = "stablehlo.all_gather"(%x2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8xf32>) -> tensor<4x8xf32>
      %g2 = stablehlo.slice %g [0:1, 0:8] : (tensor<4x8xf32>) -> tensor<1x8xf32>
      %g3 = stablehlo.reshape %g2 : (tensor<1x8xf32>) -> tensor<8xf32>
      stablehlo.return %g3 : tensor<8xf32>
    }, {
      %s = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %t = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %t : tensor<f32>
        }) : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %s : tensor<8xf32>
    }) : (tensor<i1>) -> tensor<8xf32>
    return %r : tensor<8xf32>
  }
}
