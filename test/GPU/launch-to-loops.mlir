// xla-gpu-launch-to-loops: a kernel runs on the host as loops over grid
// z, y, x and block z, y, x; ids become induction variables, sizes the
// launch operands. Kernels whose threads communicate are rejected.
// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-gpu-launch-to-loops | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[BUF:.*]]: memref<64xf32>, %[[V:.*]]: f32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.for %{{.*}} = %[[C0]] to %{{c1[_0-9]*}} step %{{c1[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %[[C0]] to %{{c1[_0-9]*}} step %{{c1[_0-9]*}} {
// CHECK: scf.for %[[BX:.*]] = %[[C0]] to %[[C2]] step %{{c1[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %[[C0]] to %{{c1[_0-9]*}} step %{{c1[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %[[C0]] to %{{c1[_0-9]*}} step %{{c1[_0-9]*}} {
// CHECK: scf.for %[[TX:.*]] = %[[C0]] to %[[C32]] step %{{c1[_0-9]*}} {
// CHECK: %[[B:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK: %[[I:.*]] = arith.addi %[[B]], %[[TX]] : index
// CHECK: memref.store %[[V]], %[[BUF]][%[[I]]] : memref<64xf32>
// CHECK-NOT: gpu.
func.func @kernel(%buf: memref<64xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %b = arith.muli %bx, %sx : index
    %i = arith.addi %b, %tx : index
    memref.store %v, %buf[%i] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @barrier(%buf: memref<64xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a kernel whose threads communicate cannot run as host loops}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %buf[%tx] : memref<64xf32>
    gpu.barrier
    gpu.terminator
  }
  return
}
