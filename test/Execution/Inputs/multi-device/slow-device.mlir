// Device 1 computes for a while (600 sines of a million elements, about
// 3 s on one thread of a 2020s x86 core) before an all_reduce that device 0
// is already waiting in.
module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %slow = stablehlo.compare EQ, %p, %one : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %inc = stablehlo.constant dense<1> : tensor<i32>
    %trips0 = stablehlo.constant dense<0> : tensor<i32>
    %trips1 = stablehlo.constant dense<600> : tensor<i32>
    %trips = stablehlo.select %slow, %trips1, %trips0 : tensor<i1>, tensor<i32>
    %big = stablehlo.constant dense<1.0> : tensor<1000000xf32>
    %w:2 = stablehlo.while(%i = %zero, %v = %big) : tensor<i32>, tensor<1000000xf32>
      cond {
        %c = stablehlo.compare LT, %i, %trips : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %s = stablehlo.sine %v : tensor<1000000xf32>
        %i1 = stablehlo.add %i, %inc : tensor<i32>
        stablehlo.return %i1, %s : tensor<i32>, tensor<1000000xf32>
      }
    %s = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %s : tensor<4xf32>
  }
}
