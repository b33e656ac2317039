// RUN: xla-opt --split-functions-max-loops 2 --xla-split-large-functions %s | FileCheck %s
// RUN: xla-opt --split-functions-max-loops 2 --xla-split-large-functions %s | xla-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: xla-opt --xla-split-large-functions %s | FileCheck %s --check-prefix=DEFAULT

// xla-split-large-functions' loop threshold (--split-functions-max-loops;
// 64 by default): a block holding more loops (linalg ops on buffers,
// scf/affine loops, nested ones counted) than the threshold is cut like one
// of too many operations, although every function here has far fewer than
// the 2000 operations of the op threshold. With the defaults nothing here
// is split.
// DEFAULT-NOT: _split
// DEFAULT-NOT: noinline

#id = affine_map<(d0) -> (d0)>

// Exactly at the threshold (2 loops): untouched.
// CHECK-LABEL: func.func @at_threshold(
// CHECK-NOT: call
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: return
func.func @at_threshold(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : memref<4xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  }
  return
}

// Three loops: the first two in one piece, the third in another, each
// taking the buffers it uses.
// CHECK-LABEL: func.func @three_loops(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>, %[[B:[a-z0-9]+]]: memref<4xf32>, %[[C:[a-z0-9]+]]: memref<4xf32>)
// CHECK-NEXT: call @three_loops_split0(%[[A]], %[[B]], %[[C]]) {no_inline} : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: call @three_loops_split1(%[[C]], %[[A]]) {no_inline} : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @three_loops_split0({{.*}}) attributes {no_inline, passthrough = ["noinline"]}
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return
// CHECK: func.func private @three_loops_split1({{.*}}) attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: linalg.generic
// CHECK: arith.subf
// CHECK-NOT: linalg.generic
// CHECK: return
// ROUNDTRIP: func.func private @three_loops_split1
func.func @three_loops(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : memref<4xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.subf %x, %x : f32
    linalg.yield %s : f32
  }
  return
}

// A loop nest counts all its loops: the scf.for around a linalg op is 2,
// so with the generic after it the block holds 3 and is cut; the nest
// stays whole in the first piece.
// CHECK-LABEL: func.func @loop_nest(
// CHECK-NEXT: call @loop_nest_split0(
// CHECK-NEXT: call @loop_nest_split1(
// CHECK-NEXT: return
// CHECK: func.func private @loop_nest_split0(
// CHECK: scf.for
// CHECK-NEXT: linalg.generic
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
// CHECK: func.func private @loop_nest_split1(
// CHECK-NEXT: linalg.generic
// CHECK: arith.mulf
// CHECK: return
func.func @loop_nest(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %o : f32
      linalg.yield %s : f32
    }
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  }
  return
}
