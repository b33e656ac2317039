// xla-plan-buffers: the static temporaries of a function become views into
// one arena (offsets from a best-fit heap simulation over live ranges in
// program order), their deallocs disappear and the arena is freed before
// the function returns; public functions get the arena from a wrapper that
// allocates and frees it. Ops are numbered in each function's entry block
// from 0.
// RUN: xla-opt %s --xla-plan-buffers --split-input-file | FileCheck %s

// Disjoint lifetimes (t0: ops 0..2, t1: ops 4..6; deallocs do not count)
// share offset 0.
// CHECK-LABEL: func.func private @disjoint(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[T0:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<64xi8> to memref<16xf32>
// CHECK: memref.copy %{{.*}}, %[[T0]]
// CHECK: %[[O1:.*]] = arith.constant 0 : index
// CHECK: %[[T1:.*]] = memref.view %[[ARENA]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func private @disjoint(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t0 = memref.alloc() : memref<16xf32>
  memref.copy %in, %t0 : memref<16xf32> to memref<16xf32>
  memref.copy %t0, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %t0 : memref<16xf32>
  %t1 = memref.alloc() : memref<16xf32>
  memref.copy %out, %t1 : memref<16xf32> to memref<16xf32>
  memref.copy %t1, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %t1 : memref<16xf32>
  return
}

// -----

// Overlapping lifetimes (t1 is allocated before t0's last use) do not:
// the larger t1 (128 bytes) is placed first, at 0; t0 above it.
// CHECK-LABEL: func.func private @overlapping(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK: %[[O0:.*]] = arith.constant 128 : index
// CHECK: memref.view %[[ARENA]][%[[O0]]][] : memref<192xi8> to memref<16xf32>
// CHECK: %[[O1:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[ARENA]][%[[O1]]][] : memref<192xi8> to memref<32xf32>
func.func private @overlapping(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t0 = memref.alloc() : memref<16xf32>
  memref.copy %in, %t0 : memref<16xf32> to memref<16xf32>
  %t1 = memref.alloc() : memref<32xf32>
  %s = memref.subview %t1[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  memref.copy %t0, %s : memref<16xf32> to memref<16xf32, strided<[1]>>
  memref.copy %s, %out : memref<16xf32, strided<[1]>> to memref<16xf32>
  return
}

// -----

// An alias keeps its buffer alive: t0's last use is through a subview of a
// collapse_shape of it (op 5), after t1's allocation (op 3), so they
// overlap; without the alias they would not.
// CHECK-LABEL: func.func private @alias_keeps_alive(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK: arith.constant 0 : index
// CHECK: arith.constant 64 : index
func.func private @alias_keeps_alive(%in: memref<4x4xf32>, %out: memref<8xf32>) {
  %t0 = memref.alloc() : memref<4x4xf32>
  memref.copy %in, %t0 : memref<4x4xf32> to memref<4x4xf32>
  %flat = memref.collapse_shape %t0 [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %t1 = memref.alloc() : memref<4x4xf32>
  memref.copy %in, %t1 : memref<4x4xf32> to memref<4x4xf32>
  %half = memref.subview %flat[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %half, %out : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32>
  return
}

// -----

// A buffer used in a loop body is live through the whole loop (its use
// counts at the loop, op 6): t1 (ops 2..6, from its first use) overlaps it.
// CHECK-LABEL: func.func private @use_in_loop(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 64 : index
func.func private @use_in_loop(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t0 = memref.alloc() : memref<16xf32>
  %t1 = memref.alloc() : memref<16xf32>
  memref.copy %in, %t1 : memref<16xf32> to memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.copy %t1, %t0 : memref<16xf32> to memref<16xf32>
  }
  memref.copy %t0, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Not planned: a dynamic size and a buffer that is loop-carried by scf.for
// (its results may alias it); a memref.dealloc of a planned buffer
// disappears. The allocation inside the loop body, dead at its end, is
// planned (see plan-buffers-loops.mlir).
// CHECK-LABEL: func.func private @unplanned(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.view
// CHECK-NOT: memref.dealloc %{{.*}} : memref<16xf32>
// CHECK: scf.for
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<8xf32>
func.func private @unplanned(%in: memref<16xf32>, %out: memref<16xf32>, %n: index) {
  %d = memref.alloc(%n) : memref<?xf32>
  %carried = memref.alloc() : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  memref.copy %in, %t : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %carried) -> memref<16xf32> {
    %inner = memref.alloc() : memref<8xf32>
    memref.dealloc %inner : memref<8xf32>
    scf.yield %acc : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %d : memref<?xf32>
  return
}

// -----

// A public function keeps its signature: its body moves to a private
// @name.planned that takes the arena as its last argument, and @name
// allocates the arena and calls it.
// CHECK-LABEL: func.func @entry(
// CHECK-SAME: %[[IN:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: call @entry.planned(%[[IN]], %[[OUT]], %[[ARENA]]) : (memref<16xf32>, memref<16xf32>, memref<64xi8>) -> ()
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
// CHECK: func.func private @entry.planned(%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>, %[[A:.*]]: memref<64xi8>)
// CHECK: memref.view %[[A]]
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @entry(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t0 = memref.alloc() : memref<16xf32>
  memref.copy %in, %t0 : memref<16xf32> to memref<16xf32>
  memref.copy %t0, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// -----

// A buffer freed through its base buffer (as buffer deallocation's general
// case does) is not planned: extract_strided_metadata is not a view.
// CHECK-LABEL: func.func private @freed_through_base(
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @freed_through_base(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %in, %t : memref<16xf32> to memref<16xf32>
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %t : memref<16xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// -----

// Nor is a buffer freed through an alias of it.
// CHECK-LABEL: func.func private @freed_through_alias(
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @freed_through_alias(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %in, %t : memref<16xf32> to memref<16xf32>
  %c = memref.cast %t : memref<16xf32> to memref<?xf32>
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %c : memref<?xf32>
  return
}

// -----

// Nor is a buffer whose address is taken (collectives and host transfers
// pass buffer addresses to the runtime), even through a view.
// CHECK-LABEL: func.func private @address_taken(
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @address_taken(%in: memref<16xf32>, %out: memref<16xf32>) -> index {
  %t = memref.alloc() : memref<16xf32>
  memref.copy %in, %t : memref<16xf32> to memref<16xf32>
  %s = memref.subview %t[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %p = memref.extract_aligned_pointer_as_index %s : memref<8xf32, strided<[1], offset: 4>> -> index
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  return %p : index
}

// -----

// Nothing to plan: the function is unchanged.
// CHECK-LABEL: func.func @nothing(
// CHECK-NEXT: memref.copy
// CHECK-NEXT: return
// CHECK-NOT: nothing.planned
func.func @nothing(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}
