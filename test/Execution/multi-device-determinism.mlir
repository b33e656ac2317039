// A float all_reduce over 4 devices (mhlo.num_partitions = 4) gives bitwise
// the same results on every run, on every device and whatever the thread
// pool: the fold is in group order, not in arrival order. Device d's
// operand is sin(0.731 (i + 1) (d + 1)) * exp(i mod 13 - 6), i < N, values
// of many magnitudes so that the order of the additions shows in the bits.
// N = 1024 takes the reduce-scatter + all-gather path, N = 1023 the
// all-gather + fold path. Results: the two sums (device 0's), and whether
// every device's sums are bitwise equal to device 0's (the all_gather of
// each device's sums, bitcast to i32 and compared).

// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --output-dir %t/first
// RUN: xla-run %s --expect %t/first/out_0.npy --expect %t/first/out_1.npy --expect %t/first/out_2.npy \
// RUN:   --atol 0 --rtol 0 | FileCheck %s
// RUN: xla-run %s --threads 1 --expect %t/first/out_0.npy --expect %t/first/out_1.npy \
// RUN:   --expect %t/first/out_2.npy --atol 0 --rtol 0 | FileCheck %s
// RUN: xla-run %s --threads 4 --parallel-min-cost 0 --expect %t/first/out_0.npy \
// RUN:   --expect %t/first/out_1.npy --expect %t/first/out_2.npy --atol 0 --rtol 0 | FileCheck %s
// RUN: xla-run %s | FileCheck %s --check-prefix=SAME
// CHECK: result[0]: matches {{.*}}out_0.npy
// CHECK: result[1]: matches {{.*}}out_1.npy
// CHECK: result[2]: matches {{.*}}out_2.npy
// CHECK-NOT: MISMATCH
// SAME: result[2]: tensor<i1> = true

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @operand(%n: tensor<1024xf32>) -> tensor<1024xf32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %pf = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %d1 = stablehlo.add %pf, %one : tensor<f32>
    %db = stablehlo.broadcast_in_dim %d1, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %i = stablehlo.iota dim = 0 : tensor<1024xf32>
    %ones = stablehlo.constant dense<1.0> : tensor<1024xf32>
    %i1 = stablehlo.add %i, %ones : tensor<1024xf32>
    %k = stablehlo.constant dense<0.731> : tensor<1024xf32>
    %a = stablehlo.multiply %i1, %db : tensor<1024xf32>
    %b = stablehlo.multiply %a, %k : tensor<1024xf32>
    %s = stablehlo.sine %b : tensor<1024xf32>
    %thirteen = stablehlo.constant dense<13.0> : tensor<1024xf32>
    %six = stablehlo.constant dense<6.0> : tensor<1024xf32>
    %m = stablehlo.remainder %i, %thirteen : tensor<1024xf32>
    %e0 = stablehlo.subtract %m, %six : tensor<1024xf32>
    %e = stablehlo.exponential %e0 : tensor<1024xf32>
    %r = stablehlo.multiply %s, %e : tensor<1024xf32>
    return %r : tensor<1024xf32>
  }
  func.func @main() -> (tensor<1024xf32>, tensor<1023xf32>, tensor<i1>) {
    %z = stablehlo.constant dense<0.0> : tensor<1024xf32>
    %x = func.call @operand(%z) : (tensor<1024xf32>) -> tensor<1024xf32>
    %y = stablehlo.slice %x [0:1023] : (tensor<1024xf32>) -> tensor<1023xf32>
    %s0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<1024xf32>) -> tensor<1024xf32>
    %s1 = "stablehlo.all_reduce"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<1023xf32>) -> tensor<1023xf32>
    // Every device's sums against device 0's, bit for bit.
    %both = stablehlo.concatenate %s0, %s1, dim = 0 : (tensor<1024xf32>, tensor<1023xf32>) -> tensor<2047xf32>
    %bits = stablehlo.bitcast_convert %both : (tensor<2047xf32>) -> tensor<2047xi32>
    %row = stablehlo.reshape %bits : (tensor<2047xi32>) -> tensor<1x2047xi32>
    %all = "stablehlo.all_gather"(%row) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2047xi32>) -> tensor<4x2047xi32>
    %first = stablehlo.broadcast_in_dim %row, dims = [0, 1] : (tensor<1x2047xi32>) -> tensor<4x2047xi32>
    %eq = stablehlo.compare EQ, %all, %first : (tensor<4x2047xi32>, tensor<4x2047xi32>) -> tensor<4x2047xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %same = stablehlo.reduce(%eq init: %true) applies stablehlo.and across dimensions = [0, 1] : (tensor<4x2047xi1>, tensor<i1>) -> tensor<i1>
    return %s0, %s1, %same : tensor<1024xf32>, tensor<1023xf32>, tensor<i1>
  }
}
