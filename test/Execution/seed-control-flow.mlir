// The seeds' control-flow and higher-order ops: While (003/001, the
// while_test.cc pseudo-code), Conditional (001: a PRED predicate with two
// computations, and an S32 branch_index where an out-of-range index runs
// the last branch), Call (003) and Map (003/001), as self-checking
// functions. Predicates and branch indices go through
// stablehlo.optimization_barrier so that the branches are chosen at run
// time, not folded away at compile time.

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}15 passed, 0 failed

// 003/001 "While": init = {0, zero_vector[10]}; while (result(0) < 1000)
// { iteration = result(0) + 1; new_vector = result(1) + constant_vector[10] }.
// After 1000 iterations: {1000, 1000 * constant_vector} (the constants are
// multiples of 1/8, so every partial sum is exact in f32).
func.func @while_seed() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %zv = stablehlo.constant dense<0.0> : tensor<10xf32>
  %r:2 = stablehlo.while(%i = %zero, %v = %zv) : tensor<i32>, tensor<10xf32>
   cond {
    %n = stablehlo.constant dense<1000> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %c = stablehlo.constant dense<[0.0, 0.25, 0.5, 1.0, 1.5, 2.0, -1.0, -0.5, 3.0, 0.125]> : tensor<10xf32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %v1 = stablehlo.add %v, %c : tensor<10xf32>
    stablehlo.return %i1, %v1 : tensor<i32>, tensor<10xf32>
  }
  check.expect_eq_const %r#0, dense<1000> : tensor<i32>
  check.expect_eq_const %r#1, dense<[0.0, 250.0, 500.0, 1000.0, 1500.0, 2000.0, -1000.0, -500.0, 3000.0, 125.0]> : tensor<10xf32>
  func.return
}

// 003/001 "While": the result is the value from the last execution of the
// body; if the condition fails at once, the body never runs and the result
// is init.
func.func @while_zero_iterations() {
  %start = stablehlo.constant dense<5> : tensor<i32>
  %s = stablehlo.optimization_barrier %start : tensor<i32>
  %acc = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r:2 = stablehlo.while(%i = %s, %a = %acc) : tensor<i32>, tensor<2xi32>
   cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %a1 = stablehlo.multiply %a, %a : tensor<2xi32>
    stablehlo.return %i1, %a1 : tensor<i32>, tensor<2xi32>
  }
  check.expect_eq_const %r#0, dense<5> : tensor<i32>
  check.expect_eq_const %r#1, dense<[1, 2]> : tensor<2xi32>
  func.return
}

// A data-dependent trip count (our own): Collatz steps of 27 (111 steps).
func.func @while_collatz() {
  %n0 = stablehlo.constant dense<27> : tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r:2 = stablehlo.while(%n = %n0, %k = %z) : tensor<i64>, tensor<i64>
   cond {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %p = stablehlo.compare NE, %n, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %two = stablehlo.constant dense<2> : tensor<i64>
    %three = stablehlo.constant dense<3> : tensor<i64>
    %rem = stablehlo.remainder %n, %two : tensor<i64>
    %odd = stablehlo.compare EQ, %rem, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %m3 = stablehlo.multiply %n, %three : tensor<i64>
    %up = stablehlo.add %m3, %one : tensor<i64>
    %down = stablehlo.divide %n, %two : tensor<i64>
    %next = stablehlo.select %odd, %up, %down : tensor<i1>, tensor<i64>
    %k1 = stablehlo.add %k, %one : tensor<i64>
    stablehlo.return %next, %k1 : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %r#0, dense<1> : tensor<i64>
  check.expect_eq_const %r#1, dense<111> : tensor<i64>
  func.return
}

// 001 "Conditional(predicate, true_operand, true_computation, false_operand,
// false_computation)": only the chosen computation runs, on its operand;
// both return the same type (values our own).
func.func @conditional_pred_seed() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %pt = stablehlo.optimization_barrier %t : tensor<i1>
  %pf = stablehlo.optimization_barrier %f : tensor<i1>
  %x = stablehlo.constant dense<[1.0, -2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[4, 5]> : tensor<2xi32>
  %rt = "stablehlo.if"(%pt) ({
    %s = stablehlo.add %x, %x : tensor<3xf32>
    stablehlo.return %s : tensor<3xf32>
  }, {
    %c = stablehlo.convert %y : (tensor<2xi32>) -> tensor<2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<1xf32>
    %cc = stablehlo.concatenate %c, %z, dim = 0 : (tensor<2xf32>, tensor<1xf32>) -> tensor<3xf32>
    stablehlo.return %cc : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  check.expect_eq_const %rt, dense<[2.0, -4.0, 6.0]> : tensor<3xf32>
  %rf = "stablehlo.if"(%pf) ({
    %s = stablehlo.add %x, %x : tensor<3xf32>
    stablehlo.return %s : tensor<3xf32>
  }, {
    %c = stablehlo.convert %y : (tensor<2xi32>) -> tensor<2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<1xf32>
    %cc = stablehlo.concatenate %c, %z, dim = 0 : (tensor<2xf32>, tensor<1xf32>) -> tensor<3xf32>
    stablehlo.return %cc : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  check.expect_eq_const %rf, dense<[4.0, 5.0, 0.0]> : tensor<3xf32>
  func.return
}

// 001 "Conditional(branch_index, branch_computations, branch_operands)":
// branch_computations[branch_index] runs; an S32 branch_index < 0 or >= N
// runs branch_computations[N-1] as the default. Three branches, indices
// 0, 1, 2, 3 (out of range), -1 (out of range), INT_MIN, INT_MAX.
func.func @conditional_branch_index_seed() {
  %idx = stablehlo.constant dense<[0, 1, 2, 3, -1, -2147483648, 2147483647]> : tensor<7xi32>
  %ib = stablehlo.optimization_barrier %idx : tensor<7xi32>
  %x = stablehlo.constant dense<10> : tensor<i32>
  %init = stablehlo.constant dense<0> : tensor<7xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %res:2 = stablehlo.while(%k = %zero, %acc = %init) : tensor<i32>, tensor<7xi32>
   cond {
    %n = stablehlo.constant dense<7> : tensor<i32>
    %p = stablehlo.compare LT, %k, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.dynamic_slice %ib, %k, sizes = [1] : (tensor<7xi32>, tensor<i32>) -> tensor<1xi32>
    %i = stablehlo.reshape %s : (tensor<1xi32>) -> tensor<i32>
    %v = "stablehlo.case"(%i) ({
      %a = stablehlo.add %x, %x : tensor<i32>
      stablehlo.return %a : tensor<i32>
    }, {
      %m = stablehlo.multiply %x, %x : tensor<i32>
      stablehlo.return %m : tensor<i32>
    }, {
      %n = stablehlo.negate %x : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %v1 = stablehlo.reshape %v : (tensor<i32>) -> tensor<1xi32>
    %acc1 = stablehlo.dynamic_update_slice %acc, %v1, %k : (tensor<7xi32>, tensor<1xi32>, tensor<i32>) -> tensor<7xi32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %k1, %acc1 : tensor<i32>, tensor<7xi32>
  }
  check.expect_eq_const %res#1, dense<[20, 100, -10, -10, -10, -10, -10]> : tensor<7xi32>
  func.return
}

// 001 "Conditional": with a single branch every index runs it.
func.func @conditional_single_branch() {
  %i0 = stablehlo.constant dense<5> : tensor<i32>
  %i = stablehlo.optimization_barrier %i0 : tensor<i32>
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.case"(%i) ({
    %sq = stablehlo.multiply %x, %x : tensor<2xi32>
    stablehlo.return %sq : tensor<2xi32>
  }) : (tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[1, 4]> : tensor<2xi32>
  func.return
}

func.func private @axpy(%a: tensor<f32>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %ab = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %ax = stablehlo.multiply %ab, %x : tensor<4xf32>
  %r = stablehlo.add %ax, %y : tensor<4xf32>
  func.return %r : tensor<4xf32>
}

func.func private @no_args() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[7, -7]> : tensor<2xi32>
  func.return %c : tensor<2xi32>
}

// 003 "Call": invokes a computation with the given arguments (002's axpy,
// values our own); a call with no arguments is allowed.
func.func @call_seed() {
  %a = stablehlo.constant dense<2.0> : tensor<f32>
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = stablehlo.constant dense<[0.5, -0.5, 0.0, 1.0]> : tensor<4xf32>
  %r = func.call @axpy(%a, %x, %y) : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[2.5, 3.5, 6.0, 9.0]> : tensor<4xf32>
  %n = func.call @no_args() : () -> tensor<2xi32>
  check.expect_eq_const %n, dense<[7, -7]> : tensor<2xi32>
  func.return
}

// 003/001 "Map": Map(op1, op2, op3, computation) maps
// elem_out <- computation(elem1, elem2, elem3) at each index; the output
// element type is the computation's (here PRED from f32 operands).
func.func @map_seed() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[0.5, 0.5, 0.5], [2.0, 2.0, 2.0]]> : tensor<2x3xf32>
  %c = stablehlo.constant dense<[[1.0, 1.0, 5.0], [9.0, 9.0, 9.0]]> : tensor<2x3xf32>
  %r = "stablehlo.map"(%a, %b, %c) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %m, %z : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[1.5, 2.0, 6.5], [17.0, 19.0, 21.0]]> : tensor<2x3xf32>
  %p = "stablehlo.map"(%a, %c) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %z: tensor<f32>):
    %gt = stablehlo.compare GT, %x, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  check.expect_eq_const %p, dense<[[false, true, false], [false, false, false]]> : tensor<2x3xi1>
  func.return
}

// 003 "Map": a unary map over a rank-0 operand.
func.func @map_rank0() {
  %a = stablehlo.constant dense<-3> : tensor<i32>
  %r = "stablehlo.map"(%a) <{dimensions = array<i64>}> ({
  ^bb0(%x: tensor<i32>):
    %n = stablehlo.multiply %x, %x : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<9> : tensor<i32>
  func.return
}
