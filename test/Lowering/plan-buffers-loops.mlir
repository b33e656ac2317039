// xla-plan-buffers on loops and branches. Positions are those of the
// function's flat program order: every op at any depth numbered in
// pre-order from 0, an op's span running through its regions' ops.
// RUN: xla-opt %s --xla-plan-buffers --split-input-file | FileCheck %s

// A buffer allocated in a loop body and dead at its end (not yielded) gets
// a fixed slot; body buffers with disjoint lifetimes share it (t0: 7..8,
// t1: 11..12), and the buffer live across the loop (e: 4..15, its uses in
// the body count as the whole loop, 5..14) does not. Their deallocs go.
// CHECK-LABEL: func.func private @nested_in_loop(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK: arith.constant 4 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%{{.*}}][] : memref<128xi8> to memref<16xf32>
// CHECK: scf.for
// CHECK-NEXT: arith.constant 64 : index
// CHECK-NEXT: memref.view %[[ARENA]][%{{.*}}][] : memref<128xi8> to memref<16xf32>
// CHECK-NOT: memref.dealloc
// CHECK: arith.constant 64 : index
// CHECK-NEXT: memref.view %[[ARENA]][%{{.*}}][] : memref<128xi8> to memref<16xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<128xi8>
// CHECK-NEXT: return
func.func private @nested_in_loop(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = memref.alloc() : memref<16xf32>
  memref.copy %in, %e : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t0 = memref.alloc() : memref<16xf32>
    memref.copy %e, %t0 : memref<16xf32> to memref<16xf32>
    memref.copy %t0, %out : memref<16xf32> to memref<16xf32>
    memref.dealloc %t0 : memref<16xf32>
    %t1 = memref.alloc() : memref<16xf32>
    memref.copy %out, %t1 : memref<16xf32> to memref<16xf32>
    memref.copy %t1, %e : memref<16xf32> to memref<16xf32>
    memref.dealloc %t1 : memref<16xf32>
  }
  memref.copy %e, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %e : memref<16xf32>
  return
}

// -----

// The two branches of an scf.if never run together: their buffers share
// offset 0.
// CHECK-LABEL: func.func private @nested_in_branches(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: scf.if
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// CHECK: } else {
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<16xf32>
func.func private @nested_in_branches(%in: memref<16xf32>, %out: memref<16xf32>, %p: i1) {
  scf.if %p {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %in, %t : memref<16xf32> to memref<16xf32>
    memref.copy %t, %out : memref<16xf32> to memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  } else {
    %u = memref.alloc() : memref<16xf32>
    memref.copy %out, %u : memref<16xf32> to memref<16xf32>
    memref.copy %u, %out : memref<16xf32> to memref<16xf32>
    memref.dealloc %u : memref<16xf32>
  }
  return
}

// -----

// Loop-carried buffers of an scf.while, as bufferization and ownership-based
// deallocation leave them: the init %init (ops 3..6: from its copy to the
// first iteration's last read of %b), the before block's fresh copy %c
// (6..20: read by the after block, and the result after the loop) and the
// after block's fresh %y (15..19, and 5..6 where the next iteration reads
// it as %b) each get one fixed slot; every free of any of them (also
// through extract_strided_metadata, conditional on ownership) goes. The
// after block's temporary %t (13..15) shares %init's slot: %init is dead
// after the first iteration's before block.
// CHECK-LABEL: func.func private @while_carried(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK: arith.constant 128 : index
// CHECK-NEXT: %[[INIT:.*]] = memref.view %[[ARENA]]
// CHECK: scf.while (%{{.*}} = %[[INIT]],
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]]
// CHECK: scf.if
// CHECK-NEXT: }
// CHECK: scf.condition
// CHECK: arith.constant 128 : index
// CHECK-NEXT: memref.view %[[ARENA]]
// CHECK: arith.constant 64 : index
// CHECK-NEXT: memref.view %[[ARENA]]
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<192xi8>
// CHECK-NEXT: return
func.func private @while_carried(%in: memref<16xf32>, %out: memref<16xf32>, %n: memref<i1>) {
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.while (%b = %init, %own = %false) : (memref<16xf32>, i1) -> memref<16xf32> {
    %c = memref.alloc() : memref<16xf32>
    memref.copy %b, %c : memref<16xf32> to memref<16xf32>
    %cond = memref.load %n[] : memref<i1>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %b : memref<16xf32> -> memref<f32>, index, index, index
    scf.if %own {
      memref.dealloc %base : memref<f32>
    }
    scf.condition(%cond) %c : memref<16xf32>
  } do {
  ^bb0(%a: memref<16xf32>):
    %t = memref.alloc() : memref<16xf32>
    memref.copy %a, %t : memref<16xf32> to memref<16xf32>
    %y = memref.alloc() : memref<16xf32>
    memref.copy %t, %y : memref<16xf32> to memref<16xf32>
    memref.dealloc %t : memref<16xf32>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %a : memref<16xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %y, %true : memref<16xf32>, i1
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r : memref<16xf32> -> memref<f32>, index, index, index
  memref.dealloc %init : memref<16xf32>
  memref.dealloc %base : memref<f32>
  return
}

// -----

// Not planned: a loop-carried web where the after block yields its argument
// back at another position and the before block still reads that buffer
// after it allocated its copy again: the copies of two iterations would
// share one slot. (Nothing of the web is planned.)
// CHECK-LABEL: func.func private @carried_still_read(
// CHECK-NOT: memref.view
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @carried_still_read(%in: memref<16xf32>, %out: memref<16xf32>, %n: memref<i1>) {
  %i0 = memref.alloc() : memref<16xf32>
  memref.copy %in, %i0 : memref<16xf32> to memref<16xf32>
  %i1 = memref.alloc() : memref<16xf32>
  memref.copy %in, %i1 : memref<16xf32> to memref<16xf32>
  %r:2 = scf.while (%b0 = %i0, %b1 = %i1) : (memref<16xf32>, memref<16xf32>) -> (memref<16xf32>, memref<16xf32>) {
    %c0 = memref.alloc() : memref<16xf32>
    memref.copy %b0, %c0 : memref<16xf32> to memref<16xf32>
    %c1 = memref.alloc() : memref<16xf32>
    memref.copy %b1, %c1 : memref<16xf32> to memref<16xf32>
    %cond = memref.load %n[] : memref<i1>
    scf.condition(%cond) %c0, %c1 : memref<16xf32>, memref<16xf32>
  } do {
  ^bb0(%a0: memref<16xf32>, %a1: memref<16xf32>):
    scf.yield %a1, %a0 : memref<16xf32>, memref<16xf32>
  }
  memref.copy %r#0, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Not planned: a before block that passes its argument on to the after
// block (not a fresh buffer), and a loop whose init is an argument of the
// function (not a temporary; nor is the web's other buffer planned).
// CHECK-LABEL: func.func private @carried_forwarded(
// CHECK-NOT: memref.view
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
// CHECK-LABEL: func.func private @carried_argument(
// CHECK-NOT: memref.view
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @carried_forwarded(%in: memref<16xf32>, %out: memref<16xf32>, %n: memref<i1>) {
  %i = memref.alloc() : memref<16xf32>
  memref.copy %in, %i : memref<16xf32> to memref<16xf32>
  %r = scf.while (%b = %i) : (memref<16xf32>) -> memref<16xf32> {
    %cond = memref.load %n[] : memref<i1>
    scf.condition(%cond) %b : memref<16xf32>
  } do {
  ^bb0(%a: memref<16xf32>):
    %y = memref.alloc() : memref<16xf32>
    memref.copy %a, %y : memref<16xf32> to memref<16xf32>
    scf.yield %y : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}
func.func private @carried_argument(%in: memref<16xf32>, %out: memref<16xf32>, %n: memref<i1>) {
  %r = scf.while (%b = %in) : (memref<16xf32>) -> memref<16xf32> {
    %c = memref.alloc() : memref<16xf32>
    memref.copy %b, %c : memref<16xf32> to memref<16xf32>
    %cond = memref.load %n[] : memref<i1>
    scf.condition(%cond) %c : memref<16xf32>
  } do {
  ^bb0(%a: memref<16xf32>):
    scf.yield %a : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Not planned: a buffer allocated in an scf.parallel body (its iterations
// may run at the same time, each needs its own), one with a dynamic size in
// a loop body, and one that a loop body yields (scf.for's iter_args).
// CHECK-LABEL: func.func private @nested_unplanned(
// CHECK-NOT: memref.view
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func private @nested_unplanned(%in: memref<16xf32>, %out: memref<16xf32>, %n: index, %init: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %in, %t : memref<16xf32> to memref<16xf32>
    memref.dealloc %t : memref<16xf32>
    scf.reduce
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %d = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %d : memref<?xf32>
  }
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> memref<16xf32> {
    %y = memref.alloc() : memref<16xf32>
    memref.copy %acc, %y : memref<16xf32> to memref<16xf32>
    scf.yield %y : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// A loop that passes one carried buffer on to another position (Fibonacci:
// the after block yields its argument 1 at position 0): the whole web,
// both positions, is planned, since the before block reads its argument 0
// (the buffer of %c1 of the last iteration) before it allocates %c1 again.
// CHECK-LABEL: func.func private @carried_fibonacci(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc %{{.*}} : memref<f32>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<16xf32>
// CHECK: return
func.func private @carried_fibonacci(%in: memref<16xf32>, %out: memref<16xf32>, %n: memref<i1>) {
  %false = arith.constant false
  %true = arith.constant true
  %i0 = memref.alloc() : memref<16xf32>
  memref.copy %in, %i0 : memref<16xf32> to memref<16xf32>
  %i1 = memref.alloc() : memref<16xf32>
  memref.copy %in, %i1 : memref<16xf32> to memref<16xf32>
  %r:2 = scf.while (%b0 = %i0, %b1 = %i1, %own = %false) : (memref<16xf32>, memref<16xf32>, i1) -> (memref<16xf32>, memref<16xf32>) {
    %c0 = memref.alloc() : memref<16xf32>
    memref.copy %b0, %c0 : memref<16xf32> to memref<16xf32>
    %c1 = memref.alloc() : memref<16xf32>
    memref.copy %b1, %c1 : memref<16xf32> to memref<16xf32>
    %cond = memref.load %n[] : memref<i1>
    %base0, %o0, %s0, %t0 = memref.extract_strided_metadata %b0 : memref<16xf32> -> memref<f32>, index, index, index
    %base1, %o1, %s1, %t1 = memref.extract_strided_metadata %b1 : memref<16xf32> -> memref<f32>, index, index, index
    scf.if %own {
      memref.dealloc %base0 : memref<f32>
      memref.dealloc %base1 : memref<f32>
    }
    scf.condition(%cond) %c0, %c1 : memref<16xf32>, memref<16xf32>
  } do {
  ^bb0(%a0: memref<16xf32>, %a1: memref<16xf32>):
    %y = memref.alloc() : memref<16xf32>
    memref.copy %a0, %y : memref<16xf32> to memref<16xf32>
    %base0, %o0, %s0, %t0 = memref.extract_strided_metadata %a0 : memref<16xf32> -> memref<f32>, index, index, index
    memref.dealloc %base0 : memref<f32>
    scf.yield %a1, %y, %true : memref<16xf32>, memref<16xf32>, i1
  }
  memref.copy %r#0, %out : memref<16xf32> to memref<16xf32>
  %base0, %o0, %s0, %t0 = memref.extract_strided_metadata %r#0 : memref<16xf32> -> memref<f32>, index, index, index
  %base1, %o1, %s1, %t1 = memref.extract_strided_metadata %r#1 : memref<16xf32> -> memref<f32>, index, index, index
  memref.dealloc %i0 : memref<16xf32>
  memref.dealloc %i1 : memref<16xf32>
  memref.dealloc %base0 : memref<f32>
  memref.dealloc %base1 : memref<f32>
  return
}
