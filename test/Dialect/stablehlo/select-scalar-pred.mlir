// Round trip of select with a scalar predicate (select_c1 allows pred to be
// a rank-0 tensor). Kept apart from ops.mlir so that a failure here does not
// hide the other round trips.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// A scalar predicate chooses a whole operand (select_c1).
// CHECK-LABEL: func.func @select_scalar_pred
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi32>)
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // CHECK: stablehlo.select %[[P]], %[[A]], %[[B]] : tensor<i1>, tensor<4xi32>
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<4xi32>
  return %0 : tensor<4xi32>
}


// CHECK-LABEL: func.func @select_scalar_pred_generic
func.func @select_scalar_pred_generic(%p: tensor<i1>, %a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<2x2xf32>
  %0 = "stablehlo.select"(%p, %a, %a) : (tensor<i1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// Lowering: the scalar predicate is read at every point (an empty-result map).
// RUN: xla-opt %s --stablehlo-legalize-to-linalg | FileCheck %s --check-prefix=LINALG
// LINALG-DAG: #[[$P:.*]] = affine_map<(d0) -> ()>
// LINALG-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// LINALG-LABEL: func.func @select_scalar_pred
// LINALG: linalg.generic {indexing_maps = [#[[$P]], #[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel"]}
// LINALG-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<4xi32>, tensor<4xi32>)
// LINALG: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32

// Execution: a scalar predicate chooses a whole operand.
// RUN: xla-run %s --entry select_scalar_pred --input i1=true --input '4xi32=[1,2,3,4]' --input '4xi32=[5,6,7,8]' | FileCheck %s --check-prefix=RUN-TRUE
// RUN-TRUE: result[0]: tensor<4xi32> = [1, 2, 3, 4]
// RUN: xla-run %s --entry select_scalar_pred --input i1=false --input '4xi32=[1,2,3,4]' --input '4xi32=[5,6,7,8]' | FileCheck %s --check-prefix=RUN-FALSE
// RUN-FALSE: result[0]: tensor<4xi32> = [5, 6, 7, 8]
