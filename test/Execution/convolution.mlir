// Convolution (XLA ConvGeneralDilated), executed with xla-run on inline
// inputs. Expected values were computed with jax.lax.conv_general_dilated
// (precision HIGHEST; window reversal as a convolution with the flipped
// kernel) and spot-checked by hand for the 1-D cases. Inputs are small
// integers, so every result is exact.

// 1-D, no padding: [1,2,3,4,5] correlated with [1,2,-1] (no kernel flip).
// RUN: xla-run %s --entry conv1d_valid --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-VALID
// CONV1D-VALID: result[0]: tensor<1x1x3xf32> = {{\[\[\[}}2, 4, 6]]]
func.func @conv1d_valid(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x3xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  return %r : tensor<1x1x3xf32>
}

// Zero padding (1 low, 2 high): the input is [0,1,2,3,4,5,0,0].
// RUN: xla-run %s --entry conv1d_pad --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-PAD
// CONV1D-PAD: result[0]: tensor<1x1x6xf32> = {{\[\[\[}}0, 2, 4, 6, 14, 5]]]
func.func @conv1d_pad(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x6xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {pad = [[1, 2]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x6xf32>
  return %r : tensor<1x1x6xf32>
}

// Stride 2: windows start at 0 and 2.
// RUN: xla-run %s --entry conv1d_stride --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-STRIDE
// CONV1D-STRIDE: result[0]: tensor<1x1x2xf32> = {{\[\[\[}}2, 6]]]
func.func @conv1d_stride(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {stride = [2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x2xf32>
  return %r : tensor<1x1x2xf32>
}

// lhs_dilation 2 (transposed convolution): the input is [1,0,2,0,3,0,4,0,5].
// RUN: xla-run %s --entry conv1d_lhs_dilation --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-LHS-DILATION
// CONV1D-LHS-DILATION: result[0]: tensor<1x1x7xf32> = {{\[\[\[}}-1, 4, -1, 6, -1, 8, -1]]]
func.func @conv1d_lhs_dilation(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x7xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {lhs_dilate = [2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x7xf32>
  return %r : tensor<1x1x7xf32>
}

// rhs_dilation 2 (atrous): the kernel is [1,0,2,0,-1], one window.
// RUN: xla-run %s --entry conv1d_rhs_dilation --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-RHS-DILATION
// CONV1D-RHS-DILATION: result[0]: tensor<1x1x1xf32> = {{\[\[\[}}2]]]
func.func @conv1d_rhs_dilation(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x1xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {rhs_dilate = [2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x1xf32>
  return %r : tensor<1x1x1xf32>
}

// Negative low padding removes an element: the input is [2,3,4,5,0].
// RUN: xla-run %s --entry conv1d_neg_pad --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-NEG-PAD
// CONV1D-NEG-PAD: result[0]: tensor<1x1x3xf32> = {{\[\[\[}}4, 6, 14]]]
func.func @conv1d_neg_pad(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x3xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {pad = [[-1, 1]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  return %r : tensor<1x1x3xf32>
}

// Batch 2, 3 -> 2 features, stride 2, padding (2, 1), lhs and rhs dilation 2;
// the output layout is [b, 0, f] (spatial before feature).
// RUN: xla-run %s --entry conv1d_mixed --input '2x3x7xf32=[1,-2,3,0,0,1,-2,3,-3,-2,3,-1,-1,-3,3,1,-3,1,-3,0,-1,3,0,1,1,2,-3,-3,2,-3,0,2,-3,-1,-3,-2,3,3,1,3,-2,0]' \
// RUN:   --input '2x3x3xf32=[0,-3,0,-3,-2,-3,-3,3,2,1,1,1,-1,-2,0,-3,2,1]' | FileCheck %s --check-prefix=CONV1D-MIXED
// CONV1D-MIXED: result[0]: tensor<2x6x2xf32> = {{\[\[\[}}11, 0], [-3, -5], [-15, 0], [9, 7], [-16, -9], [18, 10]], {{\[\[}}-4, -2], [21, 23], [2, 3], [2, -4], [-1, 5], [14, -12]]]
func.func @conv1d_mixed(%lhs: tensor<2x3x7xf32>, %rhs: tensor<2x3x3xf32>) -> tensor<2x6x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, 0, f],
         window = {stride = [2], pad = [[2, 1]], lhs_dilate = [2], rhs_dilate = [2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x7xf32>, tensor<2x3x3xf32>) -> tensor<2x6x2xf32>
  return %r : tensor<2x6x2xf32>
}

// 2-D, NHWC input, HWIO kernel, 2 -> 3 features, "same" padding of 1.
// RUN: xla-run %s --entry conv2d_nhwc --input '1x4x4x2xf32=[-3,2,1,0,-2,0,0,0,-2,0,0,1,0,-2,0,3,-2,2,-2,2,-2,-1,0,-1,-1,2,0,0,-1,-3,1,2]' \
// RUN:   --input '3x3x2x3xf32=[0,-2,-2,1,0,3,3,1,1,2,1,0,0,-3,1,0,-3,-1,-1,3,0,2,-1,0,2,1,1,2,-3,3,3,2,3,2,1,0,-2,-1,2,1,1,-2,-2,2,-1,-3,1,3,3,-1,1,3,-3,-1]' | FileCheck %s --check-prefix=CONV2D-NHWC
// CONV2D-NHWC: result[0]: tensor<1x4x4x3xf32> = {{\[\[\[\[}}8, -14, 7], [-2, -5, -4], [11, -9, -13], [-9, -5, 13]], {{\[\[}}-9, -11, 0], [0, 9, 13], [8, 6, -18], [8, -3, 8]], {{\[\[}}-12, -15, 2], [-8, 3, 0], [15, -31, -14], [-7, 3, 0]], {{\[\[}}0, -7, -1], [-4, 3, 4], [-7, 16, 2], [-2, -2, 8]]]]
func.func @conv2d_nhwc(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// 2-D, NCHW input, OIHW kernel, batch 2, 2 -> 3 features, stride 2, padding [[1,1],[0,1]].
// RUN: xla-run %s --entry conv2d_nchw --input '2x2x5x5xf32=[0,-1,3,1,-2,2,3,-1,-2,2,-2,3,1,-2,-3,1,3,2,-2,2,1,0,1,-2,0,3,-3,-2,2,2,3,0,1,-3,0,-2,1,1,2,1,2,-1,-2,3,0,0,-1,1,-3,2,0,2,-3,2,-2,2,-3,1,0,3,2,-2,-1,-3,-1,-3,3,-1,-2,-2,2,2,0,-2,3,-3,-3,-2,-2,3,-2,2,0,-1,-3,2,-1,-1,3,1,-1,0,1,-3,-2,1,-2,1,3,0]' \
// RUN:   --input '3x2x3x3xf32=[3,-1,1,-2,-3,-1,1,-3,-3,1,-2,3,-3,-1,-3,0,2,2,-3,-2,0,-1,-3,-3,1,2,1,0,2,-2,2,3,-1,1,-3,1,-1,-1,-3,3,3,3,2,0,-2,2,-3,0,-2,-1,-3,-2,0,0]' | FileCheck %s --check-prefix=CONV2D-NCHW
// CONV2D-NCHW: result[0]: tensor<2x3x3x2xf32> = {{\[\[\[\[}}-2, -16], [-16, 15], [-5, 0]], {{\[\[}}4, 7], [-14, 11], [-15, 0]], {{\[\[}}9, -6], [4, -7], [1, -27]]], {{\[\[\[}}27, -15], [-2, 9], [-25, -5]], {{\[\[}}-21, -6], [15, 21], [-12, 13]], {{\[\[}}18, -16], [-17, -26], [10, 18]]]]
func.func @conv2d_nchw(%lhs: tensor<2x2x5x5xf32>, %rhs: tensor<3x2x3x3xf32>) -> tensor<2x3x3x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
         window = {stride = [2, 2], pad = [[1, 1], [0, 1]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<2x3x3x2xf32>
  return %r : tensor<2x3x3x2xf32>
}

// feature_group_count = 2: input features {0,1} feed outputs {0,1}, {2,3} feed {2,3};
// the kernel has 4 / 2 = 2 input features.
// RUN: xla-run %s --entry conv1d_feature_groups --input '1x4x5xf32=[1,3,2,0,-2,2,3,3,1,0,1,-3,-2,-1,-1,-3,1,0,-2,-3]' \
// RUN:   --input '4x2x2xf32=[1,3,-2,3,-3,2,-1,1,1,1,1,0,-2,-1,-3,2]' | FileCheck %s --check-prefix=CONV1D-FEATURE-GROUPS
// CONV1D-FEATURE-GROUPS: result[0]: tensor<1x4x4xf32> = {{\[\[\[}}15, 12, -1, -8], [4, -5, -8, -5], [-5, -4, -3, -4], [12, 5, 1, 3]]]
func.func @conv1d_feature_groups(%lhs: tensor<1x4x5xf32>, %rhs: tensor<4x2x2xf32>) -> tensor<1x4x4xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {stride = [1]}
         {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x5xf32>, tensor<4x2x2xf32>) -> tensor<1x4x4xf32>
  return %r : tensor<1x4x4xf32>
}

// Depthwise 2-D (feature_group_count = number of input features = 2), NCHW.
// RUN: xla-run %s --entry conv2d_depthwise --input '1x2x3x3xf32=[-1,-2,3,-1,2,2,2,3,2,-3,-1,3,3,1,3,3,2,-1]' \
// RUN:   --input '2x1x2x2xf32=[1,3,-3,2,0,0,-3,3]' | FileCheck %s --check-prefix=CONV2D-DEPTHWISE
// CONV2D-DEPTHWISE: result[0]: tensor<1x2x2x2xf32> = {{\[\[\[\[}}0, 5], [5, 3]], {{\[\[}}-6, 6], [-3, -9]]]]
func.func @conv2d_depthwise(%lhs: tensor<1x2x3x3xf32>, %rhs: tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
         window = {stride = [1, 1]}
         {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}

// batch_group_count = 2: the batch of 2 splits into 2 groups; output features {0,1}
// use batch element 0 and {2,3} batch element 1 (output batch 2 / 2 = 1).
// RUN: xla-run %s --entry conv1d_batch_groups --input '2x3x5xf32=[1,2,-3,2,-2,1,3,3,3,-1,2,3,-2,3,-2,0,1,-3,0,2,3,1,-3,1,-2,2,-1,0,0,1]' \
// RUN:   --input '4x3x2xf32=[-3,2,0,2,2,2,3,0,3,2,-1,0,3,-2,-2,-3,1,-1,-1,0,0,-2,-1,-3]' | FileCheck %s --check-prefix=CONV1D-BATCH-GROUPS
// CONV1D-BATCH-GROUPS: result[0]: tensor<1x4x4xf32> = {{\[\[\[}}17, -4, 21, -10], [10, 18, 8, 10], [-8, 15, -6, -1], [-1, 6, 1, 1]]]
func.func @conv1d_batch_groups(%lhs: tensor<2x3x5xf32>, %rhs: tensor<4x3x2xf32>) -> tensor<1x4x4xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {stride = [1]}
         {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x3x5xf32>, tensor<4x3x2xf32>) -> tensor<1x4x4xf32>
  return %r : tensor<1x4x4xf32>
}

// Unusual layouts: input [f, b, 0], kernel [i, o, 0], output [0, f, b]; padding (1, 0),
// rhs dilation 2, batch 2, 3 -> 4 features.
// RUN: xla-run %s --entry conv1d_odd_layout --input '3x2x6xf32=[0,-1,1,-1,-3,-1,0,-2,1,2,1,2,3,1,-2,-3,-1,-3,3,-2,-2,-2,1,-3,3,-1,2,-1,3,1,1,-1,1,3,2,0]' \
// RUN:   --input '3x4x2xf32=[0,2,1,0,3,2,-1,-3,-1,3,-1,1,-3,0,-2,0,3,3,2,-2,-1,2,-1,-1]' | FileCheck %s --check-prefix=CONV1D-ODD-LAYOUT
// CONV1D-ODD-LAYOUT: result[0]: tensor<5x4x2xf32> = {{\[\[\[}}-2, -13], [3, 0], [-4, -6], [4, 7]], {{\[\[}}8, -1], [-3, -5], [-6, -6], [-14, -11]], {{\[\[}}-18, 6], [-5, -10], [-9, 11], [4, -2]], {{\[\[}}8, 16], [0, 2], [7, 14], [7, -3]], {{\[\[}}-8, 6], [-5, 7], [7, 13], [10, -7]]]
func.func @conv1d_odd_layout(%lhs: tensor<3x2x6xf32>, %rhs: tensor<3x4x2xf32>) -> tensor<5x4x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [f, b, 0]x[i, o, 0]->[0, f, b],
         window = {pad = [[1, 0]], rhs_dilate = [2]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x2x6xf32>, tensor<3x4x2xf32>) -> tensor<5x4x2xf32>
  return %r : tensor<5x4x2xf32>
}

// Integer convolution (i32), 2 -> 3 features, padding (0, 1).
// RUN: xla-run %s --entry conv1d_i32 --input '1x2x5xi32=[-1,1,0,1,-3,-1,-1,-3,-1,-3]' \
// RUN:   --input '3x2x2xi32=[-1,-3,2,1,-3,1,-2,1,1,2,-2,-3]' | FileCheck %s --check-prefix=CONV1D-I32
// CONV1D-I32: result[0]: tensor<1x3x5xi32> = {{\[\[\[}}-5, -6, -10, 3, -3], [5, -4, 6, -7, 15], [6, 12, 11, 6, 3]]]
func.func @conv1d_i32(%lhs: tensor<1x2x5xi32>, %rhs: tensor<3x2x2xi32>) -> tensor<1x3x5xi32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {pad = [[0, 1]]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5xi32>, tensor<3x2x2xi32>) -> tensor<1x3x5xi32>
  return %r : tensor<1x3x5xi32>
}
