// More element types through collectives over 4 devices
// (mhlo.num_partitions = 4): f16, bf16, i4 (a sub-byte type: one byte per
// element in memory), ui64 beyond 2^63, complex<f64>. Device d's operand is
// row d of each table; results are all_gathers of every device's result
// (row d = device d), i4 converted to i8 to be printed.
//
//  [0] f16 add: [1.5 + 2 + 0.5 + 1, 2 - 3 + 1 + 4] = [5, 4].
//  [1] bf16 maximum: [2, 4].
//  [2] i4 add, wrapping modulo 16: [1 + 2 + 3 + 1, 2 + 3 - 1 + 7 = 11 = -5].
//  [3] i4 all_gather (3 elements each) over [[3, 2, 1, 0]]: rows 3, 2, 1, 0.
//  [4] ui64 add: 2^63 + 2^63 + 5 + 1 = 6 (mod 2^64); 2^64 - 1 + 1 + 0 + 2 = 2.
//  [5] complex<f64> add: (1+2i) + 0.5 + 2 + (1-i) = 4.5+i; 3 + (1+i) + 0 - i = 4.

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<4x2xf16> = {{\[\[}}5, 4], [5, 4], [5, 4], [5, 4]]
// CHECK-NEXT: result[1]: tensor<4x2xbf16> = {{\[\[}}2, 4], [2, 4], [2, 4], [2, 4]]
// CHECK-NEXT: result[2]: tensor<4x2xi8> = {{\[\[}}7, -5], [7, -5], [7, -5], [7, -5]]
// CHECK-NEXT: result[3]: tensor<4x3xi8> = {{\[\[}}1, 7, -8], [3, -1, 5], [2, 3, 4], [1, 2, 3]]
// CHECK-NEXT: result[4]: tensor<4x2xui64> = {{\[\[}}6, 2], [6, 2], [6, 2], [6, 2]]
// CHECK-NEXT: result[5]: tensor<4x2xcomplex<f64>> = {{\[\[}}(4.5+1j), (4+0j)], [(4.5+1j), (4+0j)], [(4.5+1j), (4+0j)], [(4.5+1j), (4+0j)]]

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<4x2xf16>, tensor<4x2xbf16>, tensor<4x2xi8>, tensor<4x3xi8>, tensor<4x2xui64>, tensor<4x2xcomplex<f64>>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %d = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>

    %t0 = stablehlo.constant dense<[[1.5, 2.0], [2.0, -3.0], [0.5, 1.0], [1.0, 4.0]]> : tensor<4x2xf16>
    %s0 = stablehlo.dynamic_slice %t0, %d, %z, sizes = [1, 2] : (tensor<4x2xf16>, tensor<i32>, tensor<i32>) -> tensor<1x2xf16>
    %r0 = "stablehlo.all_reduce"(%s0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %c = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %c : tensor<f16>
    }) : (tensor<1x2xf16>) -> tensor<1x2xf16>
    %g0 = "stablehlo.all_gather"(%r0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xf16>) -> tensor<4x2xf16>

    %t1 = stablehlo.constant dense<[[1.5, 2.0], [2.0, -3.0], [0.5, 1.0], [1.0, 4.0]]> : tensor<4x2xbf16>
    %s1 = stablehlo.dynamic_slice %t1, %d, %z, sizes = [1, 2] : (tensor<4x2xbf16>, tensor<i32>, tensor<i32>) -> tensor<1x2xbf16>
    %r1 = "stablehlo.all_reduce"(%s1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %c = stablehlo.maximum %a, %b : tensor<bf16>
      stablehlo.return %c : tensor<bf16>
    }) : (tensor<1x2xbf16>) -> tensor<1x2xbf16>
    %g1 = "stablehlo.all_gather"(%r1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xbf16>) -> tensor<4x2xbf16>

    %t2 = stablehlo.constant dense<[[1, 2], [2, 3], [3, -1], [1, 7]]> : tensor<4x2xi4>
    %s2 = stablehlo.dynamic_slice %t2, %d, %z, sizes = [1, 2] : (tensor<4x2xi4>, tensor<i32>, tensor<i32>) -> tensor<1x2xi4>
    %r2 = "stablehlo.all_reduce"(%s2) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i4>, %b: tensor<i4>):
      %c = stablehlo.add %a, %b : tensor<i4>
      stablehlo.return %c : tensor<i4>
    }) : (tensor<1x2xi4>) -> tensor<1x2xi4>
    %g2 = "stablehlo.all_gather"(%r2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xi4>) -> tensor<4x2xi4>
    %o2 = stablehlo.convert %g2 : (tensor<4x2xi4>) -> tensor<4x2xi8>

    %t3 = stablehlo.constant dense<[[1, 2, 3], [2, 3, 4], [3, -1, 5], [1, 7, -8]]> : tensor<4x3xi4>
    %s3 = stablehlo.dynamic_slice %t3, %d, %z, sizes = [1, 3] : (tensor<4x3xi4>, tensor<i32>, tensor<i32>) -> tensor<1x3xi4>
    %g3 = "stablehlo.all_gather"(%s3) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x3xi4>) -> tensor<4x3xi4>
    %o3 = stablehlo.convert %g3 : (tensor<4x3xi4>) -> tensor<4x3xi8>

    %t4 = stablehlo.constant dense<[[9223372036854775808, 18446744073709551615], [9223372036854775808, 1], [5, 0], [1, 2]]> : tensor<4x2xui64>
    %s4 = stablehlo.dynamic_slice %t4, %d, %z, sizes = [1, 2] : (tensor<4x2xui64>, tensor<i32>, tensor<i32>) -> tensor<1x2xui64>
    %r4 = "stablehlo.all_reduce"(%s4) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
      %c = stablehlo.add %a, %b : tensor<ui64>
      stablehlo.return %c : tensor<ui64>
    }) : (tensor<1x2xui64>) -> tensor<1x2xui64>
    %g4 = "stablehlo.all_gather"(%r4) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xui64>) -> tensor<4x2xui64>

    %t5 = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 0.0)], [(0.5, 0.0), (1.0, 1.0)], [(2.0, 0.0), (0.0, 0.0)], [(1.0, -1.0), (0.0, -1.0)]]> : tensor<4x2xcomplex<f64>>
    %s5 = stablehlo.dynamic_slice %t5, %d, %z, sizes = [1, 2] : (tensor<4x2xcomplex<f64>>, tensor<i32>, tensor<i32>) -> tensor<1x2xcomplex<f64>>
    %r5 = "stablehlo.all_reduce"(%s5) <{channel_handle = #stablehlo.channel_handle<handle = 10, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<complex<f64>>, %b: tensor<complex<f64>>):
      %c = stablehlo.add %a, %b : tensor<complex<f64>>
      stablehlo.return %c : tensor<complex<f64>>
    }) : (tensor<1x2xcomplex<f64>>) -> tensor<1x2xcomplex<f64>>
    %g5 = "stablehlo.all_gather"(%r5) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 11, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2xcomplex<f64>>) -> tensor<4x2xcomplex<f64>>

    return %g0, %g1, %o2, %o3, %g4, %g5 : tensor<4x2xf16>, tensor<4x2xbf16>, tensor<4x2xi8>, tensor<4x3xi8>, tensor<4x2xui64>, tensor<4x2xcomplex<f64>>
  }
}
