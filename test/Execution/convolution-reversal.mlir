// Convolution with window reversal (`reverse = [true, ...]` in the window),
// executed with xla-run. Kept apart from convolution.mlir because xla-run
// compiles the whole module, so one function that fails to compile fails
// every case in the file. Expected values: jax.lax.conv_general_dilated
// with the kernel flipped along the reversed dimensions (window reversal
// makes the op a true convolution rather than a correlation).
//
// BUG: every case here fails to compile: the linalg lowering of a reversed
// window emits a linalg.generic whose kernel indexing map uses -d + (k-1),
// and the verifier rejects it ("invalid indexing maps are non-invertible").

// Window reversal flips the kernel: a true convolution, same as correlating with [-1,2,1].
// BUG: compile error (non-invertible linalg indexing map), see the header.
// RUN: xla-run %s --entry conv1d_reverse --input '1x1x5xf32=[1,2,3,4,5]' \
// RUN:   --input '1x1x3xf32=[1,2,-1]' | FileCheck %s --check-prefix=CONV1D-REVERSE
// CONV1D-REVERSE: result[0]: tensor<1x1x3xf32> = {{\[\[\[}}6, 8, 10]]]
func.func @conv1d_reverse(%lhs: tensor<1x1x5xf32>, %rhs: tensor<1x1x3xf32>) -> tensor<1x1x3xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0],
         window = {reverse = [true]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  return %r : tensor<1x1x3xf32>
}

// 2-D window reversal in both spatial dimensions, NHWC/HWIO, 1 -> 2 features.
// BUG: compile error (non-invertible linalg indexing map), see the header.
// RUN: xla-run %s --entry conv2d_reverse --input '1x3x4x1xf32=[-3,2,-3,1,-2,-1,0,1,-3,-1,-2,0]' \
// RUN:   --input '2x2x1x2xf32=[-2,2,2,3,-3,-2,0,0]' | FileCheck %s --check-prefix=CONV2D-REVERSE
// CONV2D-REVERSE: result[0]: tensor<1x2x3x2xf32> = {{\[\[\[\[}}-8, -12], [7, 3], [-5, 0]], {{\[\[}}-1, -9], [2, -7], [-7, -8]]]]
func.func @conv2d_reverse(%lhs: tensor<1x3x4x1xf32>, %rhs: tensor<2x2x1x2xf32>) -> tensor<1x2x3x2xf32> {
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {reverse = [true, true]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x4x1xf32>, tensor<2x2x1x2xf32>) -> tensor<1x2x3x2xf32>
  return %r : tensor<1x2x3x2xf32>
}
