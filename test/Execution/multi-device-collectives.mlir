// all_reduce over 4 devices (mhlo.num_partitions = 4): element types,
// computations, element counts, groups. Every device's value is made in the
// program (a row of a constant table picked by the device id with
// dynamic_slice), and each result is the all_gather of every device's
// all_reduce result (row d = device d), so a wrong value on any device shows.
//
// Expected values from the StableHLO spec, computed by hand: each result is
// the computation applied over the group's values along a schedule whose
// in-order traversal is the group's listed order; the tree shape is
// implementation-defined, so the non-commutative computations here are
// either associative ("return the left operand") or over groups of two
// (subtract: one possible schedule, first - second).
//
//  [0]  column j of row i: sum over d of (8d + 4i + j) = 48 + 16i + 4j.
//  [1]  groups [[1, 0], [2, 3]]: devices 0 and 1 get v1 - v0 =
//       [4 - 1, 2 - 10, 0.25 - 0.5]; devices 2 and 3 get v2 - v3 =
//       [7 - 100, 3 + 4, 0.125 - 1].
//  [2]  group [2, 0, 3, 1]: the first member's value, device 2's.
//  [3]  column-wise maxima: [3, -5, 7, INT32_MAX, 0].
//  [4]  column-wise minima: [0.5, 1e30, -2.5, -inf, 6.5, -0.5].
//  [5]  100000 * 100000 * 3 * 1 = 3e10 (beyond i32), -1 * 2 * -3 * 1 = 6.
//  [6]  and / [7] or over the four boolean rows.
//  [8]  200+100 = 300 = 44 (mod 256), 255+1 = 256 = 0 -> 0+0+1 = 1, 4, 0.
//  [9]  (1+i) + (1-i) + 2 + i = 4+i;  2 + i + i - 1 = 1+2i.
//  [10] (1+i)(1-i) = 2, *2 = 4, *i = 4i;  2 * i * i * -1 = 2 (the sign of
//       the zero imaginary part depends on the schedule).
//  [11] 1e15 + 0.875 (exact in f64, ulp 0.125; printed 1000000000000000.9).
//  [12] 3 * 2^40 - 1 = 3298534883327.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4x2x4xf32> = {{\[\[}}[48, 52, 56, 60], [64, 68, 72, 76]], {{\[\[}}48, 52, 56, 60], [64, 68, 72, 76]], {{\[\[}}48, 52, 56, 60], [64, 68, 72, 76]], {{\[\[}}48, 52, 56, 60], [64, 68, 72, 76]]]
// CHECK-NEXT: result[1]: tensor<4x3xf32> = {{\[\[}}3, -8, -0.25], [3, -8, -0.25], [-93, 7, -0.875], [-93, 7, -0.875]]
// CHECK-NEXT: result[2]: tensor<4x4xi32> = {{\[\[}}20, 21, 22, 23], [20, 21, 22, 23], [20, 21, 22, 23], [20, 21, 22, 23]]
// CHECK-NEXT: result[3]: tensor<4x5xi32> = {{\[\[}}3, -5, 7, 2147483647, 0], [3, -5, 7, 2147483647, 0], [3, -5, 7, 2147483647, 0], [3, -5, 7, 2147483647, 0]]
// CHECK-NEXT: result[4]: tensor<4x6xf32> = {{\[\[}}0.5, 1e30, -2.5, -inf, 6.5, -0.5], [0.5, 1e30, -2.5, -inf, 6.5, -0.5], [0.5, 1e30, -2.5, -inf, 6.5, -0.5], [0.5, 1e30, -2.5, -inf, 6.5, -0.5]]
// CHECK-NEXT: result[5]: tensor<4x2xi64> = {{\[\[}}30000000000, 6], [30000000000, 6], [30000000000, 6], [30000000000, 6]]
// CHECK-NEXT: result[6]: tensor<4x4xi1> = {{\[\[}}true, false, false, false], [true, false, false, false], [true, false, false, false], [true, false, false, false]]
// CHECK-NEXT: result[7]: tensor<4x4xi1> = {{\[\[}}true, true, false, true], [true, true, false, true], [true, true, false, true], [true, true, false, true]]
// CHECK-NEXT: result[8]: tensor<4x4xui8> = {{\[\[}}44, 1, 4, 0], [44, 1, 4, 0], [44, 1, 4, 0], [44, 1, 4, 0]]
// CHECK-NEXT: result[9]: tensor<4x2xcomplex<f32>> = {{\[\[}}(4+1j), (1+2j)], [(4+1j), (1+2j)], [(4+1j), (1+2j)], [(4+1j), (1+2j)]]
// CHECK-NEXT: result[10]: tensor<4x2xcomplex<f32>> = {{\[\[}}(0+4j), (2{{[+-]}}0j)], [(0+4j), (2{{[+-]}}0j)], [(0+4j), (2{{[+-]}}0j)], [(0+4j), (2{{[+-]}}0j)]]
// CHECK-NEXT: result[11]: tensor<4xf64> = [1000000000000000.9, 1000000000000000.9, 1000000000000000.9, 1000000000000000.9]
// CHECK-NEXT: result[12]: tensor<4xi64> = [3298534883327, 3298534883327, 3298534883327, 3298534883327]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<4x2x4xf32>, tensor<4x3xf32>, tensor<4x4xi32>, tensor<4x5xi32>, tensor<4x6xf32>, tensor<4x2xi64>, tensor<4x4xi1>, tensor<4x4xi1>, tensor<4x4xui8>, tensor<4x2xcomplex<f32>>, tensor<4x2xcomplex<f32>>, tensor<4xf64>, tensor<4xi64>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %np = stablehlo.constant dense<4> : tensor<ui32>
    %rp = stablehlo.multiply %rid, %np : tensor<ui32>
    %dev = stablehlo.add %rp, %pid : tensor<ui32>
    %d = stablehlo.convert %dev : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    // [0] add, f32 2x4 (divisible by 4: reduce-scatter then all-gather)
    %t1 = stablehlo.constant dense<[[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0]],[[8.0,9.0,10.0,11.0],[12.0,13.0,14.0,15.0]],[[16.0,17.0,18.0,19.0],[20.0,21.0,22.0,23.0]],[[24.0,25.0,26.0,27.0],[28.0,29.0,30.0,31.0]]]> : tensor<4x2x4xf32>
    %s2 = stablehlo.dynamic_slice %t1, %d, %z, %z, sizes = [1, 2, 4] : (tensor<4x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %x3 = stablehlo.reshape %s2 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %a4 = "stablehlo.all_reduce"(%x3) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %r5 = stablehlo.reshape %a4 : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %g6 = "stablehlo.all_gather"(%r5) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x4xf32>) -> tensor<4x2x4xf32>
    // [1] subtract over groups [[1, 0], [2, 3]] (f32, 3 elements): a group of two has one schedule: first - second
    %t7 = stablehlo.constant dense<[[1.0,10.0,0.5],[4.0,2.0,0.25],[7.0,3.0,0.125],[100.0,-4.0,1.0]]> : tensor<4x3xf32>
    %s8 = stablehlo.dynamic_slice %t7, %d, %z, sizes = [1, 3] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %x9 = stablehlo.reshape %s8 : (tensor<1x3xf32>) -> tensor<3xf32>
    %a10 = "stablehlo.all_reduce"(%x9) <{channel_handle = #stablehlo.channel_handle<handle = 103, type = 1>, replica_groups = dense<[[1, 0], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.subtract %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<3xf32>) -> tensor<3xf32>
    %r11 = stablehlo.reshape %a10 : (tensor<3xf32>) -> tensor<1x3xf32>
    %g12 = "stablehlo.all_gather"(%r11) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 104, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x3xf32>) -> tensor<4x3xf32>
    // [2] "return the left operand" (associative, not commutative) over [[2, 0, 3, 1]], i32 4 elements (divisible): group member 0 = device 2
    %t13 = stablehlo.constant dense<[[0,1,2,3],[10,11,12,13],[20,21,22,23],[30,31,32,33]]> : tensor<4x4xi32>
    %s14 = stablehlo.dynamic_slice %t13, %d, %z, sizes = [1, 4] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<1x4xi32>
    %x15 = stablehlo.reshape %s14 : (tensor<1x4xi32>) -> tensor<4xi32>
    %a16 = "stablehlo.all_reduce"(%x15) <{channel_handle = #stablehlo.channel_handle<handle = 105, type = 1>, replica_groups = dense<[[2, 0, 3, 1]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      stablehlo.return %a : tensor<i32>
    }) : (tensor<4xi32>) -> tensor<4xi32>
    %r17 = stablehlo.reshape %a16 : (tensor<4xi32>) -> tensor<1x4xi32>
    %g18 = "stablehlo.all_gather"(%r17) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 106, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi32>) -> tensor<4x4xi32>
    // [3] maximum, i32, 5 elements (not divisible by 4)
    %t19 = stablehlo.constant dense<[[1,-5,7,-2147483648,0],[3,-6,7,5,-1],[-2,-7,6,2147483647,-2],[0,-8,-9,1,-3]]> : tensor<4x5xi32>
    %s20 = stablehlo.dynamic_slice %t19, %d, %z, sizes = [1, 5] : (tensor<4x5xi32>, tensor<i32>, tensor<i32>) -> tensor<1x5xi32>
    %x21 = stablehlo.reshape %s20 : (tensor<1x5xi32>) -> tensor<5xi32>
    %a22 = "stablehlo.all_reduce"(%x21) <{channel_handle = #stablehlo.channel_handle<handle = 107, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<5xi32>) -> tensor<5xi32>
    %r23 = stablehlo.reshape %a22 : (tensor<5xi32>) -> tensor<1x5xi32>
    %g24 = "stablehlo.all_gather"(%r23) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 108, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x5xi32>) -> tensor<4x5xi32>
    // [4] minimum, f32, 6 elements (not divisible by 4), with infinities
    %t25 = stablehlo.constant dense<[[1.0,0x7F800000,2.5,-3.0,7.0,0.0],[2.0,0x7F800000,-2.5,-4.0,8.0,1.0],[0.5,1.0e30,2.0,0xFF800000,9.0,2.0],[3.0,0x7F800000,2.25,-1.0,6.5,-0.5]]> : tensor<4x6xf32>
    %s26 = stablehlo.dynamic_slice %t25, %d, %z, sizes = [1, 6] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<1x6xf32>
    %x27 = stablehlo.reshape %s26 : (tensor<1x6xf32>) -> tensor<6xf32>
    %a28 = "stablehlo.all_reduce"(%x27) <{channel_handle = #stablehlo.channel_handle<handle = 109, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.minimum %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<6xf32>) -> tensor<6xf32>
    %r29 = stablehlo.reshape %a28 : (tensor<6xf32>) -> tensor<1x6xf32>
    %g30 = "stablehlo.all_gather"(%r29) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 110, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x6xf32>) -> tensor<4x6xf32>
    // [5] multiply, i64, 2 elements (fewer than the 4 devices)
    %t31 = stablehlo.constant dense<[[100000,-1],[100000,2],[3,-3],[1,1]]> : tensor<4x2xi64>
    %s32 = stablehlo.dynamic_slice %t31, %d, %z, sizes = [1, 2] : (tensor<4x2xi64>, tensor<i32>, tensor<i32>) -> tensor<1x2xi64>
    %x33 = stablehlo.reshape %s32 : (tensor<1x2xi64>) -> tensor<2xi64>
    %a34 = "stablehlo.all_reduce"(%x33) <{channel_handle = #stablehlo.channel_handle<handle = 111, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %c = stablehlo.multiply %a, %b : tensor<i64>
      stablehlo.return %c : tensor<i64>
    }) : (tensor<2xi64>) -> tensor<2xi64>
    %r35 = stablehlo.reshape %a34 : (tensor<2xi64>) -> tensor<1x2xi64>
    %g36 = "stablehlo.all_gather"(%r35) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 112, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi64>) -> tensor<4x2xi64>
    // [6] and, [7] or: i1, 4 elements (divisible)
    %t37 = stablehlo.constant dense<[[true,true,false,false],[true,false,false,true],[true,true,false,false],[true,true,false,false]]> : tensor<4x4xi1>
    %s38 = stablehlo.dynamic_slice %t37, %d, %z, sizes = [1, 4] : (tensor<4x4xi1>, tensor<i32>, tensor<i32>) -> tensor<1x4xi1>
    %x39 = stablehlo.reshape %s38 : (tensor<1x4xi1>) -> tensor<4xi1>
    %a40 = "stablehlo.all_reduce"(%x39) <{channel_handle = #stablehlo.channel_handle<handle = 113, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %c = stablehlo.and %a, %b : tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) : (tensor<4xi1>) -> tensor<4xi1>
    %r41 = stablehlo.reshape %a40 : (tensor<4xi1>) -> tensor<1x4xi1>
    %g42 = "stablehlo.all_gather"(%r41) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 114, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi1>) -> tensor<4x4xi1>
    %a43 = "stablehlo.all_reduce"(%x39) <{channel_handle = #stablehlo.channel_handle<handle = 115, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %c = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) : (tensor<4xi1>) -> tensor<4xi1>
    %r44 = stablehlo.reshape %a43 : (tensor<4xi1>) -> tensor<1x4xi1>
    %g45 = "stablehlo.all_gather"(%r44) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 116, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xi1>) -> tensor<4x4xi1>
    // [8] add, ui8, wraps modulo 256
    %t46 = stablehlo.constant dense<[[200,255,1,0],[100,1,1,0],[0,0,1,0],[0,1,1,0]]> : tensor<4x4xui8>
    %s47 = stablehlo.dynamic_slice %t46, %d, %z, sizes = [1, 4] : (tensor<4x4xui8>, tensor<i32>, tensor<i32>) -> tensor<1x4xui8>
    %x48 = stablehlo.reshape %s47 : (tensor<1x4xui8>) -> tensor<4xui8>
    %a49 = "stablehlo.all_reduce"(%x48) <{channel_handle = #stablehlo.channel_handle<handle = 117, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %c = stablehlo.add %a, %b : tensor<ui8>
      stablehlo.return %c : tensor<ui8>
    }) : (tensor<4xui8>) -> tensor<4xui8>
    %r50 = stablehlo.reshape %a49 : (tensor<4xui8>) -> tensor<1x4xui8>
    %g51 = "stablehlo.all_gather"(%r50) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 118, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4xui8>) -> tensor<4x4xui8>
    // [9] add, [10] multiply: complex<f32>, 2 elements
    %t52 = stablehlo.constant dense<[[(1.0,1.0),(2.0,0.0)],[(1.0,-1.0),(0.0,1.0)],[(2.0,0.0),(0.0,1.0)],[(0.0,1.0),(-1.0,0.0)]]> : tensor<4x2xcomplex<f32>>
    %s53 = stablehlo.dynamic_slice %t52, %d, %z, sizes = [1, 2] : (tensor<4x2xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<1x2xcomplex<f32>>
    %x54 = stablehlo.reshape %s53 : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %a55 = "stablehlo.all_reduce"(%x54) <{channel_handle = #stablehlo.channel_handle<handle = 119, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %c = stablehlo.add %a, %b : tensor<complex<f32>>
      stablehlo.return %c : tensor<complex<f32>>
    }) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %r56 = stablehlo.reshape %a55 : (tensor<2xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
    %g57 = "stablehlo.all_gather"(%r56) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 120, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xcomplex<f32>>) -> tensor<4x2xcomplex<f32>>
    %a58 = "stablehlo.all_reduce"(%x54) <{channel_handle = #stablehlo.channel_handle<handle = 121, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %c = stablehlo.multiply %a, %b : tensor<complex<f32>>
      stablehlo.return %c : tensor<complex<f32>>
    }) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %r59 = stablehlo.reshape %a58 : (tensor<2xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
    %g60 = "stablehlo.all_gather"(%r59) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 122, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xcomplex<f32>>) -> tensor<4x2xcomplex<f32>>
    // [11] add, f64, rank 0 (needs the f64 precision: 1e15 + 0.5 + 0.25 + 0.125, exact)
    %t61 = stablehlo.constant dense<[1.0e15, 0.5, 0.25, 0.125]> : tensor<4xf64>
    %s62 = stablehlo.dynamic_slice %t61, %d, sizes = [1] : (tensor<4xf64>, tensor<i32>) -> tensor<1xf64>
    %x63 = stablehlo.reshape %s62 : (tensor<1xf64>) -> tensor<f64>
    %a64 = "stablehlo.all_reduce"(%x63) <{channel_handle = #stablehlo.channel_handle<handle = 123, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %c = stablehlo.add %a, %b : tensor<f64>
      stablehlo.return %c : tensor<f64>
    }) : (tensor<f64>) -> tensor<f64>
    %r65 = stablehlo.reshape %a64 : (tensor<f64>) -> tensor<1xf64>
    %g66 = "stablehlo.all_gather"(%r65) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 124, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xf64>) -> tensor<4xf64>
    // [12] add, i64, rank 0, empty replica_groups (all devices)
    %t67 = stablehlo.constant dense<[1099511627776, 1099511627776, 1099511627776, -1]> : tensor<4xi64>
    %s68 = stablehlo.dynamic_slice %t67, %d, sizes = [1] : (tensor<4xi64>, tensor<i32>) -> tensor<1xi64>
    %x69 = stablehlo.reshape %s68 : (tensor<1xi64>) -> tensor<i64>
    %a70 = "stablehlo.all_reduce"(%x69) <{channel_handle = #stablehlo.channel_handle<handle = 125, type = 1>, replica_groups = dense<> : tensor<0x0xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %c = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %c : tensor<i64>
    }) : (tensor<i64>) -> tensor<i64>
    %r71 = stablehlo.reshape %a70 : (tensor<i64>) -> tensor<1xi64>
    %g72 = "stablehlo.all_gather"(%r71) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 126, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1xi64>) -> tensor<4xi64>
    return %g6, %g12, %g18, %g24, %g30, %g36, %g42, %g45, %g51, %g57, %g60, %g66, %g72 : tensor<4x2x4xf32>, tensor<4x3xf32>, tensor<4x4xi32>, tensor<4x5xi32>, tensor<4x6xf32>, tensor<4x2xi64>, tensor<4x4xi1>, tensor<4x4xi1>, tensor<4x4xui8>, tensor<4x2xcomplex<f32>>, tensor<4x2xcomplex<f32>>, tensor<4xf64>, tensor<4xi64>
  }
}

