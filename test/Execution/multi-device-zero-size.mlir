// Zero-size tensors through each collective over 4 devices
// (mhlo.num_partitions = 4): every result is empty, nothing is read or
// written, and a collective after them still works (the devices stay in
// step). collective_broadcast's zero-size case is in
// multi-device-collective-broadcast.mlir.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<0x4xf32> = []
// CHECK-NEXT: result[1]: tensor<0x16xf32> = []
// CHECK-NEXT: result[2]: tensor<0x4xf32> = []
// CHECK-NEXT: result[3]: tensor<0x1xf32> = []
// CHECK-NEXT: result[4]: tensor<0x1xf32> = []
// CHECK-NEXT: result[5]: tensor<0x4xf32> = []
// CHECK-NEXT: result[6]: tensor<4x0xi32> = []
// CHECK-NEXT: result[7]: tensor<0xi32> = []
// CHECK-NEXT: result[8]: tensor<4xi32> = [0, 1, 2, 3]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<0x4xf32>, tensor<0x16xf32>, tensor<0x4xf32>, tensor<0x1xf32>, tensor<0x1xf32>, tensor<0x4xf32>, tensor<4x0xi32>, tensor<0xi32>, tensor<4xi32>) {
    %x = stablehlo.constant dense<> : tensor<0x4xf32>
    %e = stablehlo.constant dense<> : tensor<0xi32>
    // [0] all_reduce (0 elements: divisible by 4, but fewer than 4).
    %ar = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<0x4xf32>) -> tensor<0x4xf32>
    // [1] all_gather along the non-empty dimension, [2] along the empty one.
    %ag1 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<0x4xf32>) -> tensor<0x16xf32>
    %ag0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<0x4xf32>) -> tensor<0x4xf32>
    // [3] reduce_scatter along dimension 1.
    %rs = "stablehlo.reduce_scatter"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<0x4xf32>) -> tensor<0x1xf32>
    // [4] all_to_all, split 1, concat 0.
    %aa = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<0x4xf32>) -> tensor<0x1xf32>
    // [5] collective_permute.
    %cp = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<0x4xf32>) -> tensor<0x4xf32>
    // [6] all_gather of a 1x0 along dimension 0: 4x0.
    %e1 = stablehlo.reshape %e : (tensor<0xi32>) -> tensor<1x0xi32>
    %ag2 = "stablehlo.all_gather"(%e1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x0xi32>) -> tensor<4x0xi32>
    // [7] all_reduce of an i32 0-vector, groups of two.
    %ar2 = "stablehlo.all_reduce"(%e) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<0xi32>) -> tensor<0xi32>
    // [8] then every device's partition id.
    %p = stablehlo.partition_id : tensor<ui32>
    %i = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %i1 = stablehlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
    %g = "stablehlo.all_gather"(%i1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<4xi32>
    return %ar, %ag1, %ag0, %rs, %aa, %cp, %ag2, %ar2, %g : tensor<0x4xf32>, tensor<0x16xf32>, tensor<0x4xf32>, tensor<0x1xf32>, tensor<0x1xf32>, tensor<0x4xf32>, tensor<4x0xi32>, tensor<0xi32>, tensor<4xi32>
  }
}
