// xla-elide-result-copies: a result computed in a temporary of the entry
// block and only copied into its out-parameter at the end is computed in the
// out-parameter (what a loop updated in place leaves after bufferization),
// also when the result is a reshape (collapse/expand view) of it.
// RUN: xla-opt %s --xla-elide-result-copies | FileCheck %s

// CHECK-LABEL: func.func @loop_result
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<16x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<16x4xf32>)
// CHECK: scf.for
// CHECK: memref.subview %[[OUT]]
// CHECK-NOT: memref.copy {{.*}} to memref<16x4xf32>
// CHECK: return
func.func @loop_result(%x: memref<4xf32>, %out: memref<16x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<16x4xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<16x4xf32>)
  scf.for %i = %c0 to %c16 step %c1 {
    %row = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<16x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %x, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  }
  memref.copy %t, %out : memref<16x4xf32> to memref<16x4xf32>
  return
}

// The temporary is still read after the copy: kept.
// CHECK-LABEL: func.func @read_after
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: memref.copy %[[T]], %{{.*}}
// CHECK: memref.load %[[T]]
func.func @read_after(%out: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  %v = memref.load %t[%c0] : memref<4xf32>
  return %v : f32
}

// The out-parameter has another use (read before the copy): kept.
// CHECK-LABEL: func.func @target_used
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @target_used(%out: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %out[%c0] : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  return %v : f32
}

// A source that is not an allocation of this function (an input, a view of
// an allocation): kept.
// CHECK-LABEL: func.func @not_an_alloc
// CHECK: memref.copy %arg0, %arg1
// CHECK: %[[V:.*]] = memref.subview
// CHECK: memref.copy %[[V]], %arg2
func.func @not_an_alloc(%x: memref<4xf32>, %out: memref<4xf32>, %out2: memref<2xf32, strided<[1], offset: 2>>) {
  memref.copy %x, %out : memref<4xf32> to memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  %s = memref.subview %t[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.copy %s, %out2 : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: 2>>
  return
}

// A result returned reshaped (JAX's `x.T.reshape(2, 9)`): the temporary is
// copied into the out-parameter through collapse/expand views. The
// out-parameter itself, viewed with the temporary's shape, takes its place.
// CHECK-LABEL: func.func @reshaped_result
// CHECK-SAME: (%[[X:.*]]: memref<3x6xf32>, %[[OUT:.*]]: memref<2x9xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1]] : memref<2x9xf32> into memref<18xf32>
// CHECK-NEXT: %[[V:.*]] = memref.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [6, 3] : memref<18xf32> into memref<6x3xf32>
// CHECK-NEXT: linalg.transpose ins(%[[X]] : memref<3x6xf32>) outs(%[[V]] : memref<6x3xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
func.func @reshaped_result(%x: memref<3x6xf32>, %out: memref<2x9xf32>) {
  %t = memref.alloc() : memref<6x3xf32>
  linalg.transpose ins(%x : memref<3x6xf32>) outs(%t : memref<6x3xf32>) permutation = [1, 0]
  %flat = memref.collapse_shape %t [[0, 1]] : memref<6x3xf32> into memref<18xf32>
  %r = memref.expand_shape %flat [[0, 1]] output_shape [2, 9] : memref<18xf32> into memref<2x9xf32>
  memref.copy %r, %out : memref<2x9xf32> to memref<2x9xf32>
  return
}

// A 1-D result of a 2-D temporary: one view (expand) of the out-parameter.
// CHECK-LABEL: func.func @flattened_result
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<6xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[V:.*]] = memref.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[V]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @flattened_result(%x: memref<2x3xf32>, %out: memref<6xf32>) {
  %t = memref.alloc() : memref<2x3xf32>
  memref.copy %x, %t : memref<2x3xf32> to memref<2x3xf32>
  %r = memref.collapse_shape %t [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  memref.copy %r, %out : memref<6xf32> to memref<6xf32>
  return
}

// The reshaped view is used twice (also loaded from after): kept.
// CHECK-LABEL: func.func @reshape_read_after
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[R:.*]] = memref.collapse_shape %[[T]]
// CHECK: memref.copy %[[R]], %{{.*}}
// CHECK: memref.load %[[R]]
func.func @reshape_read_after(%out: memref<6xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<2x3xf32>
  %r = memref.collapse_shape %t [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  memref.copy %r, %out : memref<6xf32> to memref<6xf32>
  %v = memref.load %r[%c0] : memref<6xf32>
  return %v : f32
}
