// Collectives and process ids lowered for one process (one replica, one
// partition): ids are constant 0, collectives over a group of one return
// their operands, a permutation without the pair (0, 0) gives zeros.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// Signedness legalization made the ui32 results i32 (same bits).
// CHECK-LABEL: func.func @ids
// CHECK-SAME: -> (tensor<i32>, tensor<i32>)
// CHECK-DAG: %[[R:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[P:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK: return %[[R]], %[[P]] : tensor<i32>, tensor<i32>
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %r, %p : tensor<ui32>, tensor<ui32>
}

// -----

// The computation is not run: nothing is left of it.
// CHECK-LABEL: func.func @all_reduce
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]], %[[Y]] : tensor<4xf32>, tensor<4xf32>
func.func @all_reduce(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = "stablehlo.all_reduce"(%x, %y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
           replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_scatter_to_all
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]] : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
func.func @gather_scatter_to_all(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %g = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>}>
         : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %s = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %a = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>,
         split_count = 1 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %g, %s, %a : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @collective_permute
// CHECK-SAME: (%[[X:.*]]: tensor<3xi32>)
// CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<3xi32>
// CHECK: return %[[X]], %[[Z]] : tensor<3xi32>, tensor<3xi32>
func.func @collective_permute(%x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %self = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>}>
            : (tensor<3xi32>) -> tensor<3xi32>
  %none = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}>
            : (tensor<3xi32>) -> tensor<3xi32>
  return %self, %none : tensor<3xi32>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @collective_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2xf32>
func.func @collective_broadcast(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A module declaring one replica and one partition is fine.
// CHECK-LABEL: func.func @declared_single
// CHECK: arith.constant dense<0> : tensor<i32>
module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @declared_single() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    return %r : tensor<ui32>
  }
}

// -----

// ragged_all_to_all over two partitions: all-gathers (exchange kind 0, group
// table [1, 0]) of the input and of the three tables read, this device's
// position in its group from a constant table by device id (device 1 is
// member 0), then the bounds-checked row copies for each member and update.
// CHECK-LABEL: func.func @ragged_two_partitions(
// CHECK-COUNT-4: call @xla_collective(
// CHECK: %[[ID:.*]] = call @xla_device_id() : () -> i64
// CHECK: arith.constant dense<[1, 0]> : tensor<2xi64>
// CHECK: scf.for %[[MEMBER:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<4x2xf32>) {
// CHECK: scf.for
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: scf.for
// CHECK: tensor.extract_slice %{{.*}}[%[[MEMBER]], %{{.*}}, %{{.*}}] [1, 1, 2] [1, 1, 1] : tensor<2x3x2xf32> to tensor<1x2xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x2xf32>
module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @ragged_two_partitions(%x: tensor<3x2xf32>, %o: tensor<4x2xf32>, %t: tensor<2xi32>) -> tensor<4x2xf32> {
    %r = "stablehlo.ragged_all_to_all"(%x, %o, %t, %t, %t, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
           replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}>
           : (tensor<3x2xf32>, tensor<4x2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x2xf32>
    return %r : tensor<4x2xf32>
  }
}

// -----

// One process: the same copy loops over a group of one (member 0, its
// updates for itself), the tables read as [1, U].
// CHECK-LABEL: func.func @ragged_one_process(
// CHECK-NOT: xla_collective
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2{{\]\]}} output_shape [1, 3, 2] : tensor<3x2xf32> into tensor<1x3x2xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: tensor.insert_slice
func.func @ragged_one_process(%x: tensor<3x2xf32>, %o: tensor<4x2xf32>, %t: tensor<2xi32>) -> tensor<4x2xf32> {
  %r = "stablehlo.ragged_all_to_all"(%x, %o, %t, %t, %t, %t) <{replica_groups = dense<0> : tensor<1x1xi64>}>
         : (tensor<3x2xf32>, tensor<4x2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
