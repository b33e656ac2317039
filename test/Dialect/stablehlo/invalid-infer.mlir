// A declared result type that contradicts the inferred one names the
// inferred type and the rule (ShapeInference.cpp), one case per family;
// dynamic sizes in the operands give `?` in the inferred type.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @unary(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.exponential' op result type 'tensor<5xf32>' does not match the inferred type 'tensor<4xf32>' (element-wise: the operands' shape and element type)}}
  %0 = stablehlo.exponential %x : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @binary_dynamic(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'stablehlo.subtract' op result type 'tensor<2x4xf32>' does not match the inferred type 'tensor<2x3xf32>'}}
  %0 = stablehlo.subtract %a, %b : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @binary_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.maximum' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<5xf32>)}}
  %0 = stablehlo.maximum %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare(%a: tensor<4xf32>) -> tensor<2x2xi1> {
  // expected-error@+1 {{'stablehlo.compare' op result type 'tensor<2x2xi1>' does not match the inferred type 'tensor<4xi1>' (compare_c2: i1 of the operands' shape)}}
  %0 = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @is_finite(%a: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{'stablehlo.is_finite' op result type 'tensor<3xi1>' does not match the inferred type 'tensor<4xi1>'}}
  %0 = stablehlo.is_finite %a : (tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @clamp(%lo: tensor<f32>, %x: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{'stablehlo.clamp' op result type 'tensor<f32>' does not match the inferred type 'tensor<4xf32>' (clamp_c3: the result has the operand's type)}}
  %0 = stablehlo.clamp %lo, %x, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_general_dynamic(%a: tensor<?x3xf32>, %b: tensor<3x5xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op result type 'tensor<2x4xf32>' does not match the inferred type 'tensor<?x5xf32>' (dot_general_c13: batch, then lhs free, then rhs free dimensions)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x5xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The result element type of dot_general is free (preferred element type).
func.func @dot_general_element(%a: tensor<2x3xi8>, %b: tensor<3x5xi8>) -> tensor<2x5xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x5xi8>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// -----

func.func @reverse(%x: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.reverse' op result type 'tensor<2x3xf32>' does not match the inferred type 'tensor<3x2xf32>' (reverse_c1: the result has the operand's type)}}
  %0 = stablehlo.reverse %x, dims = [0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_negative(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<4x5xf32> {
  // low + high + n + (n - 1) * interior: 1 + 0 + 2 + 1 = 4, -1 + 2 + 3 = 4.
  // expected-error@+1 {{'stablehlo.pad' op result type 'tensor<4x5xf32>' does not match the inferred type 'tensor<4x4xf32>' (pad_c4: low + high + size + (size - 1) * interior per dimension)}}
  %0 = stablehlo.pad %x, %z, low = [1, -1], high = [0, 2], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @broadcast(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'stablehlo.broadcast' op result type 'tensor<3x2xf32>' does not match the inferred type 'tensor<2x3xf32>' (broadcast_sizes, then the operand shape)}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @get_dimension_size(%x: tensor<3xf32>) -> tensor<i32> {
  // expected-error@+1 {{'stablehlo.get_dimension_size' op dimension 1 is out of range for an operand of rank 1}}
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @fft_rfft(%x: tensor<8xf32>) -> tensor<8xcomplex<f32>> {
  // expected-error@+1 {{'stablehlo.fft' op result type 'tensor<8xcomplex<f32>>' does not match the inferred type 'tensor<5xcomplex<f32>>'}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

func.func @batch_norm_training(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.batch_norm_training' op result 1 type 'tensor<2xf32>' does not match the inferred type 'tensor<3xf32>' (the operand's type, then vectors of the feature dimension's size)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#1 : tensor<2xf32>
}

// -----

func.func @if_branches(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'stablehlo.if' op result type 'tensor<3xf32>' does not match the inferred type 'tensor<2xf32>' (if_c3/case_c4: the results have the types the branches return)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
