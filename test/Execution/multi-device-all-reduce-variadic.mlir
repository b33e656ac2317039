// Variadic all_reduce over 4 devices (mhlo.num_partitions = 4). The spec:
// the computation is binary, (tensor<E>, tensor<E>) -> tensor<E>, and is
// applied to each operand on its own (results[i] reduces operands[i]);
// all operands share the element type E. Results are all_gathers of every
// device's result (row d = device d).
//
//  [0], [1] add of an i32 3-vector (3 elements: gathered then folded) and an
//       i32 2x2 (4 elements: reduce-scatter then all-gather):
//       [1+10+100+1000, ...] = [1111, 2222, 3333];
//       [[1+2+3+4, 0+0+0-1], [0+1+2+3, 5*4]] = [[10, -1], [6, 20]].
//  [2], [3], [4] "return the left operand" of three f32 operands (8
//       elements, rank 0, 1x3) over [[2, 0, 3, 1]]: the group's first
//       member, device 2, for each operand.

// Regression test: the operands were folded together, the computation called
// with 2k arguments as for stablehlo.reduce (a lowering error).

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4x3xi32> = {{\[\[}}1111, 2222, 3333], [1111, 2222, 3333], [1111, 2222, 3333], [1111, 2222, 3333]]
// CHECK-NEXT: result[1]: tensor<4x2x2xi32> = {{\[\[}}[10, -1], [6, 20]], {{\[\[}}10, -1], [6, 20]], {{\[\[}}10, -1], [6, 20]], {{\[\[}}10, -1], [6, 20]]]
// CHECK-NEXT: result[2]: tensor<4x8xf32> = {{\[\[}}20, 21, 22, 23, 24, 25, 26, 27], [20, 21, 22, 23, 24, 25, 26, 27], [20, 21, 22, 23, 24, 25, 26, 27], [20, 21, 22, 23, 24, 25, 26, 27]]
// CHECK-NEXT: result[3]: tensor<4xf32> = [2.5, 2.5, 2.5, 2.5]
// CHECK-NEXT: result[4]: tensor<4x1x3xf32> = {{\[\[}}[2, -3, -4]], {{\[\[}}2, -3, -4]], {{\[\[}}2, -3, -4]], {{\[\[}}2, -3, -4]]]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<4x3xi32>, tensor<4x2x2xi32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x1x3xf32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %np = stablehlo.constant dense<4> : tensor<ui32>
    %rp = stablehlo.multiply %rid, %np : tensor<ui32>
    %dev = stablehlo.add %rp, %pid : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    // [0], [1] variadic add of an i32 3-vector (all-gather path) and an i32 2x2 (4 elements: reduce-scatter path)
    %t1 = stablehlo.constant dense<[[1,2,3],[10,20,30],[100,200,300],[1000,2000,3000]]> : tensor<4x3xi32>
    %s2 = stablehlo.dynamic_slice %t1, %d, %z, sizes = [1, 3] : (tensor<4x3xi32>, tensor<i32>, tensor<i32>) -> tensor<1x3xi32>
    %x3 = stablehlo.reshape %s2 : (tensor<1x3xi32>) -> tensor<3xi32>
    %t4 = stablehlo.constant dense<[[[1,0],[0,5]],[[2,0],[1,5]],[[3,0],[2,5]],[[4,-1],[3,5]]]> : tensor<4x2x2xi32>
    %s5 = stablehlo.dynamic_slice %t4, %d, %z, %z, sizes = [1, 2, 2] : (tensor<4x2x2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xi32>
    %x6 = stablehlo.reshape %s5 : (tensor<1x2x2xi32>) -> tensor<2x2xi32>
    %a9:2 = "stablehlo.all_reduce"(%x3, %x6) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<3xi32>, tensor<2x2xi32>) -> (tensor<3xi32>, tensor<2x2xi32>)
    %r10 = stablehlo.reshape %a9#0 : (tensor<3xi32>) -> tensor<1x3xi32>
    %g11 = "stablehlo.all_gather"(%r10) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x3xi32>) -> tensor<4x3xi32>
    %r12 = stablehlo.reshape %a9#1 : (tensor<2x2xi32>) -> tensor<1x2x2xi32>
    %g13 = "stablehlo.all_gather"(%r12) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 103, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x2xi32>) -> tensor<4x2x2xi32>
    // [2], [3], [4] variadic "return the left operand" of f32 8-vector, f32 scalar, f32 1x3, groups [[2, 0, 3, 1]]: device 2's values
    %t14 = stablehlo.constant dense<[[0.0,1.0,2.0,3.0,4.0,5.0,6.0,7.0],[10.0,11.0,12.0,13.0,14.0,15.0,16.0,17.0],[20.0,21.0,22.0,23.0,24.0,25.0,26.0,27.0],[30.0,31.0,32.0,33.0,34.0,35.0,36.0,37.0]]> : tensor<4x8xf32>
    %s15 = stablehlo.dynamic_slice %t14, %d, %z, sizes = [1, 8] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<1x8xf32>
    %x16 = stablehlo.reshape %s15 : (tensor<1x8xf32>) -> tensor<8xf32>
    %t17 = stablehlo.constant dense<[0.5, 1.5, 2.5, 3.5]> : tensor<4xf32>
    %s18 = stablehlo.dynamic_slice %t17, %d, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
    %x19 = stablehlo.reshape %s18 : (tensor<1xf32>) -> tensor<f32>
    %t20 = stablehlo.constant dense<[[[0.0,-1.0,-2.0]],[[1.0,-2.0,-3.0]],[[2.0,-3.0,-4.0]],[[3.0,-4.0,-5.0]]]> : tensor<4x1x3xf32>
    %s21 = stablehlo.dynamic_slice %t20, %d, %z, %z, sizes = [1, 1, 3] : (tensor<4x1x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1x3xf32>
    %x22 = stablehlo.reshape %s21 : (tensor<1x1x3xf32>) -> tensor<1x3xf32>
    %a26:3 = "stablehlo.all_reduce"(%x16, %x19, %x22) <{channel_handle = #stablehlo.channel_handle<handle = 104, type = 1>, replica_groups = dense<[[2, 0, 3, 1]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %a : tensor<f32>
    }) : (tensor<8xf32>, tensor<f32>, tensor<1x3xf32>) -> (tensor<8xf32>, tensor<f32>, tensor<1x3xf32>)
    %r27 = stablehlo.reshape %a26#0 : (tensor<8xf32>) -> tensor<1x8xf32>
    %g28 = "stablehlo.all_gather"(%r27) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 105, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %r29 = stablehlo.reshape %a26#1 : (tensor<f32>) -> tensor<1xf32>
    %g30 = "stablehlo.all_gather"(%r29) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 106, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf32>) -> tensor<4xf32>
    %r31 = stablehlo.reshape %a26#2 : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %g32 = "stablehlo.all_gather"(%r31) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 107, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x1x3xf32>) -> tensor<4x1x3xf32>
    return %g11, %g13, %g28, %g30, %g32 : tensor<4x3xi32>, tensor<4x2x2xi32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x1x3xf32>
  }
}

