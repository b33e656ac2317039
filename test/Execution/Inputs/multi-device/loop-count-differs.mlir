// Device d runs d + 1 trips of a loop with an all_reduce in its body:
// device 0 ends its program after one, the others wait in their second.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %d = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %w:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
      cond {
        %c = stablehlo.compare LE, %i, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %s = "stablehlo.all_reduce"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %t = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %t : tensor<f32>
        }) : (tensor<4xf32>) -> tensor<4xf32>
        %i1 = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %i1, %s : tensor<i32>, tensor<4xf32>
      }
    return %w#1 : tensor<4xf32>
  }
}
