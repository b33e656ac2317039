// Map, the deprecated Broadcast and Dot, and composites, executed.
// Expected values from the semantics (seeds, StableHLO spec): Map applies
// the computation element by element; Broadcast adds leading dimensions;
// Dot contracts the last dimension of lhs with the first of rhs; a
// composite behaves as a call of its decomposition.

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 14 passed, 0 failed

// a * b + 1 on 2x2.
func.func @map_binary() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[0.5, 0.25], [-2.0, 2.0]]> : tensor<2x2xf32>
  %r = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %s = stablehlo.add %m, %one : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[1.5, 1.5], [-5.0, -7.0]]> : tensor<2x2xf32>
  return
}

// -----

// Three inputs and a select: lo <= x ? x : lo, then min with hi (a clamp),
// on unsigned integers (4294967295 is the largest ui32, not -1).
func.func @map_ternary_unsigned() {
  %x = stablehlo.constant dense<[0, 5, 4294967295, 7]> : tensor<4xui32>
  %lo = stablehlo.constant dense<[1, 1, 1, 8]> : tensor<4xui32>
  %hi = stablehlo.constant dense<[10, 10, 10, 9]> : tensor<4xui32>
  %r = "stablehlo.map"(%x, %lo, %hi) <{dimensions = array<i64: 0>}> ({
  ^bb0(%v: tensor<ui32>, %l: tensor<ui32>, %h: tensor<ui32>):
    %ge = stablehlo.compare GE, %v, %l, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %m = stablehlo.select %ge, %v, %l : tensor<i1>, tensor<ui32>
    %c = stablehlo.minimum %m, %h : tensor<ui32>
    stablehlo.return %c : tensor<ui32>
  }) : (tensor<4xui32>, tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  check.expect_eq_const %r, dense<[1, 5, 10, 8]> : tensor<4xui32>
  return
}

// -----

// A rank-0 map, and a map to another element type (x > 0 as i1).
func.func @map_scalar_and_convert() {
  %x = stablehlo.constant dense<-2> : tensor<i32>
  %r = "stablehlo.map"(%x) <{dimensions = array<i64>}> ({
  ^bb0(%v: tensor<i32>):
    %n = stablehlo.negate %v : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  %y = stablehlo.constant dense<[-1.0, 0.0, 3.0]> : tensor<3xf32>
  %p = "stablehlo.map"(%y) <{dimensions = array<i64: 0>}> ({
  ^bb0(%v: tensor<f32>):
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %gt = stablehlo.compare GT, %v, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %p, dense<[false, false, true]> : tensor<3xi1>
  return
}

// -----

func.func @broadcast() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  %s = stablehlo.constant dense<1.5> : tensor<f32>
  %t = stablehlo.broadcast %s, sizes = [2, 1] : (tensor<f32>) -> tensor<2x1xf32>
  check.expect_eq_const %t, dense<[[1.5], [1.5]]> : tensor<2x1xf32>
  // No new dimensions: the operand itself.
  %u = stablehlo.broadcast %x, sizes = [] : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %u, dense<[1, 2, 3]> : tensor<3xi32>
  return
}

// -----

// matrix x matrix, matrix x vector, vector x matrix, vector x vector.
func.func @dot() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>
  %w = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %mm = stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %mm, dense<[[4.0, 5.0], [10.0, 11.0]]> : tensor<2x2xf32>
  %mv = stablehlo.dot %a, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  check.expect_eq_const %mv, dense<[5.0, 11.0]> : tensor<2xf32>
  %vm = stablehlo.dot %w, %a : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  check.expect_eq_const %vm, dense<[14.0, 19.0, 24.0]> : tensor<3xf32>
  %vv = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  check.expect_eq_const %vv, dense<6.0> : tensor<f32>
  return
}

// -----

func.func @dot_integer() {
  %a = stablehlo.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %r = stablehlo.dot %a, %b : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[-9, -10], [43, 50]]> : tensor<2x2xi32>
  return
}

// -----

// The decomposition runs: x * x + x, and a two-result composite.
func.func private @square_plus(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = stablehlo.multiply %x, %x : tensor<3xf32>
  %r = stablehlo.add %s, %x : tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func private @split(%x: tensor<4xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %lo = stablehlo.slice %x [0:2] : (tensor<4xi32>) -> tensor<2xi32>
  %hi = stablehlo.slice %x [2:4] : (tensor<4xi32>) -> tensor<2xi32>
  return %lo, %hi : tensor<2xi32>, tensor<2xi32>
}

func.func @composite() {
  %x = stablehlo.constant dense<[1.0, -2.0, 0.5]> : tensor<3xf32>
  %r = stablehlo.composite "test.square_plus" %x {composite_attributes = {exact = true}, decomposition = @square_plus, version = 2 : i32}
         : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[2.0, 2.0, 0.75]> : tensor<3xf32>
  %y = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %p:2 = stablehlo.composite "test.split" %y {decomposition = @split} : (tensor<4xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %p#1, dense<[3, 4]> : tensor<2xi32>
  return
}
