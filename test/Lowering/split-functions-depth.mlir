// RUN: xla-opt --split-functions-max-depth 2 --xla-split-large-functions %s | FileCheck %s
// RUN: xla-opt --xla-split-large-functions %s | FileCheck %s --check-prefix=DEFAULT

// xla-split-large-functions' depth cut (--split-functions-max-depth): a
// control-flow body whose operations nest deeper than the limit is outlined
// whole, bottom-up, so no function nests much deeper; the default limit
// (16) leaves this nest alone.

// CHECK-LABEL: func.func @nest(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @nest_split0(%arg1, %arg2, %arg0) {no_inline} : (memref<4xf32>, memref<4xf32>, i1) -> ()
// CHECK-NEXT: }
// CHECK: func.func private @nest_split0(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: i1) attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: memref.copy %arg0, %arg1
// DEFAULT-NOT: _split
func.func @nest(%p: i1, %x: memref<4xf32>, %y: memref<4xf32>) {
  scf.if %p {
    scf.if %p {
      scf.if %p {
        memref.copy %x, %y : memref<4xf32> to memref<4xf32>
      }
    }
  }
  return
}

// A linalg payload is never cut, however deep.
// CHECK-LABEL: func.func @payload(
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @payload(%p: i1, %x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%e: f32, %o: f32):
    %r = scf.if %p -> f32 {
      %s = scf.if %p -> f32 {
        %n = arith.negf %e : f32
        scf.yield %n : f32
      } else {
        scf.yield %e : f32
      }
      scf.yield %s : f32
    } else {
      scf.yield %o : f32
    }
    linalg.yield %r : f32
  }
  return
}
