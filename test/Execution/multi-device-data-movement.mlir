// Data movement over 4 devices (mhlo.num_partitions = 4): all_gather on a
// non-zero dimension and of several operands, reduce_scatter on dimension 1
// with groups of two, all_to_all with split != concat and split = concat and
// of several operands, collective_permute where a device sends to itself
// and one receives nothing, collective_broadcast. x_d (2x4 i32) and y_d
// (1x2 f32) are device d's operands; results [2] to [10] are all_gathers of
// every device's result (row d = device d).
//
// Expected values: computed from the StableHLO spec's definitions by this
// pure-Python simulation (run by hand; not by the compiler):
//   x = lambda d: [[100*d + 10*i + j for j in range(4)] for i in range(2)]
//   y = lambda d: [[d + 0.5, -d]]
//   group(d, gs) = the group of gs that holds d
//   all_gather(dim 1):   row i = concatenation of x(m)[i] for m in the group
//   reduce_scatter(dim 1): the group's elementwise sum, columns
//                        [k*w, (k+1)*w) for the member at position k (w = 4/n)
//   all_to_all:          the member at position k receives chunk k of each
//                        member's operand (split along split_dimension), in
//                        group order, concatenated along concat_dimension
//   collective_permute:  x of the pair's source, zeros where no pair targets d
//   collective_broadcast: the value of the group's first member
//
//  [0], [1] all_gather dim 1, [[0, 1, 2, 3]], operands x and y (device 0's results).
//  [2]  all_gather dim 1, [[0, 2], [3, 1]].
//  [3]  reduce_scatter add dim 1, [[0, 2], [3, 1]]: e.g. device 1 (position 1 of
//       [3, 1]) gets columns 2..3 of x3 + x1 = [[404, 406], [424, 426]].
//  [4]  all_to_all split 1, concat 0, [[0, 1, 2, 3]]: 2x4 -> 8x1; device k
//       gets column k of x0, x1, x2, x3 stacked.
//  [5]  all_to_all split 1 = concat 1, [[3, 2, 1, 0]]: device d (position
//       3 - d) gets columns [x3[:, 3-d], x2[:, 3-d], x1[:, 3-d], x0[:, 3-d]].
//  [6], [7] all_to_all of (x, y), split 1, concat 0, [[0, 1], [2, 3]].
//  [8]  collective_permute pairs [[0, 2], [2, 0], [1, 1]]: device 0 gets y2,
//       1 gets y1 (from itself), 2 gets y0, 3 zeros.
//  [9]  collective_broadcast [[2, 1, 0, 3]]: y2 everywhere.
//  [10] collective_broadcast [[3, 0], [1, 2]]: x3 on 3 and 0, x1 on 1 and 2.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<2x16xi32> = {{\[\[}}0, 1, 2, 3, 100, 101, 102, 103, 200, 201, 202, 203, 300, 301, 302, 303], [10, 11, 12, 13, 110, 111, 112, 113, 210, 211, 212, 213, 310, 311, 312, 313]]
// CHECK-NEXT: result[1]: tensor<1x8xf32> = {{\[\[}}0.5, 0, 1.5, -1, 2.5, -2, 3.5, -3]]
// CHECK-NEXT: result[2]: tensor<4x2x8xi32> = {{\[\[}}[0, 1, 2, 3, 200, 201, 202, 203], [10, 11, 12, 13, 210, 211, 212, 213]], {{\[\[}}300, 301, 302, 303, 100, 101, 102, 103], [310, 311, 312, 313, 110, 111, 112, 113]], {{\[\[}}0, 1, 2, 3, 200, 201, 202, 203], [10, 11, 12, 13, 210, 211, 212, 213]], {{\[\[}}300, 301, 302, 303, 100, 101, 102, 103], [310, 311, 312, 313, 110, 111, 112, 113]]]
// CHECK-NEXT: result[3]: tensor<4x2x2xi32> = {{\[\[}}[200, 202], [220, 222]], {{\[\[}}404, 406], [424, 426]], {{\[\[}}204, 206], [224, 226]], {{\[\[}}400, 402], [420, 422]]]
// CHECK-NEXT: result[4]: tensor<4x8x1xi32> = {{\[\[}}[0], [10], [100], [110], [200], [210], [300], [310]], {{\[\[}}1], [11], [101], [111], [201], [211], [301], [311]], {{\[\[}}2], [12], [102], [112], [202], [212], [302], [312]], {{\[\[}}3], [13], [103], [113], [203], [213], [303], [313]]]
// CHECK-NEXT: result[5]: tensor<4x2x4xi32> = {{\[\[}}[303, 203, 103, 3], [313, 213, 113, 13]], {{\[\[}}302, 202, 102, 2], [312, 212, 112, 12]], {{\[\[}}301, 201, 101, 1], [311, 211, 111, 11]], {{\[\[}}300, 200, 100, 0], [310, 210, 110, 10]]]
// CHECK-NEXT: result[6]: tensor<4x4x2xi32> = {{\[\[}}[0, 1], [10, 11], [100, 101], [110, 111]], {{\[\[}}2, 3], [12, 13], [102, 103], [112, 113]], {{\[\[}}200, 201], [210, 211], [300, 301], [310, 311]], {{\[\[}}202, 203], [212, 213], [302, 303], [312, 313]]]
// CHECK-NEXT: result[7]: tensor<4x2x1xf32> = {{\[\[}}[0.5], [1.5]], {{\[\[}}0], [-1]], {{\[\[}}2.5], [3.5]], {{\[\[}}-2], [-3]]]
// CHECK-NEXT: result[8]: tensor<4x1x2xf32> = {{\[\[}}[2.5, -2]], {{\[\[}}1.5, -1]], {{\[\[}}0.5, 0]], {{\[\[}}0, 0]]]
// CHECK-NEXT: result[9]: tensor<4x1x2xf32> = {{\[\[}}[2.5, -2]], {{\[\[}}2.5, -2]], {{\[\[}}2.5, -2]], {{\[\[}}2.5, -2]]]
// CHECK-NEXT: result[10]: tensor<4x2x4xi32> = {{\[\[}}[300, 301, 302, 303], [310, 311, 312, 313]], {{\[\[}}100, 101, 102, 103], [110, 111, 112, 113]], {{\[\[}}100, 101, 102, 103], [110, 111, 112, 113]], {{\[\[}}300, 301, 302, 303], [310, 311, 312, 313]]]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<2x16xi32>, tensor<1x8xf32>, tensor<4x2x8xi32>, tensor<4x2x2xi32>, tensor<4x8x1xi32>, tensor<4x2x4xi32>, tensor<4x4x2xi32>, tensor<4x2x1xf32>, tensor<4x1x2xf32>, tensor<4x1x2xf32>, tensor<4x2x4xi32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %np = stablehlo.constant dense<4> : tensor<ui32>
    %rp = stablehlo.multiply %rid, %np : tensor<ui32>
    %dev = stablehlo.add %rp, %pid : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %t1 = stablehlo.constant dense<[[[0,1,2,3],[10,11,12,13]],[[100,101,102,103],[110,111,112,113]],[[200,201,202,203],[210,211,212,213]],[[300,301,302,303],[310,311,312,313]]]> : tensor<4x2x4xi32>
    %s2 = stablehlo.dynamic_slice %t1, %d, %z, %z, sizes = [1, 2, 4] : (tensor<4x2x4xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xi32>
    %x3 = stablehlo.reshape %s2 : (tensor<1x2x4xi32>) -> tensor<2x4xi32>
    %t4 = stablehlo.constant dense<[[[0.5,0.0]],[[1.5,-1.0]],[[2.5,-2.0]],[[3.5,-3.0]]]> : tensor<4x1x2xf32>
    %s5 = stablehlo.dynamic_slice %t4, %d, %z, %z, sizes = [1, 1, 2] : (tensor<4x1x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1x2xf32>
    %x6 = stablehlo.reshape %s5 : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
    // x_d (2x4 i32): x_d[i][j] = 100 d + 10 i + j; y_d (1x2 f32) = [d + 0.5, -d]
    // [0], [1] all_gather of two operands (x_d, y_d) along dimension 1, groups [[0, 1, 2, 3]]
    %o7:2 = "stablehlo.all_gather"(%x3, %x6) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x4xi32>, tensor<1x2xf32>) -> (tensor<2x16xi32>, tensor<1x8xf32>)
    // [2] all_gather along dimension 1, groups [[0, 2], [3, 1]]
    %o8 = "stablehlo.all_gather"(%x3) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<2x4xi32>) -> tensor<2x8xi32>
    %r9 = stablehlo.reshape %o8 : (tensor<2x8xi32>) -> tensor<1x2x8xi32>
    %g10 = "stablehlo.all_gather"(%r9) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 103, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x8xi32>) -> tensor<4x2x8xi32>
    // [3] reduce_scatter add along dimension 1, groups of two [[0, 2], [3, 1]]
    %o11 = "stablehlo.reduce_scatter"(%x3) <{channel_handle = #stablehlo.channel_handle<handle = 104, type = 1>, replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<2x4xi32>) -> tensor<2x2xi32>
    %r12 = stablehlo.reshape %o11 : (tensor<2x2xi32>) -> tensor<1x2x2xi32>
    %g13 = "stablehlo.all_gather"(%r12) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 105, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x2xi32>) -> tensor<4x2x2xi32>
    // [4] all_to_all, split_dimension 1, concat_dimension 0, 4 devices: 2x4 -> 8x1
    %o14 = "stablehlo.all_to_all"(%x3) <{channel_handle = #stablehlo.channel_handle<handle = 106, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi32>) -> tensor<8x1xi32>
    %r15 = stablehlo.reshape %o14 : (tensor<8x1xi32>) -> tensor<1x8x1xi32>
    %g16 = "stablehlo.all_gather"(%r15) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 107, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8x1xi32>) -> tensor<4x8x1xi32>
    // [5] all_to_all, split_dimension = concat_dimension = 1, groups [[3, 2, 1, 0]]
    %o17 = "stablehlo.all_to_all"(%x3) <{channel_handle = #stablehlo.channel_handle<handle = 108, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi32>) -> tensor<2x4xi32>
    %r18 = stablehlo.reshape %o17 : (tensor<2x4xi32>) -> tensor<1x2x4xi32>
    %g19 = "stablehlo.all_gather"(%r18) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 109, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x4xi32>) -> tensor<4x2x4xi32>
    // [6], [7] all_to_all of two operands (x_d, y_d), split_dimension 1, concat_dimension 0, groups [[0, 1], [2, 3]]
    %o20:2 = "stablehlo.all_to_all"(%x3, %x6) <{channel_handle = #stablehlo.channel_handle<handle = 110, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi32>, tensor<1x2xf32>) -> (tensor<4x2xi32>, tensor<2x1xf32>)
    %r21 = stablehlo.reshape %o20#0 : (tensor<4x2xi32>) -> tensor<1x4x2xi32>
    %g22 = "stablehlo.all_gather"(%r21) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 111, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4x2xi32>) -> tensor<4x4x2xi32>
    %r23 = stablehlo.reshape %o20#1 : (tensor<2x1xf32>) -> tensor<1x2x1xf32>
    %g24 = "stablehlo.all_gather"(%r23) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 112, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x1xf32>) -> tensor<4x2x1xf32>
    // [8] collective_permute, pairs [[0, 2], [2, 0], [1, 1]]: 1 sends to itself, nobody sends to 3 (zeros)
    %o25 = "stablehlo.collective_permute"(%x6) <{channel_handle = #stablehlo.channel_handle<handle = 113, type = 1>, source_target_pairs = dense<[[0, 2], [2, 0], [1, 1]]> : tensor<3x2xi64>}> : (tensor<1x2xf32>) -> tensor<1x2xf32>
    %r26 = stablehlo.reshape %o25 : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
    %g27 = "stablehlo.all_gather"(%r26) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 114, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x1x2xf32>) -> tensor<4x1x2xf32>
    // [9] collective_broadcast, groups [[2, 1, 0, 3]]: everybody gets device 2's value
    %o28 = "stablehlo.collective_broadcast"(%x6) <{channel_handle = #stablehlo.channel_handle<handle = 115, type = 1>, replica_groups = dense<[[2, 1, 0, 3]]> : tensor<1x4xi64>}> : (tensor<1x2xf32>) -> tensor<1x2xf32>
    %r29 = stablehlo.reshape %o28 : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
    %g30 = "stablehlo.all_gather"(%r29) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 116, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x1x2xf32>) -> tensor<4x1x2xf32>
    // [10] collective_broadcast, groups [[3, 0], [1, 2]]
    %o31 = "stablehlo.collective_broadcast"(%x3) <{channel_handle = #stablehlo.channel_handle<handle = 117, type = 1>, replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>}> : (tensor<2x4xi32>) -> tensor<2x4xi32>
    %r32 = stablehlo.reshape %o31 : (tensor<2x4xi32>) -> tensor<1x2x4xi32>
    %g33 = "stablehlo.all_gather"(%r32) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 118, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x4xi32>) -> tensor<4x2x4xi32>
    return %o7#0, %o7#1, %g10, %g13, %g16, %g19, %g22, %g24, %g27, %g30, %g33 : tensor<2x16xi32>, tensor<1x8xf32>, tensor<4x2x8xi32>, tensor<4x2x2xi32>, tensor<4x8x1xi32>, tensor<4x2x4xi32>, tensor<4x4x2xi32>, tensor<4x2x1xf32>, tensor<4x1x2xf32>, tensor<4x1x2xf32>, tensor<4x2x4xi32>
  }
}

