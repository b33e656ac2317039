// chlo-legalize-to-stablehlo on chlo.scan (a while loop over the scan
// dimension) and chlo.scaled_dot (dequantize, then dot_general).
// RUN: xla-opt %s --split-input-file --chlo-legalize-to-stablehlo | FileCheck %s --implicit-check-not=chlo.

// Reverse scan along dimension 1: the step counter t, the carry and the
// output accumulator are the loop state; element i = 3 - t is sliced out,
// the body runs on it, its output is written back at i.
// CHECK-LABEL: func.func @scan_reverse
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>, %[[C:.*]]: tensor<2xf32>)
// CHECK: %[[T0:.*]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK: %[[ACC0:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK: %[[W:.*]]:3 = stablehlo.while(%[[T:.*]] = %[[T0]], %[[CARRY:.*]] = %[[C]], %[[ACC:.*]] = %[[ACC0]]) : tensor<i64>, tensor<2xf32>, tensor<2x4xf32>
// CHECK: %[[N:.*]] = stablehlo.constant dense<4> : tensor<i64>
// CHECK: stablehlo.compare LT, %[[T]], %[[N]], SIGNED
// CHECK: } do {
// CHECK: %[[LAST:.*]] = stablehlo.constant dense<3> : tensor<i64>
// CHECK: %[[I:.*]] = stablehlo.subtract %[[LAST]], %[[T]] : tensor<i64>
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK: %[[SLICE:.*]] = stablehlo.dynamic_slice %[[X]], %[[Z]], %[[I]], sizes = [2, 1]
// CHECK: %[[E:.*]] = stablehlo.reshape %[[SLICE]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK: %[[S:.*]] = stablehlo.add %[[CARRY]], %[[E]] : tensor<2xf32>
// CHECK: %[[NEXT:.*]] = stablehlo.add %[[T]], %{{.*}} : tensor<i64>
// CHECK: %[[U:.*]] = stablehlo.reshape %[[S]] : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK: %[[ACC1:.*]] = stablehlo.dynamic_update_slice %[[ACC]], %[[U]], %[[Z]], %[[I]]
// CHECK: stablehlo.return %[[NEXT]], %[[S]], %[[ACC1]] : tensor<i64>, tensor<2xf32>, tensor<2x4xf32>
// CHECK: return %[[W]]#2, %[[W]]#1
func.func @scan_reverse(%x: tensor<2x4xf32>, %c: tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>) {
  %0:2 = chlo.scan(%x) inits(%c) dimension = 1 attributes {is_reverse = true} {
  ^bb0(%e: tensor<2xf32>, %a: tensor<2xf32>):
    %s = stablehlo.add %a, %e : tensor<2xf32>
    stablehlo.return %s, %s : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x4xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2xf32>
}

// -----

// Length 0: no loop; an empty output and the init as the carry.
// CHECK-LABEL: func.func @scan_empty
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xi32>, %[[C:.*]]: tensor<3xi32>)
// CHECK-NOT: stablehlo.while
// CHECK: %[[E:.*]] = stablehlo.constant dense<0> : tensor<0x3xi32>
// CHECK: return %[[E]], %[[C]]
func.func @scan_empty(%x: tensor<0x3xi32>, %c: tensor<3xi32>) -> (tensor<0x3xi32>, tensor<3xi32>) {
  %0:2 = chlo.scan(%x) inits(%c) dimension = 0 {
  ^bb0(%e: tensor<3xi32>, %a: tensor<3xi32>):
    %s = stablehlo.add %a, %e : tensor<3xi32>
    stablehlo.return %s, %s : tensor<3xi32>, tensor<3xi32>
  } : (tensor<0x3xi32>, tensor<3xi32>) -> (tensor<0x3xi32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<0x3xi32>, tensor<3xi32>
}

// -----

// lhs: f32 data, bf16 scales in blocks of 2 along the contraction: the
// product in f32 (the wider type), the scale broadcast to [2, 4, 2] and
// collapsed to lhs's shape. rhs: a scale per element, no broadcast.
// CHECK-LABEL: func.func @scaled_dot
// CHECK-SAME: (%[[L:.*]]: tensor<2x8xf32>, %[[LS:.*]]: tensor<2x4xbf16>, %[[R:.*]]: tensor<8x3xf32>, %[[RS:.*]]: tensor<8x3xf32>)
// CHECK: %[[LSW:.*]] = stablehlo.convert %[[LS]] : (tensor<2x4xbf16>) -> tensor<2x4xf32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[LSW]], dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x2xf32>
// CHECK: %[[BR:.*]] = stablehlo.reshape %[[B]] : (tensor<2x4x2xf32>) -> tensor<2x8xf32>
// CHECK: %[[LD:.*]] = stablehlo.multiply %[[L]], %[[BR]] : tensor<2x8xf32>
// CHECK: %[[RD:.*]] = stablehlo.multiply %[[R]], %[[RS]] : tensor<8x3xf32>
// CHECK: stablehlo.dot_general %[[LD]], %[[RD]], contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x3xf32>) -> tensor<2x3xf32>
func.func @scaled_dot(%l: tensor<2x8xf32>, %ls: tensor<2x4xbf16>, %r: tensor<8x3xf32>, %rs: tensor<8x3xf32>) -> tensor<2x3xf32> {
  %0 = "chlo.scaled_dot"(%l, %ls, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x8xf32>, tensor<2x4xbf16>, tensor<8x3xf32>, tensor<8x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// bf16 data with bf16 scales into f32: the products stay in bf16 (XLA's
// dequantization type), the dot converts them to the f32 result.
// Blocks on a free dimension too: a batch scale of [2, 1, 3] over [2, 4, 6].
// CHECK-LABEL: func.func @scaled_dot_bf16
// CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 1, 3] : (tensor<2x1x3xbf16>) -> tensor<2x1x4x3x2xbf16>
// CHECK: stablehlo.reshape %{{.*}} : (tensor<2x1x4x3x2xbf16>) -> tensor<2x4x6xbf16>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2x4x6xbf16>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2x6x5xbf16>
// CHECK: stablehlo.dot_general {{.*}} : (tensor<2x4x6xbf16>, tensor<2x6x5xbf16>) -> tensor<2x4x5xf32>
func.func @scaled_dot_bf16(%l: tensor<2x4x6xbf16>, %ls: tensor<2x1x3xbf16>, %r: tensor<2x6x5xbf16>, %rs: tensor<2x6x5xbf16>) -> tensor<2x4x5xf32> {
  %0 = "chlo.scaled_dot"(%l, %ls, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x4x6xbf16>, tensor<2x1x3xbf16>, tensor<2x6x5xbf16>, tensor<2x6x5xbf16>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}
