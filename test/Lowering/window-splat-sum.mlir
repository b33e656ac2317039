// RUN: xla-opt --stablehlo-legalize-to-linalg %s | FileCheck %s

// A reduce_window summing a splat constant s into a constant init c
// becomes c·(T + 1) + (s - c)·Π_d taps_d[o_d] (T taps per window; padding
// holds c): per-dimension constant vectors of the taps on the input,
// broadcast and multiplied; no array of the splat, no window loop.

// avg_pool's counts: 3x3 windows, stride 2, padding 1 on each side of a
// 7x9 image (the second dimension also 1 more high): 1 + 3 + ... per row.
// CHECK-LABEL: func.func @counts
// CHECK-DAG: arith.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-DAG: arith.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<5xf32>
// CHECK-NOT: tensor<7x9xf32>
// CHECK: return
func.func @counts() -> tensor<4x5xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<7x9xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%ones, %zero) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<7x9xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// Every window full: one constant, 2·3 = 6 taps of 4, init 1: 25.
// CHECK-LABEL: func.func @full
// CHECK: arith.constant dense<25> : tensor<2x2xi32>
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @full() -> tensor<2x2xi32> {
  %four = stablehlo.constant dense<4> : tensor<4x6xi32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.reduce_window"(%four, %one) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<i32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// Left alone: a splat that is not integral (its sum rounds per step), a
// maximum, an input that is not a constant.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction"]
func.func @kept(%x: tensor<5x5xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) {
  %tenth = stablehlo.constant dense<0.1> : tensor<5x5xf32>
  %one = stablehlo.constant dense<1.0> : tensor<5x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r0 = "stablehlo.reduce_window"(%tenth, %zero) <{window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<3x3xf32>
  %r1 = "stablehlo.reduce_window"(%one, %zero) <{window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<3x3xf32>
  %r2 = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5x5xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %r0, %r1, %r2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>
}
