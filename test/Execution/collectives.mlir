// Collectives and process ids, run as one process (one replica, one
// partition): every process group is {0}, so a collective gives what
// process 0 computes alone. Expected values from the semantics (seeds and
// the StableHLO spec): ReplicaId/PartitionId are 0; AllReduce, AllGather,
// ReduceScatter, AllToAll and CollectiveBroadcast over a group of one return
// the operand; CollectivePermute returns the operand if the pair (0, 0) is
// listed, else zeros (no process sends to process 0). RaggedAllToAll over a
// group of one copies the process's own updates into its output, skipping
// rows outside the input or the output (expected values from the Python
// reference in test/Execution/ragged-all-to-all.mlir).

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 18 passed, 0 failed

func.func @replica_and_partition_ids() {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  check.expect_eq_const %p, dense<0> : tensor<ui32>
  return
}

// -----

// JAX's lax.axis_index: partition_id / 1 % 1, unsigned, then converted.
func.func @axis_index() {
  %c = stablehlo.constant dense<1> : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  %q = stablehlo.divide %p, %c : tensor<ui32>
  %r = stablehlo.remainder %q, %c : tensor<ui32>
  %i = stablehlo.convert %r : (tensor<ui32>) -> tensor<i32>
  check.expect_eq_const %i, dense<0> : tensor<i32>
  return
}

// -----

// psum and pmax over one process: the operand, the computation not run.
func.func @all_reduce() {
  %x = stablehlo.constant dense<[[1.5, -2.0], [0.0, 7.25]]> : tensor<2x2xf32>
  %s = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
         replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %s, dense<[[1.5, -2.0], [0.0, 7.25]]> : tensor<2x2xf32>
  %i = stablehlo.constant dense<[3, -4]> : tensor<2xi32>
  %m = "stablehlo.all_reduce"(%i) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) : (tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const %m, dense<[3, -4]> : tensor<2xi32>
  return
}

// -----

// A variadic all_reduce with no replica groups (all processes: just 0).
func.func @all_reduce_variadic() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = stablehlo.constant dense<[5.0, 6.0, 7.0]> : tensor<3xf32>
  %r:2 = "stablehlo.all_reduce"(%x, %y) <{replica_groups = dense<> : tensor<0x0xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  check.expect_eq_const %r#0, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[5.0, 6.0, 7.0]> : tensor<3xf32>
  return
}

// -----

func.func @all_gather() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<0> : tensor<1x1xi64>}>
         : (tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  return
}

// -----

func.func @reduce_scatter() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  %r = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  return
}

// -----

func.func @all_to_all() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>,
         split_count = 1 : i64, split_dimension = 1 : i64}> : (tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  return
}

// -----

// (0, 0) listed: process 0 sends to itself.
func.func @collective_permute_to_self() {
  %x = stablehlo.constant dense<[1.0, -0.0, 3.5]> : tensor<3xf32>
  %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<0> : tensor<1x2xi64>}> : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[1.0, -0.0, 3.5]> : tensor<3xf32>
  return
}

// -----

// Pairs written for two processes, run as one: (0, 0) is not among them,
// so process 0 receives nothing and gets zeros.
func.func @collective_permute_elsewhere() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<0> : tensor<3xi32>
  %c = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %s = "stablehlo.collective_permute"(%c) <{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<1xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  check.expect_eq_const %s, dense<(0.0, 0.0)> : tensor<1xcomplex<f32>>
  return
}

// -----

func.func @collective_broadcast() {
  %x = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<2xi1>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  return
}

// -----

// Collectives feeding ordinary ops: 2 * psum(x) + axis_index.
func.func @mixed() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = "stablehlo.all_reduce"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<3xf32>) -> tensor<3xf32>
  %two = stablehlo.constant dense<2.0> : tensor<3xf32>
  %d = stablehlo.multiply %s, %two : tensor<3xf32>
  %p = stablehlo.partition_id : tensor<ui32>
  %f = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %r = stablehlo.add %d, %b : tensor<3xf32>
  check.expect_eq_const %r, dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  return
}

// -----

// ragged_all_to_all over a group of one: 2-D rows, two updates (1-D i32
// tables), one empty; rows 1 and 4 keep the output operand's values.
//   ragged([[[0, 1], [2, 3], [4, 5], [6, 7]]], [[[9, 9]] * 5], [[2, 0, 3]], [[2, 0, 1]], [[2, 0, 0]], [[0]])
//   == [[[6, 7], [9, 9], [4, 5], [6, 7], [9, 9]]]
func.func @ragged_all_to_all() {
  %x = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %o = stablehlo.constant dense<9.0> : tensor<5x2xf32>
  %io = stablehlo.constant dense<[2, 0, 3]> : tensor<3xi32>
  %ss = stablehlo.constant dense<[2, 0, 1]> : tensor<3xi32>
  %oo = stablehlo.constant dense<[2, 0, 0]> : tensor<3xi32>
  %r = "stablehlo.ragged_all_to_all"(%x, %o, %io, %ss, %oo, %ss) <{replica_groups = dense<0> : tensor<1x1xi64>}>
    : (tensor<4x2xf32>, tensor<5x2xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<5x2xf32>
  check.expect_eq_const %r, dense<[[6.0, 7.0], [9.0, 9.0], [4.0, 5.0], [6.0, 7.0], [9.0, 9.0]]> : tensor<5x2xf32>
  return
}

// -----

// Out-of-range updates copy only their rows inside both tensors (2-D i64
// tables [1, U]): a negative input offset, sizes past the end of the input
// or the output, a negative size, a negative output offset.
//   ragged([[10, 11, 12, 13, 14]], [[0] * 4], [[-2, 3, 1, 0, 4]], [[4, 5, -1, 2, 9]],
//          [[1, 0, 0, -5, 2]], [[0]])
//   == [[13, 14, 14, 10]]
func.func @ragged_all_to_all_out_of_range() {
  %x = stablehlo.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi32>
  %o = stablehlo.constant dense<0> : tensor<4xi32>
  %io = stablehlo.constant dense<[[-2, 3, 1, 0, 4]]> : tensor<1x5xi64>
  %ss = stablehlo.constant dense<[[4, 5, -1, 2, 9]]> : tensor<1x5xi64>
  %oo = stablehlo.constant dense<[[1, 0, 0, -5, 2]]> : tensor<1x5xi64>
  %r = "stablehlo.ragged_all_to_all"(%x, %o, %io, %ss, %oo, %ss) <{replica_groups = dense<0> : tensor<1x1xi64>}>
    : (tensor<5xi32>, tensor<4xi32>, tensor<1x5xi64>, tensor<1x5xi64>, tensor<1x5xi64>, tensor<1x5xi64>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[13, 14, 14, 10]> : tensor<4xi32>
  return
}

// -----

// Offsets and sizes at the ends of i64 (the bounds arithmetic must not
// wrap): every update names only rows outside the tensors, so the output
// is unchanged (by hand: an update from row -2^63, one of 2^63 - 1 rows to
// row 2^63 - 1, one from row 2^63 - 1).
func.func @ragged_all_to_all_extreme_offsets() {
  %x = stablehlo.constant dense<[10, 11, 12]> : tensor<3xi32>
  %o = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %io = stablehlo.constant dense<[-9223372036854775808, 0, 9223372036854775807]> : tensor<3xi64>
  %ss = stablehlo.constant dense<[9223372036854775807, 9223372036854775807, 9223372036854775807]> : tensor<3xi64>
  %oo = stablehlo.constant dense<[0, 9223372036854775807, -9223372036854775808]> : tensor<3xi64>
  %r = "stablehlo.ragged_all_to_all"(%x, %o, %io, %ss, %oo, %ss) <{replica_groups = dense<0> : tensor<1x1xi64>}>
    : (tensor<3xi32>, tensor<3xi32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[1, 2, 3]> : tensor<3xi32>
  return
}
