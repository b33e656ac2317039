// The long spellings StableHLO also reads, which print back in the short
// forms: `#stablehlo.conv<raw field = ...>` (with a comma allowed after the
// last field, as in #stablehlo.scatter, and after the compact groups) and
// `#stablehlo.type_extensions<bounds = [...]>` for #stablehlo.bounds.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// The raw form of NHWC x HWIO -> NHWC, fields in the spec's order.
// CHECK-LABEL: func.func @conv_raw
// CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
func.func @conv_raw(%x: tensor<1x4x4x2xf32>, %k: tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {
    dimension_numbers = #stablehlo.conv<raw
      input_batch_dimension = 0,
      input_feature_dimension = 3,
      input_spatial_dimensions = [1, 2],
      kernel_input_feature_dimension = 2,
      kernel_output_feature_dimension = 3,
      kernel_spatial_dimensions = [0, 1],
      output_batch_dimension = 0,
      output_feature_dimension = 3,
      output_spatial_dimensions = [1, 2]
    >,
    window_strides = array<i64: 1, 1>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  return %0 : tensor<1x2x2x5xf32>
}

// The raw form in another field order, with a trailing comma; NCHW x OIHW.
// CHECK-LABEL: func.func @conv_raw_trailing_comma
// CHECK: dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]
func.func @conv_raw_trailing_comma(%x: tensor<1x2x4x4xf32>, %k: tensor<5x2x3x3xf32>) -> tensor<1x5x2x2xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {
    dimension_numbers = #stablehlo.conv<raw
      output_spatial_dimensions = [2, 3],
      input_batch_dimension = 0, input_feature_dimension = 1,
      input_spatial_dimensions = [2, 3],
      kernel_output_feature_dimension = 0, kernel_input_feature_dimension = 1,
      kernel_spatial_dimensions = [2, 3],
      output_batch_dimension = 0, output_feature_dimension = 1,
    >,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x2x4x4xf32>, tensor<5x2x3x3xf32>) -> tensor<1x5x2x2xf32>
  return %0 : tensor<1x5x2x2xf32>
}

// No spatial dimensions: the lists may be left out of the raw form.
// CHECK-LABEL: func.func @conv_raw_no_spatial
// CHECK: dim_numbers = [b, f]x[i, o]->[b, f]
func.func @conv_raw_no_spatial(%x: tensor<3x2xf32>, %k: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {
    dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1,
      kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 1,
      output_batch_dimension = 0, output_feature_dimension = 1>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// The compact form inside the attribute, with a trailing comma.
// CHECK-LABEL: func.func @conv_compact_trailing_comma
// CHECK: dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f]
func.func @conv_compact_trailing_comma(%x: tensor<1x5x2xf32>, %k: tensor<2x2x3xf32>) -> tensor<1x4x3xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {
    dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f],>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x5x2xf32>, tensor<2x2x3xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// The long form of #stablehlo.bounds prints as the short one.
// CHECK-LABEL: func.func @type_extensions
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32, #stablehlo.bounds<8, ?>>) -> tensor<?x4xf32, #stablehlo.bounds<8, ?>>
func.func @type_extensions(%x: tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, ?]>>) -> tensor<?x4xf32, #stablehlo.bounds<8, ?>> {
  // CHECK: stablehlo.abs %{{.*}} : tensor<?x4xf32, #stablehlo.bounds<8, ?>>
  %0 = stablehlo.abs %x : tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, ?]>>
  return %0 : tensor<?x4xf32, #stablehlo.bounds<8, ?>>
}

// Both spellings are one type: a value of one flows into the other.
// CHECK-LABEL: func.func @type_extensions_same_type
// CHECK-SAME: tensor<?x?xi32, #stablehlo.bounds<3, 5>>
func.func @type_extensions_same_type(%x: tensor<?x?xi32, #stablehlo.bounds<3, 5>>) -> tensor<?x?xi32, #stablehlo.type_extensions<bounds = [3, 5],>> {
  return %x : tensor<?x?xi32, #stablehlo.bounds<3, 5>>
}

// A rank-0 tensor takes no bounds.
// CHECK-LABEL: func.func @type_extensions_scalar
// CHECK-SAME: tensor<f32, #stablehlo.bounds<>>
func.func @type_extensions_scalar(%x: tensor<f32, #stablehlo.type_extensions<bounds = []>>) -> tensor<f32, #stablehlo.bounds<>> {
  return %x : tensor<f32, #stablehlo.bounds<>>
}
