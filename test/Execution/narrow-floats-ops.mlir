// Narrow floats through the ops that keep them (constants, reduce, sort,
// concatenate, reverse, while) and those widened to f32 (iota,
// reduce_precision, is_finite, compare). Expected values are worked out
// from the formats' definitions (f8E4M3FN: 3 mantissa bits, max 448 and
// no infinity; f8E5M2: IEEE-like with 2 mantissa bits; f8E4M3FNUZ: NaN is
// 0x80, max 240; f4E2M1FN: values 0, 0.5, 1, 1.5, 2, 3, 4, 6), rounding
// to nearest even.
// RUN: xla-run --check %s | FileCheck %s
// CHECK: 11 passed, 0 failed

// 449.5 rounds to 448 (the next encoding, 480, is NaN; the midpoint is 464).
func.func @constant_splat_add() {
  %x = stablehlo.constant dense<[1.0, 2.0, 448.0, -0.5]> : tensor<4xf8E4M3FN>
  %c = stablehlo.constant dense<1.5> : tensor<4xf8E4M3FN>
  %r = stablehlo.add %x, %c : tensor<4xf8E4M3FN>
  check.expect_eq_const %r, dense<[2.5, 3.5, 448.0, 1.0]> : tensor<4xf8E4M3FN>
  return
}

func.func @reduce_add_and_max() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 1.0, 1.0], [1.0, -2.0, 3.5, 0.25]]> : tensor<2x4xf8E5M2>
  %zero = stablehlo.constant dense<0.0> : tensor<f8E5M2>
  %low = stablehlo.constant dense<0xFC> : tensor<f8E5M2>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf8E5M2>, tensor<f8E5M2>) -> tensor<2xf8E5M2>
  %m = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x4xf8E5M2>, tensor<f8E5M2>) -> tensor<2xf8E5M2>
  %sm = stablehlo.slice %s [0:1] : (tensor<2xf8E5M2>) -> tensor<1xf8E5M2>
  %mm = stablehlo.slice %m [1:2] : (tensor<2xf8E5M2>) -> tensor<1xf8E5M2>
  %r = stablehlo.concatenate %sm, %mm, dim = 0 : (tensor<1xf8E5M2>, tensor<1xf8E5M2>) -> tensor<2xf8E5M2>
  check.expect_eq_const %r, dense<[4.0, 3.5]> : tensor<2xf8E5M2>
  return
}

func.func @sort_fnuz() {
  %x = stablehlo.constant dense<[3.0, -1.0, 0.5, -240.0, 240.0]> : tensor<5xf8E4M3FNUZ>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f8E4M3FNUZ>, %b: tensor<f8E4M3FNUZ>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f8E4M3FNUZ>, tensor<f8E4M3FNUZ>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf8E4M3FNUZ>) -> tensor<5xf8E4M3FNUZ>
  check.expect_eq_const %r, dense<[-240.0, -1.0, 0.5, 3.0, 240.0]> : tensor<5xf8E4M3FNUZ>
  return
}

func.func @concatenate_reverse_f4() {
  %a = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xf4E2M1FN>
  %b = stablehlo.constant dense<[6.0, -6.0]> : tensor<2xf4E2M1FN>
  %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf4E2M1FN>, tensor<2xf4E2M1FN>) -> tensor<4xf4E2M1FN>
  %r = stablehlo.reverse %c, dims = [0] : tensor<4xf4E2M1FN>
  check.expect_eq_const %r, dense<[-6.0, 6.0, 1.0, 0.5]> : tensor<4xf4E2M1FN>
  return
}

// 4 + 3 = 7 saturates to 6 (f4E2M1FN has no infinity); 1.5 * 1.5 = 2.25 rounds to 2.
func.func @f4_arithmetic() {
  %a = stablehlo.constant dense<[4.0, 1.5, -3.0, 0.5]> : tensor<4xf4E2M1FN>
  %b = stablehlo.constant dense<[3.0, 1.5, -4.0, 0.5]> : tensor<4xf4E2M1FN>
  %s = stablehlo.add %a, %b : tensor<4xf4E2M1FN>
  %p = stablehlo.multiply %a, %b : tensor<4xf4E2M1FN>
  check.expect_eq_const %s, dense<[6.0, 3.0, -6.0, 1.0]> : tensor<4xf4E2M1FN>
  check.expect_eq_const %p, dense<[6.0, 2.0, 6.0, 0.0]> : tensor<4xf4E2M1FN>
  return
}

// 17 and 19 are ties: to 16 and 20 (even mantissas).
func.func @iota_rounds() {
  %r = stablehlo.iota dim = 0 : tensor<20xf8E4M3FN>
  check.expect_eq_const %r, dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 16.0, 18.0, 20.0]> : tensor<20xf8E4M3FN>
  return
}

// One mantissa bit: 1.25 is a tie (to 1.0), 1.75 rounds to 2.0.
func.func @reduce_precision_inside_f8() {
  %x = stablehlo.constant dense<[1.25, 1.75, 3.0, -1.125]> : tensor<4xf8E4M3FN>
  %r = stablehlo.reduce_precision %x, format = e4m1 : tensor<4xf8E4M3FN>
  check.expect_eq_const %r, dense<[1.0, 2.0, 3.0, -1.0]> : tensor<4xf8E4M3FN>
  return
}

// f8E5M2 bits: 0x7C = +inf, 0x7E = NaN, 0x3C = 1.0, 0xFC = -inf.
func.func @is_finite_e5m2() {
  %x = stablehlo.constant dense<[0x7C, 0x7E, 0x3C, 0xFC]> : tensor<4xf8E5M2>
  %r = stablehlo.is_finite %x : (tensor<4xf8E5M2>) -> tensor<4xi1>
  check.expect_eq_const %r, dense<[false, false, true, false]> : tensor<4xi1>
  return
}

// FNUZ's NaN (0x80) is unordered, even with itself.
func.func @compare_fnuz_nan() {
  %x = stablehlo.constant dense<[0x80, 0x40, 0x00]> : tensor<3xf8E4M3FNUZ>
  %r = stablehlo.compare EQ, %x, %x, FLOAT : (tensor<3xf8E4M3FNUZ>, tensor<3xf8E4M3FNUZ>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[false, true, true]> : tensor<3xi1>
  return
}

// A loop carrying an f8 value: 1.0 doubled 5 times.
func.func @while_f8() {
  %init = stablehlo.constant dense<1.0> : tensor<f8E4M3FN>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%x = %init, %i = %i0) : tensor<f8E4M3FN>, tensor<i32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = stablehlo.add %x, %x : tensor<f8E4M3FN>
    stablehlo.return %y, %j : tensor<f8E4M3FN>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<32.0> : tensor<f8E4M3FN>
  return
}
