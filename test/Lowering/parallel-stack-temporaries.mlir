// xla-parallel-stack-temporaries: a static temporary of at most 64 KiB
// allocated and freed in each iteration of an scf.parallel goes on the
// stack (memref.alloca, same alignment; no dealloc), between a stacksave
// at the start of the body and a stackrestore before its end, so that
// xla-cpu-parallel-tasks can run the loop on the thread pool. A larger one
// (128 KiB here) and one of a dynamic size stay on the heap.
// RUN: xla-opt %s --xla-parallel-stack-temporaries | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel
// CHECK-NEXT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4x512xf32>
// CHECK: %[[BIG:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x1024xf32>
// CHECK: memref.copy %[[T]], %{{.*}} : memref<4x512xf32> to memref<4x512xf32>
// CHECK: memref.dealloc %[[BIG]]
// CHECK-NOT: memref.dealloc %[[T]]
// CHECK: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NEXT: scf.reduce
func.func @rows(%out: memref<64x512xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c4) {
    %t = memref.alloc() {alignment = 64 : i64} : memref<4x512xf32>
    %big = memref.alloc() {alignment = 64 : i64} : memref<32x1024xf32>
    %view = memref.subview %out[%i, 0] [4, 512] [1, 1] : memref<64x512xf32> to memref<4x512xf32, strided<[512, 1], offset: ?>>
    memref.copy %view, %t : memref<4x512xf32, strided<[512, 1], offset: ?>> to memref<4x512xf32>
    %t2 = memref.reinterpret_cast %big to offset: [0], sizes: [4, 512], strides: [512, 1] : memref<32x1024xf32> to memref<4x512xf32>
    memref.copy %t, %t2 : memref<4x512xf32> to memref<4x512xf32>
    memref.copy %t2, %view : memref<4x512xf32> to memref<4x512xf32, strided<[512, 1], offset: ?>>
    memref.dealloc %t : memref<4x512xf32>
    memref.dealloc %big : memref<32x1024xf32>
    scf.reduce
  }
  return
}

// A dynamic size stays on the heap (and nothing else changes).
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: stacksave
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %u = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %u : memref<?xf32>
    scf.reduce
  }
  return
}
