// custom_call targets without a lowering, and bad LAPACK options, are
// reported at the op (and the pass fails with exit code 1).
// RUN: sh %inputs/status.sh xla-opt %s --split-input-file --stablehlo-legalize-to-linalg 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg
// EXIT: custom-call-errors.mlir:[[# @LINE + 5]]:8: error: cannot lower 'stablehlo.custom_call': unknown custom_call target 'my_kernel'
// EXIT: exit=1

func.func @unknown_target(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.custom_call': unknown custom_call target 'my_kernel'}}
  %0 = stablehlo.custom_call @my_kernel(%x) {backend_config = "opaque"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_uplo(%a: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>) {
  // expected-error@+1 {{cannot lower 'stablehlo.custom_call': unsupported backend_config uplo = 88 ('X')}}
  %r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %r#0, %r#1 : tensor<2x2xf32>, tensor<i32>
}

// -----

func.func @wrong_arity(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.custom_call': expected 1 operand(s) and 2 result(s), got 1 and 1}}
  %r = stablehlo.custom_call @lapack_spotrf_ffi(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
