// xla-gpu-block-reductions, rows: a reduction with at least 256 outputs
// and at least 1024 iterations each, along the contiguous dimension, of
// 32-bit elements, becomes one gpu.launch with a block of 256 threads per
// output: each thread combines its iterations from the combiner's identity
// (a loop over rounds of 256 when the count is a multiple of 256, else a
// strided loop), the warp's 32 values by five butterfly shuffles, the 8
// warps' values through shared memory after a barrier, and thread 0
// combines them into the output's initial value. Columns: at least 4096
// outputs (the innermost extent a multiple of 32) read along the
// contiguous dimension, at least 256 iterations each: a block of 32 warps
// per 32 outputs, lane l of warp w output 32b + l and iterations w, w + 32,
// ...; the warps' values through a 32x32 shared buffer, warp 0 combines.
// RUN: xla-opt %s --xla-gpu-block-reductions | FileCheck %s
// RUN: xla-opt %s --xla-gpu-block-reductions --xla-gpu-split-reductions | FileCheck %s --check-prefix=SPLIT
// In the GPU pipeline by default; --no-gpu-block-reductions leaves it out.
// RUN: xla-opt %s --xla-gpu-kernels --no-gpu-block-reductions | FileCheck %s --check-prefix=OFF
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s --check-prefix=ON

// 512 rows of 2048 (8 rounds of 256), f32 maximum.
// CHECK-LABEL: func.func @rows_max
// CHECK: %[[C512:c512_[0-9]+]] = arith.constant 512 : index
// CHECK-NEXT: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT: gpu.launch blocks(%[[B:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C512]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[T:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], {{.*}} workgroup(%[[SHARED:[a-z0-9_]+]] : memref<8xf32, 3>) {
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK: %[[WARP:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[NEGINF]]) -> (f32) {
// CHECK: %[[ROUND:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK: %[[N:.*]] = arith.addi %[[ROUND]], %[[T]] : index
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[B]], %[[N]]] : memref<512x2048xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[ACC]] : f32
// CHECK: scf.yield %[[M]] : f32
// CHECK: %[[V16:.*]], %{{.*}} = gpu.shuffle  xor %[[P]], %{{.*}}, %{{.*}} : f32
// CHECK: %[[M16:.*]] = arith.maximumf %[[V16]], %[[P]] : f32
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK: %[[FIRST_LANE:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK: scf.if %[[FIRST_LANE]] {
// CHECK: memref.store %{{.*}}, %[[SHARED]][%[[WARP]]] : memref<8xf32, 3>
// CHECK: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[B]]] : memref<512xf32>
// CHECK: %[[R:.*]] = scf.for %[[W:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC2:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[Q:.*]] = memref.load %[[SHARED]][%[[W]]] : memref<8xf32, 3>
// CHECK: arith.maximumf %[[Q]], %[[ACC2]] : f32
// CHECK: memref.store %[[R]], %[[OUT]][%[[B]]] : memref<512xf32>
// CHECK: gpu.terminator
// OFF-LABEL: func.func @rows_max
// OFF-NOT: gpu.shuffle
// OFF: return
// ON-LABEL: func.func @rows_max
// ON: gpu.launch
// ON-COUNT-5: gpu.shuffle  xor
// ON: return

// 4 x 75 outputs (300) of 1500 i32 (not a multiple of 256): a loop from the
// thread's index by 256; the block's index split into the two output
// indices.
// CHECK-LABEL: func.func @ragged_int
// CHECK: gpu.launch blocks(%[[B:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c300, {{.*}} workgroup(%{{.*}} : memref<8xi32, 3>) {
// CHECK-DAG: %[[I1:.*]] = arith.remui %[[B]], %{{.*}} : index
// CHECK-DAG: %[[I0:.*]] = arith.divui %[[B]], %{{.*}} : index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: scf.for %[[N:[a-z0-9_]+]] = %[[T:[a-z0-9_]+]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (i32) {
// CHECK: memref.load %{{.*}}[%[[I0]], %[[I1]], %[[N]]] : memref<4x75x1500xi32>
// CHECK: arith.addi %[[ACC]]
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: memref.load %{{.*}}[%[[I0]], %[[I1]]] : memref<4x75xi32>

// Left to xla-gpu-split-reductions: 64 outputs (too few), f64 (a shuffle
// moves 32 bits), a column reduction of 512 outputs (too few for columns).
// CHECK-LABEL: func.func @not_rows
// CHECK-NOT: gpu.launch
// CHECK: return
// SPLIT-LABEL: func.func @not_rows
// SPLIT-COUNT-2: memref.alloc()
// SPLIT-NOT: gpu.launch
// SPLIT: return

// Column sums of 4096 outputs of 300 rows (not a whole number of rounds
// of 32): 128 blocks of 1024 threads.
// CHECK-LABEL: func.func @columns
// CHECK: gpu.launch blocks(%[[B:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c128, {{.*}} threads(%[[T:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c1024, {{.*}} workgroup(%[[SHARED:[a-z0-9_]+]] : memref<32x32xf32, 3>) {
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %[[C32:.*]] : index
// CHECK: %[[WARP:.*]] = arith.divui %[[T]], %[[C32]] : index
// CHECK: %[[BASE:.*]] = arith.muli %[[B]], %[[C32]] : index
// CHECK: %[[O:.*]] = arith.addi %[[BASE]], %[[LANE]] : index
// CHECK: %[[P:.*]] = scf.for %[[N:[a-z0-9_]+]] = %[[WARP]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: memref.load %{{.*}}[%[[N]], %[[O]]] : memref<300x4096xf32>
// CHECK-NOT: gpu.shuffle
// CHECK: memref.store %[[P]], %[[SHARED]][%[[WARP]], %[[LANE]]] : memref<32x32xf32, 3>
// CHECK: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[WARP]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[O]]] : memref<4096xf32>
// CHECK: scf.for %[[I:[a-z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (f32) {
// CHECK: memref.load %[[SHARED]][%[[I]], %[[LANE]]] : memref<32x32xf32, 3>
// CHECK: memref.store %{{.*}}, %[[OUT]][%[[O]]] : memref<4096xf32>

func.func @rows_max(%x: memref<512x2048xf32>, %out: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  scf.parallel (%o) = (%c0) to (%c512) step (%c1) {
    scf.for %r = %c0 to %c2048 step %c1 {
      %v = memref.load %x[%o, %r] : memref<512x2048xf32>
      %acc = memref.load %out[%o] : memref<512xf32>
      %m = arith.maximumf %v, %acc : f32
      memref.store %m, %out[%o] : memref<512xf32>
    }
    scf.reduce
  }
  return
}

func.func @ragged_int(%x: memref<4x75x1500xi32>, %out: memref<4x75xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c75 = arith.constant 75 : index
  %c1500 = arith.constant 1500 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c75) step (%c1, %c1) {
    scf.for %r = %c0 to %c1500 step %c1 {
      %v = memref.load %x[%i, %j, %r] : memref<4x75x1500xi32>
      %acc = memref.load %out[%i, %j] : memref<4x75xi32>
      %s = arith.addi %acc, %v : i32
      memref.store %s, %out[%i, %j] : memref<4x75xi32>
    }
    scf.reduce
  }
  return
}

func.func @not_rows(%x: memref<64x2048xf32>, %out: memref<64xf32>, %y: memref<512x2048xf64>, %out64: memref<512xf64>, %z: memref<2048x512xf32>, %outc: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  scf.parallel (%o) = (%c0) to (%c64) step (%c1) {
    scf.for %r = %c0 to %c2048 step %c1 {
      %v = memref.load %x[%o, %r] : memref<64x2048xf32>
      %acc = memref.load %out[%o] : memref<64xf32>
      %m = arith.maximumf %v, %acc : f32
      memref.store %m, %out[%o] : memref<64xf32>
    }
    scf.reduce
  }
  scf.parallel (%o) = (%c0) to (%c512) step (%c1) {
    scf.for %r = %c0 to %c2048 step %c1 {
      %v = memref.load %y[%o, %r] : memref<512x2048xf64>
      %acc = memref.load %out64[%o] : memref<512xf64>
      %m = arith.maximumf %v, %acc : f64
      memref.store %m, %out64[%o] : memref<512xf64>
    }
    scf.reduce
  }
  scf.parallel (%o) = (%c0) to (%c512) step (%c1) {
    scf.for %r = %c0 to %c2048 step %c1 {
      %v = memref.load %z[%r, %o] : memref<2048x512xf32>
      %acc = memref.load %outc[%o] : memref<512xf32>
      %m = arith.maximumf %v, %acc : f32
      memref.store %m, %outc[%o] : memref<512xf32>
    }
    scf.reduce
  }
  return
}

func.func @columns(%x: memref<300x4096xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%o) = (%c0) to (%c4096) step (%c1) {
    scf.for %r = %c0 to %c300 step %c1 {
      %v = memref.load %x[%r, %o] : memref<300x4096xf32>
      %acc = memref.load %out[%o] : memref<4096xf32>
      %s = arith.addf %acc, %v fastmath<reassoc, contract> : f32
      memref.store %s, %out[%o] : memref<4096xf32>
    }
    scf.reduce
  }
  return
}
