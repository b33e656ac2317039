// collective_permute to partition 4 of 4.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %g = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 4]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    return %g : tensor<4xf32>
  }
}
