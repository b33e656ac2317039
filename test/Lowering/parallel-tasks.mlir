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
// CHECK-LABEL: func.func private @scale_parallel0(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: llvm.load
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
