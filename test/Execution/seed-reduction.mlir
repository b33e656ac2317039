// The seeds' worked examples for the reductions: Reduce (003 and 001,
// including 001's variadic argmax), ReduceWindow (003 and 001 examples 1
// and 2, and the kValid/kSame padding example) and SelectAndScatter (003 and
// 001, the overlapping-window figure), as self-checking functions. Where a
// seed shows a figure, the values are our own and the comment says so.

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}27 passed, 0 failed

// 003/001 "Reduce": the 2x3 matrix of the figure (values 1..6, as the 3-D
// example that replicates it), add-reduced over dimension 0 or 1.
func.func @reduce_2d_seed() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r0 = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi32>
  %r1 = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi32>
  func.return
}

// 003/001 "Reduce": the 4x2x3 array with the values 1..6 replicated across
// dimension 0. Reducing dimension 0 gives |4 8 12; 16 20 24|, dimension 2
// gives |6 15| four times, dimensions 0 and 1 give [20, 28, 36], all of
// them the scalar 84.
func.func @reduce_3d_seed() {
  %v = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
                                 [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<4x2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %d0 = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %d0, dense<[[4.0, 8.0, 12.0], [16.0, 20.0, 24.0]]> : tensor<2x3xf32>
  %d2 = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  check.expect_eq_const %d2, dense<[[6.0, 15.0], [6.0, 15.0], [6.0, 15.0], [6.0, 15.0]]> : tensor<4x2xf32>
  %d01 = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %d01, dense<[20.0, 28.0, 36.0]> : tensor<3xf32>
  %all = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %all, dense<84.0> : tensor<f32>
  // "dimensions" is unordered: [2, 0] is the same reduction as [0, 2].
  %d20 = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [2, 0] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %d20, dense<[24.0, 60.0]> : tensor<2xf32>
  func.return
}

// 003/001 "Reduce": the 1-D array [10, 11, 12, 13] with f = add and
// init_value 0 is 46 whatever the evaluation order; with multiply and 1, 17160.
func.func @reduce_1d_seed() {
  %v = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %s = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %s, dense<46> : tensor<i32>
  %p = stablehlo.reduce(%v init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %p, dense<17160> : tensor<i32>
  func.return
}

// 001 "Variadic Reduce": f(max, argmax, value, index) = value >= max ?
// (value, index) : (max, argmax), applied to the values and an iota gives
// the maximum and its index (values distinct, so the order does not matter).
func.func @reduce_variadic_argmax_seed() {
  %v = stablehlo.constant dense<[2.0, 7.5, -1.0, 7.0, 3.0]> : tensor<5xf32>
  %k = stablehlo.iota dim = 0 : tensor<5xi32>
  %iv = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ik = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %iv), (%k init: %ik) across dimensions = [0] : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%max: tensor<f32>, %value: tensor<f32>) (%argmax: tensor<i32>, %index: tensor<i32>) {
    %ge = stablehlo.compare GE, %value, %max, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %ge, %value, %max : tensor<i1>, tensor<f32>
    %a = stablehlo.select %ge, %index, %argmax : tensor<i1>, tensor<i32>
    stablehlo.return %m, %a : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<7.5> : tensor<f32>
  check.expect_eq_const %r#1, dense<1> : tensor<i32>
  func.return
}

// The same argmax along dimension 1 of a 3x4 matrix (values our own).
func.func @reduce_variadic_argmax_rows() {
  %v = stablehlo.constant dense<[[1.0, 9.0, 3.0, 4.0], [8.0, 2.0, 0.5, 7.0], [-3.0, -2.0, -5.0, -1.0]]> : tensor<3x4xf32>
  %k = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %iv = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ik = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %iv), (%k init: %ik) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%max: tensor<f32>, %value: tensor<f32>) (%argmax: tensor<i32>, %index: tensor<i32>) {
    %ge = stablehlo.compare GE, %value, %max, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %ge, %value, %max : tensor<i1>, tensor<f32>
    %a = stablehlo.select %ge, %index, %argmax : tensor<i1>, tensor<i32>
    stablehlo.return %m, %a : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[9.0, 8.0, -1.0]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[1, 0, 3]> : tensor<3xi32>
  func.return
}

// 003/001 "ReduceWindow" example 1: a [4x6] input, window_dimensions and
// window strides [2x3], max with init MinValue(F32) (= -inf), kValid. The
// input values are in the figure; these are our own.
func.func @reduce_window_max_2x3_seed() {
  %x = stablehlo.constant dense<[[1.0, -2.0, 3.0, 0.0, 5.0, -6.0], [7.0, 8.0, -9.0, 1.0, 1.0, 1.0],
                                 [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0], [0.0, 2.5, 0.0, -7.0, -8.0, -9.0]]> : tensor<4x6xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[8.0, 5.0], [2.5, -4.0]]> : tensor<2x2xf32>
  func.return
}

// 003/001 "ReduceWindow": with stride 1 the windows overlap (the figure of
// two stride values; values our own): the same input, [2x3] windows, stride 1.
func.func @reduce_window_max_stride1() {
  %x = stablehlo.constant dense<[[1.0, -2.0, 3.0, 0.0, 5.0, -6.0], [7.0, 8.0, -9.0, 1.0, 1.0, 1.0],
                                 [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0], [0.0, 2.5, 0.0, -7.0, -8.0, -9.0]]> : tensor<4x6xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[8.0, 8.0, 5.0, 5.0], [8.0, 8.0, 1.0, 1.0], [2.5, 2.5, 0.0, -4.0]]> : tensor<3x4xf32>
  func.return
}

// 001 "ReduceWindow", the padding example: min over windows of 3 with
// stride 2 of [10000, 1000, 100, 10, 1], init MAX_FLOAT. kValid computes
// the windows [10000, 1000, 100] and [100, 10, 1] -> [100, 1]; kSame pads
// one init element on each side -> windows [MAX, 10000, 1000],
// [1000, 100, 10], [10, 1, MAX] -> [1000, 10, 1].
func.func @reduce_window_min_valid_same_seed() {
  %x = stablehlo.constant dense<[10000.0, 1000.0, 100.0, 10.0, 1.0]> : tensor<5xf32>
  %fmax = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
  %valid = "stablehlo.reduce_window"(%x, %fmax) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %valid, dense<[100.0, 1.0]> : tensor<2xf32>
  %same = "stablehlo.reduce_window"(%x, %fmax) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
            padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %same, dense<[1000.0, 10.0, 1.0]> : tensor<3xf32>
  func.return
}

// 001 "ReduceWindow - example 2 - StableHLO": operand S32[3,2] =
// [[1,2],[3,4],[5,6]]; base dilation 2 along the rows, padding 2 rows on top
// and 1 at the bottom, window [2,1] with window dilation [3,1], strides
// [4,1], add with init 0. The top windows see only padding and holes (0),
// the bottom one picks 3 and 4: result S32[2,2] = [[0,0],[3,4]].
func.func @reduce_window_dilations_seed() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>,
         base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>,
         padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[0, 0], [3, 4]]> : tensor<2x2xi32>
  func.return
}

// 001 "ReduceWindow" with N = 2 operands: the computation takes and returns
// both (Collate(T_0, T_1)); a windowed max with its position (windows of 2,
// stride 1; values our own, distinct).
func.func @reduce_window_variadic_seed() {
  %x = stablehlo.constant dense<[3.0, 9.0, 4.0, 1.0, 6.0]> : tensor<5xf32>
  %k = stablehlo.iota dim = 0 : tensor<5xi32>
  %iv = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ik = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %k, %iv, %ik) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%m: tensor<f32>, %a: tensor<i32>, %v: tensor<f32>, %i: tensor<i32>):
    %ge = stablehlo.compare GE, %v, %m, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %mm = stablehlo.select %ge, %v, %m : tensor<i1>, tensor<f32>
    %aa = stablehlo.select %ge, %i, %a : tensor<i1>, tensor<i32>
    stablehlo.return %mm, %aa : tensor<f32>, tensor<i32>
  }) : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  check.expect_eq_const %r#0, dense<[9.0, 9.0, 4.0, 6.0]> : tensor<4xf32>
  check.expect_eq_const %r#1, dense<[1, 1, 2, 4]> : tensor<4xi32>
  func.return
}

// 003/001 "SelectAndScatter", figure (1), windows without overlap: select =
// GE (the maximum), scatter = add, init 0; each source value lands on the
// maximum of its window (values our own).
func.func @select_and_scatter_no_overlap_seed() {
  %x = stablehlo.constant dense<[[7.0, 2.0, 5.0, 3.0], [3.0, 8.0, 9.0, 3.0], [1.0, 5.0, 7.0, 5.0], [0.0, 6.0, 2.0, 10.0]]> : tensor<4x4xf32>
  %src = stablehlo.constant dense<[[2.0, 6.0], [3.0, 1.0]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 6.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 1.0]]> : tensor<4x4xf32>
  func.return
}

// 003/001 "SelectAndScatter", figure (2), windows with overlap: the element
// of value 9 is the maximum of both top windows, so it receives 2 + 6 = 8
// (the seed's numbers; the rest of the operand is our own). Windows [2x3],
// strides [2x2] on a [4x5] operand; the bottom windows select 7 and 10.
func.func @select_and_scatter_overlap_seed() {
  %x = stablehlo.constant dense<[[7, 2, 5, 3, 8], [3, 8, 9, 3, 4], [1, 5, 7, 5, 6], [0, 6, 2, 10, 2]]> : tensor<4x5xi32>
  %src = stablehlo.constant dense<[[2, 6], [3, 1]]> : tensor<2x2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x5xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x5xi32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0, 0], [0, 0, 8, 0, 0], [0, 0, 3, 0, 0], [0, 0, 0, 1, 0]]> : tensor<4x5xi32>
  func.return
}

// 003/001 "SelectAndScatter": select is called with the first parameter's
// index lexicographically less than the second's, and GE keeps the first on
// a tie, so in a window of equal values the first element is selected;
// with GT the last one is. init_value 10 fills the unselected positions.
func.func @select_and_scatter_ties_seed() {
  %x = stablehlo.constant dense<[[5.0, 5.0, 1.0, 1.0], [5.0, 5.0, 1.0, 1.0]]> : tensor<2x4xf32>
  %src = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %init = stablehlo.constant dense<10.0> : tensor<f32>
  %ge = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %ge, dense<[[11.0, 10.0, 12.0, 10.0], [10.0, 10.0, 10.0, 10.0]]> : tensor<2x4xf32>
  %gt = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %gt, dense<[[10.0, 10.0, 10.0, 10.0], [10.0, 11.0, 10.0, 12.0]]> : tensor<2x4xf32>
  func.return
}

// Reductions over empty dimensions give the init value; over no dimension
// they are the identity; rank 0 in and out.
func.func @reduce_empty_and_rank0() {
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %init = stablehlo.constant dense<-2.5> : tensor<f32>
  %r = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<-2.5> : tensor<3xf32>
  %m = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %id = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq %id, %m : tensor<2x2xf32>
  %s = stablehlo.constant dense<4.0> : tensor<f32>
  %s0 = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %s0, dense<4.0> : tensor<f32>
  func.return
}
