// Dynamic-shape ops whose types are not all static, or whose run-time
// operands are needed as constants and are not, are reported at the op.
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

func.func @dynamic_reshape_dynamic_result(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.dynamic_reshape': dynamic shapes are not supported yet (type tensor<?x3xf32>)}}
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

func.func @dynamic_broadcast_dynamic_operand(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.dynamic_broadcast_in_dim': dynamic shapes are not supported yet (type tensor<?xf32>)}}
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @dynamic_iota_dynamic_result(%s: tensor<1xi64>) -> tensor<?xi32> {
  // expected-error@+1 {{cannot lower 'stablehlo.dynamic_iota': dynamic shapes are not supported yet (type tensor<?xi32>)}}
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// A constant shape operand that contradicts the static result type: the
// verifier rejects it (dynamic_iota_c2) before the lowering could.
func.func @dynamic_iota_wrong_shape() -> tensor<4xi32> {
  %s = stablehlo.constant dense<5> : tensor<1xi64>
  // expected-error@+1 {{'stablehlo.dynamic_iota' op result shape [4] does not match output_shape [5]}}
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @dynamic_pad_run_time_padding(%x: tensor<3xf32>, %v: tensor<f32>, %lo: tensor<1xi64>, %hi: tensor<1xi64>) -> tensor<6xf32> {
  %in = stablehlo.constant dense<1> : tensor<1xi64>
  // expected-error@+1 {{cannot lower 'stablehlo.dynamic_pad': edge_padding_low must be a constant (stablehlo.constant) to be lowered}}
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in
         : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @dynamic_conv_run_time_padding(%x: tensor<1x5x1xf32>, %k: tensor<2x1x1xf32>, %pad: tensor<1x2xi64>) -> tensor<1x6x1xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.dynamic_conv': d_padding must be a constant (stablehlo.constant) to be lowered}}
  %r = "stablehlo.dynamic_conv"(%x, %k, %pad) <{batch_group_count = 1 : i64,
         dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}>
         : (tensor<1x5x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  return %r : tensor<1x6x1xf32>
}

// -----

func.func @get_dimension_size_dynamic(%x: tensor<?x2xf32>) -> tensor<i32> {
  // expected-error@+1 {{cannot lower 'stablehlo.get_dimension_size': dynamic shapes are not supported yet (type tensor<?x2xf32>)}}
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x2xf32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

func.func @set_dimension_size_dynamic_result(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<?xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.set_dimension_size': dynamic shapes are not supported yet (type tensor<?xf32>)}}
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @set_dimension_size_smaller(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.constant dense<2> : tensor<i32>
  // expected-error@+1 {{cannot lower 'stablehlo.set_dimension_size': setting dimension 0 of a static tensor<4xf32> to [2] is not supported (only to its static size 4)}}
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @set_dimension_size_run_time(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.set_dimension_size': the size must be a constant (stablehlo.constant) to be lowered}}
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
