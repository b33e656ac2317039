// What --stablehlo-legalize-to-linalg cannot lower is reported at the op.
// Outside verify mode the failure is an exit code of exactly 1.
// RUN: sh %inputs/status.sh xla-opt %s --split-input-file --stablehlo-legalize-to-linalg 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg
// EXIT: stablehlo-to-linalg-errors.mlir:[[# @LINE + 6]]:8: error: cannot lower 'stablehlo.remainder': stablehlo.remainder on element type complex<f64> is not supported yet
// EXIT: exit=1

// Complex remainder has no lowering.
func.func @remainder_complex_f64(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  // expected-error@+1 {{cannot lower 'stablehlo.remainder': stablehlo.remainder on element type complex<f64> is not supported yet}}
  %0 = stablehlo.remainder %x, %x : tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

// -----

// Dynamic shapes parse and verify, but do not lower yet.
func.func @add_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.add': dynamic shapes are not supported yet (type tensor<?xf32>)}}
  %0 = stablehlo.add %a, %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @broadcast_dynamic(%a: tensor<?xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.broadcast_in_dim': dynamic shapes are not supported yet (type tensor<?xf32>)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @remainder_complex(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error@+1 {{cannot lower 'stablehlo.remainder': stablehlo.remainder on element type complex<f32> is not supported yet}}
  %0 = stablehlo.remainder %a, %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// Every op that cannot be lowered is reported, not just the first.
func.func @two_errors(%a: tensor<4xcomplex<f32>>, %b: tensor<?xf32>) -> (tensor<4xcomplex<f32>>, tensor<?xf32>) {
  // expected-error@+1 {{cannot lower 'stablehlo.remainder': stablehlo.remainder on element type complex<f32>}}
  %0 = stablehlo.remainder %a, %a : tensor<4xcomplex<f32>>
  // expected-error@+1 {{cannot lower 'stablehlo.tanh': dynamic shapes are not supported yet}}
  %1 = stablehlo.tanh %b : tensor<?xf32>
  return %0, %1 : tensor<4xcomplex<f32>>, tensor<?xf32>
}

// -----

// TOTALORDER on integers never reaches the lowering: the verifier rejects it.
func.func @compare_totalorder_i32(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{'stablehlo.compare' op compare_type TOTALORDER requires floating-point or complex operands, got 'i32'}}
  %0 = stablehlo.compare  LT, %a, %a,  TOTALORDER : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @reduce_capture(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{cannot lower 'stablehlo.reduce': 'stablehlo.add' in a computation body uses a value defined outside it}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %s = stablehlo.add %a, %c : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }
  return %0 : tensor<f32>
}

// -----

// Operations of dialects the compiler does not know parse (generic form) but
// are reported, not silently passed on.
func.func @foreign_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'foo.bar' belongs to a dialect this compiler does not know; it cannot be compiled}}
  %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
