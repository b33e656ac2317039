// xla-gpu-vector-access: an element-wise scf.parallel whose innermost
// induction variable is only the last index of its loads and stores takes
// steps of 4; each such load becomes a 4-element vector.load (16 bytes for
// f32, aligned), the scalar body is repeated per lane, and each store is
// one vector.store. Loads that do not depend on it stay scalar, shared by
// the lanes; a load at an index computed from a lane's value (a gather)
// is repeated per lane. The values are checked by the host-loop emulation
// (runtime/tests/integration/gpu_emulation.rs) and on a device.
// RUN: xla-opt %s --xla-gpu-vector-access | FileCheck %s

// CHECK-LABEL: func.func @axpy
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[C4]])
// CHECK: %[[A:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[I]]] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0]
// CHECK: %[[X3:.*]] = vector.extract %[[X]][3]
// CHECK: %[[Y:.*]] = vector.load %{{.*}}[%[[I]]] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: %[[M0:.*]] = arith.mulf %[[A]], %[[X0]] : f32
// CHECK: %[[M3:.*]] = arith.mulf %[[A]], %[[X3]] : f32
// CHECK: %[[S0:.*]] = arith.addf %[[M0]]
// CHECK: %[[S3:.*]] = arith.addf %[[M3]]
// CHECK: %[[V:.*]] = vector.from_elements %[[S0]], %{{.*}}, %{{.*}}, %[[S3]] : vector<4xf32>
// CHECK: vector.store %[[V]], %{{.*}}[%[[I]]] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK-NOT: memref.store
func.func @axpy(%a: memref<f32>, %x: memref<1024xf32>, %y: memref<1024xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = memref.load %a[] : memref<f32>
    %xi = memref.load %x[%i] : memref<1024xf32>
    %yi = memref.load %y[%i] : memref<1024xf32>
    %m = arith.mulf %s, %xi : f32
    %r = arith.addf %m, %yi : f32
    memref.store %r, %out[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}

// Rows and columns: the bias along j is a vector load, the scale along i a
// scalar load; bf16 elements (8-byte vectors); the constant is shared.
// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %[[C4:.*]])
// CHECK: vector.load %{{.*}}[%[[I]], %[[J]]] {alignment = 8 : i64} : memref<8x64xbf16>, vector<4xbf16>
// CHECK: vector.load %{{.*}}[%[[J]]] {alignment = 8 : i64} : memref<64xbf16>, vector<4xbf16>
// CHECK: memref.load %{{.*}}[%[[I]]] : memref<8xbf16>
// CHECK-COUNT-4: arith.addf
// CHECK-COUNT-4: arith.mulf
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] {alignment = 8 : i64} : memref<8x64xbf16>, vector<4xbf16>
func.func @rows(%x: memref<8x64xbf16>, %bias: memref<64xbf16>, %scale: memref<8xbf16>, %out: memref<8x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<8x64xbf16>
    %b = memref.load %bias[%j] : memref<64xbf16>
    %s = memref.load %scale[%i] : memref<8xbf16>
    %t = arith.addf %v, %b : bf16
    %u = arith.mulf %t, %s : bf16
    memref.store %u, %out[%i, %j] : memref<8x64xbf16>
    scf.reduce
  }
  return
}

// A gather: the index loaded per element is a lane's value, so the table
// is read once per lane.
// CHECK-LABEL: func.func @gather
// CHECK: vector.load %{{.*}} : memref<256xi32>, vector<4xi32>
// CHECK-COUNT-4: memref.load %{{.*}}[%{{.*}}] : memref<100xf32>
// CHECK: vector.store %{{.*}} : memref<256xf32>, vector<4xf32>
func.func @gather(%idx: memref<256xi32>, %table: memref<100xf32>, %out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %k = memref.load %idx[%i] : memref<256xi32>
    %ki = arith.index_cast %k : i32 to index
    %v = memref.load %table[%ki] : memref<100xf32>
    memref.store %v, %out[%i] : memref<256xf32>
    scf.reduce
  }
  return
}

// Refused: 1022 elements (not a multiple of 4).
// CHECK-LABEL: func.func @odd_length
// CHECK-NOT: vector.
// CHECK: return
func.func @odd_length(%x: memref<1022xf32>, %out: memref<1022xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1022 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<1022xf32>
    %w = math.exp %v : f32
    memref.store %w, %out[%i] : memref<1022xf32>
    scf.reduce
  }
  return
}

// Refused: the induction variable is a value of the body (an iota).
// CHECK-LABEL: func.func @iota
// CHECK-NOT: vector.
// CHECK: return
func.func @iota(%out: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<64xi32>
    scf.reduce
  }
  return
}

// Refused: a transpose (the store's innermost index is not the innermost
// induction variable).
// CHECK-LABEL: func.func @transpose
// CHECK-NOT: vector.
// CHECK: return
func.func @transpose(%x: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<64x64xf32>
    memref.store %v, %out[%j, %i] : memref<64x64xf32>
    scf.reduce
  }
  return
}

// Refused: f64 elements and a strided view.
// CHECK-LABEL: func.func @wide_and_strided
// CHECK-NOT: vector.
// CHECK: return
func.func @wide_and_strided(%x: memref<64xf64>, %y: memref<64xf32, strided<[2]>>, %out: memref<64xf64>, %out2: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<64xf64>
    memref.store %v, %out[%i] : memref<64xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %y[%i] : memref<64xf32, strided<[2]>>
    memref.store %v, %out2[%i] : memref<64xf32>
    scf.reduce
  }
  return
}
