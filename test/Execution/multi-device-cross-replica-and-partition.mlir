// cross_replica_and_partition (a channel, no use_global_device_ids) on 2
// replicas x 2 partitions: the order of the members of a process group.
// The StableHLO spec:
//   for replica_group in replica_groups:
//     for partition_id in partition_ids:
//       for replica_id in replica_group:
//         process_group.append((replica_id, partition_id))
// so replica_groups [[1, 0]] is the group (1,0), (0,0), (1,1), (0,1) =
// devices [2, 0, 3, 1], and [[0, 1]] is [0, 2, 1, 3]. Device d's operand
// v_d is row d of [[1, 2], [10, 20], [100, 200], [1000, 2000]]; w_d is
// (d + 1) * [1, 10, 100, 1000].
//
//  [0] all_gather, groups [[1, 0]]: [v2, v0, v3, v1] on every device.
//  [1] all_gather, empty groups (all replicas, [0, 1]): [v0, v2, v1, v3].
//  [2] reduce_scatter add, groups [[0, 1]] (group [0, 2, 1, 3]): the sum is
//      10 * [1, 10, 100, 1000]; chunk k goes to the k-th member: device 0
//      gets 10, device 2 100, device 1 1000, device 3 10000.

// Regression test: the groups were ordered replica-major ([2, 3, 0, 1] for [[1, 0]]).

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4x8xi32> = {{\[\[}}100, 200, 1, 2, 1000, 2000, 10, 20], [100, 200, 1, 2, 1000, 2000, 10, 20], [100, 200, 1, 2, 1000, 2000, 10, 20], [100, 200, 1, 2, 1000, 2000, 10, 20]]
// CHECK-NEXT: result[1]: tensor<4x8xi32> = {{\[\[}}1, 2, 100, 200, 10, 20, 1000, 2000], [1, 2, 100, 200, 10, 20, 1000, 2000], [1, 2, 100, 200, 10, 20, 1000, 2000], [1, 2, 100, 200, 10, 20, 1000, 2000]]
// CHECK-NEXT: result[2]: tensor<4x1xi32> = {{\[\[}}10], [1000], [100], [10000]]

module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 2 : i32} {
  func.func @main() -> (tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x1xi32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %np = stablehlo.constant dense<2> : tensor<ui32>
    %rp = stablehlo.multiply %rid, %np : tensor<ui32>
    %dev = stablehlo.add %rp, %pid : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %t1 = stablehlo.constant dense<[[1,2],[10,20],[100,200],[1000,2000]]> : tensor<4x2xi32>
    %s2 = stablehlo.dynamic_slice %t1, %d, %z, sizes = [1, 2] : (tensor<4x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %x3 = stablehlo.reshape %s2 : (tensor<1x2xi32>) -> tensor<2xi32>
    // [0] all_gather, cross_replica_and_partition (channel, no use_global_device_ids), replica_groups [[1, 0]]:
    // spec: for each partition, for each replica of the group: (1,0), (0,0), (1,1), (0,1) = devices [2, 0, 3, 1]
    %o4 = "stablehlo.all_gather"(%x3) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<8xi32>
    %r5 = stablehlo.reshape %o4 : (tensor<8xi32>) -> tensor<1x8xi32>
    %g6 = "stablehlo.all_gather"(%r5) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8xi32>) -> tensor<4x8xi32>
    // [1] all_gather, cross_replica_and_partition, empty replica_groups: one group (0,0), (1,0), (0,1), (1,1) = [0, 2, 1, 3]
    %o7 = "stablehlo.all_gather"(%x3) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 103, type = 1>, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2xi32>) -> tensor<8xi32>
    %r8 = stablehlo.reshape %o7 : (tensor<8xi32>) -> tensor<1x8xi32>
    %g9 = "stablehlo.all_gather"(%r8) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 104, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8xi32>) -> tensor<4x8xi32>
    // [2] reduce_scatter add, cross_replica_and_partition, replica_groups [[0, 1]]: the group is [0, 2, 1, 3]; chunk k goes to its k-th member
    %t10 = stablehlo.constant dense<[[1,10,100,1000],[2,20,200,2000],[3,30,300,3000],[4,40,400,4000]]> : tensor<4x4xi32>
    %s11 = stablehlo.dynamic_slice %t10, %d, %z, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %x12 = stablehlo.reshape %s11 : (tensor<1x4xi32>) -> tensor<4xi32>
    %o13 = "stablehlo.reduce_scatter"(%x12) <{channel_handle = #stablehlo.channel_handle<handle = 105, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<4xi32>) -> tensor<1xi32>
    %r14 = stablehlo.reshape %o13 : (tensor<1xi32>) -> tensor<1x1xi32>
    %g15 = "stablehlo.all_gather"(%r14) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 106, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x1xi32>) -> tensor<4x1xi32>
    return %g6, %g9, %g15 : tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x1xi32>
  }
}

