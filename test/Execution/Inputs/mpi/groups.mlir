// Two replicas × two partitions (device = replica * 2 + partition), process
// groups smaller than the world, and values whose float sums depend on the
// order of the additions (1e8 + 1 − 1e8): an MPI run must fold them in the
// same order as the in-process run.
module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<ui32>) {
    %rid = stablehlo.replica_id : tensor<ui32>
    %pid = stablehlo.partition_id : tensor<ui32>
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %r2 = stablehlo.multiply %rid, %two : tensor<ui32>
    %dev = stablehlo.add %r2, %pid : tensor<ui32>
    %df = stablehlo.convert %dev : (tensor<ui32>) -> tensor<f32>
    %big = stablehlo.constant dense<1.0e8> : tensor<f32>
    %odd = stablehlo.remainder %dev, %two : tensor<ui32>
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %isodd = stablehlo.compare EQ, %odd, %one : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %nbig = stablehlo.negate %big : tensor<f32>
    %sc = stablehlo.select %isodd, %nbig, %big : tensor<i1>, tensor<f32>
    %sc2 = stablehlo.add %sc, %df : tensor<f32>
    %b = stablehlo.broadcast_in_dim %sc2, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %y = stablehlo.add %x, %b : tensor<4x4xf32>
    // Sum over the world, gather in the pairs {0, 3} and {2, 1}, all_to_all and permute between the partitions of each replica.
    %s = "stablehlo.all_reduce"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[3, 1, 2, 0]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %bb: tensor<f32>):
        %r = stablehlo.add %a, %bb : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %g = "stablehlo.all_gather"(%y) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 3], [2, 1]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4x4xf32>) -> tensor<8x4xf32>
    %t = "stablehlo.all_to_all"(%y) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<4x4xf32>) -> tensor<8x2xf32>
    %t2 = stablehlo.reshape %t : (tensor<8x2xf32>) -> tensor<4x4xf32>
    %p = "stablehlo.collective_permute"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = stablehlo.maximum %s, %p : tensor<4x4xf32>
    return %s, %g, %t2, %m, %dev : tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<ui32>
  }
}
