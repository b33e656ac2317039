// Process-group modes on 2 replicas x 2 partitions (mhlo.num_replicas = 2,
// mhlo.num_partitions = 2): device d = replica * 2 + partition, so devices
// 0, 1, 2, 3 are (replica, partition) (0,0), (0,1), (1,0), (1,1). Device d's
// operand v_d is row d of [[1, 2], [10, 20], [100, 200], [1000, 2000]]
// (picked with the flattened id computed from replica_id and partition_id);
// each result is the all_gather (flattened ids) of every device's result.
//
// Expected values by hand from the StableHLO spec's process groups:
// cross_replica(groups) = for each partition, each group of replica ids;
// cross_partition(groups) = for each replica, each group of partition ids;
// cross_replica_and_partition(groups) = for each group, for each partition,
// the group's replicas in order (see multi-device-cross-replica-and-partition.mlir);
// flattened_ids = the groups as they are. Collectives take the group's
// order: all_gather concatenates in it, all_to_all's chunk k goes to the
// k-th member, collective_broadcast sends the first member's value.
//
//  [0]  replica ids [0, 0, 1, 1]; [1] partition ids [0, 1, 0, 1].
//  [2]  cross_replica add over {0, 2} and {1, 3}: v0 + v2 = [101, 202],
//       v1 + v3 = [1010, 2020].
//  [3]  cross_replica all_gather, groups [[1, 0]]: partition 0 -> [v2, v0],
//       partition 1 -> [v3, v1].
//  [4]  cross_replica_and_partition, groups [[0], [1]]: [v0, v1] for
//       devices 0 and 1, [v2, v3] for 2 and 3.
//  [5]  flattened_ids [[3, 1], [2, 0]], "return the left operand": v3 on 3
//       and 1, v2 on 2 and 0.
//  [6]  flattened_ids [[3, 1], [2, 0]] all_gather: [v3, v1] and [v2, v0].
//  [7]  cross_replica, empty groups (all replicas): [v0, v2] and [v1, v3].
//  [8]  cross_replica_and_partition [[1, 0]], "return the left operand":
//       the group [2, 0, 3, 1] starts with device 2: v2 everywhere.
//  [9]  all_to_all with a channel (cross_partition), partition groups
//       [[1, 0]]: groups [1, 0] and [3, 2]; the member at position k gets
//       chunk k (element k) of each member in order: device 1 [10, 1],
//       device 0 [20, 2], device 3 [1000, 100], device 2 [2000, 200].
//  [10] all_to_all without channel (cross_replica), groups [[0, 1]]: groups
//       [0, 2] and [1, 3]: device 0 [1, 100], 2 [2, 200], 1 [10, 1000],
//       3 [20, 2000].
//  [11] collective_permute with a channel, partition pairs [[0, 1]]: 0 -> 1
//       and 2 -> 3; devices 0 and 2 receive zeros.
//  [12] collective_permute without channel, replica pairs [[1, 0]]: 2 -> 0,
//       3 -> 1; devices 2 and 3 receive zeros.
//  [13] collective_broadcast with a channel, [[1, 0]]: v1 on replica 0's
//       devices, v3 on replica 1's.
//  [14] collective_broadcast without channel, [[1, 0]]: v2 on partition 0's
//       devices (0, 2), v3 on partition 1's (1, 3).

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4xi32> = [0, 0, 1, 1]
// CHECK-NEXT: result[1]: tensor<4xi32> = [0, 1, 0, 1]
// CHECK-NEXT: result[2]: tensor<4x2xi32> = {{\[\[}}101, 202], [1010, 2020], [101, 202], [1010, 2020]]
// CHECK-NEXT: result[3]: tensor<4x4xi32> = {{\[\[}}100, 200, 1, 2], [1000, 2000, 10, 20], [100, 200, 1, 2], [1000, 2000, 10, 20]]
// CHECK-NEXT: result[4]: tensor<4x4xi32> = {{\[\[}}1, 2, 10, 20], [1, 2, 10, 20], [100, 200, 1000, 2000], [100, 200, 1000, 2000]]
// CHECK-NEXT: result[5]: tensor<4x2xi32> = {{\[\[}}100, 200], [1000, 2000], [100, 200], [1000, 2000]]
// CHECK-NEXT: result[6]: tensor<4x4xi32> = {{\[\[}}100, 200, 1, 2], [1000, 2000, 10, 20], [100, 200, 1, 2], [1000, 2000, 10, 20]]
// CHECK-NEXT: result[7]: tensor<4x4xi32> = {{\[\[}}1, 2, 100, 200], [10, 20, 1000, 2000], [1, 2, 100, 200], [10, 20, 1000, 2000]]
// CHECK-NEXT: result[8]: tensor<4x2xi32> = {{\[\[}}100, 200], [100, 200], [100, 200], [100, 200]]
// CHECK-NEXT: result[9]: tensor<4x2xi32> = {{\[\[}}20, 2], [10, 1], [2000, 200], [1000, 100]]
// CHECK-NEXT: result[10]: tensor<4x2xi32> = {{\[\[}}1, 100], [10, 1000], [2, 200], [20, 2000]]
// CHECK-NEXT: result[11]: tensor<4x2xi32> = {{\[\[}}0, 0], [1, 2], [0, 0], [100, 200]]
// CHECK-NEXT: result[12]: tensor<4x2xi32> = {{\[\[}}100, 200], [1000, 2000], [0, 0], [0, 0]]
// CHECK-NEXT: result[13]: tensor<4x2xi32> = {{\[\[}}10, 20], [10, 20], [1000, 2000], [1000, 2000]]
// CHECK-NEXT: result[14]: tensor<4x2xi32> = {{\[\[}}100, 200], [1000, 2000], [100, 200], [1000, 2000]]

module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 2 : i32} {
  func.func @main() -> (tensor<4xi32>, tensor<4xi32>, tensor<4x2xi32>, tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x2xi32>, tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %np = stablehlo.constant dense<2> : tensor<ui32>
    %rp = stablehlo.multiply %rid, %np : tensor<ui32>
    %dev = stablehlo.add %rp, %pid : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    // [0] replica_id, [1] partition_id of devices 0..3 (device = replica * 2 + partition)
    %c1 = stablehlo.convert %rid : (tensor<ui32>) -> tensor<i32>
    %r2 = stablehlo.reshape %c1 : (tensor<i32>) -> tensor<1xi32>
    %g3 = "stablehlo.all_gather"(%r2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<4xi32>
    %c4 = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
    %r5 = stablehlo.reshape %c4 : (tensor<i32>) -> tensor<1xi32>
    %g6 = "stablehlo.all_gather"(%r5) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<4xi32>
    %t7 = stablehlo.constant dense<[[1,2],[10,20],[100,200],[1000,2000]]> : tensor<4x2xi32>
    %s8 = stablehlo.dynamic_slice %t7, %d, %z, sizes = [1, 2] : (tensor<4x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %x9 = stablehlo.reshape %s8 : (tensor<1x2xi32>) -> tensor<2xi32>
    // [2] all_reduce add, cross_replica (no channel), replica_groups [[0, 1]]: groups {0, 2} and {1, 3}
    %o10 = "stablehlo.all_reduce"(%x9) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    %r11 = stablehlo.reshape %o10 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g12 = "stablehlo.all_gather"(%r11) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 103, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [3] all_gather, cross_replica, replica_groups [[1, 0]]: [2, 0] and [3, 1], in that order
    %o13 = "stablehlo.all_gather"(%x9) <{all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<4xi32>
    %r14 = stablehlo.reshape %o13 : (tensor<4xi32>) -> tensor<1x4xi32>
    %g15 = "stablehlo.all_gather"(%r14) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 104, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    // [4] all_gather, cross_replica_and_partition, replica_groups [[0], [1]]: [0, 1] and [2, 3]
    %o16 = "stablehlo.all_gather"(%x9) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 105, type = 1>, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>}> : (tensor<2xi32>) -> tensor<4xi32>
    %r17 = stablehlo.reshape %o16 : (tensor<4xi32>) -> tensor<1x4xi32>
    %g18 = "stablehlo.all_gather"(%r17) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 106, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    // [5] all_reduce "return the left operand", flattened_ids, replica_groups [[3, 1], [2, 0]]: devices 3 and 1 get device 3's value, 2 and 0 device 2's
    %o19 = "stablehlo.all_reduce"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 107, type = 1>, replica_groups = dense<[[3, 1], [2, 0]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      stablehlo.return %a : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    %r20 = stablehlo.reshape %o19 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g21 = "stablehlo.all_gather"(%r20) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 108, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [6] all_gather, flattened_ids, replica_groups [[3, 1], [2, 0]]
    %o22 = "stablehlo.all_gather"(%x9) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 109, type = 1>, replica_groups = dense<[[3, 1], [2, 0]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<2xi32>) -> tensor<4xi32>
    %r23 = stablehlo.reshape %o22 : (tensor<4xi32>) -> tensor<1x4xi32>
    %g24 = "stablehlo.all_gather"(%r23) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 110, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    // [7] all_gather, cross_replica, empty replica_groups (all replicas): [0, 2] and [1, 3]
    %o25 = "stablehlo.all_gather"(%x9) <{all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2xi32>) -> tensor<4xi32>
    %r26 = stablehlo.reshape %o25 : (tensor<4xi32>) -> tensor<1x4xi32>
    %g27 = "stablehlo.all_gather"(%r26) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 111, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    // [8] all_reduce "return the left operand", cross_replica_and_partition, replica_groups [[1, 0]]: the group is [2, 0, 3, 1], so device 2's value
    %o28 = "stablehlo.all_reduce"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 112, type = 1>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      stablehlo.return %a : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    %r29 = stablehlo.reshape %o28 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g30 = "stablehlo.all_gather"(%r29) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 113, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [9] all_to_all, cross_partition (channel), replica_groups [[1, 0]] (partition ids): groups [1, 0] and [3, 2]
    %o31 = "stablehlo.all_to_all"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 114, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<2xi32>) -> tensor<2xi32>
    %r32 = stablehlo.reshape %o31 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g33 = "stablehlo.all_gather"(%r32) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 115, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [10] all_to_all, cross_replica (no channel), replica_groups [[0, 1]]: groups [0, 2] and [1, 3]
    %o34 = "stablehlo.all_to_all"(%x9) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<2xi32>) -> tensor<2xi32>
    %r35 = stablehlo.reshape %o34 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g36 = "stablehlo.all_gather"(%r35) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 116, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [11] collective_permute, cross_partition (channel), pairs [[0, 1]]: 0 -> 1 and 2 -> 3; 0 and 2 get zeros
    %o37 = "stablehlo.collective_permute"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 117, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    %r38 = stablehlo.reshape %o37 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g39 = "stablehlo.all_gather"(%r38) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 118, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [12] collective_permute, cross_replica (no channel), pairs [[1, 0]]: 2 -> 0 and 3 -> 1; 2 and 3 get zeros
    %o40 = "stablehlo.collective_permute"(%x9) <{source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    %r41 = stablehlo.reshape %o40 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g42 = "stablehlo.all_gather"(%r41) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 119, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [13] collective_broadcast, cross_partition (channel), replica_groups [[1, 0]]: groups [1, 0] and [3, 2]
    %o43 = "stablehlo.collective_broadcast"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 120, type = 1>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    %r44 = stablehlo.reshape %o43 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g45 = "stablehlo.all_gather"(%r44) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 121, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    // [14] collective_broadcast, cross_replica (no channel), replica_groups [[1, 0]]: groups [2, 0] and [3, 1]
    %o46 = "stablehlo.collective_broadcast"(%x9) <{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    %r47 = stablehlo.reshape %o46 : (tensor<2xi32>) -> tensor<1x2xi32>
    %g48 = "stablehlo.all_gather"(%r47) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 122, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi32>) -> tensor<4x2xi32>
    return %g3, %g6, %g12, %g15, %g18, %g21, %g24, %g27, %g30, %g33, %g36, %g39, %g42, %g45, %g48 : tensor<4xi32>, tensor<4xi32>, tensor<4x2xi32>, tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x2xi32>, tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>
  }
}

