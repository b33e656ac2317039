// xla-gpu-register-tiles: each thread of a contraction-like nest computes a
// tile of outputs along the last two parallel dimensions; its accumulators
// are carried by the reduction loop, and the outputs of the tile are n/T
// apart (neighbouring threads take neighbouring columns); the reduction
// loop is unrolled.
// RUN: xla-opt %s --xla-gpu-register-tiles | xla-opt --pass-pipeline='builtin.module(cse)' | FileCheck %s

// 512x512 outputs (262144 threads), A[i, k] shared along j and B[k, j]
// along i: a 2x2 tile keeps 65536 threads.
// CHECK-LABEL: func.func @matmul
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[C256:.*]], %[[C256B:.*]]) step
// CHECK-DAG: %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK-DAG: %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[C00:.*]] = memref.load %[[OUT:.*]][%[[I]], %[[J]]]
// CHECK: %[[C01:.*]] = memref.load %[[OUT]][%[[I]], %[[J1]]]
// CHECK: %[[C10:.*]] = memref.load %[[OUT]][%[[I1]], %[[J]]]
// CHECK: %[[C11:.*]] = memref.load %[[OUT]][%[[I1]], %[[J1]]]
// The reduction loop runs 4 iterations per trip (64 of them, 4 outputs:
// up to 128 copies of the body), each output's accumulator through them in
// order.
// CHECK: %[[R:.*]]:4 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[C4:.*]] iter_args(%[[S00:.*]] = %[[C00]], %[[S01:.*]] = %[[C01]], %[[S10:.*]] = %[[C10]], %[[S11:.*]] = %[[C11]]) -> (f32, f32, f32, f32) {
// CHECK: memref.load %{{.*}}[%[[I]], %[[K]]]
// CHECK: memref.load %{{.*}}[%[[K]], %[[J]]]
// CHECK: %[[T00:.*]] = arith.addf %[[S00]], %{{.*}}
// CHECK: %[[T11:.*]] = arith.addf %[[S11]], %{{.*}}
// CHECK: %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%[[I]], %[[K1]]]
// CHECK: %[[U00:.*]] = arith.addf %[[T00]], %{{.*}}
// CHECK: arith.addi %[[K]], %{{.*}} : index
// CHECK: arith.addi %[[K]], %{{.*}} : index
// CHECK: %[[V00:.*]] = arith.addf %{{.*}}, %{{.*}}
// CHECK: %[[V01:.*]] = arith.addf %{{.*}}, %{{.*}}
// CHECK: %[[V10:.*]] = arith.addf %{{.*}}, %{{.*}}
// CHECK: %[[V11:.*]] = arith.addf %{{.*}}, %{{.*}}
// CHECK-NEXT: scf.yield %[[V00]], %[[V01]], %[[V10]], %[[V11]] : f32, f32, f32, f32
// CHECK: memref.store %[[R]]#0, %[[OUT]][%[[I]], %[[J]]]
// CHECK: memref.store %[[R]]#3, %[[OUT]][%[[I1]], %[[J1]]]
// CHECK-NOT: memref.store
// CHECK: return
func.func @matmul(%a: memref<512x64xf32>, %b: memref<64x512xf32>, %out: memref<512x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 512 : index
  %k = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.for %r = %c0 to %k step %c1 {
      %x = memref.load %a[%i, %r] : memref<512x64xf32>
      %y = memref.load %b[%r, %j] : memref<64x512xf32>
      %p = arith.mulf %x, %y : f32
      %acc = memref.load %out[%i, %j] : memref<512x512xf32>
      %s = arith.addf %acc, %p : f32
      memref.store %s, %out[%i, %j] : memref<512x512xf32>
    }
    scf.reduce
  }
  return
}

// Every load depends on both dimensions (an element-wise product summed
// over k): nothing to share, not tiled.
// CHECK-LABEL: func.func @nothing_shared
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c512, %c512)
// CHECK-NOT: iter_args
// CHECK: return
func.func @nothing_shared(%a: memref<512x512x8xf32>, %out: memref<512x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c512) step (%c1, %c1) {
    scf.for %r = %c0 to %c8 step %c1 {
      %x = memref.load %a[%i, %j, %r] : memref<512x512x8xf32>
      %acc = memref.load %out[%i, %j] : memref<512x512xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %out[%i, %j] : memref<512x512xf32>
    }
    scf.reduce
  }
  return
}

// Too few outputs to keep 65536 threads with any tile: not tiled.
// CHECK-LABEL: func.func @small
// CHECK-NOT: iter_args
// CHECK: return
func.func @small(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.for %r = %c0 to %n step %c1 {
      %x = memref.load %a[%i, %r] : memref<64x64xf32>
      %y = memref.load %b[%r, %j] : memref<64x64xf32>
      %p = arith.mulf %x, %y : f32
      %acc = memref.load %out[%i, %j] : memref<64x64xf32>
      %s = arith.addf %acc, %p : f32
      memref.store %s, %out[%i, %j] : memref<64x64xf32>
    }
    scf.reduce
  }
  return
}

// b[k, j] does not depend on i, but every load depends on j: tiled along i
// only (4 rows per thread keep 65536 threads).
// CHECK-LABEL: func.func @shared_along_rows
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c128, %c512)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK: return
func.func @shared_along_rows(%a: memref<512x512x16xf32>, %b: memref<16x512xf32>, %out: memref<512x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c512) step (%c1, %c1) {
    scf.for %r = %c0 to %c16 step %c1 {
      %x = memref.load %a[%i, %j, %r] : memref<512x512x16xf32>
      %y = memref.load %b[%r, %j] : memref<16x512xf32>
      %p = arith.mulf %x, %y : f32
      %acc = memref.load %out[%i, %j] : memref<512x512xf32>
      %s = arith.addf %acc, %p : f32
      memref.store %s, %out[%i, %j] : memref<512x512xf32>
    }
    scf.reduce
  }
  return
}
