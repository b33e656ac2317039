// Errors in the long spellings of #stablehlo.conv (raw) and
// #stablehlo.bounds (type_extensions): each a located diagnostic.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @conv_raw_missing_scalar(%x: tensor<3x2xf32>, %k: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{#stablehlo.conv<raw ...> needs output_feature_dimension}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 1, output_batch_dimension = 0>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @conv_raw_unknown_field(%x: tensor<3x2xf32>, %k: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{unknown field 'input_batch_dim' in #stablehlo.conv}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dim = 0>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @conv_raw_repeated_field(%x: tensor<3x2xf32>, %k: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{field 'input_batch_dimension' appears twice in #stablehlo.conv}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_batch_dimension = 1>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// convolution_c13: the raw numbers are checked as the compact ones are
// (input batch, feature and spatial dimensions form a permutation).
func.func @conv_raw_c13(%x: tensor<1x4x4x2xf32>, %k: tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32> {
  // expected-error @+1 {{input dimension 0 is used twice}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  return %0 : tensor<1x2x2x5xf32>
}

// -----

// expected-error @+1 {{unknown field 'bound' in #stablehlo.type_extensions (expected bounds)}}
func.func @type_extensions_field(%x: tensor<?xf32, #stablehlo.type_extensions<bound = [8]>>) {
  return
}

// -----

// The long form is verified as the short one: one bound per dimension.
// expected-error @+1 {{#stablehlo.bounds has 1 bounds, but the tensor has rank 2}}
func.func @type_extensions_rank(%x: tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8]>>) {
  return
}

// -----

// ... and a static dimension takes '?'.
// expected-error @+1 {{#stablehlo.bounds gives static dimension 1 (size 4) the bound 8; a static dimension takes '?'}}
func.func @type_extensions_static(%x: tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, 8]>>) {
  return
}

// -----

// expected-error @+1 {{unknown stablehlo attribute 'type_extension'}}
func.func @unknown_mnemonic(%x: tensor<?xf32, #stablehlo.type_extension<bounds = [8]>>) {
  return
}
