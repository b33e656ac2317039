// Convolution on the GPU: one thread per output element (batch, row,
// column, output feature, the feature varying fastest), the window and input
// features as sequential loops accumulating in a register. Padding is read
// implicitly: one kernel per cell of outputs with the same window taps.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// 1x6x6x4 = 144 outputs in one block of 256 threads.
// CHECK-LABEL: func.func @conv
// CHECK: gpu.launch
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %c256,
// CHECK: arith.cmpi ult, %[[ID:.*]], %c144_i32
// CHECK: %[[F:.*]] = arith.remui %[[ID]], %[[C4:.*]] : i32
// CHECK: %[[Q:.*]] = arith.divui %[[ID]], %[[C4]] : i32
// CHECK: %[[FX:.*]] = arith.index_castui %[[F]] : i32 to index
// CHECK: %[[COL:.*]] = arith.remui %[[Q]], %[[C6:.*]] : i32
// CHECK: %[[ROW:.*]] = arith.divui %[[Q]], %[[C6]] : i32
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%{{.*}}, %[[R:.*]], %[[C:.*]], %[[FX]]] : memref<1x6x6x4xf32>
// CHECK: scf.for %[[KH:.*]] = {{.*}} iter_args
// CHECK: scf.for %[[KW:.*]] = {{.*}} iter_args
// CHECK: scf.for %[[CI:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: %[[IH:.*]] = affine.apply #{{.*}}(%[[R]], %[[KH]])
// CHECK: %[[IW:.*]] = affine.apply #{{.*}}(%[[C]], %[[KW]])
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[IH]], %[[IW]], %[[CI]]] : memref<1x8x8x3xf32>
// CHECK: %[[W:.*]] = memref.load %{{.*}}[%[[KH]], %[[KW]], %[[CI]], %[[FX]]] : memref<3x3x3x4xf32>
// CHECK: arith.mulf %[[X]], %[[W]]
// CHECK: arith.addf %[[ACC]]
// CHECK: memref.store %{{.*}}, %[[OUT]][%{{.*}}, %[[R]], %[[C]], %[[FX]]] : memref<1x6x6x4xf32>

// Stride 2 with padding: no padded copy. The output is zero-filled (from a
// private copy of the zero), then each cell of outputs whose windows reach
// the input with the same kernel taps (corners, edges, interior) is one
// kernel over its subview of the output, reading the unpadded input and a
// subview of the kernel (its taps).
// CHECK-LABEL: func.func @strided_padded
// CHECK-NOT: memref<2x11x11x2xf32>
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %arg2[
// CHECK: %[[K00:.*]] = memref.subview %arg1[1, 1, 0, 0] [2, 2, 2, 5]
// CHECK: %[[CORNER:.*]] = memref.subview %arg2[0, 0, 0, 0] [2, 1, 1, 5]
// CHECK: gpu.launch
// CHECK: memref.load %arg0[
// CHECK: memref.load %[[K00]][
// CHECK: memref.store %{{.*}}, %[[CORNER]][
// CHECK: %[[INTERIOR:.*]] = memref.subview %arg2[0, 1, 1, 0] [2, 3, 3, 5]
// CHECK: gpu.launch
// CHECK: affine.apply
// CHECK: memref.load %arg0[
// CHECK: memref.load %arg1[
// CHECK: memref.store %{{.*}}, %[[INTERIOR]][

// PTX: .visible .entry conv_kernel(
// PTX: .visible .entry conv_kernel(
// PTX: fma.rn.f32
// PTX-COUNT-10: // gpu.binary @strided_padded_kernel
// PTX: fma.rn.f32

func.func @conv(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}
func.func @strided_padded(%x: tensor<2x9x9x2xf32>, %w: tensor<3x3x2x5xf32>) -> tensor<2x5x5x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x9x2xf32>, tensor<3x3x2x5xf32>) -> tensor<2x5x5x5xf32>
  return %0 : tensor<2x5x5x5xf32>
}
