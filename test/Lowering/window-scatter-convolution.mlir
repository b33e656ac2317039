// RUN: xla-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// FileCheck tests of the lowering of the window and scatter families (their
// values are checked by the execution tests; these pin the structure).
// Convolution: padding is an insert_slice into a zero-filled tensor, the
// stride multiplies the output index in the input's map, and the window
// and input features are reduction loops of one linalg.generic.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d3, d2 * 2 + d4, d5)>
// CHECK-DAG: #[[KERNEL:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-LABEL: func.func @conv(
// CHECK: %[[ZERO:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x10x10x4xf32>)
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %[[ZERO]][0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[KERNEL]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%[[PADDED]], %arg1
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
func.func @conv(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----
// Input (lhs) dilation: the insert_slice strides by 2; kernel (rhs)
// dilation: the window index is scaled by 2; two feature groups: the input
// feature comes from the output feature's group.
// CHECK: #[[GIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d2 * 2, (d4 floordiv 2) * 2 + d3)>
// CHECK-LABEL: func.func @conv_dilated_grouped(
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[0, 1, 0] [1, 5, 4] [1, 2, 1] : tensor<1x5x4xf32> into tensor<1x10x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[GIN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel"]}
func.func @conv_dilated_grouped(%x: tensor<1x5x4xf32>, %w: tensor<2x2x4xf32>) -> tensor<1x8x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[1, 0]], lhs_dilate = [2], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x5x4xf32>, tensor<2x2x4xf32>) -> tensor<1x8x4xf32>
  return %0 : tensor<1x8x4xf32>
}

// -----
// reduce_window: padding with the init value (-inf for max), the window
// positions as reduction loops over strided input indices; the index
// tensor only shapes the window loops.
// CHECK: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 2 + d3)>
// CHECK-LABEL: func.func @reduce_window(
// CHECK: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK: %[[FILLED:.*]] = linalg.generic {{.*}} ins(%[[NINF]] : tensor<f32>) outs(%{{.*}} : tensor<4x7xf32>)
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %[[FILLED]][0, 1] [4, 6] [1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[WIN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[PADDED]], %{{.*}} : tensor<4x7xf32>, tensor<2x3xindex>)
// CHECK: llvm.intr.maximum
func.func @reduce_window(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// scatter: one loop over the update elements (2 indices x 3 window
// elements), in order, carrying the result; an update whose window is out
// of bounds is skipped (select), an in-bounds one is combined with add.
// CHECK-LABEL: func.func @scatter(
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[C6]] step %{{.*}} iter_args(%[[ACC:.*]] = %arg0) -> (tensor<8x3xf32>)
// CHECK: %[[INDEX:.*]] = tensor.extract %arg1[
// CHECK: arith.index_cast %[[INDEX]] : i32 to index
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]][
// CHECK: %[[UPDATE:.*]] = tensor.extract %arg2[
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[UPDATE]] : f32
// CHECK: %[[NEW:.*]] = arith.select %{{.*}}, %[[SUM]], %[[OLD]] : f32
// CHECK: tensor.insert %[[NEW]] into %[[ACC]]
func.func @scatter(%x: tensor<8x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<8x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----
// select_and_scatter: per source element, a loop over its window that keeps
// the selected element (select(selected, candidate) true keeps it), then the
// source value is added at the selected position.
// CHECK-LABEL: func.func @select_and_scatter(
// CHECK: scf.for %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x4xf32>)
// CHECK: %[[SEL:.*]]:3 = scf.for %{{.*}} iter_args(%[[BEST:.*]] = %{{.*}}, %[[AT:.*]] = %{{.*}}, %[[SEEN:.*]] = %false) -> (f32, index, i1)
// CHECK: %[[CAND:.*]] = tensor.extract %arg0[
// CHECK: %[[KEEP:.*]] = arith.cmpf oge, %[[BEST]], %[[CAND]] : f32
// CHECK: arith.select %{{.*}}, %[[CAND]], %[[BEST]] : f32
// CHECK: scf.yield
// CHECK: %[[OLD:.*]] = tensor.extract %[[OUT]][
// CHECK: %[[SRC:.*]] = tensor.extract %arg1[
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[SRC]] : f32
// CHECK: arith.select %[[SEL]]#2, %[[SUM]], %[[OLD]] : f32
// CHECK: tensor.insert
func.func @select_and_scatter(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

