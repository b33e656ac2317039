// Edge cases of the element-wise semantics (XLA operation semantics),
// executed with xla-run on inline inputs. Expected values come from the
// semantics, not from the tool.

// Integer division: x / 0 = -1, INT_MIN / -1 = INT_MIN, otherwise rounds toward zero.
// RUN: xla-run %s --entry divide_i32 --input '6xi32=[7,-7,5,-2147483648,-2147483648,0]' --input '6xi32=[0,2,0,-1,1,-3]' \
// RUN:   | FileCheck %s --check-prefix=DIV32
// DIV32: result[0]: tensor<6xi32> = [-1, -3, -1, -2147483648, -2147483648, 0]
func.func @divide_i32(%a: tensor<6xi32>, %b: tensor<6xi32>) -> tensor<6xi32> {
  %0 = stablehlo.divide %a, %b : tensor<6xi32>
  return %0 : tensor<6xi32>
}

// RUN: xla-run %s --entry divide_i8 --input '4xi8=[-128,-128,100,-100]' --input '4xi8=[-1,0,-7,7]' \
// RUN:   | FileCheck %s --check-prefix=DIV8
// DIV8: result[0]: tensor<4xi8> = [-128, -1, -14, -14]
func.func @divide_i8(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %0 = stablehlo.divide %a, %b : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// Float division follows IEEE: 1/0 = inf, -1/0 = -inf, 0/0 = nan.
// RUN: xla-run %s --entry divide_f32 --input '4xf32=[1,-1,0,3]' --input '4xf32=[0,0,0,-2]' \
// RUN:   | FileCheck %s --check-prefix=DIVF
// DIVF: result[0]: tensor<4xf32> = [inf, -inf, nan, -1.5]
func.func @divide_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.divide %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Float max/min propagate NaN from either side; max(-0, +0) = +0 and
// min(-0, +0) = -0 in either order.
// RUN: xla-run %s --entry max_min_f32 --input '6xf32=[nan,1,-0.0,0.0,2,-inf]' --input '6xf32=[1,nan,0.0,-0.0,-inf,inf]' \
// RUN:   | FileCheck %s --check-prefix=MAXMIN
// MAXMIN: result[0]: tensor<6xf32> = [nan, nan, 0, 0, 2, inf]
// MAXMIN: result[1]: tensor<6xf32> = [nan, nan, -0, -0, -inf, -inf]
func.func @max_min_f32(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %0 = stablehlo.maximum %a, %b : tensor<6xf32>
  %1 = stablehlo.minimum %a, %b : tensor<6xf32>
  return %0, %1 : tensor<6xf32>, tensor<6xf32>
}

// Signed integer max/min.
// RUN: xla-run %s --entry max_min_i32 --input '3xi32=[-1,5,-2147483648]' --input '3xi32=[1,-5,2147483647]' \
// RUN:   | FileCheck %s --check-prefix=MAXMINI
// MAXMINI: result[0]: tensor<3xi32> = [1, 5, 2147483647]
// MAXMINI: result[1]: tensor<3xi32> = [-1, -5, -2147483648]
func.func @max_min_i32(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %0 = stablehlo.maximum %a, %b : tensor<3xi32>
  %1 = stablehlo.minimum %a, %b : tensor<3xi32>
  return %0, %1 : tensor<3xi32>, tensor<3xi32>
}

// FLOAT comparisons: NaN is unordered, so NE is true and EQ false.
// RUN: xla-run %s --entry compare_float --input '4xf32=[nan,1,nan,-0.0]' --input '4xf32=[nan,nan,1,0.0]' \
// RUN:   | FileCheck %s --check-prefix=CMPF
// CMPF: result[0]: tensor<4xi1> = [true, true, true, false]
// CMPF: result[1]: tensor<4xi1> = [false, false, false, true]
// CMPF: result[2]: tensor<4xi1> = [false, false, false, true]
func.func @compare_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare  NE, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare  EQ, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare  GE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// TOTALORDER: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, while FLOAT
// has -0 == +0 and NaN unordered.
// RUN: xla-run %s --entry compare_totalorder --input '7xf32=[-0.0,-nan,-inf,1,nan,-nan,inf]' --input '7xf32=[0.0,-inf,-0.0,nan,nan,nan,nan]' \
// RUN:   | FileCheck %s --check-prefix=TOTAL
// TOTAL: result[0]: tensor<7xi1> = [true, true, true, true, false, true, true]
// TOTAL: result[1]: tensor<7xi1> = [false, false, true, false, false, false, false]
// TOTAL: result[2]: tensor<7xi1> = [false, false, false, false, true, false, false]
// TOTAL: result[3]: tensor<7xi1> = [true, false, false, false, false, false, false]
func.func @compare_totalorder(%a: tensor<7xf32>, %b: tensor<7xf32>) -> (tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>) {
  %0 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  %1 = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  %2 = stablehlo.compare  EQ, %a, %b,  TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  %3 = stablehlo.compare  EQ, %a, %b,  FLOAT : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  return %0, %1, %2, %3 : tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>
}

// Integers compare signed by default; UNSIGNED on i32 sees -1 as 2^32-1; i1
// compares as unsigned (true > false). Unsigned, -5 < -4 still holds.
// RUN: xla-run %s --entry compare_int --input '3xi32=[-1,2,-5]' --input '3xi32=[1,2,-4]' --input '2xi1=[true,false]' --input '2xi1=[false,true]' \
// RUN:   | FileCheck %s --check-prefix=CMPI
// CMPI: result[0]: tensor<3xi1> = [true, false, true]
// CMPI: result[1]: tensor<3xi1> = [false, false, true]
// CMPI: result[2]: tensor<2xi1> = [true, false]
func.func @compare_int(%a: tensor<3xi32>, %b: tensor<3xi32>, %p: tensor<2xi1>, %q: tensor<2xi1>) -> (tensor<3xi1>, tensor<3xi1>, tensor<2xi1>) {
  %0 = stablehlo.compare  LT, %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.compare  LT, %a, %b,  UNSIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %2 = stablehlo.compare  GT, %p, %q : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<2xi1>
}

// On i1, add is OR, multiply is AND, maximum is OR, minimum is AND. (max/min
// read a third argument so that CSE does not merge them with add/multiply:
// see duplicate-results.mlir for that case.)
// RUN: xla-run %s --entry pred_arith --input '4xi1=[true,true,false,false]' --input '4xi1=[1,0,1,0]' --input '4xi1=[true,false,true,false]' \
// RUN:   | FileCheck %s --check-prefix=PRED
// PRED: result[0]: tensor<4xi1> = [true, true, true, false]
// PRED: result[1]: tensor<4xi1> = [true, false, false, false]
// PRED: result[2]: tensor<4xi1> = [true, true, true, false]
// PRED: result[3]: tensor<4xi1> = [true, false, false, false]
func.func @pred_arith(%a: tensor<4xi1>, %b: tensor<4xi1>, %c: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.add %a, %b : tensor<4xi1>
  %1 = stablehlo.multiply %a, %b : tensor<4xi1>
  %2 = stablehlo.maximum %a, %c : tensor<4xi1>
  %3 = stablehlo.minimum %a, %c : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// Integer negate and abs wrap at INT_MIN; add and multiply wrap around.
// RUN: xla-run %s --entry int_wrap --input '3xi32=[-2147483648,-3,2147483647]' \
// RUN:   | FileCheck %s --check-prefix=WRAP
// WRAP: result[0]: tensor<3xi32> = [-2147483648, 3, -2147483647]
// WRAP: result[1]: tensor<3xi32> = [-2147483648, 3, 2147483647]
// WRAP: result[2]: tensor<3xi32> = [0, -6, -2]
func.func @int_wrap(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = stablehlo.negate %a : tensor<3xi32>
  %1 = stablehlo.abs %a : tensor<3xi32>
  %2 = stablehlo.add %a, %a : tensor<3xi32>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
}

// select with an element-wise predicate.
// RUN: xla-run %s --entry select --input '4xi1=[true,false,true,false]' --input '4xi32=[1,2,3,4]' --input '4xi32=[10,20,30,40]' \
// RUN:   | FileCheck %s --check-prefix=SELECT
// SELECT: result[0]: tensor<4xi32> = [1, 20, 3, 40]
func.func @select(%p: tensor<4xi1>, %a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xi32>
  return %0 : tensor<4xi32>
}

// broadcast_in_dim: a size-1 dimension is expanded, a new dimension added,
// a scalar fills the result, and dims can transpose.
// RUN: xla-run %s --entry broadcast --input '2x1xi32=[[1],[2]]' --input '1x3xf32=[[0.5,1.5,2.5]]' --input 'f32=-7' --input '2x3xi32=[1,2,3,4,5,6]' \
// RUN:   | FileCheck %s --check-prefix=BCAST
// BCAST: result[0]: tensor<2x3xi32> = {{\[\[}}1, 1, 1], [2, 2, 2]]
// BCAST: result[1]: tensor<2x2x3xf32> = {{\[\[\[}}0.5, 1.5, 2.5], [0.5, 1.5, 2.5]], {{\[\[}}0.5, 1.5, 2.5], [0.5, 1.5, 2.5]]]
// BCAST: result[2]: tensor<2x2xf32> = {{\[\[}}-7, -7], [-7, -7]]
// BCAST: result[3]: tensor<3x2xi32> = {{\[\[}}1, 4], [2, 5], [3, 6]]
func.func @broadcast(%a: tensor<2x1xi32>, %b: tensor<1x3xf32>, %s: tensor<f32>, %m: tensor<2x3xi32>)
    -> (tensor<2x3xi32>, tensor<2x2x3xf32>, tensor<2x2xf32>, tensor<3x2xi32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x3xi32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<2x2x3xf32>
  %2 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
  %3 = stablehlo.broadcast_in_dim %m, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<2x2x3xf32>, tensor<2x2xf32>, tensor<3x2xi32>
}

// Rank-0 tensors in and out.
// RUN: xla-run %s --entry rank0 --input f32=2.5 --input f32=0.25 | FileCheck %s --check-prefix=RANK0
// RANK0: result[0]: tensor<f32> = 2.75
// RANK0: result[1]: tensor<f32> = 0.625
func.func @rank0(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.add %a, %b : tensor<f32>
  %1 = stablehlo.multiply %a, %b : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// A function of constants only: no inputs at all.
// RUN: xla-run %s --entry constants | FileCheck %s --check-prefix=CONST
// CONST: result[0]: tensor<2x2xi32> = {{\[\[}}1, 2], [3, 4]]
// CONST: result[1]: tensor<3xf32> = [1.5, 1.5, 1.5]
// CONST: result[2]: tensor<i1> = true
func.func @constants() -> (tensor<2x2xi32>, tensor<3xf32>, tensor<i1>) {
  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = stablehlo.constant dense<1.5> : tensor<3xf32>
  %2 = stablehlo.constant dense<true> : tensor<i1>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<3xf32>, tensor<i1>
}

// Exactly representable results of the transcendental ops, and their IEEE
// special cases: log(0) = -inf, log(-1) = nan, sqrt(-1) = nan, rsqrt(0) = inf.
// RUN: xla-run %s --entry math --input '4xf32=[0,1,4,-1]' | FileCheck %s --check-prefix=MATH
// MATH: result[0]: tensor<4xf32> = [1, {{2.718281[0-9]*}}, {{54.59815[0-9]*}}, {{0.367879[0-9]*}}]
// MATH: result[1]: tensor<4xf32> = [-inf, 0, {{1.386294[0-9]*}}, nan]
// MATH: result[2]: tensor<4xf32> = [0, 1, 2, nan]
// MATH: result[3]: tensor<4xf32> = [inf, 1, 0.5, nan]
// MATH: result[4]: tensor<4xf32> = [0, {{0.761594[0-9]*}}, {{0.999329[0-9]*}}, {{-0.761594[0-9]*}}]
func.func @math(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  %1 = stablehlo.log %a : tensor<4xf32>
  %2 = stablehlo.sqrt %a : tensor<4xf32>
  %3 = stablehlo.rsqrt %a : tensor<4xf32>
  %4 = stablehlo.tanh %a : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Float negate and abs act on the sign bit: -(+0) = -0, |-0| = +0, |-inf| = inf.
// RUN: xla-run %s --entry sign --input '4xf32=[0.0,-0.0,-inf,1.5]' | FileCheck %s --check-prefix=SIGN
// SIGN: result[0]: tensor<4xf32> = [-0, 0, inf, -1.5]
// SIGN: result[1]: tensor<4xf32> = [0, 0, inf, 1.5]
func.func @sign(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.negate %a : tensor<4xf32>
  %1 = stablehlo.abs %a : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// convert (XLA's ConvertElementType): float -> int truncates toward zero and
// saturates, NaN -> 0; -> i1 tests for non-zero (NaN is non-zero).
// RUN: xla-run %s --entry convert_float_to_int --input '8xf32=[nan,inf,-inf,2.7,-2.7,3e10,-0.0,200.5]' \
// RUN:   | FileCheck %s --check-prefix=F2I
// F2I: result[0]: tensor<8xi32> = [0, 2147483647, -2147483648, 2, -2, 2147483647, 0, 200]
// F2I-NEXT: result[1]: tensor<8xi8> = [0, 127, -128, 2, -2, 127, 0, 127]
// F2I-NEXT: result[2]: tensor<8xi1> = [true, true, true, true, true, true, false, true]
func.func @convert_float_to_int(%a: tensor<8xf32>) -> (tensor<8xi32>, tensor<8xi8>, tensor<8xi1>) {
  %0 = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xi32>
  %1 = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xi8>
  %2 = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xi1>
  return %0, %1, %2 : tensor<8xi32>, tensor<8xi8>, tensor<8xi1>
}

// Integers: sign extension, truncation modulo 2^8, exact i32 -> f64.
// RUN: xla-run %s --entry convert_int --input '4xi32=[300,-129,0,-2147483648]' | FileCheck %s --check-prefix=I2X
// I2X: result[0]: tensor<4xf64> = [300, -129, 0, -2147483648]
// I2X-NEXT: result[1]: tensor<4xi8> = [44, 127, 0, 0]
// I2X-NEXT: result[2]: tensor<4xi64> = [300, -129, 0, -2147483648]
// I2X-NEXT: result[3]: tensor<4xi1> = [true, true, false, true]
func.func @convert_int(%a: tensor<4xi32>) -> (tensor<4xf64>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>) {
  %0 = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xf64>
  %1 = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi8>
  %2 = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi64>
  %3 = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>
}

// Floats round to nearest even: 65520 is halfway between f16's largest
// finite value and 2^16, so it rounds to inf; 1e-8 is below half the
// smallest f16 subnormal; f16 -> bf16 keeps 8 significant bits; i1 -> 1/0.
// RUN: xla-run %s --entry convert_float --input '4xf32=[1.0009765625,65520,1e-8,-2.5]' --input '2xi1=[true,false]' \
// RUN:   | FileCheck %s --check-prefix=FX
// FX: result[0]: tensor<4xf16> = [1.0009766, inf, 0, -2.5]
// FX-NEXT: result[1]: tensor<4xbf16> = [1, inf, 0, -2.5]
// FX-NEXT: result[2]: tensor<2xf32> = [1, 0]
// FX-NEXT: result[3]: tensor<2xi32> = [1, 0]
func.func @convert_float(%a: tensor<4xf32>, %p: tensor<2xi1>) -> (tensor<4xf16>, tensor<4xbf16>, tensor<2xf32>, tensor<2xi32>) {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf16>
  %1 = stablehlo.convert %0 : (tensor<4xf16>) -> tensor<4xbf16>
  %2 = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xf32>
  %3 = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xi32>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xbf16>, tensor<2xf32>, tensor<2xi32>
}

// dot_general: a matrix product, a batched product with contracting dim
// first on the lhs, and an outer product (no contracting dims).
// RUN: xla-run %s --entry dot --input '2x3xf32=[1,2,3,4,5,6]' --input '3x2xf32=[1,0,0,1,1,1]' \
// RUN:   --input '2x3x2xi32=[1,2,3,4,5,6,7,8,9,10,11,12]' --input '2x3xi32=[1,1,1,2,0,1]' --input '2xf32=[1,2]' --input '3xf32=[1,10,100]' \
// RUN:   | FileCheck %s --check-prefix=DOT
// DOT: result[0]: tensor<2x2xf32> = {{\[}}[4, 5], [10, 11]]
// DOT-NEXT: result[1]: tensor<2x2xi32> = {{\[}}[9, 12], [25, 28]]
// DOT-NEXT: result[2]: tensor<2x3xf32> = {{\[}}[1, 10, 100], [2, 20, 200]]
func.func @dot(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x3x2xi32>, %d: tensor<2x3xi32>, %u: tensor<2xf32>, %v: tensor<3xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x3xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3x2xi32>, tensor<2x3xi32>) -> tensor<2x2xi32>
  %2 = stablehlo.dot_general %u, %v, contracting_dims = [] x [] : (tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x3xf32>
}

// reduce: row sums, a column product through a general body that also
// doubles at every step (init 1: column 0 is (1*1*2)*4*2 = 16), a max
// over everything starting from -inf (rank-0 result).
// RUN: xla-run %s --entry reduce --input '2x3xf32=[1,2,3,4,5,6]' --input '2x3xi32=[1,2,3,4,5,6]' | FileCheck %s --check-prefix=REDUCE
// REDUCE: result[0]: tensor<2xf32> = [6, 15]
// REDUCE-NEXT: result[1]: tensor<3xi32> = [16, 40, 72]
// REDUCE-NEXT: result[2]: tensor<f32> = 6
func.func @reduce(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> (tensor<2xf32>, tensor<3xi32>, tensor<f32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.reduce(%y init: %one) across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
    reducer(%a: tensor<i32>, %b: tensor<i32>) {
      %two = stablehlo.constant dense<2> : tensor<i32>
      %p = stablehlo.multiply %a, %b : tensor<i32>
      %q = stablehlo.multiply %p, %two : tensor<i32>
      stablehlo.return %q : tensor<i32>
    }
  %2 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xi32>, tensor<f32>
}

// reshape keeps row-major order (also from and to rank 0); transpose
// permutes: result dim i is operand dim dims[i] (checked against numpy).
// RUN: xla-run %s --entry reshape_transpose --input '2x3xi32=[1,2,3,4,5,6]' --input 'f32=7' \
// RUN:   --input '2x3x4xi32=[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23]' | FileCheck %s --check-prefix=SHAPE
// SHAPE: result[0]: tensor<3x2xi32> = {{\[}}{{\[}}1, 2], {{\[}}3, 4], {{\[}}5, 6]]
// SHAPE-NEXT: result[1]: tensor<1x1x1xf32> = {{\[}}{{\[}}{{\[}}7]]]
// SHAPE-NEXT: result[2]: tensor<f32> = 7
// SHAPE-NEXT: result[3]: tensor<4x2x3xi32> = {{\[}}{{\[}}{{\[}}0, 4, 8], {{\[}}12, 16, 20]], {{\[}}{{\[}}1, 5, 9], {{\[}}13, 17, 21]], {{\[}}{{\[}}2, 6, 10], {{\[}}14, 18, 22]], {{\[}}{{\[}}3, 7, 11], {{\[}}15, 19, 23]]]
// SHAPE-NEXT: result[4]: tensor<3x2xi32> = {{\[}}{{\[}}1, 4], {{\[}}2, 5], {{\[}}3, 6]]
func.func @reshape_transpose(%x: tensor<2x3xi32>, %s: tensor<f32>, %t: tensor<2x3x4xi32>)
    -> (tensor<3x2xi32>, tensor<1x1x1xf32>, tensor<f32>, tensor<4x2x3xi32>, tensor<3x2xi32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = stablehlo.reshape %s : (tensor<f32>) -> tensor<1x1x1xf32>
  %2 = stablehlo.reshape %1 : (tensor<1x1x1xf32>) -> tensor<f32>
  %3 = stablehlo.transpose %t, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  %4 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi32>, tensor<1x1x1xf32>, tensor<f32>, tensor<4x2x3xi32>, tensor<3x2xi32>
}

// iota, concatenate and strided slices (a slice result is a strided view:
// copying it into the result needs no runtime library).
// RUN: xla-run %s --entry data_movement --input '2x2xi32=[1,2,3,4]' --input '2x1xi32=[9,8]' \
// RUN:   --input '4x4xf32=[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]' | FileCheck %s --check-prefix=DATA
// DATA: result[0]: tensor<2x3xi32> = {{\[\[}}1, 2, 9], {{\[}}3, 4, 8]]
// DATA-NEXT: result[1]: tensor<4x2xi32> = {{\[\[}}1, 2], {{\[}}3, 4], {{\[}}1, 2], {{\[}}3, 4]]
// DATA-NEXT: result[2]: tensor<2x2xf32> = {{\[\[}}4, 6], {{\[}}8, 10]]
// DATA-NEXT: result[3]: tensor<2x3xf32> = {{\[\[}}0, 1, 2], {{\[}}0, 1, 2]]
// DATA-NEXT: result[4]: tensor<4xi32> = [0, 1, 2, 3]
// DATA-NEXT: result[5]: tensor<1x4xf32> = {{\[\[}}12, 13, 14, 15]]
func.func @data_movement(%a: tensor<2x2xi32>, %b: tensor<2x1xi32>, %x: tensor<4x4xf32>)
    -> (tensor<2x3xi32>, tensor<4x2xi32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<1x4xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %1 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>
  %2 = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %4 = stablehlo.iota dim = 0 : tensor<4xi32>
  %5 = stablehlo.slice %x [3:4, 0:4] : (tensor<4x4xf32>) -> tensor<1x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xi32>, tensor<4x2xi32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<1x4xf32>
}

// pad with negative edges and interior padding (values checked against
// jax.lax.pad), a padding that removes everything, and reverse.
// RUN: xla-run %s --entry pad_reverse --input '2x3xi32=[1,2,3,4,5,6]' --input 'i32=-7' | FileCheck %s --check-prefix=PAD
// PAD: result[0]: tensor<4x4xi32> = {{\[\[}}-7, -7, -7, -7], {{\[}}2, 3, -7, -7], {{\[}}-7, -7, -7, -7], {{\[}}5, 6, -7, -7]]
// PAD-NEXT: result[1]: tensor<6x7xi32> = {{\[\[}}-7, -7, -7, -7, -7, -7, -7], {{\[}}1, -7, -7, 2, -7, -7, 3], {{\[}}-7, -7, -7, -7, -7, -7, -7], {{\[}}-7, -7, -7, -7, -7, -7, -7], {{\[}}4, -7, -7, 5, -7, -7, 6], {{\[}}-7, -7, -7, -7, -7, -7, -7]]
// PAD-NEXT: result[2]: tensor<2x2xi32> = {{\[\[}}-7, -7], {{\[}}5, -7]]
// PAD-NEXT: result[3]: tensor<0x3xi32> = []
// PAD-NEXT: result[4]: tensor<2x3xi32> = {{\[\[}}6, 5, 4], {{\[}}3, 2, 1]]
func.func @pad_reverse(%x: tensor<2x3xi32>, %v: tensor<i32>)
    -> (tensor<4x4xi32>, tensor<6x7xi32>, tensor<2x2xi32>, tensor<0x3xi32>, tensor<2x3xi32>) {
  %0 = stablehlo.pad %x, %v, low = [1, -1], high = [0, 2], interior = [1, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
  %1 = stablehlo.pad %x, %v, low = [1, 0], high = [1, 0], interior = [2, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<6x7xi32>
  %2 = stablehlo.pad %x, %v, low = [-1, -2], high = [0, -1], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x2xi32>
  %3 = stablehlo.pad %x, %v, low = [-2, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<0x3xi32>
  %4 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi32>
  return %0, %1, %2, %3, %4 : tensor<4x4xi32>, tensor<6x7xi32>, tensor<2x2xi32>, tensor<0x3xi32>, tensor<2x3xi32>
}

// and/or/xor/not: logical on i1, bitwise on integers.
// RUN: xla-run %s --entry logical --input '4xi1=[true,true,false,false]' --input '4xi1=[true,false,true,false]' \
// RUN:   --input '3xi32=[12,-1,0]' --input '3xi32=[10,5,7]' | FileCheck %s --check-prefix=LOGIC
// LOGIC: result[0]: tensor<4xi1> = [true, false, false, false]
// LOGIC-NEXT: result[1]: tensor<4xi1> = [true, true, true, false]
// LOGIC-NEXT: result[2]: tensor<4xi1> = [false, true, true, false]
// LOGIC-NEXT: result[3]: tensor<4xi1> = [false, false, true, true]
// LOGIC-NEXT: result[4]: tensor<3xi32> = [8, 5, 0]
// LOGIC-NEXT: result[5]: tensor<3xi32> = [14, -1, 7]
// LOGIC-NEXT: result[6]: tensor<3xi32> = [6, -6, 7]
// LOGIC-NEXT: result[7]: tensor<3xi32> = [-13, 0, -1]
func.func @logical(%p: tensor<4xi1>, %q: tensor<4xi1>, %a: tensor<3xi32>, %b: tensor<3xi32>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = stablehlo.and %p, %q : tensor<4xi1>
  %1 = stablehlo.or %p, %q : tensor<4xi1>
  %2 = stablehlo.xor %p, %q : tensor<4xi1>
  %3 = stablehlo.not %p : tensor<4xi1>
  %4 = stablehlo.and %a, %b : tensor<3xi32>
  %5 = stablehlo.or %a, %b : tensor<3xi32>
  %6 = stablehlo.xor %a, %b : tensor<3xi32>
  %7 = stablehlo.not %a : tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
}

// More element-wise float ops (rounding, sign of ±0 and NaN, logistic,
// is_finite, fmod-style remainder, power, atan2), with edge inputs.
// RUN: xla-run %s --entry float_ops --input '6xf32=[2.5,-2.5,-0.0,nan,inf,-7.3]' --input '6xf32=[2,-2,3,1,2,2]' \
// RUN:   | FileCheck %s --check-prefix=FOPS
// FOPS: result[0]: tensor<6xf32> = [2, -3, -0, nan, inf, -8]
// FOPS-NEXT: result[1]: tensor<6xf32> = [3, -2, -0, nan, inf, -7]
// FOPS-NEXT: result[2]: tensor<6xf32> = [2, -2, -0, nan, inf, -7]
// FOPS-NEXT: result[3]: tensor<6xf32> = [3, -3, -0, nan, inf, -7]
// FOPS-NEXT: result[4]: tensor<6xf32> = [1, -1, -0, nan, 1, -1]
// logistic(-7.3) is 0.0006750826 and logistic(-2.5) 0.07585818 correctly
// rounded; exp is inline and within 1 ulp (xla-polynomial-math), and
// logistic within 3 (e/(1 + e) below 0), which may give the neighbours.
// FOPS-NEXT: result[5]: tensor<6xf32> = [0.9241418, {{0.07585818|0.075858176}}, 0.5, nan, 1, {{0.0006750826|0.00067508256}}]
// FOPS-NEXT: result[6]: tensor<6xi1> = [true, true, true, false, false, true]
// FOPS-NEXT: result[7]: tensor<6xf32> = [0.5, -0.5, -0, nan, nan, -1.3000002]
// FOPS-NEXT: result[8]: tensor<6xf32> = [4, 0.25, 27, 1, 4, 4]
// FOPS-NEXT: result[9]: tensor<6xf32> = [0.8960554, -2.2455373, -0, nan, 1.5707964, -1.3033855]
func.func @float_ops(%x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = stablehlo.floor %x : tensor<6xf32>
  %1 = stablehlo.ceil %x : tensor<6xf32>
  %2 = stablehlo.round_nearest_even %x : tensor<6xf32>
  %3 = stablehlo.round_nearest_afz %x : tensor<6xf32>
  %4 = stablehlo.sign %x : tensor<6xf32>
  %5 = stablehlo.logistic %x : tensor<6xf32>
  %6 = stablehlo.is_finite %x : (tensor<6xf32>) -> tensor<6xi1>
  %7 = stablehlo.remainder %x, %y : tensor<6xf32>
  %8 = stablehlo.power %y, %y : tensor<6xf32>
  %9 = stablehlo.atan2 %x, %y : tensor<6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// Integer edge cases as XLA defines them: x % 0 = x, INT_MIN % -1 = 0,
// shifts by >= 32 or < 0 give 0 (logical/left) or the sign fill
// (arithmetic); popcnt and count_leading_zeros on negatives.
// RUN: xla-run %s --entry int_ops --input '6xi32=[7,-7,-2147483648,1,-8,5]' --input '6xi32=[0,3,-1,32,1,-1]' \
// RUN:   | FileCheck %s --check-prefix=IOPS
// IOPS: result[0]: tensor<6xi32> = [7, -1, 0, 1, 0, 0]
// IOPS-NEXT: result[1]: tensor<6xi32> = [7, -56, 0, 0, -16, 0]
// IOPS-NEXT: result[2]: tensor<6xi32> = [7, 536870911, 0, 0, 2147483644, 0]
// IOPS-NEXT: result[3]: tensor<6xi32> = [7, -1, -1, 0, -4, 0]
// IOPS-NEXT: result[4]: tensor<6xi32> = [1, -1, -1, 1, -1, 1]
// IOPS-NEXT: result[5]: tensor<6xi32> = [3, 30, 1, 1, 29, 2]
// IOPS-NEXT: result[6]: tensor<6xi32> = [29, 0, 0, 31, 0, 29]
func.func @int_ops(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
  %0 = stablehlo.remainder %a, %b : tensor<6xi32>
  %1 = stablehlo.shift_left %a, %b : tensor<6xi32>
  %2 = stablehlo.shift_right_logical %a, %b : tensor<6xi32>
  %3 = stablehlo.shift_right_arithmetic %a, %b : tensor<6xi32>
  %4 = stablehlo.sign %a : tensor<6xi32>
  %5 = stablehlo.popcnt %a : tensor<6xi32>
  %6 = stablehlo.count_leading_zeros %a : tensor<6xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
}

// clamp with scalar bounds (NaN propagates) and with full-shape bounds.
// RUN: xla-run %s --entry clamp --input 'f32=-1' --input '5xf32=[-5,0,5,nan,-0.5]' --input 'f32=1' \
// RUN:   --input '5xi32=[0,0,0,0,0]' --input '5xi32=[1,2,3,-4,5]' --input '5xi32=[2,2,2,2,2]' | FileCheck %s --check-prefix=CLAMP
// CLAMP: result[0]: tensor<5xf32> = [-1, 0, 1, nan, -0.5]
// CLAMP-NEXT: result[1]: tensor<5xi32> = [1, 2, 2, 0, 2]
func.func @clamp(%lo: tensor<f32>, %x: tensor<5xf32>, %hi: tensor<f32>, %l2: tensor<5xi32>, %y: tensor<5xi32>, %h2: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  %1 = stablehlo.clamp %l2, %y, %h2 : tensor<5xi32>
  return %0, %1 : tensor<5xf32>, tensor<5xi32>
}

// Real → complex conversion: the converted value is the real part, the
// imaginary part is 0 (JAX's irfft converts an i32 pad value this way).
// RUN: xla-run %s --entry convert_to_complex --input '3xi32=[-2,0,7]' --input '2xui8=[255,1]' --input '2xf32=[1.5,-0.25]' \
// RUN:   | FileCheck %s --check-prefix=TOCOMPLEX
// TOCOMPLEX: result[0]: tensor<3xcomplex<f32>> = [(-2+0j), (0+0j), (7+0j)]
// TOCOMPLEX: result[1]: tensor<2xcomplex<f64>> = [(255+0j), (1+0j)]
// TOCOMPLEX: result[2]: tensor<2xcomplex<f64>> = [(1.5+0j), (-0.25+0j)]
func.func @convert_to_complex(%a: tensor<3xi32>, %b: tensor<2xui8>, %c: tensor<2xf32>)
    -> (tensor<3xcomplex<f32>>, tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) {
  %0 = stablehlo.convert %a : (tensor<3xi32>) -> tensor<3xcomplex<f32>>
  %1 = stablehlo.convert %b : (tensor<2xui8>) -> tensor<2xcomplex<f64>>
  %2 = stablehlo.convert %c : (tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0, %1, %2 : tensor<3xcomplex<f32>>, tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>
}
