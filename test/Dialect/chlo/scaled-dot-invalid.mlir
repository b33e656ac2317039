// The chlo.scaled_dot verifier: one case per constraint (the ids of the
// op's description, docs/ops/chlo.md).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// (C1) the contracting (and batching) lists pair up.
func.func @scaled_dot_c1(%l: tensor<2x4xf32>, %r: tensor<4x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op has 1 lhs contracting dimensions but 0 rhs contracting dimensions}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1]>}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// (C2) the dimensions are in range ...
func.func @scaled_dot_c2_range(%l: tensor<2x4xf32>, %r: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op rhs dimension 2 is out of range for rank 2}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C2) ... and used once per operand.
func.func @scaled_dot_c2_unique(%l: tensor<4x4xf32>, %r: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op lhs dimension 0 appears more than once among the batching and contracting dimensions}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [1]>}> : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (C3) paired dimensions have one size.
func.func @scaled_dot_c3(%l: tensor<2x4xf32>, %r: tensor<6x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op contracting dimensions lhs[1] (size 4) and rhs[0] (size 6) differ in size}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<6x3xf32>, tensor<6x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C4) a scale has its operand's rank (a rank-0 "global" scale is not one).
func.func @scaled_dot_c4(%l: tensor<2x4xf32>, %s: tensor<f32>, %r: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op lhs_scale must have the rank of lhs (2), got 'tensor<f32>'}}
  %0 = "chlo.scaled_dot"(%l, %s, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x4xf32>, tensor<f32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C5) a scale dimension divides the operand's.
func.func @scaled_dot_c5(%l: tensor<2x4xf32>, %r: tensor<4x3xf32>, %rs: tensor<3x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op rhs_scale dimension 0 (size 3) must equal or divide rhs dimension 0 (size 4)}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C6) no precision, or one per operand.
func.func @scaled_dot_c6(%l: tensor<2x4xf32>, %r: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op precision_config must have 0 or 2 entries, got 1}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>]}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C7) the result has dot_general's shape (any float element type).
func.func @scaled_dot_c7(%l: tensor<2x4xf32>, %r: tensor<4x3xf32>) -> tensor<3x2xbf16> {
  // expected-error@+1 {{'chlo.scaled_dot' op result type 'tensor<3x2xbf16>' does not match the inferred type 'tensor<2x3xf32>'}}
  %0 = "chlo.scaled_dot"(%l, %l, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// -----

// Element types: floats only (no integer data).
func.func @scaled_dot_integer(%l: tensor<2x4xi8>, %s: tensor<2x4xf32>, %r: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scaled_dot' op operand #0 must be ranked tensor of}}
  %0 = "chlo.scaled_dot"(%l, %s, %r, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x4xi8>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
