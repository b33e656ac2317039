// RUN: xla-opt %s --split-input-file --xla-spmd-partition | FileCheck %s

// A shard_map on a 2x2 mesh: each device's part of the operand is a
// dynamic_slice at offsets read from per-device tables (device d = 2x + y:
// rows by "x", columns by "y"); the result, sharded rows by "y" and
// columns by "x", is assembled by one all_gather per dimension, across the
// devices that differ only in that dimension's tile.

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x4xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x4xf32>) {
      %1 = stablehlo.slice %arg1 [0:4, 0:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
      sdy.return %1 : tensor<4x2xf32>
    } : (tensor<8x8xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

// CHECK-NOT: sdy.
// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32>)
// CHECK:      %[[PID:.*]] = stablehlo.partition_id : tensor<ui32>
// CHECK:      %[[ID:.*]] = stablehlo.convert %[[PID]] : (tensor<ui32>) -> tensor<i64>
// CHECK:      stablehlo.constant dense<[0, 0, 4, 4]> : tensor<4xi64>
// CHECK:      %[[ROW:.*]] = stablehlo.reshape
// CHECK:      stablehlo.constant dense<[0, 4, 0, 4]> : tensor<4xi64>
// CHECK:      %[[COL:.*]] = stablehlo.reshape
// CHECK:      %[[LOCAL:.*]] = stablehlo.dynamic_slice %arg0, %[[ROW]], %[[COL]], sizes = [4, 4]
// CHECK:      %[[BODY:.*]] = stablehlo.slice %[[LOCAL]] [0:4, 0:2]
// CHECK:      %[[ROWS:.*]] = "stablehlo.all_gather"(%[[BODY]]) <{all_gather_dim = 0 : i64, {{.*}}replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> {{.*}}-> tensor<8x2xf32>
// CHECK:      %[[ALL:.*]] = "stablehlo.all_gather"(%[[ROWS]]) <{all_gather_dim = 1 : i64, {{.*}}replica_groups = dense<{{\[\[}}0, 2], [1, 3]]> {{.*}}-> tensor<8x4xf32>
// CHECK:      return %[[ALL]]

// -----

// The GSPMD form: @SPMDFullToShardShape slices by the @Sharding before it,
// @SPMDShardToFullShape gathers by its own mhlo.sharding; @Sharding is the
// identity. Tile assignment iota(4).reshape(2, 2).T flattened = [0, 2, 1, 3]:
// tile t (rows 2t, 2t + 1) is on device [0, 2, 1, 3][t], so device 1 holds
// rows 4..5, and the gather runs in tile order.

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%arg0: tensor<8x3xf32>) -> tensor<8x3xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[2,2]T(1,0)}"} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %2 = stablehlo.negate %1 : tensor<2x3xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[2,2]T(1,0)}"} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %4 : tensor<8x3xf32>
  }
}

// CHECK-LABEL: func.func @main(%arg0: tensor<8x3xf32>)
// CHECK-NOT:  custom_call
// CHECK:      stablehlo.constant dense<[0, 4, 2, 6]> : tensor<4xi64>
// CHECK:      %[[LOCAL:.*]] = stablehlo.dynamic_slice %arg0, {{.*}} sizes = [2, 3]
// CHECK:      %[[NEG:.*]] = stablehlo.negate %[[LOCAL]]
// CHECK:      "stablehlo.all_gather"(%[[NEG]]) <{all_gather_dim = 0 : i64, {{.*}}replica_groups = dense<{{\[\[}}0, 2, 1, 3]]>
// CHECK-NOT:  custom_call
