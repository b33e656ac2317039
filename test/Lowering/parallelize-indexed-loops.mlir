// xla-parallelize-indexed-loops: an outermost scf.for whose iterations each
// write only their own elements (the induction variable indexes every access
// of every written buffer at one position) becomes scf.parallel, even when
// it reads through data-dependent indices; anything else stays sequential.
// RUN: xla-opt %s --xla-parallelize-indexed-loops | FileCheck %s

// A gather of rows: out[i, j] = table[idx[i], j]. The index load (of a
// buffer the loop does not write, not depending on j) moves out of the
// j loop, which runs at least once: in the task function LLVM no longer
// knows the buffers are distinct and would reload it per element.
// CHECK-LABEL: func.func @gather_rows
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT: %[[K:.*]] = memref.load %{{.*}}[%[[I]]] : memref<8xi32>
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[R:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[R]], %[[J]]] : memref<100x4xf32>
// CHECK-NEXT: memref.store %[[V]], %{{.*}}[%[[I]], %[[J]]] : memref<8x4xf32>
// CHECK: scf.reduce
// CHECK-NOT: scf.for %{{.*}} = %c0 to %c8
func.func @gather_rows(%table: memref<100x4xf32>, %idx: memref<8xi32>, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = memref.load %idx[%i] : memref<8xi32>
      %r = arith.index_cast %k : i32 to index
      %v = memref.load %table[%r, %j] : memref<100x4xf32>
      memref.store %v, %out[%i, %j] : memref<8x4xf32>
    }
  }
  return
}

// The induction variable may index any one position (here the second), and
// an iteration may read back what it wrote.
// CHECK-LABEL: func.func @columns
// CHECK: scf.parallel
func.func @columns(%x: memref<4x8xf32>, %idx: memref<8xi32>, %out: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %j = %c0 to %c8 step %c1 {
    %k = memref.load %idx[%j] : memref<8xi32>
    %r = arith.index_cast %k : i32 to index
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %x[%i, %r] : memref<4x8xf32>
      memref.store %v, %out[%i, %j] : memref<4x8xf32>
      %w = memref.load %out[%i, %j] : memref<4x8xf32>
      %s = arith.addf %w, %v : f32
      memref.store %s, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// Iteration i reads what iteration i - 1 wrote (a cumulative sum): sequential.
// CHECK-LABEL: func.func @carried
// CHECK-NOT: scf.parallel
func.func @carried(%x: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c1 to %c8 step %c1 {
    %p = arith.subi %i, %c1 : index
    %a = memref.load %x[%p] : memref<8xf32>
    %b = memref.load %x[%i] : memref<8xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %x[%i] : memref<8xf32>
  }
  return
}

// A store at a data-dependent position (a scatter): two iterations may
// write the same element. Sequential.
// CHECK-LABEL: func.func @scatter
// CHECK-NOT: scf.parallel
func.func @scatter(%upd: memref<8xf32>, %idx: memref<8xi32>, %out: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %k = memref.load %idx[%i] : memref<8xi32>
    %r = arith.index_cast %k : i32 to index
    %v = memref.load %upd[%i] : memref<8xf32>
    %o = memref.load %out[%r] : memref<100xf32>
    %s = arith.addf %o, %v : f32
    memref.store %s, %out[%r] : memref<100xf32>
  }
  return
}

// The written buffer is also read through a data-dependent index: another
// iteration's element. Sequential.
// CHECK-LABEL: func.func @reads_written_buffer
// CHECK-NOT: scf.parallel
func.func @reads_written_buffer(%idx: memref<8xi32>, %x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %k = memref.load %idx[%i] : memref<8xi32>
    %r = arith.index_cast %k : i32 to index
    %v = memref.load %x[%r] : memref<8xf32>
    memref.store %v, %x[%i] : memref<8xf32>
  }
  return
}

// The written buffer is reached through a second view of it. Sequential.
// CHECK-LABEL: func.func @two_views
// CHECK-NOT: scf.parallel
func.func @two_views(%x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %view = memref.subview %x[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %view[%i] : memref<4xf32, strided<[1], offset: 4>>
    memref.store %v, %x[%i] : memref<8xf32>
  }
  return
}

// A scalar accumulator (a reduction): no position to split on. Sequential.
// CHECK-LABEL: func.func @accumulate
// CHECK-NOT: scf.parallel
func.func @accumulate(%x: memref<8xf32>, %acc: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %x[%i] : memref<8xf32>
    %a = memref.load %acc[] : memref<f32>
    %s = arith.addf %a, %v : f32
    memref.store %s, %acc[] : memref<f32>
  }
  return
}

// Calls, allocations and loop results are out of scope. Sequential.
// CHECK-LABEL: func.func @opaque
// CHECK-NOT: scf.parallel
func.func private @effect(index)
func.func @opaque(%x: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    func.call @effect(%i) : (index) -> ()
    memref.store %zero, %x[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %t = memref.alloc() : memref<2xf32>
    memref.store %zero, %x[%i] : memref<8xf32>
    memref.dealloc %t : memref<2xf32>
  }
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<8xf32>
    %n = arith.addf %s, %v : f32
    scf.yield %n : f32
  }
  return %sum : f32
}

// Only outermost loops: the inner loop here is left as it is (the outer one
// is converted).
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK-NOT: scf.parallel
func.func @nested(%idx: memref<8xi32>, %t: memref<100xf32>, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = memref.load %idx[%i] : memref<8xi32>
      %r = arith.index_cast %k : i32 to index
      %v = memref.load %t[%r] : memref<100xf32>
      memref.store %v, %out[%i, %j] : memref<8x4xf32>
    }
  }
  return
}

// Loads stay where they are when hoisting could run a load that would not
// have run (a loop of unknown trip count, a load under scf.if), or when the
// loop writes the buffer.
// CHECK-LABEL: func.func @no_hoist
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %{{.*}}[%[[I]]] : memref<8xi32>
// CHECK: scf.for
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.load %{{.*}}[%[[I]]] : memref<8xi32>
// CHECK: scf.for
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %{{.*}}] : memref<8x4xf32>
func.func @no_hoist(%idx: memref<8xi32>, %n: index, %p: i1, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %k = memref.load %idx[%i] : memref<8xi32>
      %f = arith.sitofp %k : i32 to f32
      memref.store %f, %out[%i, %j] : memref<8x4xf32>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      scf.if %p {
        %k = memref.load %idx[%i] : memref<8xi32>
        %f = arith.sitofp %k : i32 to f32
        memref.store %f, %out[%i, %j] : memref<8x4xf32>
      }
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %out[%i, %c0] : memref<8x4xf32>
      memref.store %v, %out[%i, %j] : memref<8x4xf32>
    }
  }
  return
}

