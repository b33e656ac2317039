// Device 1 loops for ever before the all_reduce.
module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %stuck = stablehlo.compare EQ, %p, %one : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %w:2 = stablehlo.while(%i = %stuck, %y = %x) : tensor<i1>, tensor<4xf32>
      cond {
        stablehlo.return %i : tensor<i1>
      } do {
        %y2 = stablehlo.add %y, %y : tensor<4xf32>
        stablehlo.return %i, %y2 : tensor<i1>, tensor<4xf32>
      }
    %s = "stablehlo.all_reduce"(%w#1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %s : tensor<4xf32>
  }
}
