// RUN: xla-opt %s --stablehlo-legalize-to-linalg --xla-reassociate-reductions | FileCheck %s

// The accumulation of a float reduction may be reordered (so LLVM can
// vectorize it); nothing else gets fast-math flags.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
func.func @row_sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// The product feeding the accumulation may become an FMA.
// CHECK-LABEL: func.func @matmul
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// Element-wise ops keep strict semantics.
// CHECK-LABEL: func.func @elementwise
// CHECK-NOT: fastmath
// CHECK: return
func.func @elementwise(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.multiply %0, %b : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Integer and max reductions are left alone.
// CHECK-LABEL: func.func @int_and_max
// CHECK-NOT: fastmath
// CHECK: return
func.func @int_and_max(%x: tensor<4x8xi32>, %y: tensor<4x8xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = stablehlo.reduce(%y init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}
