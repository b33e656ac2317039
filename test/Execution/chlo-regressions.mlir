// Regressions: bugs found while testing the CHLO support, now fixed. Each
// case is a separate module (split-file), so one that does not compile
// cannot hide the others.
// RUN: rm -rf %t && split-file %s %t

// Regression (was a bug): a broadcasting binary with a rank-0 operand, the most common case
// (x + scalar), does not decompose: with or without broadcast_dimensions =
// array<i64> the pass builds the attribute text `array<i64: >` and fails
// with "internal error: cannot parse `array<i64: >`".
// RUN: xla-run %t/broadcast-scalar.mlir --input 'f32=10' --input '2x3xf32=[1,2,3,4,5,6]' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BROADCAST-SCALAR
// BROADCAST-SCALAR: result[0]: tensor<2x3xf32> = {{\[}}[11, 12, 13], [14, 15, 16]]
// BROADCAST-SCALAR: result[1]: tensor<2x3xf32> = {{\[}}[-9, -8, -7], [-6, -5, -4]]

// Regression (was a bug): stablehlo.exponential_minus_one and stablehlo.log_plus_one are
// computed as exp(x) - 1 and log(1 + x) (math.expm1/math.log1p lowered
// without care for small x), in f32 and f64: expm1(1e-30) = 0,
// expm1(1e-5) = 1.001358e-5 instead of 1.000005e-5 (1.4e-3 relative).
// Through them chlo.sinh, chlo.asinh and chlo.atanh lose all precision for
// small arguments (sinh(1e-5) = 1.001353e-5, sinh(1e-30) = 0), and
// atanh(-0) is +0. Expected: the correctly rounded values
// expm1(1e-5) = 1.000005e-5, log1p(1e-5) = 9.99995e-6,
// log1p(-1e-7) = -1.0000001e-7, expm1(-1e-7) = -9.9999994e-8.
// RUN: xla-run %t/expm1-log1p.mlir --entry f32 --input '4xf32=[1e-5,1e-30,-1e-7,0.5]' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPM1-F32
// (expm1 and log1p are math.expm1/math.log1p, computed by
// xla-polynomial-math within 1 ulp, docs/vector_math.md: -1e-7 is the other
// neighbour of the correctly rounded -9.9999994e-8.)
// EXPM1-F32: result[0]: tensor<4xf32> = [1.000005e-5, 1e-30, {{-9.9999994e-8|-1e-7}}, 0.6487213]
// EXPM1-F32: result[1]: tensor<4xf32> = [9.99995e-6, 1e-30, {{-1.0000001e-7|-1e-7}}, 0.4054651]
// RUN: xla-run %t/expm1-log1p.mlir --entry f64 --input '2xf64=[1e-5,1e-300]' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPM1-F64
// EXPM1-F64: result[0]: tensor<2xf64> = [{{1\.00000500001666[0-9]*e-5}}, 1e-300]
// EXPM1-F64: result[1]: tensor<2xf64> = [{{9\.99995000033333[0-9]*e-6}}, 1e-300]
// RUN: xla-run %t/small-hyperbolic.mlir --input '4xf32=[1e-5,-1e-5,1e-30,-0.0]' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SMALL-HYPERBOLIC
// SMALL-HYPERBOLIC: result[0]: tensor<4xf32> = [1e-5, -1e-5, 1e-30, -0]
// SMALL-HYPERBOLIC: result[1]: tensor<4xf32> = [1e-5, -1e-5, 1e-30, -0]
// SMALL-HYPERBOLIC: result[2]: tensor<4xf32> = [1e-5, -1e-5, 1e-30, -0]

// Regression (was a bug): a module function named like a C math function (tan, expf, ...)
// replaces libm's in the JIT: here digamma's f64 tan (llvm.intr.tan, a call
// to `tan`) calls the module's @tan with the wrong ABI and xla-run crashes
// (SIGSEGV, exit 139). JAX names private functions after what they compute,
// so a module can well contain such a name.
// RUN: xla-run %t/libm-name.mlir --entry digamma --input '2xf32=[1,0.5]' 2>&1 | FileCheck %s --check-prefix=LIBM-NAME
// LIBM-NAME: result[0]: tensor<2xf32> = [-0.5772157, -1.96351]

// Regression (was a bug): is_inf, is_pos_inf and is_neg_inf on f16 and bf16 do not decompose:
// the infinity constant is written as the f32 bit pattern 0x7F800000
// ("internal error: dense<0x7F800000> : tensor<4xf16>").
// RUN: xla-run %t/is-inf-16.mlir --input '4xf16=[inf,-inf,nan,65504]' --input '4xbf16=[inf,-inf,nan,1]' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IS-INF-16
// IS-INF-16: result[0]: tensor<4xi1> = [true, true, false, false]
// IS-INF-16: result[1]: tensor<4xi1> = [true, false, false, false]
// IS-INF-16: result[2]: tensor<4xi1> = [false, true, false, false]

// Regression (was a bug): next_after on f16 and bf16 does not decompose: the NaN constant is
// the f32 bit pattern 0x7FC00000. Expected: 1 + 2^-10 and 1 - 2^-11 in f16,
// 1 + 2^-7 and 1 - 2^-8 in bf16, the smallest subnormals 2^-24 and 2^-133.
// RUN: xla-run %t/next-after-16.mlir --input '4xf16=[1,1,0,nan]' --input '4xf16=[2,0,1,1]' \
// RUN:   --input '4xbf16=[1,1,0,nan]' --input '4xbf16=[2,0,1,1]' 2>&1 | FileCheck %s --check-prefix=NEXT-AFTER-16
// NEXT-AFTER-16: result[0]: tensor<4xf16> = [1.0009766, 0.9995117, 5.9604645e-8, nan]
// NEXT-AFTER-16: result[1]: tensor<4xbf16> = [1.0078125, 0.99609375, 9.1835e-41, nan]

// Regression (was a bug): acos loses precision near 1: sqrt(1 - x*x) cancels, where
// sqrt((1 - x)(1 + x)) does not. acos(0.99989998) = 0.014143427 but the
// result is 0.01414378 (2.5e-5 relative, 379 ulp); acos(0.99970001) =
// 0.024495108, result 0.02449451.
// RUN: xla-run %t/acos-near-1.mlir --input '2xf32=[0.9999,0.9997]' 2>&1 | FileCheck %s --check-prefix=ACOS-NEAR-1
// ACOS-NEAR-1: result[0]: tensor<2xf32> = [{{0\.0141434[23][0-9]*}}, {{0\.02449510[0-9]*}}]

// Regression (was a bug): digamma's asymptotic series, truncated after the y^-10 term at
// y = x + 6, has an absolute error of about 7e-13, which is far from the
// documented 6e-8 relative near digamma's root x0 = 1.4616321449683623:
// digamma(1.46163213253, the float32 nearest x0) = -1.2036052e-8, result
// -1.2036715e-8 (5.5e-5 relative, 746 ulp).
// RUN: xla-run %t/digamma-root.mlir --input '1xf32=[1.4616321]' 2>&1 | FileCheck %s --check-prefix=DIGAMMA-ROOT
// DIGAMMA-ROOT: result[0]: tensor<1xf32> = [{{-1\.203605[0-9]*e-8}}]

// Regression (was a bug): lgamma(2) = 0 exactly, but the Lanczos sum gives -8.881784e-16 (the
// wrong sign, and an infinite relative error against the documented 6e-8).
// lgamma(1) is 0 as it should be.
// RUN: xla-run %t/lgamma-2.mlir --input '2xf32=[2,1]' 2>&1 | FileCheck %s --check-prefix=LGAMMA-2
// LGAMMA-2: result[0]: tensor<2xf32> = [0, 0]

// Regression (was a bug): top_k with a negative k is rejected with "k = 18446744073709551615"
// (I64Attr's getter is unsigned, so the `getK() < 0` test never fires).
// RUN: xla-opt %t/top-k-negative.mlir --verify-diagnostics

// Regression (was a bug): the complex-operand error names the op twice ("chlo.chlo.acos on
// complex elements"): real_only() is given the full op name and prefixes
// "chlo." again. Complex operands are decomposed now, so there is no
// message left; the op must legalize without a diagnostic.
// RUN: xla-opt %t/complex-message.mlir --verify-diagnostics --chlo-legalize-to-stablehlo

// Regression (was a bug): the broadcast verifier compares sizes without regard to dynamic
// dimensions: a static operand dimension against a dynamic result
// dimension is rejected as "operand dimension 0 of size 3 does not
// broadcast to result dimension 0 of size -9223372036854775808". Dynamic
// broadcasts are valid CHLO (they only fail later, in the decomposition).
// RUN: xla-opt %t/broadcast-dynamic.mlir | FileCheck %s --check-prefix=BROADCAST-DYNAMIC
// BROADCAST-DYNAMIC: chlo.broadcast_add %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
// BROADCAST-DYNAMIC: chlo.broadcast_multiply %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>

// Regression (was a bug): chlo.acosh of large negative arguments gave ±inf
// instead of NaN ((x+1)(x-1) overflowed to +inf in f32: acosh(-1e20) =
// +inf; in f64 x + sqrt(..) cancelled to 0: acosh(-1e20) = -inf).
// acosh(x) is NaN for every x < 1 (numpy.arccosh agrees); -1 and 1 are
// the exact boundary values (NaN and 0).
// RUN: xla-run %t/acosh-negative.mlir --entry f32 --input '6xf32=[-1e20,-3e38,-inf,-2,-1,1]' | FileCheck %s --check-prefix=ACOSH-NEG32
// ACOSH-NEG32: result[0]: tensor<6xf32> = [nan, nan, nan, nan, nan, 0]
// RUN: xla-run %t/acosh-negative.mlir --entry f64 --input '6xf64=[-1e20,-1e300,-1.7976931348623157e308,-2,0.5,1]' | FileCheck %s --check-prefix=ACOSH-NEG64
// ACOSH-NEG64: result[0]: tensor<6xf64> = [nan, nan, nan, nan, nan, 0]

//--- broadcast-scalar.mlir
func.func @main(%s: tensor<f32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_add %s, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_subtract %b, %s {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

//--- expm1-log1p.mlir
func.func @f32(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.exponential_minus_one %x : tensor<4xf32>
  %1 = stablehlo.log_plus_one %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
func.func @f64(%x: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
  %0 = stablehlo.exponential_minus_one %x : tensor<2xf64>
  %1 = stablehlo.log_plus_one %x : tensor<2xf64>
  return %0, %1 : tensor<2xf64>, tensor<2xf64>
}

//--- small-hyperbolic.mlir
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

//--- libm-name.mlir
func.func @digamma(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.digamma %x : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @tan(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//--- is-inf-16.mlir
func.func @main(%h: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %h : tensor<4xf16> -> tensor<4xi1>
  %1 = chlo.is_pos_inf %b : tensor<4xbf16> -> tensor<4xi1>
  %2 = chlo.is_neg_inf %b : tensor<4xbf16> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

//--- next-after-16.mlir
func.func @main(%x: tensor<4xf16>, %y: tensor<4xf16>, %a: tensor<4xbf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xbf16>) {
  %0 = chlo.next_after %x, %y : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.next_after %a, %b : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  return %0, %1 : tensor<4xf16>, tensor<4xbf16>
}

//--- acos-near-1.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.acos %x : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- digamma-root.mlir
func.func @main(%x: tensor<1xf32>) -> tensor<1xf32> {
  %0 = chlo.digamma %x : tensor<1xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

//--- lgamma-2.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.lgamma %x : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- top-k-negative.mlir
func.func @top_k_k_negative(%a: tensor<2x7xf32>) {
  // expected-error@+1 {{'chlo.top_k' op k = -1 must be in [0, 7] (the last dimension)}}
  %0:2 = chlo.top_k(%a, k = -1) : tensor<2x7xf32> -> (tensor<2x7xf32>, tensor<2x7xi32>)
  return
}

//--- complex-message.mlir
func.func @acos_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = chlo.acos %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

//--- broadcast-dynamic.mlir
func.func @main(%a: tensor<?xf32>, %b: tensor<3xf32>, %c: tensor<2x3xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  %1 = chlo.broadcast_multiply %b, %c : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return
}

//--- acosh-negative.mlir
func.func @f32(%x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = chlo.acosh %x : tensor<6xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @f64(%x: tensor<6xf64>) -> tensor<6xf64> {
  %0 = chlo.acosh %x : tensor<6xf64> -> tensor<6xf64>
  return %0 : tensor<6xf64>
}
