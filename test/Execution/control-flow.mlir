// Control flow (XLA While, Conditional, OptimizationBarrier), executed with
// xla-run on inline inputs. Expected values come from the semantics: While
// runs `body` as long as `cond` holds and returns the last state (the initial
// state when `cond` is false at once); Conditional with a branch index runs
// branch `index`, and an index < 0 or >= N runs the last branch.

// A counting loop: i = 0, 1, ..., n-1 with s += i + 1, so s = n(n+1)/2.
// RUN: xla-run %s --entry count_loop --input 'i32=10' | FileCheck %s --check-prefix=COUNT
// COUNT: result[0]: tensor<i32> = 10
// COUNT: result[1]: tensor<i32> = 55
// With n <= 0 the condition is false at once: the state is returned as is.
// RUN: xla-run %s --entry count_loop --input 'i32=0' | FileCheck %s --check-prefix=COUNT0
// COUNT0: result[0]: tensor<i32> = 0
// COUNT0: result[1]: tensor<i32> = 0
// RUN: xla-run %s --entry count_loop --input 'i32=-5' | FileCheck %s --check-prefix=COUNT0
// RUN: xla-run %s --entry count_loop --input 'i32=1' | FileCheck %s --check-prefix=COUNT1
// COUNT1: result[0]: tensor<i32> = 1
// COUNT1: result[1]: tensor<i32> = 1
func.func @count_loop(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i32>, tensor<i32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %s1 = stablehlo.add %s, %i1 : tensor<i32>
    stablehlo.return %i1, %s1 : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// Tensor state, data-dependent trip count: x = 2 * x while sum(x) < limit.
// [1,2,3] has sum 6 -> 12 -> 24 -> 48 -> 96 -> 192: five iterations.
// RUN: xla-run %s --entry double_until --input '3xf32=[1,2,3]' --input 'f32=100' \
// RUN:   | FileCheck %s --check-prefix=DOUBLE
// DOUBLE: result[0]: tensor<3xf32> = [32, 64, 96]
// DOUBLE: result[1]: tensor<i32> = 5
// Zero iterations: sum(x) = 150 >= 100 already, so x comes back unchanged.
// RUN: xla-run %s --entry double_until --input '3xf32=[50,-0.5,100.5]' --input 'f32=100' \
// RUN:   | FileCheck %s --check-prefix=DOUBLE0
// DOUBLE0: result[0]: tensor<3xf32> = [50, -0.5, 100.5]
// DOUBLE0: result[1]: tensor<i32> = 0
func.func @double_until(%x: tensor<3xf32>, %limit: tensor<f32>) -> (tensor<3xf32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%v = %x, %k = %zero) : tensor<3xf32>, tensor<i32>
   cond {
    %fz = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%v init: %fz) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %p = stablehlo.compare LT, %s, %limit, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %two = stablehlo.constant dense<2.0> : tensor<3xf32>
    %v1 = stablehlo.multiply %v, %two : tensor<3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %v1, %k1 : tensor<3xf32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<i32>
}

// A Fibonacci-style loop whose state is a pair of tensors that swap roles:
// (a, b) -> (b, a + b), run n times; the body uses %step from the enclosing
// function. a = [0, 1], b = [1, 1], n = 6: a = [8, 13], b = [13, 21].
// RUN: xla-run %s --entry fib_pair --input '2xi32=[0,1]' --input '2xi32=[1,1]' --input 'i32=6' \
// RUN:   | FileCheck %s --check-prefix=FIB
// FIB: result[0]: tensor<2xi32> = [8, 13]
// FIB: result[1]: tensor<2xi32> = [13, 21]
func.func @fib_pair(%a: tensor<2xi32>, %b: tensor<2xi32>, %n: tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %step = stablehlo.constant dense<1> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %x = %a, %y = %b) : tensor<i32>, tensor<2xi32>, tensor<2xi32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %step : tensor<i32>
    %z = stablehlo.add %x, %y : tensor<2xi32>
    stablehlo.return %i1, %y, %z : tensor<i32>, tensor<2xi32>, tensor<2xi32>
  }
  return %r#1, %r#2 : tensor<2xi32>, tensor<2xi32>
}

// Nested loops: for i in [0, n) { for j in [0, i) { c += 1; s += i * j } }.
// n = 5: c = 0+1+2+3+4 = 10, s = sum_i i * i(i-1)/2 = 2 + 9 + 24 = 35.
// RUN: xla-run %s --entry nested --input 'i32=5' | FileCheck %s --check-prefix=NESTED
// NESTED: result[0]: tensor<i32> = 10
// NESTED: result[1]: tensor<i32> = 35
// n = 1: the outer body runs once, the inner loop not at all.
// RUN: xla-run %s --entry nested --input 'i32=1' | FileCheck %s --check-prefix=NESTED1
// NESTED1: result[0]: tensor<i32> = 0
// NESTED1: result[1]: tensor<i32> = 0
func.func @nested(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %c = %zero, %s = %zero) : tensor<i32>, tensor<i32>, tensor<i32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %in:3 = stablehlo.while(%j = %zero, %c2 = %c, %s2 = %s) : tensor<i32>, tensor<i32>, tensor<i32>
     cond {
      %q = stablehlo.compare LT, %j, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %c3 = stablehlo.add %c2, %one : tensor<i32>
      %ij = stablehlo.multiply %i, %j : tensor<i32>
      %s3 = stablehlo.add %s2, %ij : tensor<i32>
      stablehlo.return %j1, %c3, %s3 : tensor<i32>, tensor<i32>, tensor<i32>
    }
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %in#1, %in#2 : tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#1, %r#2 : tensor<i32>, tensor<i32>
}

// case with three branches and two results: branch 0 returns (2x, 10),
// branch 1 (x + 100, 20), branch 2 (-x, 30). Out-of-range indices (negative
// or >= 3) run the last branch.
// RUN: xla-run %s --entry case3 --input 'i32=0' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE0
// CASE0: result[0]: tensor<3xf32> = [2, -4, 1]
// CASE0: result[1]: tensor<i32> = 10
// RUN: xla-run %s --entry case3 --input 'i32=1' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE1
// CASE1: result[0]: tensor<3xf32> = [101, 98, 100.5]
// CASE1: result[1]: tensor<i32> = 20
// RUN: xla-run %s --entry case3 --input 'i32=2' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE2
// RUN: xla-run %s --entry case3 --input 'i32=-1' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE2
// RUN: xla-run %s --entry case3 --input 'i32=3' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE2
// RUN: xla-run %s --entry case3 --input 'i32=2147483647' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE2
// RUN: xla-run %s --entry case3 --input 'i32=-2147483648' --input '3xf32=[1,-2,0.5]' | FileCheck %s --check-prefix=CASE2
// CASE2: result[0]: tensor<3xf32> = [-1, 2, -0.5]
// CASE2: result[1]: tensor<i32> = 30
func.func @case3(%i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %r:2 = "stablehlo.case"(%i) ({
    %two = stablehlo.constant dense<2.0> : tensor<3xf32>
    %a = stablehlo.multiply %x, %two : tensor<3xf32>
    %c = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %a, %c : tensor<3xf32>, tensor<i32>
  }, {
    %h = stablehlo.constant dense<100.0> : tensor<3xf32>
    %a = stablehlo.add %x, %h : tensor<3xf32>
    %c = stablehlo.constant dense<20> : tensor<i32>
    stablehlo.return %a, %c : tensor<3xf32>, tensor<i32>
  }, {
    %a = stablehlo.negate %x : tensor<3xf32>
    %c = stablehlo.constant dense<30> : tensor<i32>
    stablehlo.return %a, %c : tensor<3xf32>, tensor<i32>
  }) : (tensor<i32>) -> (tensor<3xf32>, tensor<i32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<i32>
}

// case with a single branch: it runs whatever the index.
// RUN: xla-run %s --entry case1 --input 'i32=0' --input '2xi32=[4,-9]' | FileCheck %s --check-prefix=CASE-ONE
// RUN: xla-run %s --entry case1 --input 'i32=7' --input '2xi32=[4,-9]' | FileCheck %s --check-prefix=CASE-ONE
// RUN: xla-run %s --entry case1 --input 'i32=-3' --input '2xi32=[4,-9]' | FileCheck %s --check-prefix=CASE-ONE
// CASE-ONE: result[0]: tensor<2xi32> = [16, 81]
func.func @case1(%i: tensor<i32>, %x: tensor<2xi32>) -> tensor<2xi32> {
  %r = "stablehlo.case"(%i) ({
    %sq = stablehlo.multiply %x, %x : tensor<2xi32>
    stablehlo.return %sq : tensor<2xi32>
  }) : (tensor<i32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// if: the true branch returns x + y, the false branch x * y.
// RUN: xla-run %s --entry if_else --input 'i1=true' --input '3xf32=[1,2,-3]' --input '3xf32=[4,0.5,6]' \
// RUN:   | FileCheck %s --check-prefix=IF-TRUE
// IF-TRUE: result[0]: tensor<3xf32> = [5, 2.5, 3]
// IF-TRUE: result[1]: tensor<i1> = true
// RUN: xla-run %s --entry if_else --input 'i1=false' --input '3xf32=[1,2,-3]' --input '3xf32=[4,0.5,6]' \
// RUN:   | FileCheck %s --check-prefix=IF-FALSE
// IF-FALSE: result[0]: tensor<3xf32> = [4, 1, -18]
// IF-FALSE: result[1]: tensor<i1> = false
func.func @if_else(%p: tensor<i1>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<i1>) {
  %r:2 = "stablehlo.if"(%p) ({
    %s = stablehlo.add %x, %y : tensor<3xf32>
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %s, %t : tensor<3xf32>, tensor<i1>
  }, {
    %m = stablehlo.multiply %x, %y : tensor<3xf32>
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %m, %f : tensor<3xf32>, tensor<i1>
  }) : (tensor<i1>) -> (tensor<3xf32>, tensor<i1>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<i1>
}

// An if nested in a while body: sum the even numbers below n, count the odd.
// n = 7: evens 0+2+4+6 = 12, odds 1,3,5 -> 3.
// RUN: xla-run %s --entry if_in_loop --input 'i32=7' | FileCheck %s --check-prefix=IF-LOOP
// IF-LOOP: result[0]: tensor<i32> = 12
// IF-LOOP: result[1]: tensor<i32> = 3
func.func @if_in_loop(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %e = %zero, %o = %zero) : tensor<i32>, tensor<i32>, tensor<i32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %bit = stablehlo.and %i, %one : tensor<i32>
    %even = stablehlo.compare EQ, %bit, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %u:2 = "stablehlo.if"(%even) ({
      %e1 = stablehlo.add %e, %i : tensor<i32>
      stablehlo.return %e1, %o : tensor<i32>, tensor<i32>
    }, {
      %o1 = stablehlo.add %o, %one : tensor<i32>
      stablehlo.return %e, %o1 : tensor<i32>, tensor<i32>
    }) : (tensor<i1>) -> (tensor<i32>, tensor<i32>)
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %u#0, %u#1 : tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#1, %r#2 : tensor<i32>, tensor<i32>
}

// optimization_barrier returns its operands unchanged.
// RUN: xla-run %s --entry barrier --input '3xf32=[1.5,-2,nan]' --input 'i32=-7' | FileCheck %s --check-prefix=BARRIER
// BARRIER: result[0]: tensor<3xf32> = [3, -4, nan]
// BARRIER: result[1]: tensor<i32> = -7
// BARRIER: result[2]: tensor<3xf32> = [1.5, -2, nan]
func.func @barrier(%x: tensor<3xf32>, %k: tensor<i32>) -> (tensor<3xf32>, tensor<i32>, tensor<3xf32>) {
  %d = stablehlo.add %x, %x : tensor<3xf32>
  %r:3 = stablehlo.optimization_barrier %d, %k, %x : tensor<3xf32>, tensor<i32>, tensor<3xf32>
  return %r#0, %r#1, %r#2 : tensor<3xf32>, tensor<i32>, tensor<3xf32>
}
