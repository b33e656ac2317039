// Element-wise ops: the seeds' Select and Clamp examples (003/001) and the
// edge cases of the element-wise semantics: NaN and -0.0 in compare, min,
// max, sign and clamp; unsigned wrap-around; integer division and
// remainder by zero and INT_MIN / -1 (001 "Div": implementation-defined; we
// follow XLA: x / 0 = -1 (all bits set), x % 0 = x, INT_MIN / -1 = INT_MIN,
// INT_MIN % -1 = 0); shifts by >= the bit width (XLA: 0 for shift_left and
// shift_right_logical, the sign fill for shift_right_arithmetic); the sign
// of Rem (003/001: the dividend's); empty dimensions; rank 0; ranks 6-8.
//
// Every integer/float edge case is computed twice: on constants (which the
// compiler may fold) and on the same values passed through
// stablehlo.optimization_barrier (computed by the generated code), so that
// folding and code generation are both held to the same expectation.
// expect_eq treats -0.0 and +0.0 as equal: signs of zeros are checked on
// the bits (bitcast_convert to i32; 0x80000000 = -2147483648 is -0.0).

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}93 passed, 0 failed

// 003/001 "Select", non-scalar pred: {true, false, false, true} picks
// {1, 200, 300, 4} from {1, 2, 3, 4} and {100, 200, 300, 400}.
func.func @select_seed() {
  %p = stablehlo.constant dense<[true, false, false, true]> : tensor<4xi1>
  %v1 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %v2 = stablehlo.constant dense<[100, 200, 300, 400]> : tensor<4xi32>
  %r = stablehlo.select %p, %v1, %v2 : tensor<4xi1>, tensor<4xi32>
  check.expect_eq_const %r, dense<[1, 200, 300, 4]> : tensor<4xi32>
  %pb, %v1b, %v2b = stablehlo.optimization_barrier %p, %v1, %v2 : tensor<4xi1>, tensor<4xi32>, tensor<4xi32>
  %rb = stablehlo.select %pb, %v1b, %v2b : tensor<4xi1>, tensor<4xi32>
  check.expect_eq_const %rb, dense<[1, 200, 300, 4]> : tensor<4xi32>
  func.return
}

// 003/001 "Select", scalar pred true: the whole of on_true; false: on_false.
func.func @select_scalar_pred_seed() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %v1 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %v2 = stablehlo.constant dense<[100, 200, 300, 400]> : tensor<4xi32>
  %tb, %fb = stablehlo.optimization_barrier %t, %f : tensor<i1>, tensor<i1>
  %r = stablehlo.select %tb, %v1, %v2 : tensor<i1>, tensor<4xi32>
  check.expect_eq_const %r, dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = stablehlo.select %fb, %v1, %v2 : tensor<i1>, tensor<4xi32>
  check.expect_eq_const %s, dense<[100, 200, 300, 400]> : tensor<4xi32>
  func.return
}

// 003/001 "Clamp" with scalar min and max: operand s32[3] {-1, 5, 9},
// min 0, max 6 -> {0, 5, 6}.
func.func @clamp_seed() {
  %x = stablehlo.constant dense<[-1, 5, 9]> : tensor<3xi32>
  %lo = stablehlo.constant dense<0> : tensor<i32>
  %hi = stablehlo.constant dense<6> : tensor<i32>
  %r = stablehlo.clamp %lo, %x, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[0, 5, 6]> : tensor<3xi32>
  %xb, %lob, %hib = stablehlo.optimization_barrier %x, %lo, %hi : tensor<3xi32>, tensor<i32>, tensor<i32>
  %rb = stablehlo.clamp %lob, %xb, %hib : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %rb, dense<[0, 5, 6]> : tensor<3xi32>
  func.return
}

// Clamp with full-shape bounds and a NaN operand (NaN propagates through
// min/max), unsigned clamp.
func.func @clamp_edge() {
  %x = stablehlo.constant dense<[-5.0, 0.5, 5.0, 0x7FC00000]> : tensor<4xf32>
  %lo = stablehlo.constant dense<[-1.0, 1.0, -1.0, -1.0]> : tensor<4xf32>
  %hi = stablehlo.constant dense<[1.0, 2.0, 4.0, 1.0]> : tensor<4xf32>
  %xb, %lob, %hib = stablehlo.optimization_barrier %x, %lo, %hi : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  %r = stablehlo.clamp %lob, %xb, %hib : tensor<4xf32>
  check.expect_eq_const %r, dense<[-1.0, 1.0, 4.0, 0x7FC00000]> : tensor<4xf32>
  %u = stablehlo.constant dense<[0, 4000000000, 7]> : tensor<3xui32>
  %ulo = stablehlo.constant dense<5> : tensor<ui32>
  %uhi = stablehlo.constant dense<3000000000> : tensor<ui32>
  %ub, %ulob, %uhib = stablehlo.optimization_barrier %u, %ulo, %uhi : tensor<3xui32>, tensor<ui32>, tensor<ui32>
  %ur = stablehlo.clamp %ulob, %ub, %uhib : (tensor<ui32>, tensor<3xui32>, tensor<ui32>) -> tensor<3xui32>
  check.expect_eq_const %ur, dense<[5, 3000000000, 7]> : tensor<3xui32>
  func.return
}

// 003 "Element-wise comparison": IEEE semantics for floats: NaN is
// unordered (every comparison false except NE), -0.0 == +0.0. Pairs:
// (NaN, NaN), (NaN, 1), (1, NaN), (-0, +0), (+0, -0), (-inf, inf).
func.func @compare_nan_negzero() {
  %a = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 1.0, -0.0, 0.0, 0xFF800000]> : tensor<6xf32>
  %b = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000, 0.0, -0.0, 0x7F800000]> : tensor<6xf32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<6xf32>, tensor<6xf32>
  %eq = stablehlo.compare EQ, %ab, %bb, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %eq, dense<[false, false, false, true, true, false]> : tensor<6xi1>
  %ne = stablehlo.compare NE, %ab, %bb, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %ne, dense<[true, true, true, false, false, true]> : tensor<6xi1>
  %lt = stablehlo.compare LT, %ab, %bb, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %lt, dense<[false, false, false, false, false, true]> : tensor<6xi1>
  %ge = stablehlo.compare GE, %ab, %bb, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %ge, dense<[false, false, false, true, true, false]> : tensor<6xi1>
  // The same on constants.
  %eqc = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %eqc, dense<[false, false, false, true, true, false]> : tensor<6xi1>
  %nec = stablehlo.compare NE, %a, %b, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %nec, dense<[true, true, true, false, false, true]> : tensor<6xi1>
  func.return
}

// 001 "Lt" total order: -NaN < -Inf < -Finite < -0 < +0 < +Finite < +Inf < +NaN.
// Pairs: (-0, +0), (+0, -0), (-NaN, -inf), (NaN, inf), (NaN, NaN), (1, NaN).
func.func @compare_totalorder() {
  %a = stablehlo.constant dense<[-0.0, 0.0, 0xFFC00000, 0x7FC00000, 0x7FC00000, 1.0]> : tensor<6xf32>
  %b = stablehlo.constant dense<[0.0, -0.0, 0xFF800000, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<6xf32>, tensor<6xf32>
  %lt = stablehlo.compare LT, %ab, %bb, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %lt, dense<[true, false, true, false, false, true]> : tensor<6xi1>
  %eq = stablehlo.compare EQ, %ab, %bb, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %eq, dense<[false, false, false, false, true, false]> : tensor<6xi1>
  %ltc = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %ltc, dense<[true, false, true, false, false, true]> : tensor<6xi1>
  func.return
}

// Max and Min propagate NaN from either side; max(-0, +0) = +0 and
// min(-0, +0) = -0 whatever the operand order (checked on the bits).
func.func @min_max_nan_negzero() {
  %a = stablehlo.constant dense<[0x7FC00000, 1.0, -0.0, 0.0, 2.0]> : tensor<5xf32>
  %b = stablehlo.constant dense<[1.0, 0x7FC00000, 0.0, -0.0, 0xFF800000]> : tensor<5xf32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<5xf32>, tensor<5xf32>
  %mx = stablehlo.maximum %ab, %bb : tensor<5xf32>
  %mn = stablehlo.minimum %ab, %bb : tensor<5xf32>
  %mxb = stablehlo.bitcast_convert %mx : (tensor<5xf32>) -> tensor<5xi32>
  %mnb = stablehlo.bitcast_convert %mn : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq_const %mx, dense<[0x7FC00000, 0x7FC00000, 0.0, 0.0, 2.0]> : tensor<5xf32>
  check.expect_eq_const %mn, dense<[0x7FC00000, 0x7FC00000, -0.0, -0.0, 0xFF800000]> : tensor<5xf32>
  %mxz = stablehlo.slice %mxb [2:4] : (tensor<5xi32>) -> tensor<2xi32>
  %mnz = stablehlo.slice %mnb [2:4] : (tensor<5xi32>) -> tensor<2xi32>
  check.expect_eq_const %mxz, dense<[0, 0]> : tensor<2xi32>
  check.expect_eq_const %mnz, dense<[-2147483648, -2147483648]> : tensor<2xi32>
  // The same on constants.
  %mxc = stablehlo.maximum %a, %b : tensor<5xf32>
  %mnc = stablehlo.minimum %a, %b : tensor<5xf32>
  %mxcb = stablehlo.bitcast_convert %mxc : (tensor<5xf32>) -> tensor<5xi32>
  %mncb = stablehlo.bitcast_convert %mnc : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq %mxcb, %mxb : tensor<5xi32>
  check.expect_eq %mncb, %mnb : tensor<5xi32>
  func.return
}

// 001 "Sign": sgn(-0) = -0, sgn(NaN) = NaN, sgn(+0) = +0, else -1 / 1.
func.func @sign_negzero_nan() {
  %a = stablehlo.constant dense<[-0.0, 0x7FC00000, 0.0, -3.5, 0x7F800000, 1.0e-40]> : tensor<6xf32>
  %ab = stablehlo.optimization_barrier %a : tensor<6xf32>
  %s = stablehlo.sign %ab : tensor<6xf32>
  %bits = stablehlo.bitcast_convert %s : (tensor<6xf32>) -> tensor<6xi32>
  check.expect_eq_const %s, dense<[0.0, 0x7FC00000, 0.0, -1.0, 1.0, 1.0]> : tensor<6xf32>
  %z = stablehlo.slice %bits [0:3:2] : (tensor<6xi32>) -> tensor<2xi32>
  check.expect_eq_const %z, dense<[-2147483648, 0]> : tensor<2xi32>
  %sc = stablehlo.sign %a : tensor<6xf32>
  %bc = stablehlo.bitcast_convert %sc : (tensor<6xf32>) -> tensor<6xi32>
  check.expect_eq %bc, %bits : tensor<6xi32>
  func.return
}

// Unsigned arithmetic wraps modulo 2^n: ui8 250 + 10 = 4, 0 - 1 = 255,
// ui16 300 * 300 = 90000 mod 65536 = 24464, ui32 0 - 1 = 4294967295; unsigned
// division and comparison see the values as unsigned.
func.func @unsigned_overflow() {
  %a = stablehlo.constant dense<[250, 0, 200]> : tensor<3xui8>
  %b = stablehlo.constant dense<[10, 1, 100]> : tensor<3xui8>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<3xui8>, tensor<3xui8>
  %add = stablehlo.add %ab, %bb : tensor<3xui8>
  check.expect_eq_const %add, dense<[4, 1, 44]> : tensor<3xui8>
  %sub = stablehlo.subtract %ab, %bb : tensor<3xui8>
  check.expect_eq_const %sub, dense<[240, 255, 100]> : tensor<3xui8>
  %addc = stablehlo.add %a, %b : tensor<3xui8>
  check.expect_eq_const %addc, dense<[4, 1, 44]> : tensor<3xui8>
  %subc = stablehlo.subtract %a, %b : tensor<3xui8>
  check.expect_eq_const %subc, dense<[240, 255, 100]> : tensor<3xui8>
  %m = stablehlo.constant dense<[300, 65535]> : tensor<2xui16>
  %mb = stablehlo.optimization_barrier %m : tensor<2xui16>
  %mul = stablehlo.multiply %mb, %mb : tensor<2xui16>
  check.expect_eq_const %mul, dense<[24464, 1]> : tensor<2xui16>
  %mulc = stablehlo.multiply %m, %m : tensor<2xui16>
  check.expect_eq_const %mulc, dense<[24464, 1]> : tensor<2xui16>
  %u = stablehlo.constant dense<[0, 4294967295, 4294967295]> : tensor<3xui32>
  %v = stablehlo.constant dense<[1, 2, 4294967295]> : tensor<3xui32>
  %ub, %vb = stablehlo.optimization_barrier %u, %v : tensor<3xui32>, tensor<3xui32>
  %d = stablehlo.subtract %ub, %vb : tensor<3xui32>
  check.expect_eq_const %d, dense<[4294967295, 4294967293, 0]> : tensor<3xui32>
  %q = stablehlo.divide %ub, %vb : tensor<3xui32>
  check.expect_eq_const %q, dense<[0, 2147483647, 1]> : tensor<3xui32>
  %gt = stablehlo.compare GT, %ub, %vb, UNSIGNED : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi1>
  check.expect_eq_const %gt, dense<[false, true, false]> : tensor<3xi1>
  %s = stablehlo.add %ub, %vb : tensor<3xui32>
  check.expect_eq_const %s, dense<[1, 1, 4294967294]> : tensor<3xui32>
  func.return
}

// Signed integers wrap too: INT_MAX + 1 = INT_MIN, -INT_MIN = INT_MIN,
// abs(INT_MIN) = INT_MIN, INT_MIN * -1 = INT_MIN.
func.func @signed_wrap() {
  %a = stablehlo.constant dense<[2147483647, -2147483648, -2147483648]> : tensor<3xi32>
  %b = stablehlo.constant dense<[1, -1, 2]> : tensor<3xi32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<3xi32>, tensor<3xi32>
  %add = stablehlo.add %ab, %bb : tensor<3xi32>
  check.expect_eq_const %add, dense<[-2147483648, 2147483647, -2147483646]> : tensor<3xi32>
  %mul = stablehlo.multiply %ab, %bb : tensor<3xi32>
  check.expect_eq_const %mul, dense<[2147483647, -2147483648, 0]> : tensor<3xi32>
  %neg = stablehlo.negate %ab : tensor<3xi32>
  check.expect_eq_const %neg, dense<[-2147483647, -2147483648, -2147483648]> : tensor<3xi32>
  %abs = stablehlo.abs %ab : tensor<3xi32>
  check.expect_eq_const %abs, dense<[2147483647, -2147483648, -2147483648]> : tensor<3xi32>
  %negc = stablehlo.negate %a : tensor<3xi32>
  check.expect_eq %negc, %neg : tensor<3xi32>
  %absc = stablehlo.abs %a : tensor<3xi32>
  check.expect_eq %absc, %abs : tensor<3xi32>
  func.return
}

// 001 "Div": integer division by zero and INT_MIN / -1 (XLA's values:
// x / 0 = -1, INT_MIN / -1 = INT_MIN); otherwise rounds toward zero.
// Remainder (003/001 "Rem": the sign of the dividend): x % 0 = x,
// INT_MIN % -1 = 0, -7 % 3 = -1, 7 % -3 = 1.
func.func @int_div_rem_edge() {
  %a = stablehlo.constant dense<[7, -7, 0, -2147483648, -2147483648, -7, 7]> : tensor<7xi32>
  %b = stablehlo.constant dense<[0, 0, 0, -1, 1, 3, -3]> : tensor<7xi32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<7xi32>, tensor<7xi32>
  %q = stablehlo.divide %ab, %bb : tensor<7xi32>
  check.expect_eq_const %q, dense<[-1, -1, -1, -2147483648, -2147483648, -2, -2]> : tensor<7xi32>
  %r = stablehlo.remainder %ab, %bb : tensor<7xi32>
  check.expect_eq_const %r, dense<[7, -7, 0, 0, 0, -1, 1]> : tensor<7xi32>
  %qc = stablehlo.divide %a, %b : tensor<7xi32>
  check.expect_eq_const %qc, dense<[-1, -1, -1, -2147483648, -2147483648, -2, -2]> : tensor<7xi32>
  %rc = stablehlo.remainder %a, %b : tensor<7xi32>
  check.expect_eq_const %rc, dense<[7, -7, 0, 0, 0, -1, 1]> : tensor<7xi32>
  func.return
}

// The same for i8 (INT_MIN = -128) and i64, and for unsigned types, where
// x / 0 is all bits set (UINT_MAX) and x % 0 = x.
func.func @int_div_rem_edge_widths() {
  %a8 = stablehlo.constant dense<[-128, -128, 100, -100]> : tensor<4xi8>
  %b8 = stablehlo.constant dense<[-1, 0, -7, 0]> : tensor<4xi8>
  %a8b, %b8b = stablehlo.optimization_barrier %a8, %b8 : tensor<4xi8>, tensor<4xi8>
  %q8 = stablehlo.divide %a8b, %b8b : tensor<4xi8>
  check.expect_eq_const %q8, dense<[-128, -1, -14, -1]> : tensor<4xi8>
  %r8 = stablehlo.remainder %a8b, %b8b : tensor<4xi8>
  check.expect_eq_const %r8, dense<[0, -128, 2, -100]> : tensor<4xi8>
  %a64 = stablehlo.constant dense<[-9223372036854775808, 5, -5]> : tensor<3xi64>
  %b64 = stablehlo.constant dense<[-1, 0, 0]> : tensor<3xi64>
  %a64b, %b64b = stablehlo.optimization_barrier %a64, %b64 : tensor<3xi64>, tensor<3xi64>
  %q64 = stablehlo.divide %a64b, %b64b : tensor<3xi64>
  check.expect_eq_const %q64, dense<[-9223372036854775808, -1, -1]> : tensor<3xi64>
  %r64 = stablehlo.remainder %a64b, %b64b : tensor<3xi64>
  check.expect_eq_const %r64, dense<[0, 5, -5]> : tensor<3xi64>
  %au = stablehlo.constant dense<[7, 4294967295, 9]> : tensor<3xui32>
  %bu = stablehlo.constant dense<[0, 0, 4]> : tensor<3xui32>
  %aub, %bub = stablehlo.optimization_barrier %au, %bu : tensor<3xui32>, tensor<3xui32>
  %qu = stablehlo.divide %aub, %bub : tensor<3xui32>
  check.expect_eq_const %qu, dense<[4294967295, 4294967295, 2]> : tensor<3xui32>
  %ru = stablehlo.remainder %aub, %bub : tensor<3xui32>
  check.expect_eq_const %ru, dense<[7, 4294967295, 1]> : tensor<3xui32>
  %quc = stablehlo.divide %au, %bu : tensor<3xui32>
  check.expect_eq_const %quc, dense<[4294967295, 4294967295, 2]> : tensor<3xui32>
  %ruc = stablehlo.remainder %au, %bu : tensor<3xui32>
  check.expect_eq_const %ruc, dense<[7, 4294967295, 1]> : tensor<3xui32>
  func.return
}

// 003/001 "Rem" on floats: the sign of the dividend, |result| < |divisor|
// (fmod); x % 0 = NaN, inf % y = NaN, x % inf = x, -0 % y = -0.
func.func @float_rem() {
  %a = stablehlo.constant dense<[7.5, -7.5, 7.5, -7.5, 1.0, 0x7F800000, 3.0, -0.0]> : tensor<8xf32>
  %b = stablehlo.constant dense<[2.0, 2.0, -2.0, -2.0, 0.0, 2.0, 0x7F800000, 5.0]> : tensor<8xf32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<8xf32>, tensor<8xf32>
  %r = stablehlo.remainder %ab, %bb : tensor<8xf32>
  check.expect_eq_const %r, dense<[1.5, -1.5, 1.5, -1.5, 0x7FC00000, 0x7FC00000, 3.0, -0.0]> : tensor<8xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<8xf32>) -> tensor<8xi32>
  %last = stablehlo.slice %bits [7:8] : (tensor<8xi32>) -> tensor<1xi32>
  check.expect_eq_const %last, dense<[-2147483648]> : tensor<1xi32>
  %rc = stablehlo.remainder %a, %b : tensor<8xf32>
  check.expect_eq_const %rc, dense<[1.5, -1.5, 1.5, -1.5, 0x7FC00000, 0x7FC00000, 3.0, -0.0]> : tensor<8xf32>
  func.return
}

// 001 "ShiftLeft" / "ShiftRightLogical" / "ShiftRightArithmetic": shift
// amounts >= the bit width (and negative ones, which are huge as unsigned)
// give 0 for the left and logical shifts and the sign fill for the
// arithmetic one. i32: amounts 0, 1, 31, 32, 33, -1, 100.
func.func @shifts_i32() {
  %a = stablehlo.constant dense<[-8, -8, -8, -8, -8, -8, 5]> : tensor<7xi32>
  %n = stablehlo.constant dense<[0, 1, 31, 32, 33, -1, 100]> : tensor<7xi32>
  %ab, %nb = stablehlo.optimization_barrier %a, %n : tensor<7xi32>, tensor<7xi32>
  %l = stablehlo.shift_left %ab, %nb : tensor<7xi32>
  check.expect_eq_const %l, dense<[-8, -16, 0, 0, 0, 0, 0]> : tensor<7xi32>
  %rl = stablehlo.shift_right_logical %ab, %nb : tensor<7xi32>
  check.expect_eq_const %rl, dense<[-8, 2147483644, 1, 0, 0, 0, 0]> : tensor<7xi32>
  %ra = stablehlo.shift_right_arithmetic %ab, %nb : tensor<7xi32>
  check.expect_eq_const %ra, dense<[-8, -4, -1, -1, -1, -1, 0]> : tensor<7xi32>
  %lc = stablehlo.shift_left %a, %n : tensor<7xi32>
  check.expect_eq %lc, %l : tensor<7xi32>
  %rlc = stablehlo.shift_right_logical %a, %n : tensor<7xi32>
  check.expect_eq %rlc, %rl : tensor<7xi32>
  %rac = stablehlo.shift_right_arithmetic %a, %n : tensor<7xi32>
  check.expect_eq %rac, %ra : tensor<7xi32>
  func.return
}

// The same for 8-bit and unsigned 64-bit types (widths 8 and 64).
func.func @shifts_i8_ui64() {
  %a = stablehlo.constant dense<[-128, -128, 64, 1]> : tensor<4xi8>
  %n = stablehlo.constant dense<[7, 8, 1, 9]> : tensor<4xi8>
  %ab, %nb = stablehlo.optimization_barrier %a, %n : tensor<4xi8>, tensor<4xi8>
  %l = stablehlo.shift_left %ab, %nb : tensor<4xi8>
  check.expect_eq_const %l, dense<[0, 0, -128, 0]> : tensor<4xi8>
  %rl = stablehlo.shift_right_logical %ab, %nb : tensor<4xi8>
  check.expect_eq_const %rl, dense<[1, 0, 32, 0]> : tensor<4xi8>
  %ra = stablehlo.shift_right_arithmetic %ab, %nb : tensor<4xi8>
  check.expect_eq_const %ra, dense<[-1, -1, 32, 0]> : tensor<4xi8>
  %u = stablehlo.constant dense<[18446744073709551615, 18446744073709551615, 1]> : tensor<3xui64>
  %m = stablehlo.constant dense<[63, 64, 65]> : tensor<3xui64>
  %ub, %mb = stablehlo.optimization_barrier %u, %m : tensor<3xui64>, tensor<3xui64>
  %ul = stablehlo.shift_left %ub, %mb : tensor<3xui64>
  check.expect_eq_const %ul, dense<[9223372036854775808, 0, 0]> : tensor<3xui64>
  %ur = stablehlo.shift_right_logical %ub, %mb : tensor<3xui64>
  check.expect_eq_const %ur, dense<[1, 0, 0]> : tensor<3xui64>
  %ulc = stablehlo.shift_left %u, %m : tensor<3xui64>
  check.expect_eq_const %ulc, dense<[9223372036854775808, 0, 0]> : tensor<3xui64>
  %urc = stablehlo.shift_right_logical %u, %m : tensor<3xui64>
  check.expect_eq_const %urc, dense<[1, 0, 0]> : tensor<3xui64>
  func.return
}

// 001 "Clz" and "PopulationCount" on zero, negatives and INT_MIN.
func.func @clz_popcnt() {
  %a = stablehlo.constant dense<[0, -1, -2147483648, 1, 255]> : tensor<5xi32>
  %ab = stablehlo.optimization_barrier %a : tensor<5xi32>
  %c = stablehlo.count_leading_zeros %ab : tensor<5xi32>
  check.expect_eq_const %c, dense<[32, 0, 0, 31, 24]> : tensor<5xi32>
  %p = stablehlo.popcnt %ab : tensor<5xi32>
  check.expect_eq_const %p, dense<[0, 32, 1, 1, 8]> : tensor<5xi32>
  %cc = stablehlo.count_leading_zeros %a : tensor<5xi32>
  check.expect_eq %cc, %c : tensor<5xi32>
  %pc = stablehlo.popcnt %a : tensor<5xi32>
  check.expect_eq %pc, %p : tensor<5xi32>
  func.return
}

// 001 "RoundNearestAfz" / "RoundNearestEven" on halves, -0.0 and NaN.
func.func @rounding_halves() {
  %a = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 0x7FC00000]> : tensor<6xf32>
  %ab = stablehlo.optimization_barrier %a : tensor<6xf32>
  %afz = stablehlo.round_nearest_afz %ab : tensor<6xf32>
  check.expect_eq_const %afz, dense<[1.0, 2.0, 3.0, -1.0, -3.0, 0x7FC00000]> : tensor<6xf32>
  %even = stablehlo.round_nearest_even %ab : tensor<6xf32>
  check.expect_eq_const %even, dense<[0.0, 2.0, 2.0, -0.0, -2.0, 0x7FC00000]> : tensor<6xf32>
  %eb = stablehlo.bitcast_convert %even : (tensor<6xf32>) -> tensor<6xi32>
  %z = stablehlo.slice %eb [3:4] : (tensor<6xi32>) -> tensor<1xi32>
  check.expect_eq_const %z, dense<[-2147483648]> : tensor<1xi32>
  func.return
}

// 003 "IsFinite": false for +-inf and NaN, true otherwise (-0 and
// denormals included).
func.func @is_finite() {
  %a = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, -0.0, 1.0e-45, 3.4e38]> : tensor<6xf32>
  %ab = stablehlo.optimization_barrier %a : tensor<6xf32>
  %r = stablehlo.is_finite %ab : (tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %r, dense<[false, false, false, true, true, true]> : tensor<6xi1>
  func.return
}

// Empty dimensions: element-wise ops, broadcast, dot with k = 0 (sums of
// nothing are 0), reduce_window and transpose on tensors with a 0 dimension.
func.func @empty_dims() {
  %e = stablehlo.constant dense<> : tensor<0x5xf32>
  %t = stablehlo.tanh %e : tensor<0x5xf32>
  %s = stablehlo.add %t, %e : tensor<0x5xf32>
  check.expect_eq_const %s, dense<> : tensor<0x5xf32>
  %tr = stablehlo.transpose %e, dims = [1, 0] : (tensor<0x5xf32>) -> tensor<5x0xf32>
  check.expect_eq_const %tr, dense<> : tensor<5x0xf32>
  %b = stablehlo.broadcast_in_dim %e, dims = [0, 2] : (tensor<0x5xf32>) -> tensor<0x3x5xf32>
  check.expect_eq_const %b, dense<> : tensor<0x3x5xf32>
  %l = stablehlo.constant dense<> : tensor<2x0xf32>
  %r = stablehlo.constant dense<> : tensor<0x3xf32>
  %d = stablehlo.dot %l, %r : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<0.0> : tensor<2x3xf32>
  %i = stablehlo.constant dense<> : tensor<0xi32>
  %z = stablehlo.constant dense<7> : tensor<i32>
  %p = stablehlo.pad %i, %z, low = [2], high = [1], interior = [0] : (tensor<0xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %p, dense<7> : tensor<3xi32>
  %sl = stablehlo.slice %p [1:1] : (tensor<3xi32>) -> tensor<0xi32>
  check.expect_eq_const %sl, dense<> : tensor<0xi32>
  func.return
}

// Rank 0: element-wise ops, compare/select and broadcast of scalars.
func.func @rank0() {
  %a = stablehlo.constant dense<-2.5> : tensor<f32>
  %b = stablehlo.constant dense<4.0> : tensor<f32>
  %ab, %bb = stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<f32>
  %m = stablehlo.multiply %ab, %bb : tensor<f32>
  check.expect_eq_const %m, dense<-10.0> : tensor<f32>
  %lt = stablehlo.compare LT, %ab, %bb, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt, dense<true> : tensor<i1>
  %s = stablehlo.select %lt, %ab, %bb : tensor<i1>, tensor<f32>
  check.expect_eq_const %s, dense<-2.5> : tensor<f32>
  %r = stablehlo.reshape %m : (tensor<f32>) -> tensor<1x1x1xf32>
  check.expect_eq_const %r, dense<-10.0> : tensor<1x1x1xf32>
  func.return
}

// Rank 8: transpose with the reversed permutation, reverse along three
// dimensions, and an element-wise op on shape [2,1,3,1,2,1,2,2]
// (x = 0..47 in row-major order).
func.func @rank8() {
  %i = stablehlo.iota dim = 0 : tensor<48xi32>
  %x = stablehlo.reshape %i : (tensor<48xi32>) -> tensor<2x1x3x1x2x1x2x2xi32>
  %t = stablehlo.transpose %x, dims = [7, 6, 5, 4, 3, 2, 1, 0] : (tensor<2x1x3x1x2x1x2x2xi32>) -> tensor<2x2x1x2x1x3x1x2xi32>
  check.expect_eq_const %t, dense<[[[[[[[[0, 24]], [[8, 32]], [[16, 40]]]], [[[[4, 28]], [[12, 36]], [[20, 44]]]]]], [[[[[[2, 26]], [[10, 34]], [[18, 42]]]], [[[[6, 30]], [[14, 38]], [[22, 46]]]]]]], [[[[[[[1, 25]], [[9, 33]], [[17, 41]]]], [[[[5, 29]], [[13, 37]], [[21, 45]]]]]], [[[[[[3, 27]], [[11, 35]], [[19, 43]]]], [[[[7, 31]], [[15, 39]], [[23, 47]]]]]]]]> : tensor<2x2x1x2x1x3x1x2xi32>
  %r = stablehlo.reverse %x, dims = [0, 2, 7] : tensor<2x1x3x1x2x1x2x2xi32>
  check.expect_eq_const %r, dense<[[[[[[[[41, 40], [43, 42]]], [[[45, 44], [47, 46]]]]], [[[[[33, 32], [35, 34]]], [[[37, 36], [39, 38]]]]], [[[[[25, 24], [27, 26]]], [[[29, 28], [31, 30]]]]]]], [[[[[[[17, 16], [19, 18]]], [[[21, 20], [23, 22]]]]], [[[[[9, 8], [11, 10]]], [[[13, 12], [15, 14]]]]], [[[[[1, 0], [3, 2]]], [[[5, 4], [7, 6]]]]]]]]> : tensor<2x1x3x1x2x1x2x2xi32>
  %s = stablehlo.add %x, %r : tensor<2x1x3x1x2x1x2x2xi32>
  %f = stablehlo.reshape %s : (tensor<2x1x3x1x2x1x2x2xi32>) -> tensor<48xi32>
  %sr = stablehlo.slice %f [0:48:12] : (tensor<48xi32>) -> tensor<4xi32>
  check.expect_eq_const %sr, dense<[41, 49, 41, 49]> : tensor<4xi32>
  func.return
}

// Rank 6 and 7: a reduction over dimensions [1, 3, 5] of a [2,3,1,2,2,2]
// array (x = 0..47), and broadcast_in_dim of a [3,2] matrix into
// [2,3,1,2,2,1,2] along dimensions [1, 3].
func.func @rank6_rank7() {
  %i = stablehlo.iota dim = 0 : tensor<48xi32>
  %x = stablehlo.reshape %i : (tensor<48xi32>) -> tensor<2x3x1x2x2x2xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1, 3, 5] : (tensor<2x3x1x2x2x2xi32>, tensor<i32>) -> tensor<2x1x2xi32>
  check.expect_eq_const %r, dense<[[[126, 150]], [[414, 438]]]> : tensor<2x1x2xi32>
  %m = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = stablehlo.broadcast_in_dim %m, dims = [1, 3] : (tensor<3x2xi32>) -> tensor<2x3x1x2x2x1x2xi32>
  check.expect_eq_const %b, dense<[[[[[[[1, 1]], [[1, 1]]], [[[2, 2]], [[2, 2]]]]], [[[[[3, 3]], [[3, 3]]], [[[4, 4]], [[4, 4]]]]], [[[[[5, 5]], [[5, 5]]], [[[6, 6]], [[6, 6]]]]]], [[[[[[1, 1]], [[1, 1]]], [[[2, 2]], [[2, 2]]]]], [[[[[3, 3]], [[3, 3]]], [[[4, 4]], [[4, 4]]]]], [[[[[5, 5]], [[5, 5]]], [[[6, 6]], [[6, 6]]]]]]]> : tensor<2x3x1x2x2x1x2xi32>
  func.return
}
