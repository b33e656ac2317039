// What chlo-legalize-to-stablehlo cannot decompose is reported at the op.
// Outside verify mode the failure is an exit code of exactly 1.
// RUN: sh %inputs/status.sh xla-opt %s --split-input-file --chlo-legalize-to-stablehlo 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: xla-opt %s --split-input-file --verify-diagnostics --chlo-legalize-to-stablehlo
// EXIT: chlo-legalize-errors.mlir:[[# @LINE + 6]]:8: error: cannot decompose 'chlo.erf': chlo.erf on f64 is not supported yet (the approximation is single-precision)
// EXIT: exit=1

// erf, erfc and erf_inv are single-precision approximations: f64 is refused.
func.func @erf_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error@+1 {{cannot decompose 'chlo.erf': chlo.erf on f64 is not supported yet (the approximation is single-precision)}}
  %0 = chlo.erf %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Every op that cannot be decomposed is reported, not just the first.
func.func @erfc_erf_inv_f64(%x: tensor<f64>) -> (tensor<f64>, tensor<f64>) {
  // expected-error@+1 {{cannot decompose 'chlo.erfc': chlo.erfc on f64 is not supported yet (the approximation is single-precision)}}
  %0 = chlo.erfc %x : tensor<f64> -> tensor<f64>
  // expected-error@+1 {{cannot decompose 'chlo.erf_inv': chlo.erf_inv on f64 is not supported yet (the approximation is single-precision)}}
  %1 = chlo.erf_inv %x : tensor<f64> -> tensor<f64>
  return %0, %1 : tensor<f64>, tensor<f64>
}

// -----

// The inverse trigonometric and hyperbolic functions and cosh/sinh are
// decomposed for real operands only.
// BUG: the message names the op as 'chlo.chlo.acos'; only the part after it
// is checked here (the exact message is in test/Execution/chlo-bugs.mlir).
func.func @acos_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error@+1 {{acos on complex elements is not supported yet}}
  %0 = chlo.acos %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @cosh_atanh_complex(%x: tensor<2xcomplex<f64>>) -> (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) {
  // expected-error@+1 {{cannot decompose 'chlo.cosh':}}
  %0 = chlo.cosh %x : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  // expected-error@+1 {{cannot decompose 'chlo.atanh':}}
  %1 = chlo.atanh %x : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  return %0, %1 : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>
}

// -----

// Dynamic shapes parse and verify, but are not decomposed yet.
func.func @square_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{cannot decompose 'chlo.square': dynamic shapes are not supported yet (type tensor<?xf32>)}}
  %0 = chlo.square %x : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @top_k_dynamic(%x: tensor<?x7xf32>) -> (tensor<?x3xf32>, tensor<?x3xi32>) {
  // expected-error@+1 {{cannot decompose 'chlo.top_k': dynamic shapes are not supported yet (type tensor<?x7xf32>)}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<?x7xf32> -> (tensor<?x3xf32>, tensor<?x3xi32>)
  return %v, %i : tensor<?x3xf32>, tensor<?x3xi32>
}
