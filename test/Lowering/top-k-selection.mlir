// chlo.top_k with a small k is a selection, not a sort: rows are the
// iterations of an scf.forall, each works on its slices of the results:
// the first k indices insertion-sorted, then one pass over the rest in
// which an element enters (scf.if) only if its key beats the current worst;
// no stablehlo.sort, no all-pairs rank linalg.generic.
// RUN: xla-opt %s --chlo-legalize-to-stablehlo --stablehlo-legalize-to-linalg \
// RUN:   | FileCheck %s --implicit-check-not=stablehlo.sort --implicit-check-not=linalg.generic --implicit-check-not=chlo.

// Floats compare as integer keys: the bits, with the magnitude bits of
// negative values flipped (IEEE total order).
// CHECK-LABEL: func.func @top5_of_1000
// CHECK: scf.forall (%[[ROW:.*]]) in (512) shared_outs(%[[VALUES:.*]] = %{{.*}}, %[[INDICES:.*]] = %{{.*}}) -> (tensor<512x5xf32>, tensor<512x5xi32>)
// CHECK: tensor.extract_slice %[[VALUES]][%[[ROW]], %{{.*}}] [1, 5] [1, 1] : tensor<512x5xf32> to tensor<5xf32>
// CHECK: tensor.extract_slice %[[INDICES]][%[[ROW]], %{{.*}}] [1, 5] [1, 1] : tensor<512x5xi32> to tensor<5xi32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c5 step
// CHECK: scf.for %[[J:.*]] = %c5 to %c1000 step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[WORST:.*]] = %{{.*}}) -> (tensor<5xi32>, i32)
// CHECK-NEXT: %[[X:.*]] = tensor.extract %{{.*}}[%[[ROW]], %[[J]]] : tensor<512x1000xf32>
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[BITS]]
// CHECK: %[[MASK:.*]] = arith.shrui %[[SIGN]]
// CHECK-NEXT: %[[KEY:.*]] = arith.xori %[[BITS]], %[[MASK]] : i32
// CHECK-NEXT: %[[BETTER:.*]] = arith.cmpi sgt, %[[KEY]], %[[WORST]] : i32
// CHECK-NEXT: scf.if %[[BETTER]] -> (tensor<5xi32>, i32)
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[VALUES]][%[[ROW]], %{{.*}}] [1, 5] [1, 1] : tensor<5xf32> into tensor<512x5xf32>
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[INDICES]][%[[ROW]], %{{.*}}] [1, 5] [1, 1] : tensor<5xi32> into tensor<512x5xi32>
// CHECK: return
func.func @top5_of_1000(%x: tensor<512x1000xf32>) -> (tensor<512x5xf32>, tensor<512x5xi32>) {
  %v, %i = chlo.top_k(%x, k = 5) : tensor<512x1000xf32> -> (tensor<512x5xf32>, tensor<512x5xi32>)
  return %v, %i : tensor<512x5xf32>, tensor<512x5xi32>
}

// Unsigned integers compare unsigned, with no key transform.
// CHECK-LABEL: func.func @top3_ui32
// CHECK: scf.for %{{.*}} = %c3 to %c100 step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[WORST:.*]] = %{{.*}}) -> (tensor<3xi32>, i32)
// CHECK-NEXT: %[[X:.*]] = tensor.extract
// CHECK-NEXT: arith.cmpi ugt, %[[X]], %[[WORST]] : i32
// CHECK: return
func.func @top3_ui32(%x: tensor<2x100xui32>) -> (tensor<2x3xui32>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x100xui32> -> (tensor<2x3xui32>, tensor<2x3xi32>)
  return %v, %i : tensor<2x3xui32>, tensor<2x3xi32>
}
