// reduce_window as a prefix scan (JAX's cumsum, reverse cumsum, cummax):
// a window spanning the whole dimension, padded by its length - 1 on one
// side; lowered as a sequential loop per row.
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 4 passed, 0 failed

func.func @cumsum_rows() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [10, 20, 30, 40]]> : tensor<2x4xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x4xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %r, dense<[[1, 3, 6, 10], [10, 30, 60, 100]]> : tensor<2x4xi32>
  return
}

// -----

// Reverse cumsum (padding on the high side), along dim 0.
func.func @reverse_cumsum_columns() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 2], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[9.0, 12.0], [8.0, 10.0], [5.0, 6.0]]> : tensor<3x2xf32>
  return
}

// -----

// cummax with -inf as the init value, NaN propagating.
func.func @cummax() {
  %x = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.0, 5.0, 0x7FC00000, 2.0]> : tensor<7xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[6, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 7>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<7xf32>, tensor<f32>) -> tensor<7xf32>
  check.expect_eq_const %r, dense<[3.0, 3.0, 4.0, 4.0, 5.0, 0x7FC00000, 0x7FC00000]> : tensor<7xf32>
  // A window shorter than the dimension is not a scan: the general path.
  %w = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<7xf32>, tensor<f32>) -> tensor<7xf32>
  check.expect_eq_const %w, dense<[3.0, 3.0, 4.0, 4.0, 5.0, 0x7FC00000, 0x7FC00000]> : tensor<7xf32>
  return
}
