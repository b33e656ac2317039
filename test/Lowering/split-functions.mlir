// RUN: xla-opt --split-functions-max-ops 6 --xla-split-large-functions %s | FileCheck %s
// RUN: xla-opt --split-functions-max-ops 6 --xla-split-large-functions %s | xla-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: xla-opt --xla-split-large-functions %s | FileCheck %s --check-prefix=DEFAULT

// xla-split-large-functions with a threshold of 6 operations (nested ones
// and terminators counted). With the default threshold (2000) nothing here
// is split.
// DEFAULT-NOT: _split
// DEFAULT-NOT: noinline

// Exactly at the threshold (6 operations with the return): untouched.
// CHECK-LABEL: func.func @at_threshold(
// CHECK-NOT: call
// CHECK: arith.mulf
// CHECK-NEXT: return
func.func @at_threshold(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %b[%c0] : memref<4xf32>
  %x = arith.mulf %w, %w : f32
  return
}

// One operation more: the body (6 operations) becomes one private noinline
// function taking what it uses, called in its place.
// CHECK-LABEL: func.func @above_threshold(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>, %[[B:[a-z0-9]+]]: memref<4xf32>)
// CHECK-NEXT: call @above_threshold_split0(%[[A]], %[[B]]) {no_inline} : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @above_threshold_split0(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) attributes {no_inline, passthrough = ["noinline"]}
// CHECK: arith.constant 0 : index
// CHECK: memref.store
// CHECK: arith.subf
// CHECK-NEXT: return
// ROUNDTRIP: func.func private @above_threshold_split0
func.func @above_threshold(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %b[%c0] : memref<4xf32>
  %x = arith.mulf %w, %w : f32
  %y = arith.subf %x, %w : f32
  return
}

// Two chunks: values of the first used by the second are its results; the
// constant is cloned (into the caller for the second chunk's use, which then
// clones it into the second piece) instead of being passed.
// CHECK-LABEL: func.func @two_chunks(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>, %[[B:[a-z0-9]+]]: memref<4xf32>) -> f32
// CHECK: %[[R:.*]]:3 = call @two_chunks_split0(%[[A]]) {no_inline} : (memref<4xf32>) -> (f32, f32, f32)
// CHECK-NEXT: %[[S:.*]] = call @two_chunks_split1(%[[R]]#2, %[[R]]#1, %[[B]], %[[R]]#0) {no_inline} : (f32, f32, memref<4xf32>, f32) -> f32
// CHECK-NEXT: return %[[S]] : f32
// CHECK: func.func private @two_chunks_split0(%[[A0:[a-z0-9]+]]: memref<4xf32>) -> (f32, f32, f32) attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A0]][%[[C0]]]
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[V]], %[[V]]
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[W]], %[[W]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[W]]
// CHECK-NEXT: %[[Z:.*]] = arith.mulf %[[Y]], %[[Y]]
// CHECK-NEXT: return %[[W]], %[[X]], %[[Z]] : f32, f32, f32
// CHECK: func.func private @two_chunks_split1(%[[Z1:[a-z0-9]+]]: f32, %[[X1:[a-z0-9]+]]: f32, %[[B1:[a-z0-9]+]]: memref<4xf32>, %[[W1:[a-z0-9]+]]: f32) -> f32 attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: %[[C01:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[U:.*]] = arith.addf %[[Z1]], %[[X1]]
// CHECK-NEXT: memref.store %[[U]], %[[B1]][%[[C01]]]
// CHECK-NEXT: %[[RR:.*]] = arith.subf %[[U]], %[[W1]]
// CHECK-NEXT: return %[[RR]] : f32
func.func @two_chunks(%a: memref<4xf32>, %b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  %x = arith.mulf %w, %w : f32
  %y = arith.addf %x, %w : f32
  %z = arith.mulf %y, %y : f32
  %u = arith.addf %z, %x : f32
  memref.store %u, %b[%c0] : memref<4xf32>
  %r = arith.subf %u, %w : f32
  return %r : f32
}

// A stack allocation is never moved (it would die with the piece): it ends
// a chunk and stays in the caller, which passes it to the pieces.
// CHECK-LABEL: func.func @stack(
// CHECK: call @stack_split0(
// CHECK-NEXT: %[[S:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: call @stack_split1(%{{.*}}, %[[S]], %{{.*}})
// CHECK: func.func private @stack_split0(
// CHECK-NOT: alloca
// CHECK: func.func private @stack_split1(
// CHECK-NOT: alloca
// CHECK: return
func.func @stack(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  %x = arith.mulf %w, %w : f32
  %y = arith.addf %x, %w : f32
  %s = memref.alloca() : memref<4xf32>
  memref.store %y, %s[%c0] : memref<4xf32>
  %l = memref.load %s[%c0] : memref<4xf32>
  %m = arith.mulf %l, %x : f32
  memref.store %m, %b[%c0] : memref<4xf32>
  return
}

// Regions are split first: a branch of more than 6 operations becomes a
// call inside the branch; the function is then small enough and stays.
// CHECK-LABEL: func.func @nested(
// CHECK: scf.if
// CHECK-NEXT: %[[T:.*]] = {{(func.)?}}call @nested_split0(
// CHECK-NEXT: scf.yield %[[T]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield
// CHECK: func.func private @nested_split0({{.*}}) -> f32 attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.load
func.func @nested(%p: i1, %a: memref<4xf32>, %b: memref<4xf32>, %z: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %p -> f32 {
    %v = memref.load %a[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    %x = arith.mulf %w, %w : f32
    %y = arith.addf %x, %w : f32
    memref.store %y, %b[%c0] : memref<4xf32>
    %q = arith.mulf %y, %y : f32
    scf.yield %q : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}

// Before a block is cut, buffers get short lives: the allocation moves to
// just before its first user, the deallocation to just after the last use
// of the buffer or of a view of it, so neither buffer crosses a chunk
// boundary (bufferization allocates early and frees late).
// CHECK-LABEL: func.func @lifetimes(
// CHECK: %[[L:.*]] = call @lifetimes_split0() {no_inline} : () -> f32
// CHECK-NEXT: %[[M:.*]] = call @lifetimes_split1(%[[L]], %{{.*}}) {no_inline} : (f32, memref<4xf32>) -> f32
// CHECK-NEXT: call @lifetimes_split2(%[[M]], %{{.*}}) {no_inline} : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @lifetimes_split0() -> f32
// CHECK: %[[X:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %{{.*}}, %[[X]]
// CHECK-NEXT: memref.load %[[X]]
// CHECK-NEXT: memref.dealloc %[[X]]
// CHECK-NEXT: return
// CHECK: func.func private @lifetimes_split1(
// CHECK: memref.store
// CHECK-NEXT: %[[Y:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[Y]]
// CHECK-NEXT: memref.store %{{.*}}, %[[V]]
// CHECK-NEXT: memref.load %[[Y]]
// CHECK-NEXT: memref.dealloc %[[Y]]
// CHECK-NEXT: return
// CHECK: func.func private @lifetimes_split2(
// CHECK-NOT: alloc
// CHECK: return
func.func @lifetimes(%a: memref<4xf32>) {
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %x[%c0] : memref<4xf32>
  %l = memref.load %x[%c0] : memref<4xf32>
  memref.store %l, %a[%c0] : memref<4xf32>
  %v = memref.subview %y[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  memref.store %f, %v[%c0] : memref<2xf32, strided<[1]>>
  %m = memref.load %y[%c0] : memref<4xf32>
  memref.store %m, %a[%c0] : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  return
}
