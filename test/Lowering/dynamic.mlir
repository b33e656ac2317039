// Dynamic-shape ops with static types lower as their static counterparts.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// The shape operand only repeats the result type: a plain reshape.
// CHECK-LABEL: func.func @dynamic_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %{{.*}}: tensor<2xi64>)
// CHECK-NEXT: %[[R:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @dynamic_reshape(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<2x3xf32> {
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_broadcast_in_dim
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #[[$ID]]]
// CHECK-SAME: ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
func.func @dynamic_broadcast_in_dim(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<2x3xf32> {
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_iota
// CHECK: linalg.generic
// CHECK: linalg.index 0 : index
// CHECK: arith.index_cast %{{.*}} : index to i32
func.func @dynamic_iota(%s: tensor<1xi32>) -> tensor<4xi32> {
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// Constant paddings become pad's attributes: low 1, interior 1.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: %[[F:.*]] = linalg.generic
// CHECK: tensor.insert_slice %{{.*}} into %[[F]][1] [3] [2] : tensor<3xf32> into tensor<6xf32>
func.func @dynamic_pad(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  %lo = stablehlo.constant dense<1> : tensor<1xi64>
  %hi = stablehlo.constant dense<0> : tensor<1xi64>
  %in = stablehlo.constant dense<1> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in
         : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @get_dimension_size
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<5> : tensor<i32>
// CHECK-NEXT: return %[[C]] : tensor<i32>
func.func @get_dimension_size(%x: tensor<2x5xf32>) -> tensor<i32> {
  %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x5xf32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @set_dimension_size
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: return %[[X]] : tensor<4xf32>
func.func @set_dimension_size(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.constant dense<4> : tensor<i32>
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The slice sizes (here a function argument) come from the result type.
// CHECK-LABEL: func.func @dynamic_gather
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK-NOT: stablehlo.
func.func @dynamic_gather(%x: tensor<3x2xi32>, %i: tensor<3x1xi32>, %sizes: tensor<2xi32>) -> tensor<3x2xi32> {
  %r = "stablehlo.dynamic_gather"(%x, %i, %sizes) <{dimension_numbers = #stablehlo.gather<
         offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}>
         : (tensor<3x2xi32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// -----

// The padding (1 on each side) as the convolution's: no padded copy; the
// first and last outputs read one kernel tap, the four others both.
// CHECK-LABEL: func.func @dynamic_conv
// CHECK-NOT: tensor<1x7x1xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel"]}
// CHECK-SAME: ins(%arg0, %{{.*}} : tensor<1x5x1xf32>, tensor<1x1x1xf32>) outs(%{{.*}} : tensor<1x1x1xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel"]}
// CHECK-SAME: ins(%arg0, %arg1 : tensor<1x5x1xf32>, tensor<2x1x1xf32>) outs(%{{.*}} : tensor<1x4x1xf32>)
// CHECK-NOT: stablehlo.
func.func @dynamic_conv(%x: tensor<1x5x1xf32>, %k: tensor<2x1x1xf32>) -> tensor<1x6x1xf32> {
  %pad = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %r = "stablehlo.dynamic_conv"(%x, %k, %pad) <{batch_group_count = 1 : i64,
         dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}>
         : (tensor<1x5x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  return %r : tensor<1x6x1xf32>
}
