// Windowed ops and sort (XLA ReduceWindow, SelectAndScatter, Sort), executed
// with xla-run on inline inputs. Expected values come from the semantics
// (checked with a direct numpy transcription and jax.lax.reduce_window). All
// reduce_window cases use the identity of the reduction as init value, so
// padding and base-dilation holes contribute nothing.

// Sum over 2x2 windows, stride 1, one row/column of zero padding on each side
// of [[1,2,3],[4,5,6],[7,8,9]].
// RUN: xla-run %s --entry rw_sum_pad --input '3x3xf32=[1,2,3,4,5,6,7,8,9]' | FileCheck %s --check-prefix=RW-PAD
// RW-PAD: result[0]: tensor<4x4xf32> = {{\[\[}}1, 3, 5, 3], [5, 12, 16, 9], [11, 24, 28, 15], [7, 15, 17, 9]]
func.func @rw_sum_pad(%x: tensor<3x3xf32>) -> tensor<4x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>,
         padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// Running sum (cumsum) via a window of 4 with 3 elements of low padding.
// RUN: xla-run %s --entry rw_cumsum --input '2x4xi32=[1,2,3,4,-1,10,-100,1000]' | FileCheck %s --check-prefix=RW-CUMSUM
// RW-CUMSUM: result[0]: tensor<2x4xi32> = {{\[\[}}1, 3, 6, 10], [-1, 9, -91, 909]]
func.func @rw_cumsum(%x: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>,
         window_dimensions = array<i64: 1, 4>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x4xi32>, tensor<i32>) -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

// The seed's max example: a [4x6] input, window [2x3], strides [2x3], valid.
// RUN: xla-run %s --entry rw_max_2x3 --input '4x6xf32=[1,-2,3,0,5,-6,7,8,-9,1,1,1,-1,-2,-3,-4,-5,-6,0,2.5,0,-7,-8,-9]' \
// RUN:   | FileCheck %s --check-prefix=RW-MAX
// RW-MAX: result[0]: tensor<2x2xf32> = {{\[\[}}8, 5], [2.5, -4]]
func.func @rw_max_2x3(%x: tensor<4x6xf32>) -> tensor<2x2xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 3>,
         window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// Max over 2x2 windows with strides [1, 2] (overlapping rows).
// RUN: xla-run %s --entry rw_max_2x2 --input '4x6xf32=[1,-2,3,0,5,-6,7,8,-9,1,1,1,-1,-2,-3,-4,-5,-6,0,2.5,0,-7,-8,-9]' \
// RUN:   | FileCheck %s --check-prefix=RW-MAX2
// RW-MAX2: result[0]: tensor<3x3xf32> = {{\[\[}}8, 3, 5], [8, 1, 1], [2.5, 0, -5]]
func.func @rw_max_2x2(%x: tensor<4x6xf32>) -> tensor<3x3xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 2>,
         window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// The seed's padding example: min over windows of 3 with stride 2 of
// [10000, 1000, 100, 10, 1], init MAX_FLOAT (+inf here). Valid: [100, 1];
// same (one element of padding on each side): [1000, 10, 1].
// RUN: xla-run %s --entry rw_min_valid --input '5xf32=[10000,1000,100,10,1]' | FileCheck %s --check-prefix=RW-MIN-VALID
// RW-MIN-VALID: result[0]: tensor<2xf32> = [100, 1]
// RUN: xla-run %s --entry rw_min_same --input '5xf32=[10000,1000,100,10,1]' | FileCheck %s --check-prefix=RW-MIN-SAME
// RW-MIN-SAME: result[0]: tensor<3xf32> = [1000, 10, 1]
func.func @rw_min_valid(%x: tensor<5xf32>) -> tensor<2xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %inf) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func @rw_min_same(%x: tensor<5xf32>) -> tensor<3xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %inf) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
         padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// The seed's "ReduceWindow - example 2": S32[3,2] input [[1,2],[3,4],[5,6]],
// base dilation [2,1], padding 2 rows above and 1 below, window [2,1] with
// window dilation [3,1], strides [4,1], sum from 0 -> [[0, 0], [3, 4]].
// RUN: xla-run %s --entry rw_dilations --input '3x2xi32=[1,2,3,4,5,6]' | FileCheck %s --check-prefix=RW-DIL
// RW-DIL: result[0]: tensor<2x2xi32> = {{\[\[}}0, 0], [3, 4]]
func.func @rw_dilations(%x: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 1>,
         window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>,
         window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// Base dilation alone: [1, 2, 3] dilated by 2 is [1, _, 2, _, 3]; windows of
// 2 give [1, 2, 2, 3].
// RUN: xla-run %s --entry rw_base_dilation --input '3xf32=[1,2,3]' | FileCheck %s --check-prefix=RW-BD
// RW-BD: result[0]: tensor<4xf32> = [1, 2, 2, 3]
func.func @rw_base_dilation(%x: tensor<3xf32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Window dilation alone: windows {0,2,4}, {1,3,5}, {2,4,6} of [1..7].
// RUN: xla-run %s --entry rw_window_dilation --input '7xf32=[1,2,3,4,5,6,7]' | FileCheck %s --check-prefix=RW-WD
// RW-WD: result[0]: tensor<3xf32> = [9, 12, 15]
func.func @rw_window_dilation(%x: tensor<7xf32>) -> tensor<3xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 3>, window_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// All four window attributes at once on a 3x4 input (checked against
// jax.lax.reduce_window): strides [2,1], base dilation [2,1], window
// dilation [1,2], padding [[1,0],[0,1]].
// RUN: xla-run %s --entry rw_mixed --input '3x4xf32=[1,2,3,4,5,6,7,8,9,10,11,12]' | FileCheck %s --check-prefix=RW-MIX
// RW-MIX: result[0]: tensor<3x3xf32> = {{\[\[}}4, 6, 3], [12, 14, 7], [20, 22, 11]]
func.func @rw_mixed(%x: tensor<3x4xf32>) -> tensor<3x3xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>,
         window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>,
         window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// Negative padding removes elements first: [1..6] with padding (-1, -2) is
// [2, 3, 4]; windows of 2 give [5, 7]. With (-2, 1) and stride 2:
// [3, 4, 5, 6, 0] -> [7, 11].
// RUN: xla-run %s --entry rw_neg_pad --input '6xf32=[1,2,3,4,5,6]' | FileCheck %s --check-prefix=RW-NEG
// RW-NEG: result[0]: tensor<2xf32> = [5, 7]
// RW-NEG: result[1]: tensor<2xf32> = [7, 11]
func.func @rw_neg_pad(%x: tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2>,
         padding = dense<[[-1, -2]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<2xf32>
  %q = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,
         padding = dense<[[-2, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<2xf32>
  return %r, %q : tensor<2xf32>, tensor<2xf32>
}

// Variadic reduce_window: a windowed argmax over (value, index) pairs, the
// lower index winning ties. Windows of 3, stride 1: values
// [4, 4, 5, 9, 9, 9] at [2, 2, 4, 5, 5, 5]; stride 3 with one element of
// low padding (init (-inf, 0)): [3, 5, 9] at [0, 4, 5].
// RUN: xla-run %s --entry rw_argmax --input '8xf32=[3,1,4,4,5,9,2,6]' | FileCheck %s --check-prefix=RW-ARGMAX
// RW-ARGMAX: result[0]: tensor<6xf32> = [4, 4, 5, 9, 9, 9]
// RW-ARGMAX: result[1]: tensor<6xi32> = [2, 2, 4, 5, 5, 5]
// RW-ARGMAX: result[2]: tensor<3xf32> = [3, 5, 9]
// RW-ARGMAX: result[3]: tensor<3xi32> = [0, 4, 5]
func.func @rw_argmax(%x: tensor<8xf32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<3xf32>, tensor<3xi32>) {
  %iota = stablehlo.iota dim = 0 : tensor<8xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %iota, %ninf, %zero) <{window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pa = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %pa, %a, %b : tensor<i1>, tensor<f32>
    %i = stablehlo.select %pa, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
  %q:2 = "stablehlo.reduce_window"(%x, %iota, %ninf, %zero) <{window_dimensions = array<i64: 3>,
         window_strides = array<i64: 3>, padding = dense<[[1, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pa = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %pa, %a, %b : tensor<i1>, tensor<f32>
    %i = stablehlo.select %pa, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %r#0, %r#1, %q#0, %q#1 : tensor<6xf32>, tensor<6xi32>, tensor<3xf32>, tensor<3xi32>
}

// select_and_scatter as the gradient of a 2x2/stride-2 max pool: each source
// value lands on its window's maximum; everything else is init_value.
// RUN: xla-run %s --entry ss_pool --input '4x4xf32=[1,5,3,2,4,2,8,1,0,-1,6,7,3,9,6,2]' --input '2x2xf32=[1,2,3,4]' \
// RUN:   --input 'f32=0' | FileCheck %s --check-prefix=SS-POOL
// SS-POOL: result[0]: tensor<4x4xf32> = {{\[\[}}0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 4], [0, 3, 0, 0]]
// RUN: xla-run %s --entry ss_pool --input '4x4xf32=[1,5,3,2,4,2,8,1,0,-1,6,7,3,9,6,2]' --input '2x2xf32=[1,2,3,4]' \
// RUN:   --input 'f32=1.5' | FileCheck %s --check-prefix=SS-POOL-INIT
// SS-POOL-INIT: result[0]: tensor<4x4xf32> = {{\[\[}}1.5, 2.5, 1.5, 1.5], [1.5, 1.5, 3.5, 1.5], [1.5, 1.5, 1.5, 5.5], [1.5, 4.5, 1.5, 1.5]]
func.func @ss_pool(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 2>,
         window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// Overlapping windows (the seed's figure (2)): an element selected by several
// windows receives the sum of their source values. 1-D: windows of 3, stride
// 2 over [1,9,2,3,8,1,7] select 9, 8, 8 -> [0, 2, 0, 0, 11, 0, 0]. 2-D: 2x2
// windows with stride 1; the 9 wins four windows: 2 + 6 + 3 + 4 = 15.
// RUN: xla-run %s --entry ss_overlap --input '7xf32=[1,9,2,3,8,1,7]' --input '3xf32=[2,6,5]' \
// RUN:   --input '3x4xf32=[7,2,5,3,3,9,1,4,1,5,2,8]' --input '2x3xf32=[2,6,1,3,4,5]' | FileCheck %s --check-prefix=SS-OVER
// SS-OVER: result[0]: tensor<7xf32> = [0, 2, 0, 0, 11, 0, 0]
// SS-OVER: result[1]: tensor<3x4xf32> = {{\[\[}}0, 0, 1, 0], [0, 15, 0, 0], [0, 0, 0, 5]]
func.func @ss_overlap(%x: tensor<7xf32>, %s: tensor<3xf32>, %y: tensor<3x4xf32>, %t: tensor<2x3xf32>) -> (tensor<7xf32>, tensor<3x4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 3>,
         window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %q = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %q : tensor<f32>
  }) : (tensor<7xf32>, tensor<3xf32>, tensor<f32>) -> tensor<7xf32>
  %r2 = "stablehlo.select_and_scatter"(%y, %t, %zero) <{window_dimensions = array<i64: 2, 2>,
         window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %q = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %q : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %r, %r2 : tensor<7xf32>, tensor<3x4xf32>
}

// With padding (StableHLO's select_and_scatter example, 64-bit): operand
// [[1,5],[2,5],[3,6],[4,4]], windows [3,1], strides [2,1], one row of high
// padding; padding is never selected -> [[0,0],[0,0],[5,14],[7,0]].
// RUN: xla-run %s --entry ss_pad --input '4x2xi64=[1,5,2,5,3,6,4,4]' --input '2x2xi64=[5,6,7,8]' \
// RUN:   | FileCheck %s --check-prefix=SS-PAD
// SS-PAD: result[0]: tensor<4x2xi64> = {{\[\[}}0, 0], [0, 0], [5, 14], [7, 0]]
func.func @ss_pad(%x: tensor<4x2xi64>, %src: tensor<2x2xi64>) -> tensor<4x2xi64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 3, 1>,
         window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// Ties: select is called with the lexicographically earlier element first, so
// GE keeps the first of equal elements and GT the last.
// RUN: xla-run %s --entry ss_ties --input '2x3xf32=[2,2,2,2,2,2]' --input '1x2xf32=[5,7]' | FileCheck %s --check-prefix=SS-TIE
// SS-TIE: result[0]: tensor<2x3xf32> = {{\[\[}}5, 7, 0], [0, 0, 0]]
// SS-TIE: result[1]: tensor<2x3xf32> = {{\[\[}}0, 0, 0], [0, 5, 7]]
func.func @ss_ties(%x: tensor<2x3xf32>, %src: tensor<1x2xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x3xf32>
  %q = "stablehlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %r, %q : tensor<2x3xf32>, tensor<2x3xf32>
}

// Sort with a TOTALORDER comparator: -NaN < -inf < -1 < -0 < +0 < 1 < inf <
// +NaN. The i32 payload carries the original positions (the printer shows
// both NaNs as "nan"; the positions tell them apart).
// RUN: xla-run %s --entry sort_total --input '8xf32=[nan,1,-0.0,-inf,0.0,-nan,inf,-1]' | FileCheck %s --check-prefix=SORT-TOTAL
// SORT-TOTAL: result[0]: tensor<8xf32> = [nan, -inf, -1, -0, 0, 1, inf, nan]
// SORT-TOTAL: result[1]: tensor<8xi32> = [5, 3, 7, 2, 4, 1, 6, 0]
// +0 before -0 in the input: the order is still -0, +0.
// RUN: xla-run %s --entry sort_total --input '8xf32=[0.0,-0.0,0.0,-0.0,2,-2,nan,-nan]' | FileCheck %s --check-prefix=SORT-ZEROS
// SORT-ZEROS: result[0]: tensor<8xf32> = [nan, -2, -0, -0, 0, 0, 2, nan]
// SORT-ZEROS: result[1]: tensor<8xi32> = [7, 5, 1, 3, 0, 2, 4, 6]
func.func @sort_total(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %iota = stablehlo.iota dim = 0 : tensor<8xi32>
  %r:2 = "stablehlo.sort"(%x, %iota) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %ia: tensor<i32>, %ib: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xi32>
}

// Descending sort (GT comparator).
// RUN: xla-run %s --entry sort_desc --input '6xf32=[3,-1,2.5,7,0,-8.5]' | FileCheck %s --check-prefix=SORT-DESC
// SORT-DESC: result[0]: tensor<6xf32> = [7, 3, 2.5, 0, -1, -8.5]
func.func @sort_desc(%x: tensor<6xf32>) -> tensor<6xf32> {
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// Stable sort by the first operand only: equal keys keep their input order,
// and the second operand moves with its key. Ascending: keys
// [1,1,2,3,3,3], values [11,14,13,10,12,15]; descending: [3,3,3,2,1,1],
// values [10,12,15,13,11,14].
// RUN: xla-run %s --entry sort_stable --input '6xi32=[3,1,3,2,1,3]' --input '6xf32=[10,11,12,13,14,15]' \
// RUN:   | FileCheck %s --check-prefix=SORT-STABLE
// SORT-STABLE: result[0]: tensor<6xi32> = [1, 1, 2, 3, 3, 3]
// SORT-STABLE: result[1]: tensor<6xf32> = [11, 14, 13, 10, 12, 15]
// SORT-STABLE: result[2]: tensor<6xi32> = [3, 3, 3, 2, 1, 1]
// SORT-STABLE: result[3]: tensor<6xf32> = [10, 12, 15, 13, 11, 14]
func.func @sort_stable(%k: tensor<6xi32>, %v: tensor<6xf32>) -> (tensor<6xi32>, tensor<6xf32>, tensor<6xi32>, tensor<6xf32>) {
  %r:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %va: tensor<f32>, %vb: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xi32>, tensor<6xf32>) -> (tensor<6xi32>, tensor<6xf32>)
  %q:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %va: tensor<f32>, %vb: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xi32>, tensor<6xf32>) -> (tensor<6xi32>, tensor<6xf32>)
  return %r#0, %r#1, %q#0, %q#1 : tensor<6xi32>, tensor<6xf32>, tensor<6xi32>, tensor<6xf32>
}

// Lexicographic sort on two keys (the comparator looks at both operands).
// RUN: xla-run %s --entry sort_lex --input '6xi32=[2,1,2,1,0,2]' --input '6xi32=[5,7,-1,7,3,0]' \
// RUN:   | FileCheck %s --check-prefix=SORT-LEX
// SORT-LEX: result[0]: tensor<6xi32> = [0, 1, 1, 2, 2, 2]
// SORT-LEX: result[1]: tensor<6xi32> = [3, 7, 7, -1, 0, 5]
func.func @sort_lex(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>) {
  %r:2 = "stablehlo.sort"(%a, %b) <{dimension = 0 : i64}> ({
  ^bb0(%a0: tensor<i32>, %a1: tensor<i32>, %b0: tensor<i32>, %b1: tensor<i32>):
    %lt = stablehlo.compare LT, %a0, %a1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a0, %a1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt2 = stablehlo.compare LT, %b0, %b1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %t = stablehlo.and %eq, %lt2 : tensor<i1>
    %p = stablehlo.or %lt, %t : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>)
  return %r#0, %r#1 : tensor<6xi32>, tensor<6xi32>
}

// A 2-D tensor sorted along dimension 0 (each column on its own) and along
// dimension 1 (each row).
// RUN: xla-run %s --entry sort_2d --input '4x3xf32=[3,-1,2,0,5,-7,1,1,4,-2,9,0]' | FileCheck %s --check-prefix=SORT-2D
// SORT-2D: result[0]: tensor<4x3xf32> = {{\[\[}}-2, -1, -7], [0, 1, 0], [1, 5, 2], [3, 9, 4]]
// SORT-2D: result[1]: tensor<4x3xf32> = {{\[\[}}-1, 2, 3], [-7, 0, 5], [1, 1, 4], [-2, 0, 9]]
func.func @sort_2d(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %q = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r, %q : tensor<4x3xf32>, tensor<4x3xf32>
}

// i32 sort with the extreme values and a duplicate (SIGNED comparison).
// RUN: xla-run %s --entry sort_i32 --input '6xi32=[5,-2147483648,2147483647,0,-1,5]' | FileCheck %s --check-prefix=SORT-I32
// SORT-I32: result[0]: tensor<6xi32> = [-2147483648, -1, 0, 5, 5, 2147483647]
func.func @sort_i32(%x: tensor<6xi32>) -> tensor<6xi32> {
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xi32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}
