// A reduce_window that sums a splat constant (avg_pool's window counts:
// JAX's avg_pool with SAME padding divides by the sum of a ones array)
// becomes init + s * (product of per-dimension tap counts) at lowering,
// without the array (see test/Lowering/window-splat-sum.mlir). Each case
// is compared with the same reduce_window of the same values passed
// through an optimization_barrier, which is not a constant and so keeps
// the windowed reduction: padding on both sides, strides, window and base
// dilation, a non-zero init, s = 3, i32 that wraps around, f64, and a
// splat that is not integral (0.1: left alone, the same windows both
// ways).
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}6 passed, 0 failed

func.func @avg_pool_counts() {
  %ones = stablehlo.constant dense<1.0> : tensor<2x7x9x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%ones, %zero) <{padding = dense<[[0, 0], [1, 1], [0, 2], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x7x9x3xf32>, tensor<f32>) -> tensor<2x4x5x3xf32>
  %x = stablehlo.optimization_barrier %ones : tensor<2x7x9x3xf32>
  %ref = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [1, 1], [0, 2], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x7x9x3xf32>, tensor<f32>) -> tensor<2x4x5x3xf32>
  check.expect_eq %r, %ref : tensor<2x4x5x3xf32>
  func.return
}

// s = 3 broadcast from a scalar, init 5, window dilation 2 and base
// dilation 2 (holes count as padding), padding 2 low and 1 high.
func.func @dilated_threes() {
  %three = stablehlo.constant dense<3.0> : tensor<f32>
  %s = stablehlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
  %five = stablehlo.constant dense<5.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%s, %five) <{padding = dense<[[2, 1], [0, 3]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<6x5xf32>, tensor<f32>) -> tensor<10x3xf32>
  %x = stablehlo.optimization_barrier %s : tensor<6x5xf32>
  %ref = "stablehlo.reduce_window"(%x, %five) <{padding = dense<[[2, 1], [0, 3]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<6x5xf32>, tensor<f32>) -> tensor<10x3xf32>
  check.expect_eq %r, %ref : tensor<10x3xf32>
  func.return
}

// i32: 2^30 summed over windows of up to 4 taps wraps around; init -7.
func.func @int_wraps() {
  %big = stablehlo.constant dense<1073741824> : tensor<8x8xi32>
  %init = stablehlo.constant dense<-7> : tensor<i32>
  %r = "stablehlo.reduce_window"(%big, %init) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) : (tensor<8x8xi32>, tensor<i32>) -> tensor<9x9xi32>
  %x = stablehlo.optimization_barrier %big : tensor<8x8xi32>
  %ref = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) : (tensor<8x8xi32>, tensor<i32>) -> tensor<9x9xi32>
  check.expect_eq %r, %ref : tensor<9x9xi32>
  func.return
}

// f64 ones, no padding: every window full, the result one constant.
func.func @full_windows_f64() {
  %ones = stablehlo.constant dense<1.0> : tensor<4x6xf64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %r = "stablehlo.reduce_window"(%ones, %zero) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %t = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %t : tensor<f64>
  }) : (tensor<4x6xf64>, tensor<f64>) -> tensor<2x2xf64>
  %six = stablehlo.constant dense<6.0> : tensor<2x2xf64>
  check.expect_eq %r, %six : tensor<2x2xf64>
  func.return
}

// 0.1 is not integral: the windows are summed as written (both sides).
func.func @not_integral() {
  %s = stablehlo.constant dense<0.1> : tensor<5x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%s, %zero) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xf32>
  %x = stablehlo.optimization_barrier %s : tensor<5x5xf32>
  %ref = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xf32>
  check.expect_eq %r, %ref : tensor<5x5xf32>
  func.return
}

// An average pool with SAME padding as JAX writes it: the window sums of
// x divided by the window sums of ones; against the counts written out.
func.func @avg_pool_same() {
  %i = stablehlo.iota dim = 0 : tensor<5x5xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x5xf32>
  %ten = stablehlo.constant dense<10.0> : tensor<5x5xf32>
  %i10 = stablehlo.multiply %i, %ten : tensor<5x5xf32>
  %x = stablehlo.add %i10, %j : tensor<5x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
  %count = "stablehlo.reduce_window"(%ones, %zero) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xf32>
  %avg = stablehlo.divide %sum, %count : tensor<5x5xf32>
  %expected_count = stablehlo.constant dense<[[4.0, 6.0, 6.0, 6.0, 4.0], [6.0, 9.0, 9.0, 9.0, 6.0], [6.0, 9.0, 9.0, 9.0, 6.0], [6.0, 9.0, 9.0, 9.0, 6.0], [4.0, 6.0, 6.0, 6.0, 4.0]]> : tensor<5x5xf32>
  %ref = stablehlo.divide %sum, %expected_count : tensor<5x5xf32>
  check.expect_eq %avg, %ref : tensor<5x5xf32>
  func.return
}
