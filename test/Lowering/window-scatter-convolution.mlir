// RUN: xla-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// FileCheck tests of the lowering of the window and scatter families (their
// values are checked by the execution tests; these pin the structure).
// Convolution with padding: no padded copy of the input. The result is
// zero-filled once (from a private copy of the zero scalar), then split
// into cells whose windows reach the input with the same kernel taps: each
// cell is one linalg.generic over its slice of the result, reading the
// unpadded input at a constant offset and a slice of the kernel (the
// stride multiplies the output index in the input's map; the window and
// input features are reduction loops).
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d3, d2 * 2 + d4, d5)>
// CHECK-DAG: #[[KERNEL:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-DAG: #[[INNER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d3 + 1, d2 * 2 + d4 + 1, d5)>
// CHECK-LABEL: func.func @conv(
// CHECK-NOT: tensor<1x10x10x4xf32>
// The zero fill reads the scalar constant; a unique xla.unshared attribute
// keeps CSE from merging it with another op's fill.
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: %[[SCALAR:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[ZERO:.*]] = linalg.generic {{.*}} ins(%[[SCALAR]] : tensor<f32>) outs(%{{.*}} : tensor<1x4x4x6xf32>) attrs = {xla.unshared = {{[0-9]+}} : i64}
// The corner output (0, 0): kernel taps 1..2 in both dims, input from (0, 0).
// CHECK: %[[K00:.*]] = tensor.extract_slice %arg1[1, 1, 0, 0] [2, 2, 4, 6] [1, 1, 1, 1]
// CHECK: %[[C00:.*]] = tensor.extract_slice %[[ZERO]][0, 0, 0, 0] [1, 1, 1, 6] [1, 1, 1, 1]
// CHECK: %[[R00:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[KERNEL]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%arg0, %[[K00]] : tensor<1x8x8x4xf32>, tensor<2x2x4x6xf32>) outs(%[[C00]] : tensor<1x1x1x6xf32>)
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: tensor.insert_slice %[[R00]] into %[[ZERO]][0, 0, 0, 0] [1, 1, 1, 6] [1, 1, 1, 1]
// The interior (outputs 1..3 in both dims): the whole kernel, input from (1, 1).
// CHECK: %[[CIN:.*]] = tensor.extract_slice %{{.*}}[0, 1, 1, 0] [1, 3, 3, 6] [1, 1, 1, 1]
// CHECK: %[[RIN:.*]] = linalg.generic {indexing_maps = [#[[INNER]], #[[KERNEL]], #[[OUT]]], {{.*}} ins(%arg0, %arg1 : tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) outs(%[[CIN]] : tensor<1x3x3x6xf32>)
// CHECK: %[[LAST:.*]] = tensor.insert_slice %[[RIN]] into %{{.*}}[0, 1, 1, 0] [1, 3, 3, 6] [1, 1, 1, 1]
// CHECK-NEXT: return %[[LAST]]
func.func @conv(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----
// Input (lhs) dilation: the input is still copied with zeros between its
// elements (an insert_slice striding by 2), but without the edge padding,
// which is implicit (two cells: the first output's window reaches the
// input with kernel tap 1 only); kernel (rhs) dilation: the window index
// is scaled by 2; two feature groups: the input feature comes from the
// output feature's group.
// CHECK-DAG: #[[GIN0:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d2 * 2 + 1, (d4 floordiv 2) * 2 + d3)>
// CHECK-DAG: #[[GIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d2 * 2, (d4 floordiv 2) * 2 + d3)>
// CHECK-LABEL: func.func @conv_dilated_grouped(
// CHECK: %[[DILATED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0, 0] [1, 5, 4] [1, 2, 1] : tensor<1x5x4xf32> into tensor<1x9x4xf32>
// CHECK: %[[K1:.*]] = tensor.extract_slice %arg1[1, 0, 0] [1, 2, 4] [1, 1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[GIN0]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel"]} ins(%[[DILATED]], %[[K1]] :
// CHECK: linalg.generic {indexing_maps = [#[[GIN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel"]} ins(%[[DILATED]], %arg1 :
func.func @conv_dilated_grouped(%x: tensor<1x5x4xf32>, %w: tensor<2x2x4xf32>) -> tensor<1x8x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[1, 0]], lhs_dilate = [2], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x5x4xf32>, tensor<2x2x4xf32>) -> tensor<1x8x4xf32>
  return %0 : tensor<1x8x4xf32>
}

// -----
// reduce_window with padding whose init is the identity of the body (-inf
// for max): no padded copy. The result is filled with the init, then each
// cell of outputs whose windows reach the same taps is reduced over its
// slice, the window positions as reduction loops over strided input
// indices at a constant offset; a slice of the input (never read) gives the
// window loops their extents.
// CHECK-DAG: #[[FIRST:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 2 + d3)>
// CHECK-DAG: #[[REST:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 2 + d3 + 1)>
// CHECK-LABEL: func.func @reduce_window(
// CHECK-NOT: tensor<4x7xf32>
// CHECK: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: %[[FILLED:.*]] = linalg.generic {{.*}} ins(%[[NINF]] : tensor<f32>) outs(%{{.*}} : tensor<2x3xf32>) attrs = {xla.unshared = {{[0-9]+}} : i64}
// CHECK: %[[W0:.*]] = tensor.extract_slice %arg0[0, 0] [2, 2] [1, 1] : tensor<4x6xf32> to tensor<2x2xf32>
// CHECK: %[[OUT0:.*]] = tensor.extract_slice %[[FILLED]][0, 0] [2, 1] [1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[FIRST]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %[[W0]] : tensor<4x6xf32>, tensor<2x2xf32>) outs(%[[OUT0]] : tensor<2x1xf32>)
// CHECK: llvm.intr.maximum
// CHECK: %[[W1:.*]] = tensor.extract_slice %arg0[0, 0] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[REST]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %[[W1]] : tensor<4x6xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<2x2xf32>)
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

