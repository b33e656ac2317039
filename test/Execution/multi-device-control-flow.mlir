// Collectives inside control flow over 4 devices (mhlo.num_partitions = 4),
// every device taking the same path: an all_reduce in a while loop, a
// collective_permute ring in a while loop, and a stablehlo.case whose
// branches hold different collectives (every device takes branch 1).
// Results are all_gathers of every device's result (element d = device d).
//
//  [0] x_d = d + 1; three times x = all_reduce add(x): 10, 40, 160.
//  [1] y_d = 10 d; three shifts along the ring 0 -> 1 -> 2 -> 3 -> 0:
//      device d ends with y of device d - 3 = d + 1 (mod 4): [10, 20, 30, 0].
//  [2] case index 1 everywhere: branch 1 all_gathers y over [[3, 2, 1, 0]]
//      ([30, 20, 10, 0] on every device), branch 0 would all_reduce.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4xf32> = [160, 160, 160, 160]
// CHECK-NEXT: result[1]: tensor<4xi32> = [10, 20, 30, 0]
// CHECK-NEXT: result[2]: tensor<4xi32> = [30, 20, 10, 0]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %d = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %df = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %x = stablehlo.add %df, %one : tensor<f32>
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %y = stablehlo.multiply %d, %ten : tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %inc = stablehlo.constant dense<1> : tensor<i32>

    %w:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<f32>
      cond {
        %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %s = "stablehlo.all_reduce"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %t = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %t : tensor<f32>
        }) : (tensor<f32>) -> tensor<f32>
        %i1 = stablehlo.add %i, %inc : tensor<i32>
        stablehlo.return %i1, %s : tensor<i32>, tensor<f32>
      }
    %w0 = stablehlo.reshape %w#1 : (tensor<f32>) -> tensor<1xf32>
    %g0 = "stablehlo.all_gather"(%w0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf32>) -> tensor<4xf32>

    %r:2 = stablehlo.while(%i = %zero, %v = %y) : tensor<i32>, tensor<i32>
      cond {
        %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %s = "stablehlo.collective_permute"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<i32>) -> tensor<i32>
        %i1 = stablehlo.add %i, %inc : tensor<i32>
        stablehlo.return %i1, %s : tensor<i32>, tensor<i32>
      }
    %r0 = stablehlo.reshape %r#1 : (tensor<i32>) -> tensor<1xi32>
    %g1 = "stablehlo.all_gather"(%r0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<4xi32>

    %y1 = stablehlo.reshape %y : (tensor<i32>) -> tensor<1xi32>
    %k = stablehlo.constant dense<1> : tensor<i32>
    %c = "stablehlo.case"(%k) ({
      %s = "stablehlo.all_reduce"(%y1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
      }) : (tensor<1xi32>) -> tensor<1xi32>
      %b4 = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<1xi32>) -> tensor<4xi32>
      stablehlo.return %b4 : tensor<4xi32>
    }, {
      %g = "stablehlo.all_gather"(%y1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<4xi32>
      stablehlo.return %g : tensor<4xi32>
    }) : (tensor<i32>) -> tensor<4xi32>
    return %g0, %g1, %c : tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
  }
}
