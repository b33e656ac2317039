// What chlo-legalize-to-stablehlo cannot decompose is reported at the op.
// Outside verify mode the failure is an exit code of exactly 1.
// RUN: sh %inputs/status.sh xla-opt %s --split-input-file --chlo-legalize-to-stablehlo 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: xla-opt %s --split-input-file --verify-diagnostics --chlo-legalize-to-stablehlo
// EXIT: chlo-legalize-errors.mlir:[[# @LINE + 6]]:8: error: cannot decompose 'chlo.erf_inv': chlo.erf_inv on f64 is not supported yet (the approximation is single-precision)
// EXIT: exit=1

// erf_inv is a single-precision approximation: f64 is refused.
func.func @erf_inv_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error@+1 {{cannot decompose 'chlo.erf_inv': chlo.erf_inv on f64 is not supported yet (the approximation is single-precision)}}
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Every op that cannot be decomposed is reported, not just the first.
func.func @two_erf_inv_f64(%x: tensor<f64>, %y: tensor<2xf64>) -> (tensor<f64>, tensor<2xf64>) {
  // expected-error@+1 {{cannot decompose 'chlo.erf_inv': chlo.erf_inv on f64 is not supported yet (the approximation is single-precision)}}
  %0 = chlo.erf_inv %x : tensor<f64> -> tensor<f64>
  // expected-error@+1 {{cannot decompose 'chlo.erf_inv': chlo.erf_inv on f64 is not supported yet (the approximation is single-precision)}}
  %1 = chlo.erf_inv %y : tensor<2xf64> -> tensor<2xf64>
  return %0, %1 : tensor<f64>, tensor<2xf64>
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

// -----

// ragged_dot is decomposed in the mode jax.lax.ragged_dot emits (a ragged
// non-contracting dimension); the other two are reported.
func.func @ragged_dot_contracting(%a: tensor<5x7xf32>, %b: tensor<7x2xf32>, %g: tensor<3xi32>) -> tensor<3x5x2xf32> {
  // expected-error@+1 {{cannot decompose 'chlo.ragged_dot': only a ragged non-contracting lhs dimension is supported yet (the mode jax.lax.ragged_dot emits)}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<5x7xf32>, tensor<7x2xf32>, tensor<3xi32>) -> tensor<3x5x2xf32>
  return %0 : tensor<3x5x2xf32>
}

// -----

// minimum_broadcast_shapes runs on shapes of static length (the pipelines'
// tensors have static shapes): a dynamic operand or result length is
// reported at the op.
func.func @minimum_broadcast_shapes_dynamic_operand(%a: tensor<?xindex>, %b: tensor<3xindex>) -> (tensor<2xindex>, tensor<3xindex>) {
  // expected-error@+1 {{cannot decompose 'chlo.minimum_broadcast_shapes': operand 0 has a dynamic length (tensor<?xindex>); dynamic shapes are not supported yet}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<?xindex>, tensor<3xindex> -> tensor<2xindex>, tensor<3xindex>
  return %0#0, %0#1 : tensor<2xindex>, tensor<3xindex>
}

// -----

func.func @minimum_broadcast_shapes_dynamic_result(%a: tensor<2xindex>, %b: tensor<3xindex>) -> (tensor<2xindex>, tensor<?xindex>) {
  // expected-error@+1 {{cannot decompose 'chlo.minimum_broadcast_shapes': result 1 has a dynamic length (tensor<?xindex>); dynamic shapes are not supported yet}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<2xindex>, tensor<?xindex>
  return %0#0, %0#1 : tensor<2xindex>, tensor<?xindex>
}

// -----

// A shape operand is a rank; a length beyond 1024 is refused rather than
// unrolled (xla-fuzz: tensor<2147483648xindex> asked for 16 GiB and aborted).
func.func @minimum_broadcast_shapes_huge_rank(%a: tensor<2xindex>, %b: tensor<2147483648xindex>) -> (tensor<2xindex>, tensor<2147483648xindex>) {
  // expected-error@+1 {{cannot decompose 'chlo.minimum_broadcast_shapes': operand 1 has 2147483648 dimensions; at most 1024 are supported}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xindex>, tensor<2147483648xindex> -> tensor<2xindex>, tensor<2147483648xindex>
  return %0#0, %0#1 : tensor<2xindex>, tensor<2147483648xindex>
}
