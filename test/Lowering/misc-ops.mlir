// map → linalg.generic with the computation inlined; broadcast and dot
// become broadcast_in_dim and dot_general (then linalg); composite becomes
// a call of its decomposition.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @map
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xf32>, %[[B:.*]]: tensor<2x2xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[E]] : tensor<2x2xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[C:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %[[C]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
// CHECK-NOT: stablehlo.
func.func @map(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    %s = stablehlo.add %m, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// The new dimensions lead: operand dimension 0 is result dimension 2.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<3xi32>) outs(%{{.*}} : tensor<2x5x3xi32>)
func.func @broadcast(%x: tensor<3xi32>) -> tensor<2x5x3xi32> {
  %r = stablehlo.broadcast %x, sizes = [2, 5] : (tensor<3xi32>) -> tensor<2x5x3xi32>
  return %r : tensor<2x5x3xi32>
}

// -----

// Matrix-vector: the last dimension of lhs (d1) is contracted with rhs's first.
// CHECK-DAG: #[[$L:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$R:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @dot
// CHECK: linalg.generic {indexing_maps = [#[[$L]], #[[$R]], #[[$O]]], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @dot(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %r = stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Vector-vector: a rank-0 result, one reduction loop.
// CHECK-DAG: #[[$V:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$S:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @dot_vectors
// CHECK: linalg.generic {indexing_maps = [#[[$V]], #[[$V]], #[[$S]]], iterator_types = ["reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<i32>)
// CHECK: arith.muli
// CHECK: arith.addi
func.func @dot_vectors(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<i32> {
  %r = stablehlo.dot %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

// CHECK-LABEL: func.func private @twice
// CHECK-LABEL: func.func @composite
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]] = call @twice(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.add %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @composite(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.composite "test.twice" %x {composite_attributes = {k = 2 : i64}, decomposition = @twice, version = 1 : i32}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
