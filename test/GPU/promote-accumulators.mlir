// xla-gpu-promote-accumulators: in kernels, a reduction loop's load/store
// of its output element becomes a loop-carried value, level by level.
// RUN: xla-opt %s --xla-gpu-promote-accumulators | FileCheck %s

// A convolution-like nest of two loops: one load before, one store after.
// CHECK-LABEL: func.func @nest
// CHECK: gpu.launch
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[I:.*]]] : memref<16xf32>
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[R2:.*]] = scf.for %{{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (f32) {
// CHECK-NOT: memref.store
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC2]], %{{.*}} : f32
// CHECK: scf.yield %[[SUM]] : f32
// CHECK: scf.yield %[[R2]] : f32
// CHECK: memref.store %[[R]], %[[OUT]][%[[I]]] : memref<16xf32>
// CHECK-NEXT: gpu.terminator
func.func @nest(%in: memref<16x4x4xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c4 step %c1 {
      scf.for %l = %c0 to %c4 step %c1 {
        %x = memref.load %in[%tx, %k, %l] : memref<16x4x4xf32>
        %acc = memref.load %out[%tx] : memref<16xf32>
        %s = arith.addf %acc, %x : f32
        memref.store %s, %out[%tx] : memref<16xf32>
      }
    }
    gpu.terminator
  }
  return
}

// Not promoted: the store is conditional; the loop stores elsewhere too; the
// loop reads the output buffer through a view; the index varies in the loop.
// CHECK-LABEL: func.func @unsafe
// CHECK-NOT: iter_args
// CHECK: return
func.func @unsafe(%in: memref<16x4xf32>, %out: memref<16xf32>, %other: memref<16xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c4 step %c1 {
      %acc = memref.load %out[%tx] : memref<16xf32>
      %x = memref.load %in[%tx, %k] : memref<16x4xf32>
      %s = arith.addf %acc, %x : f32
      scf.if %p {
        memref.store %s, %out[%tx] : memref<16xf32>
      }
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %acc = memref.load %out[%tx] : memref<16xf32>
      %s = arith.addf %acc, %acc : f32
      memref.store %s, %out[%tx] : memref<16xf32>
      memref.store %s, %other[%tx] : memref<16xf32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %view = memref.subview %out[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
      %y = memref.load %view[%k] : memref<8xf32, strided<[1]>>
      %acc = memref.load %out[%tx] : memref<16xf32>
      %s = arith.addf %acc, %y : f32
      memref.store %s, %out[%tx] : memref<16xf32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %acc = memref.load %out[%k] : memref<16xf32>
      %s = arith.addf %acc, %acc : f32
      memref.store %s, %out[%k] : memref<16xf32>
    }
    gpu.terminator
  }
  return
}

// Loops outside kernels (host code) are left as they are.
// CHECK-LABEL: func.func @host
// CHECK-NOT: iter_args
// CHECK: return
func.func @host(%in: memref<4xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %x = memref.load %in[%k] : memref<4xf32>
    %acc = memref.load %out[] : memref<f32>
    %s = arith.addf %acc, %x : f32
    memref.store %s, %out[] : memref<f32>
  }
  return
}
