// collective_broadcast over 4 devices (mhlo.num_partitions = 4) with
// process groups that leave devices out, and of a zero-size tensor. The
// StableHLO spec: result@process = operand@process_groups[i, 0] if the
// process is in process_groups[i], else zeros (groups need not cover every
// process, unlike all_gather's). Device d's operand is d + 10; results are
// all_gathers of every device's result (element d = device d).
//
//  [0] groups [[2, 1]]: devices 1 and 2 get 12, devices 0 and 3 zeros.
//  [1] the sum of a broadcast over [[0, 2]] (0 and 2 get 10, 1 and 3 zeros)
//      and one over [[3]] (3 gets its own 13, the others zeros).
//  [2] a 0x4 operand, groups [[1, 0, 2, 3]]: empty.
//  [3] groups [[3, 1, 0]]: devices 3, 1 and 0 get 13, device 2 zero.

// Regression test: devices in no group were refused, and a zero-size operand
// failed to compile (collective_broadcast was an all_gather then a slice).
// It is now one permute per position in the groups: a source sends to one
// target per exchange, which every communicator (MPI included) expects.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4xf32> = [0, 12, 12, 0]
// CHECK-NEXT: result[1]: tensor<4xf32> = [10, 0, 10, 13]
// CHECK-NEXT: result[2]: tensor<0x4xf32> = []
// CHECK-NEXT: result[3]: tensor<4xf32> = [13, 13, 0, 13]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<4xf32>, tensor<4xf32>, tensor<0x4xf32>, tensor<4xf32>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %f = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %ten = stablehlo.constant dense<10.0> : tensor<f32>
    %v = stablehlo.add %f, %ten : tensor<f32>
    %b0 = "stablehlo.collective_broadcast"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>}> : (tensor<f32>) -> tensor<f32>
    %r0 = stablehlo.reshape %b0 : (tensor<f32>) -> tensor<1xf32>
    %g0 = "stablehlo.all_gather"(%r0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf32>) -> tensor<4xf32>
    %b1 = "stablehlo.collective_broadcast"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> : (tensor<f32>) -> tensor<f32>
    %b2 = "stablehlo.collective_broadcast"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[3]]> : tensor<1x1xi64>}> : (tensor<f32>) -> tensor<f32>
    %b12 = stablehlo.add %b1, %b2 : tensor<f32>
    %r1 = stablehlo.reshape %b12 : (tensor<f32>) -> tensor<1xf32>
    %g1 = "stablehlo.all_gather"(%r1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf32>) -> tensor<4xf32>
    %x = stablehlo.constant dense<> : tensor<0x4xf32>
    %b3 = "stablehlo.collective_broadcast"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[1, 0, 2, 3]]> : tensor<1x4xi64>}> : (tensor<0x4xf32>) -> tensor<0x4xf32>
    %b4 = "stablehlo.collective_broadcast"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<[[3, 1, 0]]> : tensor<1x3xi64>}> : (tensor<f32>) -> tensor<f32>
    %r4 = stablehlo.reshape %b4 : (tensor<f32>) -> tensor<1xf32>
    %g4 = "stablehlo.all_gather"(%r4) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf32>) -> tensor<4xf32>
    return %g0, %g1, %b3, %g4 : tensor<4xf32>, tensor<4xf32>, tensor<0x4xf32>, tensor<4xf32>
  }
}
