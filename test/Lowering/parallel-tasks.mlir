// RUN: xla-opt --xla-cpu-parallel-tasks %s | FileCheck %s
// RUN: xla-opt --xla-cpu-parallel-tasks %s | xla-opt | FileCheck %s --check-prefix=ROUNDTRIP

// An outermost parallel loop with enough work becomes a task function (the
// loop over [begin, end) of its first dimension, values from outside loaded
// from the context struct, constants cloned) and a call of the runtime.
// CHECK-LABEL: func.func @scale(
// CHECK: %[[CTX:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f32, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)>
// CHECK-COUNT-3: llvm.store
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[COST:.*]] = arith.constant 1537 : i64
// CHECK: %[[TASK:.*]] = constant @scale_parallel0 : (!llvm.ptr, i64, i64) -> ()
// CHECK: call @xla_parallel_for(%[[TASK]], %[[CTX]], %[[N]], %[[COST]])
// CHECK-NOT: scf.parallel
// CHECK: return
// The task unpacks the context and calls the body, which runs the loop.
// CHECK-LABEL: func.func private @scale_parallel0(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
// CHECK-COUNT-3: llvm.load
// CHECK: call @scale_parallel0_body(%{{.*}}, %{{.*}}, %{{.*}}, %arg1, %arg2) : (memref<1024x512xf32>, f32, memref<1024x512xf32>, i64, i64) -> ()
// CHECK-NOT: scf.parallel
// CHECK: return
// The arguments of an entry point are distinct buffers: both memrefs are
// noalias, at the LLVM positions of their allocated and aligned pointers
// (each memref<1024x512xf32> expands to 7 arguments, then the f32).
// CHECK-LABEL: func.func private @scale_parallel0_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1, 8, 9>
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C512]]
// ROUNDTRIP: func.func private @scale_parallel0
func.func @scale(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}


// Too little work (16 stores): stays as it is.
// CHECK-LABEL: func.func @small(
// CHECK-NOT: xla_parallel_for
// CHECK: scf.parallel
func.func @small(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %x[%i] : memref<16xf32>
  }
  return
}


// A run-time trip count: outlined, the runtime decides (cost 1 per iteration).
// CHECK-LABEL: func.func @dynamic(
// CHECK: arith.ceildivsi
// CHECK: call @xla_parallel_for
// CHECK-LABEL: func.func private @dynamic_parallel1(
func.func @dynamic(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c2) {
    memref.store %z, %x[%i] : memref<?xf32>
  }
  return
}

func.func @allocates(%x: memref<4096x64xf32>) {

// Loops that allocate stay sequential (tasks never allocate, so allocation
// failure only happens on the calling thread).
// CHECK-LABEL: func.func @allocates(
// CHECK-NOT: xla_parallel_for
// CHECK: scf.parallel
// CHECK: memref.alloc
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %t = memref.alloc() : memref<64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i, %j] : memref<4096x64xf32>
      memref.store %v, %t[%j] : memref<64xf32>
    }
    memref.dealloc %t : memref<64xf32>
  }
  return
}


// The arguments of a function that something calls may be the same buffer:
// the one that is read and the one that is written are not marked.
// CHECK-LABEL: func.func private @callee_parallel{{[0-9]+}}_body(
// CHECK-NOT: xla.noalias_arguments
// CHECK-SAME: {
func.func private @callee(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      memref.store %v, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}
func.func @caller(%x: memref<1024x512xf32>) {
  call @callee(%x, %x) : (memref<1024x512xf32>, memref<1024x512xf32>) -> ()
  return
}


// Two reads of one argument of such a function (nothing written there) and
// a fresh allocation that is written: all three are noalias (positions 0, 1
// of the first, 7, 8 of the second, 14, 15 of the allocation).
// CHECK-LABEL: func.func private @reads_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1, 7, 8, 14, 15>
func.func private @reads(%x: memref<1024x1024xf32>) -> memref<1024x512xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %out = memref.alloc() : memref<1024x512xf32>
  %left = memref.subview %x[0, 0] [1024, 512] [1, 1] : memref<1024x1024xf32> to memref<1024x512xf32, strided<[1024, 1]>>
  %right = memref.subview %x[0, 512] [1024, 512] [1, 1] : memref<1024x1024xf32> to memref<1024x512xf32, strided<[1024, 1], offset: 512>>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %a = memref.load %left[%i, %j] : memref<1024x512xf32, strided<[1024, 1]>>
      %b = memref.load %right[%i, %j] : memref<1024x512xf32, strided<[1024, 1], offset: 512>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%i, %j] : memref<1024x512xf32>
    }
  }
  return %out : memref<1024x512xf32>
}
func.func @reads_caller(%x: memref<1024x1024xf32>) -> memref<1024x512xf32> {
  %0 = call @reads(%x) : (memref<1024x1024xf32>) -> memref<1024x512xf32>
  return %0 : memref<1024x512xf32>
}


// Views of one arena: disjoint byte ranges are noalias (the first two);
// a view that overlaps one that is written is not, and neither is the
// written one (the third and the second of @overlap).
// CHECK-LABEL: func.func private @arena_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1, 5, 6>
func.func @arena(%arena: memref<16384xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %a = memref.view %arena[%c0][] : memref<16384xi8> to memref<1024xf32>
  %b = memref.view %arena[%c4096][] : memref<16384xi8> to memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %a[%i] : memref<1024xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %b[%i] : memref<1024xf32>
    }
  }
  return
}
// CHECK-LABEL: func.func private @overlap_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1>
// CHECK-SAME: {
func.func @overlap(%arena: memref<16384xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c8192 = arith.constant 8192 : index
  %a = memref.view %arena[%c8192][] : memref<16384xi8> to memref<1024xf32>
  %b = memref.view %arena[%c0][] : memref<16384xi8> to memref<1024xf32>
  %c = memref.view %arena[%c2048][] : memref<16384xi8> to memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %a[%i] : memref<1024xf32>
      %u = memref.load %c[%i] : memref<1024xf32>
      %w = arith.addf %v, %u : f32
      memref.store %w, %b[%i] : memref<1024xf32>
    }
  }
  return
}


// A captured LLVM pointer could reach any buffer: nothing is marked.
// CHECK-LABEL: func.func private @pointer_parallel{{[0-9]+}}_body(
// CHECK-NOT: xla.noalias_arguments
// CHECK-SAME: {
func.func @pointer(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      llvm.store %v, %p : f32, !llvm.ptr
      memref.store %v, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}


// A call of a function that may touch memory could reach any buffer:
// nothing is marked. A call of an llvm.readnone function (the trig
// fixups) changes nothing.
// CHECK-LABEL: func.func private @opaque_call_parallel{{[0-9]+}}_body(
// CHECK-NOT: xla.noalias_arguments
// CHECK-SAME: {
// CHECK-LABEL: func.func private @readnone_call_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1, 7, 8>
func.func private @touches(f32) -> f32
func.func private @pure(f32) -> f32 attributes {llvm.readnone}
func.func @opaque_call(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      %w = func.call @touches(%v) : (f32) -> f32
      memref.store %w, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}
func.func @readnone_call(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      %w = func.call @pure(%v) : (f32) -> f32
      memref.store %w, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}


// A global that the loop writes and also takes itself: not marked; the
// argument it reads is.
// CHECK-LABEL: func.func private @global_twice_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1>
// CHECK-SAME: {
memref.global "private" @state : memref<1024x512xf32> = uninitialized
func.func @global_twice(%x: memref<1024x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %g = memref.get_global @state : memref<1024x512xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %h = memref.get_global @state : memref<1024x512xf32>
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      %u = memref.load %h[%i, %j] : memref<1024x512xf32>
      %s = arith.addf %v, %u : f32
      memref.store %s, %g[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}


// An entry point's buffer-assignment body (`NAME.planned`, called only by
// NAME) gets the entry's buffers and the arena: its arguments are distinct.
// A public function that another function calls is no entry point.
// CHECK-LABEL: func.func private @entry.planned_parallel{{[0-9]+}}_body(
// CHECK-SAME: xla.noalias_arguments = array<i64: 0, 1, 7, 8>
// CHECK-LABEL: func.func private @called_public_parallel{{[0-9]+}}_body(
// CHECK-NOT: xla.noalias_arguments
// CHECK-SAME: {
func.func @entry(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>) {
  %a = memref.alloc() : memref<64xi8>
  call @entry.planned(%x, %y, %a) : (memref<1024x512xf32>, memref<1024x512xf32>, memref<64xi8>) -> ()
  return
}
func.func private @entry.planned(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>, %a: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      memref.store %v, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}
func.func @called_public(%x: memref<1024x512xf32>, %y: memref<1024x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.for %j = %c0 to %c512 step %c1 {
      %v = memref.load %x[%i, %j] : memref<1024x512xf32>
      memref.store %v, %y[%i, %j] : memref<1024x512xf32>
    }
  }
  return
}
func.func @calls_public(%x: memref<1024x512xf32>) {
  call @called_public(%x, %x) : (memref<1024x512xf32>, memref<1024x512xf32>) -> ()
  return
}
