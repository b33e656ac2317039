// The CHLO ops JAX emits, decomposed by chlo-legalize-to-stablehlo and run
// with xla-run on inline inputs. Expected values are computed independently
// (Python's math module in double precision at the float32-rounded input,
// rounded once to the result type; erf_inv and digamma by Newton's method
// and the asymptotic series in double precision), never taken from the tool.
// Where the decomposition may be off in the last digits by its documented
// error (lowering/src/chlo/special.rs: erf 7 ulp, erfc 2 ulp, erf_inv 4 ulp;
// lgamma and digamma are checked exactly), the check is a regex that admits
// both the correctly rounded value and that error; cosh/sinh and the inverse
// trigonometric and hyperbolic functions have no documented bound and are
// checked to about 1e-5 relative. Known-wrong results are in chlo-bugs.mlir.
// Entry functions are not named like C math functions (erf, tan, cosh, ...):
// a module function with such a name takes the place of libm's in the JIT
// (see chlo-bugs.mlir).

// erf: odd, ±1 at ±inf (and already in float32 at ±5), NaN propagates.
// erf(1) = 0.84270079, erf(3) = 0.99997791.
// RUN: xla-run %s --entry erf12 --input '12xf32=[0,0.5,-0.5,1,-1,3,-3,5,-5,inf,-inf,nan]' | FileCheck %s --check-prefix=ERF
// ERF: result[0]: tensor<12xf32> = [0, 0.5204999, -0.5204999, {{0\.842700[0-9]*}}, {{-0\.842700[0-9]*}}, {{0\.99997[78][0-9]*}}, {{-0\.99997[78][0-9]*}}, 1, -1, 1, -1, nan]
func.func @erf12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.erf %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// erf at more points: tiny (erf(x) ~ 2x/sqrt(pi)), inside and at the clamp
// at 4 (erf(4) = 0.99999998 rounds to 1), beyond it.
// erf(1e-8) = 1.1283792e-8, erf(0.25) = 0.27632639, erf(1.5) = 0.96610515,
// erf(3.9) = 0.99999997 (0.99999994 in float32).
// RUN: xla-run %s --entry erf8 --input '8xf32=[0.1,1e-8,0.25,1.5,2,3.9,4,-4.5]' | FileCheck %s --check-prefix=ERF8
// ERF8: result[0]: tensor<8xf32> = [0.112462915, {{1\.128379[0-9]*e-8}}, {{0\.276326[34][0-9]*}}, {{0\.96610[45][0-9]*}}, 0.9953223, {{0\.9999999[0-9]*}}, 1, -1]
func.func @erf8(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.erf %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// erfc: 1 - erf without the cancellation: erfc(5) = 1.5374598e-12 keeps its
// digits, erfc(-5) = 2 - 1.5e-12 rounds to 2; 0 at inf, 2 at -inf.
// erfc(0.5) = 0.47950012, erfc(-0.5) = 1.5204999, erfc(3) = 2.2090497e-5.
// RUN: xla-run %s --entry erfc12 --input '12xf32=[0,0.5,-0.5,1,-1,3,-3,5,-5,inf,-inf,nan]' | FileCheck %s --check-prefix=ERFC
// ERFC: result[0]: tensor<12xf32> = [1, {{0\.4795001[0-9]*}}, {{1\.520(5|499)[0-9]*}}, 0.1572992, 1.8427008, {{2\.20904[0-9]*e-5}}, 1.999978, {{1\.537459[0-9]*e-12}}, 2, 0, 2, nan]
func.func @erfc12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.erfc %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// The far tail: erfc(7) = 4.1838256e-23, erfc(9) = 4.1370317e-37 (near the
// smallest normal float32), erfc(10) = 2.09e-45, 1.49 times the smallest
// subnormal 1.4e-45 (f32 erfc is computed in f32, within 4 ulp: 1 or 2
// subnormal units, printed 1e-45 or 3e-45); erfc(2) = 0.004677734981.
// RUN: xla-run %s --entry erfc8 --input '8xf32=[7,9,10,2,-0.1,0.01,-2,-0.5]' | FileCheck %s --check-prefix=ERFC8
// ERFC8: result[0]: tensor<8xf32> = [4.1838257e-23, {{4\.13703[0-9]*e-37}}, {{[13]e-45}}, {{0\.00467773[0-9]*}}, 1.1124629, {{0\.988716[56][0-9]*}}, 1.9953222, {{1\.520(5|499)[0-9]*}}]
func.func @erfc8(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.erfc %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// erf_inv: odd, ±inf at ±1, NaN outside [-1, 1] and for NaN.
// erf_inv(0.5) = 0.47693628, erf_inv(0.99) = 1.8213866.
// RUN: xla-run %s --entry erf_inv10 --input '10xf32=[0,0.5,-0.5,0.99,-0.99,1,-1,1.5,-1.5,nan]' | FileCheck %s --check-prefix=ERF-INV
// ERF-INV: result[0]: tensor<10xf32> = [0, 0.47693628, -0.47693628, 1.8213866, -1.8213866, inf, -inf, nan, nan, nan]
func.func @erf_inv10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.erf_inv %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// Both branches of erf_inv (w = -log(1 - x²) < 5 and >= 5) and tiny inputs
// (erf_inv(x) ~ x sqrt(pi)/2). The float32 inputs are 0.89999998,
// 0.99900001 and 0.99989998: erf_inv of those is 1.1630871, 2.3267563 and
// 2.7510354; erf_inv(0.25) = 0.22531206, erf_inv(1e-6) = 8.8622692e-7.
// RUN: xla-run %s --entry erf_inv8 --input '8xf32=[0.1,0.9,0.999,0.9999,1e-6,0.25,-0.25,1e-30]' | FileCheck %s --check-prefix=ERF-INV8
// ERF-INV8: result[0]: tensor<8xf32> = [0.08885599, {{1\.163087[0-9]*}}, 2.3267562, 2.7510355, {{8\.86226[0-9]*e-7}}, {{0\.2253120[0-9]*}}, {{-0\.2253120[0-9]*}}, {{8\.86226[0-9]*e-31}}]
func.func @erf_inv8(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.erf_inv %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// lgamma: lgamma(0.5) = log(sqrt(pi)) = 0.57236494, lgamma(1) = 0,
// lgamma(3) = log 2, lgamma(3.5) = 1.2009736, the reflection below 0.5
// (lgamma(-0.5) = log(2 sqrt(pi)) = 1.2655121, lgamma(-2.5) = -0.05624372),
// +inf at the poles 0 and -1 and at ±inf, lgamma(100) = log(99!) = 359.13421.
// (lgamma(2) = 0 is in chlo-bugs.mlir.)
// RUN: xla-run %s --entry lgamma12 --input '12xf32=[0.5,1,3,3.5,-0.5,-2.5,0,-1,100,inf,-inf,nan]' | FileCheck %s --check-prefix=LGAMMA
// LGAMMA: result[0]: tensor<12xf32> = [0.5723649, 0, 0.6931472, 1.2009736, 1.2655121, -0.056243718, inf, inf, 359.13422, inf, inf, nan]
func.func @lgamma12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.lgamma %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// lgamma near the pole at 0 from both sides (-log|x|), large arguments
// (lgamma(1e30) = 6.8077554e31) and the reflection far from 0.
// RUN: xla-run %s --entry lgamma8 --input '8xf32=[1e-6,-1e-6,10,0.1,1.5,2.5,1e30,-100.5]' | FileCheck %s --check-prefix=LGAMMA8
// LGAMMA8: result[0]: tensor<8xf32> = [13.81551, 13.815511, 12.801827, 2.2527127, -0.12078224, 0.28468287, 6.8077553e31, -364.90097]
func.func @lgamma8(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.lgamma %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// digamma: digamma(1) = -γ = -0.57721566, digamma(0.5) = -γ - 2 log 2 =
// -1.9635100, digamma(2) = 1 - γ, digamma(10) = 2.2517526, the reflection
// digamma(-0.5) = 0.03648997, NaN at the poles 0 and -1 and at -inf, +inf at
// +inf.
// RUN: xla-run %s --entry digamma10 --input '10xf32=[1,0.5,2,10,-0.5,0,-1,inf,-inf,nan]' | FileCheck %s --check-prefix=DIGAMMA
// DIGAMMA: result[0]: tensor<10xf32> = [-0.5772157, -1.96351, 0.42278433, 2.2517526, 0.036489975, nan, nan, inf, nan, nan]
func.func @digamma10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.digamma %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// digamma near the pole at 0 (~ -1/x - γ), between poles, large arguments
// (~ log x).
// RUN: xla-run %s --entry digamma8 --input '8xf32=[1e-6,-1.5,100,0.1,-0.1,3,1e30,0.01]' | FileCheck %s --check-prefix=DIGAMMA8
// DIGAMMA8: result[0]: tensor<8xf32> = [-1000000.56, 0.70315665, 4.600162, -10.423755, 9.245073, 0.9227843, 69.07755, -100.56089]
func.func @digamma8(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.digamma %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// next_after, exact: one ulp up and down from 1 (1 + 2^-23, 1 - 2^-24), from
// ±0 the smallest subnormal with the sign of y (1.4e-45, printed 1e-45),
// x == y gives y, NaN in either operand gives NaN, away from zero for
// negative x, and from the largest finite float toward inf.
// RUN: xla-run %s --entry next_after --input '10xf32=[1,1,0,-0.0,0,2,nan,1,-1,3.4028235e38]' \
// RUN:   --input '10xf32=[2,0,1,-1,-1,2,1,nan,-2,inf]' | FileCheck %s --check-prefix=NEXT-AFTER
// NEXT-AFTER: result[0]: tensor<10xf32> = [1.0000001, 0.99999994, 1e-45, -1e-45, -1e-45, 2, nan, nan, -1.0000001, inf]
func.func @next_after(%x: tensor<10xf32>, %y: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.next_after %x, %y : tensor<10xf32>, tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// More signs of zero: next_after(-0, 1) is +1.4e-45, next_after(0, -0) is
// y = -0, and one step from the smallest subnormal toward 0 is +0.
// RUN: xla-run %s --entry next_after4 --input '4xf32=[-0.0,0,1e-45,-1e-45]' --input '4xf32=[1,-0.0,0,-0.0]' \
// RUN:   | FileCheck %s --check-prefix=NEXT-AFTER4
// NEXT-AFTER4: result[0]: tensor<4xf32> = [1e-45, -0, 0, -0]
func.func @next_after4(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// f64: 1 + 2^-52, the smallest f64 subnormal 5e-324, 1 - 2^-53.
// RUN: xla-run %s --entry next_after_f64 --input '4xf64=[1,0,-1,1]' --input '4xf64=[2,-1,0,0]' \
// RUN:   | FileCheck %s --check-prefix=NEXT-AFTER-F64
// NEXT-AFTER-F64: result[0]: tensor<4xf64> = [1.0000000000000002, -5e-324, -0.9999999999999999, 0.9999999999999999]
func.func @next_after_f64(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.next_after %x, %y : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// is_inf / is_pos_inf / is_neg_inf: NaN and the largest finite float are not
// infinite.
// RUN: xla-run %s --entry is_inf --input '6xf32=[inf,-inf,nan,0,3.4028235e38,-1]' | FileCheck %s --check-prefix=IS-INF
// IS-INF: result[0]: tensor<6xi1> = [true, true, false, false, false, false]
// IS-INF: result[1]: tensor<6xi1> = [true, false, false, false, false, false]
// IS-INF: result[2]: tensor<6xi1> = [false, true, false, false, false, false]
func.func @is_inf(%x: tensor<6xf32>) -> (tensor<6xi1>, tensor<6xi1>, tensor<6xi1>) {
  %0 = chlo.is_inf %x : tensor<6xf32> -> tensor<6xi1>
  %1 = chlo.is_pos_inf %x : tensor<6xf32> -> tensor<6xi1>
  %2 = chlo.is_neg_inf %x : tensor<6xf32> -> tensor<6xi1>
  return %0, %1, %2 : tensor<6xi1>, tensor<6xi1>, tensor<6xi1>
}

// The same on f64.
// RUN: xla-run %s --entry is_inf_f64 --input '4xf64=[inf,-inf,nan,1.7976931348623157e308]' | FileCheck %s --check-prefix=IS-INF-F64
// IS-INF-F64: result[0]: tensor<4xi1> = [true, true, false, false]
// IS-INF-F64: result[1]: tensor<4xi1> = [true, false, false, false]
// IS-INF-F64: result[2]: tensor<4xi1> = [false, true, false, false]
func.func @is_inf_f64(%x: tensor<4xf64>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %x : tensor<4xf64> -> tensor<4xi1>
  %1 = chlo.is_pos_inf %x : tensor<4xf64> -> tensor<4xi1>
  %2 = chlo.is_neg_inf %x : tensor<4xf64> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// cosh: even, 1 at 0 (and at 1e-5: 1 + 5e-11 rounds to 1), no overflow at
// 89 although e^89 = 4.5e38 is past the largest float32: cosh(89) =
// 2.2448064e38; cosh(89.5) = 3.7e38 does overflow. cosh(1) = 1.5430806,
// cosh(10) = 11013.233.
// RUN: xla-run %s --entry cosh12 --input '12xf32=[0,1,-1,89,-89,1e-5,0.5,10,89.5,inf,-inf,nan]' | FileCheck %s --check-prefix=COSH
// COSH: result[0]: tensor<12xf32> = [1, {{1\.543080[67][0-9]*}}, {{1\.543080[67][0-9]*}}, {{2\.24480[0-9]*e38}}, {{2\.24480[0-9]*e38}}, 1, 1.127626, {{11013\.2[23][0-9]*}}, inf, inf, inf, nan]
func.func @cosh12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.cosh %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// sinh: odd, both branches (|x| < 1 through expm1, |x| >= 1 through exp) and
// the switch between them, sinh(±89) = ±2.2448064e38 without overflow,
// sinh(10) = 11013.233. (Small arguments are in chlo-bugs.mlir.)
// RUN: xla-run %s --entry sinh12 --input '12xf32=[0,1,-1,89,-89,0.5,-0.3,10,0.999,1.001,-inf,nan]' | FileCheck %s --check-prefix=SINH
// SINH: result[0]: tensor<12xf32> = [0, 1.1752012, -1.1752012, {{2\.24480[0-9]*e38}}, {{-2\.24480[0-9]*e38}}, {{0\.521095[0-9]*}}, -0.3045203, {{11013\.2[23][0-9]*}}, 1.1736587, 1.1767449, -inf, nan]
func.func @sinh12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.sinh %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// asin: ±pi/2 at ±1, NaN outside [-1, 1], keeps -0, asin(x) = x for tiny x.
// asin(0.99) = 1.4292569.
// RUN: xla-run %s --entry asin10 --input '10xf32=[0,0.5,-0.5,1,-1,1.5,-1.5,nan,-0.0,1e-5]' | FileCheck %s --check-prefix=ASIN
// ASIN: result[0]: tensor<10xf32> = [0, 0.5235988, -0.5235988, 1.5707964, -1.5707964, nan, nan, nan, -0, 1e-5]
func.func @asin10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.asin %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// acos: pi/2 at 0, 0 at 1, pi at -1 (the special case), NaN outside.
// acos(0.99000001, the float32 0.99) = 0.14153941, acos(-0.99000001) =
// 3.0000532.
// RUN: xla-run %s --entry acos10 --input '10xf32=[0,0.5,-0.5,1,-1,1.5,nan,1e-5,0.99,-0.99]' | FileCheck %s --check-prefix=ACOS
// ACOS: result[0]: tensor<10xf32> = [1.5707964, 1.0471976, 2.0943952, 0, 3.1415927, nan, nan, 1.5707864, {{0\.141539[34][0-9]*}}, 3.0000532]
func.func @acos10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.acos %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// atan: ±pi/4 at ±1, ±pi/2 at ±inf and for huge x, keeps -0.
// RUN: xla-run %s --entry atan10 --input '10xf32=[0,1,-1,0.5,inf,-inf,nan,1e10,1e-5,-0.0]' | FileCheck %s --check-prefix=ATAN
// ATAN: result[0]: tensor<10xf32> = [0, 0.7853982, -0.7853982, 0.4636476, 1.5707964, -1.5707964, nan, 1.5707964, 1e-5, -0]
func.func @atan10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.atan %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// asinh: odd, keeps -0, log(2|x|) past 1e10 (asinh(1e20) = 46.744849,
// asinh(3e38) = 89.289993 with no overflow of x²), asinh(1) = 0.88137359,
// asinh(0.5) = 0.48121183. (Small arguments are in chlo-bugs.mlir.)
// RUN: xla-run %s --entry asinh12 --input '12xf32=[0,1,-1,0.5,1e20,-1e20,100,3e38,inf,-inf,nan,-0.0]' | FileCheck %s --check-prefix=ASINH
// ASINH: result[0]: tensor<12xf32> = [0, {{0\.881373[0-9]*}}, {{-0\.881373[0-9]*}}, {{0\.481211[0-9]*}}, {{46\.7448[45][0-9]*}}, {{-46\.7448[45][0-9]*}}, 5.298342, 89.28999, inf, -inf, nan, -0]
func.func @asinh12(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.asinh %x : tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// acosh: 0 at 1, NaN below 1, log(2x) past 1e10. acosh(2) = 1.3169579,
// acosh(1.0001) = 0.014143191 (1.00010001659 in float32).
// RUN: xla-run %s --entry acosh10 --input '10xf32=[1,2,0.5,-1,1.5,10,1e20,1.0001,inf,nan]' | FileCheck %s --check-prefix=ACOSH
// ACOSH: result[0]: tensor<10xf32> = [0, 1.316958, nan, nan, 0.9624236, 2.993223, {{46\.7448[45][0-9]*}}, {{0\.014143[12][0-9]*}}, inf, nan]
func.func @acosh10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.acosh %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// atanh: ±inf at ±1, NaN outside [-1, 1]. atanh(0.5) = 0.54930614,
// atanh(±0.99000001, the float32 ±0.99) = ±2.6466529.
// (-0 and small arguments are in chlo-bugs.mlir.)
// RUN: xla-run %s --entry atanh10 --input '10xf32=[0,0.5,-0.5,1,-1,1.5,nan,0.99,-0.99,0.9999]' | FileCheck %s --check-prefix=ATANH
// ATANH: result[0]: tensor<10xf32> = [0, 0.54930615, -0.54930615, inf, -inf, nan, nan, 2.646653, {{-2\.64665[0-9]*}}, 4.951636]
func.func @atanh10(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = chlo.atanh %x : tensor<10xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// square: x * x, wrapping on i32 (46341² = 2^31 + 4633 wraps to
// -2147479015); NaN and -inf on f32.
// RUN: xla-run %s --entry square --input '4xi32=[3,-4,46341,0]' --input '4xf32=[1.5,-2,nan,-inf]' | FileCheck %s --check-prefix=SQUARE
// SQUARE: result[0]: tensor<4xi32> = [9, 16, -2147479015, 0]
// SQUARE: result[1]: tensor<4xf32> = [2.25, 4, nan, inf]
func.func @square(%i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %0 = chlo.square %i : tensor<4xi32> -> tensor<4xi32>
  %1 = chlo.square %f : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// conj negates the imaginary part (0 becomes -0) and is the identity on
// real operands. (Inline inputs cannot be complex: the complex operand is
// built from two f32 ones.)
// RUN: xla-run %s --entry conj --input '3xf32=[1,-2,0]' --input '3xf32=[2,0,-0.5]' | FileCheck %s --check-prefix=CONJ
// CONJ: result[0]: tensor<3xcomplex<f32>> = [(1-2j), (-2-0j), (0+0.5j)]
// CONJ: result[1]: tensor<3xf32> = [1, -2, 0]
func.func @conj(%re: tensor<3xf32>, %im: tensor<3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>) {
  %c = stablehlo.complex %re, %im : tensor<3xcomplex<f32>>
  %0 = chlo.conj %c : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %1 = chlo.conj %re : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xcomplex<f32>>, tensor<3xf32>
}

// tan is stablehlo.tan: tan(pi/4 as float32) = 1, tan(-1) = -1.5574077.
// RUN: xla-run %s --entry tan4 --input '4xf32=[0,0.7853982,-1,nan]' | FileCheck %s --check-prefix=TAN
// TAN: result[0]: tensor<4xf32> = [0, 1, {{-1\.557407[0-9]*}}, nan]
func.func @tan4(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// broadcast_add: a row vector along dimension 1 (explicit and numpy rules
// agree), a column vector along dimension 0 (explicit only), and 1x3 + 2x1.
// RUN: xla-run %s --entry broadcast_add --input '3xf32=[1,2,3]' --input '2x3xf32=[10,20,30,40,50,60]' \
// RUN:   --input '2xf32=[100,200]' --input '1x3xf32=[1,2,3]' --input '2x1xf32=[10,20]' | FileCheck %s --check-prefix=BROADCAST-ADD
// BROADCAST-ADD: result[0]: tensor<2x3xf32> = {{\[}}[11, 22, 33], [41, 52, 63]]
// BROADCAST-ADD: result[1]: tensor<2x3xf32> = {{\[}}[11, 22, 33], [41, 52, 63]]
// BROADCAST-ADD: result[2]: tensor<2x3xf32> = {{\[}}[110, 120, 130], [240, 250, 260]]
// BROADCAST-ADD: result[3]: tensor<2x3xf32> = {{\[}}[11, 12, 13], [21, 22, 23]]
func.func @broadcast_add(%a: tensor<3xf32>, %b: tensor<2x3xf32>, %c: tensor<2xf32>, %d: tensor<1x3xf32>, %e: tensor<2x1xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_add %b, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_add %d, %e : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Other broadcasting binaries: the operand order matters (subtract, power),
// shifts on i32 by a broadcast row (logical: -8 >>> 1 = 0x7FFFFFFC).
// RUN: xla-run %s --entry broadcast_others --input '1x3xf32=[1,2,3]' --input '2x1xf32=[2,0.5]' \
// RUN:   --input '2x3xi32=[-8,16,7,8,-16,-7]' --input '3xi32=[1,2,1]' | FileCheck %s --check-prefix=BROADCAST-OTHERS
// BROADCAST-OTHERS: result[0]: tensor<2x3xf32> = {{\[}}[-1, 0, 1], [0.5, 1.5, 2.5]]
// BROADCAST-OTHERS: result[1]: tensor<2x3xf32> = {{\[}}[2, 2, 3], [1, 2, 3]]
// BROADCAST-OTHERS: result[2]: tensor<2x3xf32> = {{\[}}[1, 4, 9], [1, 1.4142135, 1.7320508]]
// BROADCAST-OTHERS: result[3]: tensor<2x3xi32> = {{\[}}[2147483644, 4, 3], [4, 1073741820, 2147483644]]
// BROADCAST-OTHERS: result[4]: tensor<2x3xi32> = {{\[}}[-4, 4, 3], [4, -4, -4]]
func.func @broadcast_others(%a: tensor<1x3xf32>, %b: tensor<2x1xf32>, %i: tensor<2x3xi32>, %j: tensor<3xi32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = chlo.broadcast_subtract %a, %b : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_maximum %a, %b : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_power %a, %b : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_shift_right_logical %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %4 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// broadcast_next_after: one x against a row of directions.
// RUN: xla-run %s --entry broadcast_next_after --input '1xf32=[1]' --input '2x3xf32=[2,0,1,-1,1,inf]' \
// RUN:   | FileCheck %s --check-prefix=BROADCAST-NEXT-AFTER
// BROADCAST-NEXT-AFTER: result[0]: tensor<2x3xf32> = {{\[}}[1.0000001, 0.99999994, 1], [0.99999994, 1, 1.0000001]]
func.func @broadcast_next_after(%x: tensor<1xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_next_after %x, %y : (tensor<1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// top_k as JAX prints it: descending, equal values in index order, NaN above
// +inf (row 0: the NaN at 3, then the three 3s at 0, 2, 6; row 1: inf at 5,
// then the 5s at 2, 3, 6; -0 and 0 are not reached).
// RUN: xla-run %s --entry top_k --input '2x7xf32=[3,1,3,nan,-inf,2,3,-0.0,0.0,5,5,-1,inf,5]' | FileCheck %s --check-prefix=TOP-K
// TOP-K: result[0]: tensor<2x3xf32> = {{\[}}[nan, 3, 3], [inf, 5, 5]]
// TOP-K: result[1]: tensor<2x3xi32> = {{\[}}[3, 0, 2], [5, 2, 3]]
func.func @top_k(%arg0: tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<2x7xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %values, %indices : tensor<2x3xf32>, tensor<2x3xi32>
}

// The whole order (k = the last dimension), which is the float total order
// as with jax.lax.top_k on the CPU: +NaN, 2, 1, 0, -0, -inf, -NaN.
// RUN: xla-run %s --entry top_k_all --input '7xf32=[1,-nan,2,-inf,0.0,-0.0,nan]' | FileCheck %s --check-prefix=TOP-K-ALL
// TOP-K-ALL: result[0]: tensor<7xf32> = [nan, 2, 1, 0, -0, -inf, nan]
// TOP-K-ALL: result[1]: tensor<7xi32> = [6, 2, 0, 4, 5, 3, 1]
func.func @top_k_all(%x: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xi32>) {
  %values, %indices = chlo.top_k(%x, k = 7) : tensor<7xf32> -> (tensor<7xf32>, tensor<7xi32>)
  return %values, %indices : tensor<7xf32>, tensor<7xi32>
}

// Integers (signed and unsigned order), with ties, and k = 0.
// RUN: xla-run %s --entry top_k_int --input '6xi32=[5,-1,7,5,7,-2147483648]' --input '4xui32=[1,4294967295,2,3]' \
// RUN:   | FileCheck %s --check-prefix=TOP-K-INT
// TOP-K-INT: result[0]: tensor<3xi32> = [7, 7, 5]
// TOP-K-INT: result[1]: tensor<3xi32> = [2, 4, 0]
// TOP-K-INT: result[2]: tensor<2xui32> = [4294967295, 3]
// TOP-K-INT: result[3]: tensor<2xi32> = [1, 3]
// TOP-K-INT: result[4]: tensor<0xi32> = []
// TOP-K-INT: result[5]: tensor<0xi32> = []
func.func @top_k_int(%x: tensor<6xi32>, %u: tensor<4xui32>)
    -> (tensor<3xi32>, tensor<3xi32>, tensor<2xui32>, tensor<2xi32>, tensor<0xi32>, tensor<0xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<6xi32> -> (tensor<3xi32>, tensor<3xi32>)
  %uv, %ui = chlo.top_k(%u, k = 2) : tensor<4xui32> -> (tensor<2xui32>, tensor<2xi32>)
  %ev, %ei = chlo.top_k(%x, k = 0) : tensor<6xi32> -> (tensor<0xi32>, tensor<0xi32>)
  return %v, %i, %uv, %ui, %ev, %ei : tensor<3xi32>, tensor<3xi32>, tensor<2xui32>, tensor<2xi32>, tensor<0xi32>, tensor<0xi32>
}

// erf on f16 and bf16, computed in f32 and rounded once: the nearest f16 to
// erf(0.5) = 0.52049988 is 0.52050781, to erf(1) = 0.84270079 is
// 0.84277344, to erf(2) = 0.99532227 is 0.99511719; in bf16 they are
// 0.51953125, 0.84375 and 0.99609375. (xla-run prints an f16/bf16 value by
// its shortest float32 form.)
// RUN: xla-run %s --entry erf_f16 --input '8xf16=[0,0.5,-0.5,1,2,3,-inf,nan]' | FileCheck %s --check-prefix=ERF-F16
// ERF-F16: result[0]: tensor<8xf16> = [0, 0.5205078, -0.5205078, 0.84277344, 0.9951172, 1, -1, nan]
// RUN: xla-run %s --entry erf_bf16 --input '8xbf16=[0,0.5,-0.5,1,2,3,inf,nan]' | FileCheck %s --check-prefix=ERF-BF16
// ERF-BF16: result[0]: tensor<8xbf16> = [0, 0.51953125, -0.51953125, 0.84375, 0.99609375, 1, 1, nan]
func.func @erf_f16(%x: tensor<8xf16>) -> tensor<8xf16> {
  %0 = chlo.erf %x : tensor<8xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}
func.func @erf_bf16(%x: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = chlo.erf %x : tensor<8xbf16> -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// The other special functions on f16, each the f16 nearest the exact value:
// lgamma(0.5, 3, -0.5, 11) = 0.57236494, 0.69314718, 1.2655121, 15.104413;
// digamma = -1.9635100, 0.92278434, 0.03648997, 2.3517526;
// erfc = 0.47950012, 2.2090497e-5, 1.5204999, 1.4e-54 (0 in f16);
// cosh = 1.1276260, 10.067662, 1.1276260, 29937.071.
// RUN: xla-run %s --entry special_f16 --input '4xf16=[0.5,3,-0.5,11]' | FileCheck %s --check-prefix=SPECIAL-F16
// SPECIAL-F16: result[0]: tensor<4xf16> = [0.5722656, 0.6933594, 1.265625, 15.1015625]
// SPECIAL-F16: result[1]: tensor<4xf16> = [-1.9638672, 0.92285156, 0.036499023, 2.3515625]
// SPECIAL-F16: result[2]: tensor<4xf16> = [0.4794922, 2.2113323e-5, 1.5205078, 0]
// SPECIAL-F16: result[3]: tensor<4xf16> = [1.1279297, 10.0703125, 1.1279297, 29936]
func.func @special_f16(%x: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) {
  %0 = chlo.lgamma %x : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.digamma %x : tensor<4xf16> -> tensor<4xf16>
  %2 = chlo.erfc %x : tensor<4xf16> -> tensor<4xf16>
  %3 = chlo.cosh %x : tensor<4xf16> -> tensor<4xf16>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>
}

// ragged_dot: rows [1,2], [3,4], [5,6] times group 0 = [1, 10]^T or group 1 =
// [100, 1000]^T. Groups overrunning the rows are cut; rows past
// sum(group_sizes) are zero; empty groups take no rows.
// RUN: xla-run %s --entry ragged_edges --input '3x2xf32=[1,2,3,4,5,6]' --input '2x2x1xf32=[1,10,100,1000]' --input '2xi32=[2,5]' | FileCheck %s --check-prefix=RAGGED-OVER
// RAGGED-OVER: result[0]: tensor<3x1xf32> = {{\[}}[21], [43], [6500]]
// RUN: xla-run %s --entry ragged_edges --input '3x2xf32=[1,2,3,4,5,6]' --input '2x2x1xf32=[1,10,100,1000]' --input '2xi32=[0,1]' | FileCheck %s --check-prefix=RAGGED-UNDER
// RAGGED-UNDER: result[0]: tensor<3x1xf32> = {{\[}}[2100], [0], [0]]
// RUN: xla-run %s --entry ragged_edges --input '3x2xf32=[1,2,3,4,5,6]' --input '2x2x1xf32=[1,10,100,1000]' --input '2xi32=[0,0]' | FileCheck %s --check-prefix=RAGGED-EMPTY
// RAGGED-EMPTY: result[0]: tensor<3x1xf32> = {{\[}}[0], [0], [0]]
func.func @ragged_edges(%l: tensor<3x2xf32>, %r: tensor<2x2x1xf32>, %g: tensor<2xi32>) -> tensor<3x1xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<3x2xf32>, tensor<2x2x1xf32>, tensor<2xi32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// zeta(x, q), Hurwitz, against mpmath rounded to float32: zeta(2, 1) =
// pi^2/6, zeta(2, 1/2) = pi^2/2; negative non-integer q with integer x
// (summed directly up to q >= 0: zeta(2, -10.5) = 9.778758, where a plain
// Euler-Maclaurin start at q + 9 is far off), zeta(3, -0.5); poles q = 0,
// -1 and x = 1 give inf; x < 1, q < 0 with x not an integer and q < -16
// (not supported) give NaN; zeta(2, 100) = 0.010050166.
// RUN: xla-run %s --entry zeta_edges --input '12xf32=[2,2,2,2,2,3,1,0.5,4.5,2,2,2]' --input '12xf32=[1,0.5,-1,-1.5,-10.5,-0.5,1,1,0,0,100,-20.5]' | FileCheck %s --check-prefix=ZETA
// ZETA: result[0]: tensor<12xf32> = [1.644934, 4.934802, inf, 9.379247, 9.778758, 0.4143983, inf, nan, inf, inf, 0.010050166, nan]
func.func @zeta_edges(%x: tensor<12xf32>, %q: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.zeta %x, %q : tensor<12xf32>, tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// zeta in f64: zeta(2, 1) = 1.6449340668482264, zeta(3, 1) =
// 1.2020569031595942, zeta(1.5, 2) = 1.6123753486854884, zeta(10, 0.5) =
// 1024.017450355758 (mpmath); within 2 ulp.
// RUN: xla-run %s --entry zeta_f64 --input '4xf64=[2,3,1.5,10]' --input '4xf64=[1,1,2,0.5]' | FileCheck %s --check-prefix=ZETA64
// ZETA64: result[0]: tensor<4xf64> = [{{1\.64493406684822[0-9]*}}, {{1\.20205690315959[0-9]*}}, {{1\.61237534868548[0-9]*}}, {{1024\.01745035575[0-9]*}}]
func.func @zeta_f64(%x: tensor<4xf64>, %q: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.zeta %x, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// polygamma(n, x) against mpmath rounded to float32: n = 0 is digamma;
// trigamma at -0.5 and -10.5 (9.778758; XLA's own decomposition is off
// there); poles at x = 0, -2 give inf; n not a non-negative integer gives
// NaN; large results (polygamma(1, 1e-3) = 1000001.56) and n = 10.
// RUN: xla-run %s --entry polygamma_edges --input '12xf32=[0,1,1,2,3,1,1,0.5,-1,1,4,10]' --input '12xf32=[1.5,-0.5,-10.5,3,0.25,0,-2,1,1,1e-3,30,2]' | FileCheck %s --check-prefix=POLYGAMMA
// POLYGAMMA: result[0]: tensor<12xf32> = [0.036489975, 8.934802, 9.778758, -0.1541138, 1538.7821, inf, inf, nan, nan, 1000001.56, -7.914941e-6, -1793.3116]
func.func @polygamma_edges(%n: tensor<12xf32>, %x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = chlo.polygamma %n, %x : tensor<12xf32>, tensor<12xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}
