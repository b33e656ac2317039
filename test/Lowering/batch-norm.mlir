// batch_norm_* → linalg.generic: per-feature reductions over every
// dimension but feature_index, element-wise maps with the feature vectors
// broadcast through (d...) -> (d_feature).
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$F:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @inference
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$F]], #[[$F]], #[[$F]], #[[$F]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: ^bb0(%[[X:.*]]: f32, %[[SCALE:.*]]: f32, %[[OFFSET:.*]]: f32, %[[MEAN:.*]]: f32, %[[VAR:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[VE:.*]] = arith.addf %[[VAR]], %{{.*}} : f32
// CHECK: %[[RS:.*]] = math.rsqrt %[[VE]] : f32
// CHECK: %[[S:.*]] = arith.mulf %[[SCALE]], %[[RS]] : f32
// CHECK: %[[MS:.*]] = arith.mulf %[[MEAN]], %[[S]] : f32
// CHECK: %[[SHIFT:.*]] = arith.subf %[[OFFSET]], %[[MS]] : f32
// CHECK: %[[XS:.*]] = arith.mulf %[[X]], %[[S]] : f32
// CHECK: %[[Y:.*]] = arith.addf %[[XS]], %[[SHIFT]] : f32
// CHECK: linalg.yield %[[Y]] : f32
// CHECK-NOT: stablehlo.
func.func @inference(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %y = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-03 : f32, feature_index = 1 : i64}>
         : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// Training: Σx, mean = Σx / N, Σ(x - mean)², var = Σ / N, then the output.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$F:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @training
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$F]]], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<4x3xf32>)
// CHECK: arith.addf
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<3xf32>)
// CHECK: arith.constant 4.000000e+00 : f32
// CHECK: arith.divf
// CHECK: %[[SQ:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$F]], #[[$F]]], iterator_types = ["reduction", "parallel"]} ins(%arg0, %[[MEAN]] : tensor<4x3xf32>, tensor<3xf32>)
// CHECK: %[[C:.*]] = arith.subf
// CHECK: arith.mulf %[[C]], %[[C]] : f32
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} ins(%[[SQ]] : tensor<3xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1, %arg2, %[[MEAN]], %[[VAR]] : {{.*}})
// CHECK: math.rsqrt
// CHECK: return %[[Y]], %[[MEAN]], %[[VAR]]
func.func @training(%x: tensor<4x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-03 : f32, feature_index = 1 : i64}>
         : (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %y, %m, %v : tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Grad: Σdy and Σdy·(x - mean) in one two-output reduction; grad_offset is Σdy.
// CHECK-LABEL: func.func @grad
// CHECK: %[[SUMS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0, %arg2, %arg4 : {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>)
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK: %[[DSCALE:.*]] = linalg.generic {{.*}} ins(%[[SUMS]]#1, %arg3 : tensor<3xf32>, tensor<3xf32>)
// CHECK: math.rsqrt
// CHECK: %[[DX:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1, %arg2, %arg3, %arg4, %[[SUMS]]#0, %[[SUMS]]#1 : {{.*}})
// CHECK: return %[[DX]], %[[DSCALE]], %[[SUMS]]#0
func.func @grad(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a, %b, %c = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %dy) <{epsilon = 1.0e-03 : f32, feature_index = 1 : i64}>
         : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %a, %b, %c : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}
