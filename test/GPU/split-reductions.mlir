// xla-gpu-split-reductions: long reductions with few outputs become
// partial results computed in parallel (thread s of an output takes
// iterations s, s + S, ...) from the combiner's identity, then one loop per
// output combining them into the initial value.
// RUN: xla-opt %s --xla-gpu-split-reductions | FileCheck %s

// 4 outputs of 2048: 64 partial maxima per row.
// CHECK-LABEL: func.func @rows_max
// CHECK: %[[PARTIAL:.*]] = memref.alloc() : memref<256xf32>
// CHECK: scf.parallel (%[[O:.*]], %[[S:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %[[C64:.*]]) step
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = scf.for %[[N:.*]] = %[[S]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[NEGINF]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[O]], %[[N]]] : memref<4x2048xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[ACC]] : f32
// CHECK: scf.yield %[[M]] : f32
// CHECK: memref.store %[[P]], %[[PARTIAL]][%{{.*}}] : memref<256xf32>
// CHECK: scf.parallel (%[[O2:.*]]) =
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[O2]]] : memref<4xf32>
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC2:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[Q:.*]] = memref.load %[[PARTIAL]]
// CHECK: arith.maximumf %[[Q]], %[[ACC2]] : f32
// CHECK: memref.store %[[R]], %[[OUT]][%[[O2]]] : memref<4xf32>
// CHECK: memref.dealloc %[[PARTIAL]]

// A host loop nest (reduction to a scalar) of 32x64: 64 partial sums from
// 0, the linear iteration split back into row and column.
// CHECK-LABEL: func.func @host_sum
// CHECK: %[[PARTIAL:.*]] = memref.alloc() : memref<64xi32>
// CHECK: scf.parallel
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: scf.for %[[N:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (i32) {
// CHECK: %[[J:.*]] = arith.remui %[[N]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%[[I]], %[[J]]] : memref<32x64xi32>
// CHECK: arith.addi %[[ACC]]
// CHECK: scf.parallel
// CHECK: memref.load %{{.*}}[] : memref<i32>
// CHECK: scf.for
// CHECK: arith.addi
// CHECK: memref.dealloc %[[PARTIAL]]

// Too short, a float sum that may not be reordered, not a combiner, the
// accumulator used twice: unchanged.
// CHECK-LABEL: func.func @not_split
// CHECK-NOT: scf.parallel
// CHECK-NOT: memref.alloc
// CHECK: return

func.func @rows_max(%x: memref<4x2048xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2048 = arith.constant 2048 : index
  scf.parallel (%o) = (%c0) to (%c4) step (%c1) {
    scf.for %r = %c0 to %c2048 step %c1 {
      %v = memref.load %x[%o, %r] : memref<4x2048xf32>
      %acc = memref.load %out[%o] : memref<4xf32>
      %m = arith.maximumf %v, %acc : f32
      memref.store %m, %out[%o] : memref<4xf32>
    }
    scf.reduce
  }
  return
}

func.func @host_sum(%x: memref<32x64xi32>, %out: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i, %j] : memref<32x64xi32>
      %acc = memref.load %out[] : memref<i32>
      %s = arith.addi %acc, %v : i32
      memref.store %s, %out[] : memref<i32>
    }
  }
  return
}

func.func @not_split(%x: memref<2048xf32>, %out: memref<f32>, %short: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %c2048 = arith.constant 2048 : index
  // Too short.
  scf.for %r = %c0 to %c100 step %c1 {
    %v = memref.load %short[%r] : memref<100xf32>
    %acc = memref.load %out[] : memref<f32>
    %s = arith.maximumf %acc, %v : f32
    memref.store %s, %out[] : memref<f32>
  }
  // A float sum without reassoc.
  scf.for %r = %c0 to %c2048 step %c1 {
    %v = memref.load %x[%r] : memref<2048xf32>
    %acc = memref.load %out[] : memref<f32>
    %s = arith.addf %acc, %v : f32
    memref.store %s, %out[] : memref<f32>
  }
  // Not a combiner.
  scf.for %r = %c0 to %c2048 step %c1 {
    %v = memref.load %x[%r] : memref<2048xf32>
    %acc = memref.load %out[] : memref<f32>
    %s = arith.subf %acc, %v : f32
    memref.store %s, %out[] : memref<f32>
  }
  // The accumulator used twice.
  scf.for %r = %c0 to %c2048 step %c1 {
    %v = memref.load %x[%r] : memref<2048xf32>
    %acc = memref.load %out[] : memref<f32>
    %w = arith.mulf %acc, %v : f32
    %s = arith.maximumf %acc, %w : f32
    memref.store %s, %out[] : memref<f32>
  }
  return
}

// Many outputs (4096 rows of 2048), reduced along the contiguous dimension:
// split too (neighbouring threads read neighbouring elements), 64 partials
// per row.
// CHECK-LABEL: func.func @many_rows_sum
// CHECK: %[[PARTIAL:.*]] = memref.alloc() : memref<262144xf32>
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
// CHECK: memref.dealloc %[[PARTIAL]]
func.func @many_rows_sum(%x: memref<4096x2048xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 4096 : index
  %cols = arith.constant 2048 : index
  scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %x[%i, %j] : memref<4096x2048xf32>
      %acc = memref.load %out[%i] : memref<4096xf32>
      %s = arith.addf %acc, %v fastmath<reassoc> : f32
      memref.store %s, %out[%i] : memref<4096xf32>
    }
    scf.reduce
  }
  return
}

// Many outputs reduced along the other dimension (column sums): one thread
// per column already reads coalesced; not split.
// CHECK-LABEL: func.func @many_columns_sum
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @many_columns_sum(%x: memref<2048x4096xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 2048 : index
  %cols = arith.constant 4096 : index
  scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
    scf.for %i = %c0 to %rows step %c1 {
      %v = memref.load %x[%i, %j] : memref<2048x4096xf32>
      %acc = memref.load %out[%j] : memref<4096xf32>
      %s = arith.addf %acc, %v fastmath<reassoc> : f32
      memref.store %s, %out[%j] : memref<4096xf32>
    }
    scf.reduce
  }
  return
}

// A matrix product (many outputs; the reduction index is the last index of
// A[i, k] but the first of B[k, j]): not split.
// CHECK-LABEL: func.func @matmul_not_split
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @matmul_not_split(%a: memref<128x1024xf32>, %b: memref<1024x128xf32>, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 128 : index
  %k = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.for %r = %c0 to %k step %c1 {
      %x = memref.load %a[%i, %r] : memref<128x1024xf32>
      %y = memref.load %b[%r, %j] : memref<1024x128xf32>
      %p = arith.mulf %x, %y : f32
      %acc = memref.load %out[%i, %j] : memref<128x128xf32>
      %s = arith.addf %acc, %p fastmath<reassoc> : f32
      memref.store %s, %out[%i, %j] : memref<128x128xf32>
    }
    scf.reduce
  }
  return
}
