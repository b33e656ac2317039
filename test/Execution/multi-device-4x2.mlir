// 4 replicas x 2 partitions (8 devices; device = replica * 2 + partition):
// all_gather of each device's id with replica_groups [[3, 1], [0, 2]],
// cross_replica_and_partition (a channel) and cross_replica (none); results
// are all_gathers of every device's result (row d = device d).
//
//  [0] cross_replica_and_partition: for each partition, the group's replicas
//      in order: [[3, 1]] -> (3,0), (1,0), (3,1), (1,1) = [6, 2, 7, 3] on
//      devices 2, 3, 6, 7; [[0, 2]] -> [0, 4, 1, 5] on devices 0, 1, 4, 5.
//  [1] cross_replica: per partition p, [3, 1] -> [6 + p, 2 + p] and
//      [0, 2] -> [p, 4 + p].

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<8x4xi32> = {{\[\[}}0, 4, 1, 5], [0, 4, 1, 5], [6, 2, 7, 3], [6, 2, 7, 3], [0, 4, 1, 5], [0, 4, 1, 5], [6, 2, 7, 3], [6, 2, 7, 3]]
// CHECK-NEXT: result[1]: tensor<8x2xi32> = {{\[\[}}0, 4], [1, 5], [6, 2], [7, 3], [0, 4], [1, 5], [6, 2], [7, 3]]

module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 4 : i32} {
  func.func @main() -> (tensor<8x4xi32>, tensor<8x2xi32>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %r = stablehlo.replica_id : tensor<ui32>
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %rp = stablehlo.multiply %r, %two : tensor<ui32>
    %dev = stablehlo.add %rp, %p : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %d1 = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
    %g = "stablehlo.all_gather"(%d1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<1xi32>) -> tensor<4xi32>
    %g1 = stablehlo.reshape %g : (tensor<4xi32>) -> tensor<1x4xi32>
    %all = "stablehlo.all_gather"(%g1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<8x4xi32>
    %h = "stablehlo.all_gather"(%d1) <{all_gather_dim = 0 : i64, replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<1xi32>) -> tensor<2xi32>
    %h1 = stablehlo.reshape %h : (tensor<2xi32>) -> tensor<1x2xi32>
    %allh = "stablehlo.all_gather"(%h1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<8x2xi32>
    return %all, %allh : tensor<8x4xi32>, tensor<8x2xi32>
  }
}
