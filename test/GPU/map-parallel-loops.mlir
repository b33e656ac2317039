// xla-gpu-map-parallel-loops: each outermost scf.parallel becomes a
// gpu.launch over a 1-D grid with one thread per iteration; the linear id is
// split into the loop indices (innermost fastest). Host code stays.
// RUN: xla-opt %s --xla-gpu-map-parallel-loops | FileCheck %s
// Allocations inside kernels become thread-private allocas (local memory
// or registers); the module goes to PTX (ptxas.test assembles it).
// The whole pipeline runs buffer deallocation, which places its own deallocs
// and rejects hand-written ones: they are removed for it.
// RUN: sed '/memref.dealloc/d' %s | xla-translate - --emit=ptx | FileCheck %s --check-prefix=PTX

// 4x16 = 64 iterations: one block of 64 threads, no bounds test, i32 ids.
// CHECK-LABEL: func.func @rank2
// CHECK: %[[THREADS:.*]] = arith.constant 64 : index
// CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %c1{{.*}}) threads(%[[TX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %[[THREADS]],
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[B:.*]] = arith.index_castui %[[BX]] : index to i32
// CHECK: %[[BD:.*]] = arith.muli %[[B]], %[[C64]] : i32
// CHECK: %[[T:.*]] = arith.index_castui %[[TX]] : index to i32
// CHECK: %[[ID:.*]] = arith.addi %[[BD]], %[[T]] : i32
// CHECK-NOT: scf.if
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[J:.*]] = arith.remui %[[ID]], %[[C16]] : i32
// CHECK: %[[I:.*]] = arith.divui %[[ID]], %[[C16]] : i32
// CHECK: %[[JX:.*]] = arith.index_castui %[[J]] : i32 to index
// CHECK: %[[IX:.*]] = arith.index_castui %[[I]] : i32 to index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[IX]], %[[JX]]] : memref<4x16xf32>
// CHECK: gpu.terminator
// CHECK-NOT: scf.parallel

// Lower bounds, steps and a single-iteration dimension: i in 1,4,7 and j in
// 0,2,4,6: 12 iterations in a 32-thread block, guarded.
// CHECK-LABEL: func.func @bounds_and_steps
// CHECK: gpu.launch
// CHECK: %[[ID:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[C12:.*]] = arith.constant 12 : i32
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ID]], %[[C12]] : i32
// CHECK: scf.if %[[IN]] {
// CHECK: %[[K:.*]] = arith.constant 0 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[JP:.*]] = arith.remui %[[ID]], %[[C4]] : i32
// CHECK: %[[IP:.*]] = arith.divui %[[ID]], %[[C4]] : i32
// CHECK: %[[JX:.*]] = arith.index_castui %[[JP]] : i32 to index
// CHECK: %[[J:.*]] = arith.muli %[[JX]], %{{.*}} : index
// CHECK: %[[IX:.*]] = arith.index_castui %[[IP]] : i32 to index
// CHECK: %[[I3:.*]] = arith.muli %[[IX]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %[[I3]], %{{.*}} : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<10x7x1xf32>

// No iterations: no kernel.
// CHECK-LABEL: func.func @empty
// CHECK-NOT: gpu.launch
// CHECK-NOT: scf.parallel
// CHECK: return

// Bounds known at run time: trip count and grid on the host, 256-thread
// blocks, a grid-stride loop in the kernel.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = memref.dim
// CHECK: %[[EXTENT:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: %[[TRIP:.*]] = arith.ceildivsi %[[EXTENT]], %{{.*}} : index
// CHECK: %[[TRIP0:.*]] = arith.maxsi %[[TRIP]], %{{.*}} : index
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[TRIP0]] : index
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[TOTAL]], %{{.*}} : index
// CHECK: %[[LIMITED:.*]] = arith.minui %[[BLOCKS]], %{{.*}} : index
// CHECK: %[[GRID:.*]] = arith.maxui %[[LIMITED]], %{{.*}} : index
// CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], {{.*}}) in (%[[GDIM:[a-z0-9_]+]] = %[[GRID]], {{.*}} threads(%[[TX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %c256
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[BD:.*]] = arith.muli %[[BX]], %[[C256]] : index
// CHECK: %[[FIRST:.*]] = arith.addi %[[BD]], %[[TX]] : index
// CHECK: %[[STRIDE:.*]] = arith.muli %[[GDIM]], %[[C256]] : index
// CHECK: scf.for %[[ID:.*]] = %[[FIRST]] to %[[TOTAL]] step %[[STRIDE]] {
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[ID]]] : memref<?xf32>

// 2^40 iterations need more than 2^31 - 1 blocks: the largest grid and a
// grid-stride loop, with 64-bit ids.
// CHECK-LABEL: func.func @huge
// CHECK-DAG: %[[MAXGRID:.*]] = arith.constant 2147483647 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[MAXGRID]],
// CHECK: %[[TOTAL:.*]] = arith.constant 1099511627776 : index
// CHECK: scf.for %[[ID:.*]] = %{{.*}} to %[[TOTAL]] step %{{.*}} {
// CHECK: arith.remui %[[ID]], %{{.*}} : index
// CHECK: memref.store

// Kernels inside a host loop; the nested parallel loop stays in the kernel
// (the pipeline makes it sequential); the allocation becomes an alloca and
// its dealloc goes; the scalar code after the loop stays on the host.
// CHECK-LABEL: func.func @nested_and_host
// CHECK: scf.for
// CHECK: gpu.launch
// CHECK: scf.if
// CHECK: %[[TMP:.*]] = memref.alloca() : memref<8xf32>
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %[[TMP]]
// CHECK: scf.for
// CHECK-NOT: memref.dealloc
// CHECK: gpu.terminator
// CHECK: memref.load %{{.*}}[] : memref<i1>
// CHECK: scf.if
// CHECK: return

// Parallel loops with reductions (results) are left alone.
// CHECK-LABEL: func.func @reduction
// CHECK-NOT: gpu.launch
// CHECK: scf.parallel

// PTX-DAG: .visible .entry rank2_kernel(
// PTX-DAG: .visible .entry nested_and_host_kernel(
// PTX-DAG: .visible .entry huge_kernel(

func.func @rank2(%buf: memref<4x16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c16) step (%c1, %c1) {
    memref.store %v, %buf[%i, %j] : memref<4x16xf32>
    scf.reduce
  }
  return
}

func.func @bounds_and_steps(%buf: memref<10x7x1xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i, %j, %k) = (%c1, %c0, %c0) to (%c10, %c7, %c1) step (%c3, %c2, %c1) {
    memref.store %v, %buf[%i, %j, %k] : memref<10x7x1xf32>
    scf.reduce
  }
  return
}

func.func @empty(%buf: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c1) to (%c0) step (%c1) {
    memref.store %v, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

func.func @dynamic(%buf: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %buf, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %buf[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

func.func @huge(%buf: memref<65536x65536x256xi8>, %v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c65536 = arith.constant 65536 : index
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c65536, %c65536, %c256) step (%c1, %c1, %c1) {
    memref.store %v, %buf[%i, %j, %k] : memref<65536x65536x256xi8>
    scf.reduce
  }
  return
}

func.func @nested_and_host(%buf: memref<8x8xf32>, %v: f32, %flag: memref<i1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %t = %c0 to %c8 step %c1 {
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %tmp = memref.alloc() : memref<8xf32>
      scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
        memref.store %v, %tmp[%j] : memref<8xf32>
        scf.reduce
      }
      scf.for %j = %c0 to %c8 step %c1 {
        %x = memref.load %tmp[%j] : memref<8xf32>
        memref.store %x, %buf[%i, %j] : memref<8x8xf32>
      }
      memref.dealloc %tmp : memref<8xf32>
      scf.reduce
    }
  }
  %f = memref.load %flag[] : memref<i1>
  scf.if %f {
    memref.store %v, %buf[%c0, %c0] : memref<8x8xf32>
  }
  return
}

func.func @reduction(%buf: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%zero) -> f32 {
    %x = memref.load %buf[%i] : memref<8xf32>
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}
