// Round trip of stablehlo.convolution: the compact dim_numbers and window
// syntax JAX prints, and the generic form with #stablehlo.conv.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// NHWC input, HWIO kernel, as jax.lax.conv_general_dilated prints it.
// CHECK-LABEL: func.func @conv_nhwc_hwio
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x6x3xf32>, %[[K:.*]]: tensor<3x3x3x4xf32>)
func.func @conv_nhwc_hwio(%arg0: tensor<2x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32> {
  // CHECK: %[[R:.*]] = stablehlo.convolution(%[[X]], %[[K]]) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>
  return %0 : tensor<2x6x6x4xf32>
}

// NCHW input, OIHW kernel, dilated kernel and two feature groups, as JAX
// prints it (4 input features = 2 groups x 2 kernel input features).
// CHECK-LABEL: func.func @conv_nchw_oihw_grouped
func.func @conv_nchw_oihw_grouped(%arg0: tensor<1x4x6x6xf32>, %arg1: tensor<6x2x2x2xf32>) -> tensor<1x6x5x6xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = {{\[\[}}1, 0], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x5x6xf32>
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 0], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x5x6xf32>
  return %0 : tensor<1x6x5x6xf32>
}

// One spatial dimension: (10 + 1 + 1 - 3) / 2 + 1 = 5 windows.
// CHECK-LABEL: func.func @conv_1d
func.func @conv_1d(%x: tensor<2x3x10xf32>, %k: tensor<4x3x3xf32>) -> tensor<2x4x5xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = {{\[\[}}1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x5xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// Every window field with values other than the defaults, read in another
// order and printed in the canonical one. Dimension 0: input 5 dilated by 2
// is 9, padded 1 + 2 is 12, window 3, stride 2: 5 windows. Dimension 1:
// input 6 padded 0 and -1 is 5, window 2 dilated by 2 spans 3: 3 windows.
// CHECK-LABEL: func.func @conv_all_window_fields
func.func @conv_all_window_fields(%x: tensor<1x5x6x2xf32>, %k: tensor<3x2x2x4xf32>) -> tensor<1x5x3x4xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = {{\[\[}}1, 2], [0, -1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGHEST>]} : (tensor<1x5x6x2xf32>, tensor<3x2x2x4xf32>) -> tensor<1x5x3x4xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true, false], rhs_dilate = [1, 2], lhs_dilate = [2, 1], pad = [[1, 2], [0, -1]], stride = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGHEST>]} : (tensor<1x5x6x2xf32>, tensor<3x2x2x4xf32>) -> tensor<1x5x3x4xf32>
  return %0 : tensor<1x5x3x4xf32>
}

// Depthwise: feature_group_count equal to the input features.
// CHECK-LABEL: func.func @conv_depthwise
func.func @conv_depthwise(%x: tensor<1x5x5x3xf32>, %k: tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// batch_group_count > 1 (the weight gradient of a grouped convolution): the
// result batch is the input batch divided by the groups.
// CHECK-LABEL: func.func @conv_batch_groups
func.func @conv_batch_groups(%x: tensor<4x5x2xf32>, %k: tensor<3x2x6xf32>) -> tensor<2x3x6xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = {{\[\[}}0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x5x2xf32>, tensor<3x2x6xf32>) -> tensor<2x3x6xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x5x2xf32>, tensor<3x2x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// Window reversal (flipped kernel) on every spatial dimension.
// CHECK-LABEL: func.func @conv_window_reversal
func.func @conv_window_reversal(%x: tensor<1x4x4x1xf32>, %k: tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>
  return %0 : tensor<1x3x3x1xf32>
}

// The layouts of JAX's weight gradient: the batch is contracted (input `f`
// and kernel `i` are the batch dimensions) and the output is [0, 1, b, f].
// CHECK-LABEL: func.func @conv_weight_gradient_layout
func.func @conv_weight_gradient_layout(%arg0: tensor<2x6x6x3xf32>, %arg1: tensor<2x6x6x4xf32>) -> tensor<3x3x3x4xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x6x6x3xf32>, tensor<2x6x6x4xf32>) -> tensor<3x3x3x4xf32>
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x6x6x3xf32>, tensor<2x6x6x4xf32>) -> tensor<3x3x3x4xf32>
  return %0 : tensor<3x3x3x4xf32>
}

// Spatial dimensions in a permuted order: spatial dimension 0 of the input
// is its last dimension.
// CHECK-LABEL: func.func @conv_permuted_spatial
func.func @conv_permuted_spatial(%x: tensor<1x2x8x5xf32>, %k: tensor<3x2x2x4xf32>) -> tensor<1x6x4x4xf32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 1, 0]x[1, 0, i, o]->[b, 1, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x5xf32>, tensor<3x2x2x4xf32>) -> tensor<1x6x4x4xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 1, 0]x[1, 0, i, o]->[b, 1, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x5xf32>, tensor<3x2x2x4xf32>) -> tensor<1x6x4x4xf32>
  return %0 : tensor<1x6x4x4xf32>
}

// No spatial dimensions (a matrix product), an empty window, and mixed
// element types (bf16 inputs, f32 result: preferred_element_type).
// CHECK-LABEL: func.func @conv_no_spatial
func.func @conv_no_spatial(%a: tensor<3x5xbf16>, %b: tensor<5x7xbf16>) -> (tensor<3x7xf32>, tensor<3x7xf32>) {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f]x[i, o]->[b, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x5xbf16>, tensor<5x7xbf16>) -> tensor<3x7xf32>
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x5xbf16>, tensor<5x7xbf16>) -> tensor<3x7xf32>
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f]x[i, o]->[b, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x5xbf16>, tensor<5x7xbf16>) -> tensor<3x7xf32>
  %1 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x5xbf16>, tensor<5x7xbf16>) -> tensor<3x7xf32>
  return %0, %1 : tensor<3x7xf32>, tensor<3x7xf32>
}

// Integer convolution, as jax.lax.conv_general_dilated prints it for int8
// with preferred_element_type=int32.
// CHECK-LABEL: func.func @conv_int8
func.func @conv_int8(%x: tensor<1x4x1xi8>, %k: tensor<2x1x1xi8>) -> tensor<1x3x1xi32> {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xi8>, tensor<2x1x1xi8>) -> tensor<1x3x1xi32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xi8>, tensor<2x1x1xi8>) -> tensor<1x3x1xi32>
  return %0 : tensor<1x3x1xi32>
}

// The generic form, with #stablehlo.conv and a splat padding, prints in the
// compact form (only the window fields that are present).
// CHECK-LABEL: func.func @conv_generic
func.func @conv_generic(%x: tensor<1x4x6x6xf32>, %k: tensor<6x2x2x2xf32>) -> (tensor<1x6x5x6xf32>, tensor<1x6x3x3xf32>) {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = {{\[\[}}1, 0], [0, 2]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x5x6xf32>
  %0 = "stablehlo.convolution"(%x, %k) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 2>}> : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x5x6xf32>
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = {{\[\[}}0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x3x3xf32>
  %1 = "stablehlo.convolution"(%x, %k) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x2xi64>}> : (tensor<1x4x6x6xf32>, tensor<6x2x2x2xf32>) -> tensor<1x6x3x3xf32>
  return %0, %1 : tensor<1x6x5x6xf32>, tensor<1x6x3x3xf32>
}
