// Device 2 loops (practically) for ever before the all_reduce; the others
// wait in it until the collective timeout.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
    %pid = stablehlo.partition_id : tensor<ui32>
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %slow = stablehlo.compare EQ, %pid, %two : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %long = stablehlo.constant dense<1000000000000> : tensor<i64>
    %zero = stablehlo.constant dense<0> : tensor<i64>
    %n = stablehlo.select %slow, %long, %zero : tensor<i1>, tensor<i64>
    %w:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i64>, tensor<8xf32>
      cond {
        %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %one = stablehlo.constant dense<1> : tensor<i64>
        %i2 = stablehlo.add %i, %one : tensor<i64>
        %half = stablehlo.constant dense<0.5> : tensor<8xf32>
        %a2 = stablehlo.multiply %acc, %half : tensor<8xf32>
        stablehlo.return %i2, %a2 : tensor<i64>, tensor<8xf32>
      }
    %s = "stablehlo.all_reduce"(%w#1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<8xf32>
    return %s : tensor<8xf32>
  }
}
