// stablehlo.ragged_all_to_all over several in-process devices. Every device
// gets the same (here: no) inputs, so each builds its own values from its
// id (a dynamic_slice of global constants), and the result is an
// all_gather of every device's result, so the checked value shows them all.
//
// Expected values from this reference of the semantics (plain Python, not
// our compiler); out-of-range rows of an update are skipped:
//
//   def ragged(inputs, outputs, io, ss, oo, groups):
//       res = [[list(r) if isinstance(r, list) else r for r in o] for o in outputs]
//       for g in groups:
//           G = len(g)
//           for p, dev in enumerate(g):          # receiver, at position p
//               for j, src in enumerate(g):      # senders in group order
//                   U = len(io[src]) // G
//                   for u in range(U):
//                       e = p * U + u
//                       a, n, b = io[src][e], ss[src][e], oo[src][e]
//                       for k in range(max(n, 0)):
//                           if 0 <= a + k < len(inputs[src]) and 0 <= b + k < len(res[dev]):
//                               res[dev][b + k] = inputs[src][a + k]
//       return res

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK-NOT: FAIL
// CHECK: 4 passed, 0 failed

// The seed's example (XLA's RaggedAllToAll, 2 replicas):
//   ragged([[1, 2, 2], [3, 4, 0]], [[0] * 4] * 2, [[0, 1], [0, 1]], [[1, 2], [1, 1]],
//          [[0, 0], [1, 2]], [[0, 1]])
//   == [[1, 3, 0, 0], [2, 2, 4, 0]]
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @seed_two_replicas() {
    %inputs = stablehlo.constant dense<[[1, 2, 2], [3, 4, 0]]> : tensor<2x3xi32>
    %input_offsets = stablehlo.constant dense<[[0, 1], [0, 1]]> : tensor<2x2xi32>
    %send_sizes = stablehlo.constant dense<[[1, 2], [1, 1]]> : tensor<2x2xi32>
    %output_offsets = stablehlo.constant dense<[[0, 0], [1, 2]]> : tensor<2x2xi32>
    %recv_sizes = stablehlo.constant dense<[[1, 1], [2, 1]]> : tensor<2x2xi32>
    %output = stablehlo.constant dense<0> : tensor<4xi32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %r = stablehlo.replica_id : tensor<ui32>
    %id = stablehlo.convert %r : (tensor<ui32>) -> tensor<i32>
    %in2 = stablehlo.dynamic_slice %inputs, %id, %zero, sizes = [1, 3] : (tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<1x3xi32>
    %in = stablehlo.reshape %in2 : (tensor<1x3xi32>) -> tensor<3xi32>
    %io2 = stablehlo.dynamic_slice %input_offsets, %id, %zero, sizes = [1, 2] : (tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %io = stablehlo.reshape %io2 : (tensor<1x2xi32>) -> tensor<2xi32>
    %ss2 = stablehlo.dynamic_slice %send_sizes, %id, %zero, sizes = [1, 2] : (tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %ss = stablehlo.reshape %ss2 : (tensor<1x2xi32>) -> tensor<2xi32>
    %oo2 = stablehlo.dynamic_slice %output_offsets, %id, %zero, sizes = [1, 2] : (tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %oo = stablehlo.reshape %oo2 : (tensor<1x2xi32>) -> tensor<2xi32>
    %rs2 = stablehlo.dynamic_slice %recv_sizes, %id, %zero, sizes = [1, 2] : (tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<1x2xi32>
    %rs = stablehlo.reshape %rs2 : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.ragged_all_to_all"(%in, %output, %io, %ss, %oo, %rs) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
      : (tensor<3xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
    %row = stablehlo.reshape %result : (tensor<4xi32>) -> tensor<1x4xi32>
    %all = "stablehlo.all_gather"(%row) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<1x4xi32>) -> tensor<2x4xi32>
    check.expect_eq_const %all, dense<[[1, 3, 0, 0], [2, 2, 4, 0]]> : tensor<2x4xi32>
    return
  }
}

// -----

// 4 partitions in one group (cross-partition: a channel), rows of two
// floats, i32 tables with one update per member, empty sends, and output
// rows that nobody writes (they keep the output operand's -1 - d):
//   ins = [[[100 * d + 10 * r + c for c in range(2)] for r in range(5)] for d in range(4)]
//   outs = [[[-1 - d] * 2 for r in range(6)] for d in range(4)]
//   ss = [[1, 0, 2, 1], [0, 2, 1, 0], [2, 1, 0, 1], [1, 1, 1, 0]]
//   io = [[0, 1, 1, 3], [0, 0, 2, 3], [0, 2, 3, 3], [0, 1, 2, 3]]
//   oo = [[0, 0, 0, 0], [1, 0, 2, 1], [1, 2, 3, 1], [3, 3, 3, 2]]
//   ragged(ins, outs, io, ss, oo, [[0, 1, 2, 3]])
module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 4 : i32} {
  func.func @four_partitions_2d_rows() {
    %inputs = stablehlo.constant dense<[
      [[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0], [40.0, 41.0]],
      [[100.0, 101.0], [110.0, 111.0], [120.0, 121.0], [130.0, 131.0], [140.0, 141.0]],
      [[200.0, 201.0], [210.0, 211.0], [220.0, 221.0], [230.0, 231.0], [240.0, 241.0]],
      [[300.0, 301.0], [310.0, 311.0], [320.0, 321.0], [330.0, 331.0], [340.0, 341.0]]]> : tensor<4x5x2xf32>
    %outputs = stablehlo.constant dense<[[-1.0], [-2.0], [-3.0], [-4.0]]> : tensor<4x1xf32>
    %send_sizes = stablehlo.constant dense<[[1, 0, 2, 1], [0, 2, 1, 0], [2, 1, 0, 1], [1, 1, 1, 0]]> : tensor<4x4xi32>
    %input_offsets = stablehlo.constant dense<[[0, 1, 1, 3], [0, 0, 2, 3], [0, 2, 3, 3], [0, 1, 2, 3]]> : tensor<4x4xi32>
    %output_offsets = stablehlo.constant dense<[[0, 0, 0, 0], [1, 0, 2, 1], [1, 2, 3, 1], [3, 3, 3, 2]]> : tensor<4x4xi32>
    // recv_sizes[d][j] = send_sizes[j][d]
    %recv_sizes = stablehlo.constant dense<[[1, 0, 2, 1], [0, 2, 1, 1], [2, 1, 0, 1], [1, 0, 1, 0]]> : tensor<4x4xi32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %p = stablehlo.partition_id : tensor<ui32>
    %id = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %in3 = stablehlo.dynamic_slice %inputs, %id, %zero, %zero, sizes = [1, 5, 2] : (tensor<4x5x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x2xf32>
    %in = stablehlo.reshape %in3 : (tensor<1x5x2xf32>) -> tensor<5x2xf32>
    %fill2 = stablehlo.dynamic_slice %outputs, %id, %zero, sizes = [1, 1] : (tensor<4x1xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
    %fill = stablehlo.reshape %fill2 : (tensor<1x1xf32>) -> tensor<f32>
    %output = stablehlo.broadcast_in_dim %fill, dims = [] : (tensor<f32>) -> tensor<6x2xf32>
    %io2 = stablehlo.dynamic_slice %input_offsets, %id, %zero, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %io = stablehlo.reshape %io2 : (tensor<1x4xi32>) -> tensor<4xi32>
    %ss2 = stablehlo.dynamic_slice %send_sizes, %id, %zero, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %ss = stablehlo.reshape %ss2 : (tensor<1x4xi32>) -> tensor<4xi32>
    %oo2 = stablehlo.dynamic_slice %output_offsets, %id, %zero, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %oo = stablehlo.reshape %oo2 : (tensor<1x4xi32>) -> tensor<4xi32>
    %rs2 = stablehlo.dynamic_slice %recv_sizes, %id, %zero, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %rs = stablehlo.reshape %rs2 : (tensor<1x4xi32>) -> tensor<4xi32>
    %result = "stablehlo.ragged_all_to_all"(%in, %output, %io, %ss, %oo, %rs) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
                replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}>
      : (tensor<5x2xf32>, tensor<6x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<6x2xf32>
    %row = stablehlo.reshape %result : (tensor<6x2xf32>) -> tensor<1x6x2xf32>
    %all = "stablehlo.all_gather"(%row) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
             replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x6x2xf32>) -> tensor<4x6x2xf32>
    check.expect_eq_const %all, dense<[
      [[0.0, 1.0], [200.0, 201.0], [210.0, 211.0], [300.0, 301.0], [-1.0, -1.0], [-1.0, -1.0]],
      [[100.0, 101.0], [110.0, 111.0], [220.0, 221.0], [310.0, 311.0], [-2.0, -2.0], [-2.0, -2.0]],
      [[10.0, 11.0], [20.0, 21.0], [120.0, 121.0], [320.0, 321.0], [-3.0, -3.0], [-3.0, -3.0]],
      [[30.0, 31.0], [230.0, 231.0], [-4.0, -4.0], [-4.0, -4.0], [-4.0, -4.0], [-4.0, -4.0]]]> : tensor<4x6x2xf32>
    return
  }
}

// -----

// Two groups of two partitions ([[0, 1], [2, 3]]), i64 tables of shape
// [2, 2] (two updates for each member; one empty), rows of three ints:
//   ins = [[[1000 * d + 10 * r + c for c in range(3)] for r in range(4)] for d in range(4)]
//   outs = [[[-1] * 3 for r in range(5)] for d in range(4)]
//   io = [[0, 2, 1, 3], [3, 0, 0, 0], [1, 0, 0, 2], [3, 1, 2, 0]]   # flattened [member, update]
//   ss = [[1, 1, 2, 1], [1, 0, 1, 0], [2, 0, 1, 2], [1, 1, 0, 1]]
//   oo = [[0, 4, 0, 3], [1, 2, 4, 0], [0, 0, 3, 0], [2, 4, 0, 4]]
//   ragged(ins, outs, io, ss, oo, [[0, 1], [2, 3]])
module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 4 : i32} {
  func.func @two_groups_two_updates() {
    %inputs = stablehlo.constant dense<[
      [[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]],
      [[1000, 1001, 1002], [1010, 1011, 1012], [1020, 1021, 1022], [1030, 1031, 1032]],
      [[2000, 2001, 2002], [2010, 2011, 2012], [2020, 2021, 2022], [2030, 2031, 2032]],
      [[3000, 3001, 3002], [3010, 3011, 3012], [3020, 3021, 3022], [3030, 3031, 3032]]]> : tensor<4x4x3xi32>
    %input_offsets = stablehlo.constant dense<[[[0, 2], [1, 3]], [[3, 0], [0, 0]], [[1, 0], [0, 2]], [[3, 1], [2, 0]]]> : tensor<4x2x2xi64>
    %send_sizes = stablehlo.constant dense<[[[1, 1], [2, 1]], [[1, 0], [1, 0]], [[2, 0], [1, 2]], [[1, 1], [0, 1]]]> : tensor<4x2x2xi64>
    %output_offsets = stablehlo.constant dense<[[[0, 4], [0, 3]], [[1, 2], [4, 0]], [[0, 0], [3, 0]], [[2, 4], [0, 4]]]> : tensor<4x2x2xi64>
    %output = stablehlo.constant dense<-1> : tensor<5x3xi32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %p = stablehlo.partition_id : tensor<ui32>
    %id = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %in3 = stablehlo.dynamic_slice %inputs, %id, %zero, %zero, sizes = [1, 4, 3] : (tensor<4x4x3xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x3xi32>
    %in = stablehlo.reshape %in3 : (tensor<1x4x3xi32>) -> tensor<4x3xi32>
    %io3 = stablehlo.dynamic_slice %input_offsets, %id, %zero, %zero, sizes = [1, 2, 2] : (tensor<4x2x2xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xi64>
    %io = stablehlo.reshape %io3 : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    %ss3 = stablehlo.dynamic_slice %send_sizes, %id, %zero, %zero, sizes = [1, 2, 2] : (tensor<4x2x2xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xi64>
    %ss = stablehlo.reshape %ss3 : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    %oo3 = stablehlo.dynamic_slice %output_offsets, %id, %zero, %zero, sizes = [1, 2, 2] : (tensor<4x2x2xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xi64>
    %oo = stablehlo.reshape %oo3 : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    // recv_sizes is not read; pass send_sizes (same type).
    %result = "stablehlo.ragged_all_to_all"(%in, %output, %io, %ss, %oo, %ss) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
                replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}>
      : (tensor<4x3xi32>, tensor<5x3xi32>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<5x3xi32>
    %row = stablehlo.reshape %result : (tensor<5x3xi32>) -> tensor<1x5x3xi32>
    %all = "stablehlo.all_gather"(%row) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
             replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x5x3xi32>) -> tensor<4x5x3xi32>
    check.expect_eq_const %all, dense<[
      [[0, 1, 2], [1030, 1031, 1032], [-1, -1, -1], [-1, -1, -1], [20, 21, 22]],
      [[10, 11, 12], [20, 21, 22], [-1, -1, -1], [30, 31, 32], [1000, 1001, 1002]],
      [[2010, 2011, 2012], [2020, 2021, 2022], [3030, 3031, 3032], [-1, -1, -1], [3010, 3011, 3012]],
      [[2020, 2021, 2022], [2030, 2031, 2032], [-1, -1, -1], [2000, 2001, 2002], [3000, 3001, 3002]]]> : tensor<4x5x3xi32>
    return
  }
}

// -----

// Groups listed out of device order ([[1, 0], [3, 2]]: device 1 is member
// 0 of its group, device 0 member 1), so a device's updates for member p
// go to the device at position p, not to device p; 1-D i64 tables:
//   ragged([[10 * d + i for i in range(3)] for d in range(4)], [[-1] * 4] * 4,
//          [[2, 0], [0, 1], [0, 2], [1, 0]], [[1, 1], [1, 2], [1, 1], [2, 1]],
//          [[2, 2], [0, 0], [3, 3], [0, 1]], [[1, 0], [3, 2]])
//   == [[11, 12, 0, -1], [10, -1, 2, -1], [-1, 30, -1, 22], [31, 32, -1, 20]]
module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 4 : i32} {
  func.func @groups_out_of_order() {
    %inputs = stablehlo.constant dense<[[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]]> : tensor<4x3xi32>
    %input_offsets = stablehlo.constant dense<[[2, 0], [0, 1], [0, 2], [1, 0]]> : tensor<4x2xi64>
    %send_sizes = stablehlo.constant dense<[[1, 1], [1, 2], [1, 1], [2, 1]]> : tensor<4x2xi64>
    %output_offsets = stablehlo.constant dense<[[2, 2], [0, 0], [3, 3], [0, 1]]> : tensor<4x2xi64>
    %output = stablehlo.constant dense<-1> : tensor<4xi32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %p = stablehlo.partition_id : tensor<ui32>
    %id = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %in2 = stablehlo.dynamic_slice %inputs, %id, %zero, sizes = [1, 3] : (tensor<4x3xi32>, tensor<i32>, tensor<i32>) -> tensor<1x3xi32>
    %in = stablehlo.reshape %in2 : (tensor<1x3xi32>) -> tensor<3xi32>
    %io2 = stablehlo.dynamic_slice %input_offsets, %id, %zero, sizes = [1, 2] : (tensor<4x2xi64>, tensor<i32>, tensor<i32>) -> tensor<1x2xi64>
    %io = stablehlo.reshape %io2 : (tensor<1x2xi64>) -> tensor<2xi64>
    %ss2 = stablehlo.dynamic_slice %send_sizes, %id, %zero, sizes = [1, 2] : (tensor<4x2xi64>, tensor<i32>, tensor<i32>) -> tensor<1x2xi64>
    %ss = stablehlo.reshape %ss2 : (tensor<1x2xi64>) -> tensor<2xi64>
    %oo2 = stablehlo.dynamic_slice %output_offsets, %id, %zero, sizes = [1, 2] : (tensor<4x2xi64>, tensor<i32>, tensor<i32>) -> tensor<1x2xi64>
    %oo = stablehlo.reshape %oo2 : (tensor<1x2xi64>) -> tensor<2xi64>
    %result = "stablehlo.ragged_all_to_all"(%in, %output, %io, %ss, %oo, %ss) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
                replica_groups = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>}>
      : (tensor<3xi32>, tensor<4xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4xi32>
    %row = stablehlo.reshape %result : (tensor<4xi32>) -> tensor<1x4xi32>
    %all = "stablehlo.all_gather"(%row) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
             replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    check.expect_eq_const %all, dense<[[11, 12, 0, -1], [10, -1, 2, -1], [-1, 30, -1, 22], [31, 32, -1, 20]]> : tensor<4x4xi32>
    return
  }
}
