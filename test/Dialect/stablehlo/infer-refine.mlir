// Declared result types against the inferred ones (ShapeInference.cpp): a
// declared type may be more static than the inferred one (a size where the
// operands leave `?`), or less static, but never contradict it.
// RUN: xla-opt %s | FileCheck %s

// CHECK-LABEL: func.func @refine
func.func @refine(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>, %c: tensor<?xf32>,
                  %l: tensor<2x?xf32>, %r: tensor<?x5xf32>, %p: tensor<i1>)
    -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x5xf32>, tensor<?x?xf32>,
        tensor<6xf32>, tensor<7xf32>, tensor<4xf32>, tensor<2x3xf32>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.add %a, %b : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  // Inferred tensor<3x?xf32>; declared static.
  // CHECK: stablehlo.transpose
  %1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<?x3xf32>) -> tensor<3x2xf32>
  // Inferred tensor<2x5xf32> with the contracting sizes unknown.
  // CHECK: stablehlo.dot_general
  %2 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x?xf32>, tensor<?x5xf32>) -> tensor<2x5xf32>
  // Declared less static than inferred (tensor<2x3xf32>).
  // CHECK: stablehlo.multiply
  %3 = stablehlo.multiply %0, %0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  // concatenate of a `?` input: the sum is `?`.
  // CHECK: stablehlo.concatenate
  %4 = stablehlo.concatenate %c, %c, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<6xf32>
  // pad of a `?` dimension is `?`.
  // CHECK: stablehlo.pad
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %5 = stablehlo.pad %c, %zero, low = [1], high = [2], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<7xf32>
  // CHECK: stablehlo.dynamic_slice
  %i = stablehlo.constant dense<0> : tensor<i32>
  %6 = stablehlo.dynamic_slice %c, %i, sizes = [4] : (tensor<?xf32>, tensor<i32>) -> tensor<4xf32>
  // CHECK: stablehlo.select
  %7 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x5xf32>, tensor<?x?xf32>,
      tensor<6xf32>, tensor<7xf32>, tensor<4xf32>, tensor<2x3xf32>
}
