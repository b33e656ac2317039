// RUN: xla-opt --xla-share-kernels %s | FileCheck %s
// RUN: xla-opt --xla-share-kernels %s | xla-opt | FileCheck %s
// RUN: xla-opt --share-kernels-min-copies 3 --xla-share-kernels %s | FileCheck %s --check-prefix=THREE

// xla-share-kernels: linalg ops on buffers that compute the same thing (op,
// attributes, body, operand types, equal constants, the same pattern of
// values used from outside) become one private noinline function each,
// called in their place; ops that occur once stay.

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @shared(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>, %[[B:[a-z0-9]+]]: memref<4xf32>, %[[C:[a-z0-9]+]]: memref<4xf32>, %[[D:[a-z0-9]+]]: memref<4xf32>
// Two identical adds: one kernel, called with each op's buffers.
// CHECK: call @__xla_kernel0(%[[A]], %[[B]], %[[C]]) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: call @__xla_kernel0(%[[C]], %[[B]], %[[D]])
// The same add in place (one buffer read and written: another pattern of
// outside values) occurs once and stays.
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[D]], %[[B]] : {{.*}}) outs(%[[D]] : memref<4xf32>)
// Scaling by the captured constant 2.0 twice: shared, the constant cloned
// into the kernel; by 3.0 once: kept.
// CHECK: call @__xla_kernel1(%[[A]], %[[C]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: call @__xla_kernel1(%[[B]], %[[D]])
// CHECK-NEXT: linalg.generic
// CHECK: arith.mulf %{{.*}}, %[[CST3:.*]] : f32
// CHECK: return
// THREE-LABEL: func.func @shared(
// THREE-NOT: call @
// THREE: return
func.func @shared(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %d: memref<4xf32>) {
  %cst = arith.constant 2.0 : f32
  %cst3 = arith.constant 3.0 : f32
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%c, %b : memref<4xf32>, memref<4xf32>) outs(%d : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%d, %b : memref<4xf32>, memref<4xf32>) outs(%d : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %cst : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%b : memref<4xf32>) outs(%d : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %cst : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%b : memref<4xf32>) outs(%d : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %cst3 : f32
    linalg.yield %s : f32
  }
  return
}

// A value the body captures that is not a constant (a scalar loaded in a
// loop) becomes an argument; the same op in another function and inside a
// loop body shares the kernel; an op on another type does not.
// CHECK-LABEL: func.func @captured(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[Y:[a-z0-9]+]]: memref<4xf32>, %[[S:[a-z0-9]+]]: memref<f32>
// CHECK: %[[V:.*]] = memref.load %[[S]][]
// CHECK: call @__xla_kernel2(%[[X]], %[[Y]], %[[V]]) : (memref<4xf32>, memref<4xf32>, f32) -> ()
// CHECK: scf.for
// CHECK: %[[W:.*]] = memref.load %[[S]][]
// CHECK: call @__xla_kernel2(%[[Y]], %[[X]], %[[W]])
// CHECK-LABEL: func.func @elsewhere(
// CHECK: call @__xla_kernel2(
// CHECK-NOT: call
// CHECK: linalg.generic {{.*}} memref<4xf64>
// THREE-LABEL: func.func @captured(
// THREE: call @__xla_kernel0(
// THREE: call @__xla_kernel0(
func.func @captured(%x: memref<4xf32>, %y: memref<4xf32>, %s: memref<f32>) {
  %v = memref.load %s[] : memref<f32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%e: f32, %o: f32):
    %r = arith.subf %e, %v : f32
    linalg.yield %r : f32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %w = memref.load %s[] : memref<f32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%y : memref<4xf32>) outs(%x : memref<4xf32>) {
    ^bb0(%e: f32, %o: f32):
      %r = arith.subf %e, %w : f32
      linalg.yield %r : f32
    }
  }
  return
}
func.func @elsewhere(%x: memref<4xf32>, %y: memref<4xf32>, %v: f32, %p: memref<4xf64>, %q: memref<4xf64>, %u: f64) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%e: f32, %o: f32):
    %r = arith.subf %e, %v : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%p : memref<4xf64>) outs(%q : memref<4xf64>) {
  ^bb0(%e: f64, %o: f64):
    %r = arith.subf %e, %u : f64
    linalg.yield %r : f64
  }
  return
}

// The kernels: private, noinline, each holding a clone of its op (and the
// constants it uses).
// CHECK: func.func private @__xla_kernel0(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) attributes {passthrough = ["noinline"]}
// CHECK-NEXT: linalg.generic
// CHECK: arith.addf
// CHECK: func.func private @__xla_kernel1(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) attributes {passthrough = ["noinline"]}
// CHECK-NEXT: arith.constant 2.000000e+00 : f32
// CHECK-NEXT: linalg.generic
// CHECK: func.func private @__xla_kernel2(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: f32) attributes {passthrough = ["noinline"]}
// CHECK-NEXT: linalg.generic
// CHECK: arith.subf
// CHECK-NOT: func.func private
