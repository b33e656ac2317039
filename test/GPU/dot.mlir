// dot_general on the GPU: the loops are reordered so that every output
// element gets its own thread (i, j parallel; k inside), neighbouring
// threads reading neighbouring elements of the right-hand side's rows; the
// accumulator stays in a register and the multiply-add becomes an FMA.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// 64x48 outputs: 12 blocks of 256 threads; j = id % 48, i = id / 48.
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch
// CHECK: gpu.terminator
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9_]+}} = %c12, {{.*}}) threads({{.*}}) in (%{{[a-z0-9_]+}} = %c256,
// CHECK: %[[C48:.*]] = arith.constant 48 : i32
// CHECK: %[[J:.*]] = arith.remui %[[ID:.*]], %[[C48]] : i32
// CHECK: %[[I:.*]] = arith.divui %[[ID]], %[[C48]] : i32
// CHECK: %[[JX:.*]] = arith.index_castui %[[J]] : i32 to index
// CHECK: %[[IX:.*]] = arith.index_castui %[[I]] : i32 to index
// CHECK: %[[INIT:.*]] = memref.load %[[C:.*]][%[[IX]], %[[JX]]] : memref<64x48xf32>
// CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[IX]], %[[K]]] : memref<64x32xf32>
// CHECK: %[[Y:.*]] = memref.load %{{.*}}[%[[K]], %[[JX]]] : memref<32x48xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<contract> : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<reassoc,contract> : f32
// CHECK: scf.yield %[[S]] : f32
// CHECK: memref.store %[[R]], %[[C]][%[[IX]], %[[JX]]] : memref<64x48xf32>

// Batched: 2x4x5 = 40 outputs over (b, i, j).
// CHECK-LABEL: func.func @batched
// CHECK: gpu.launch
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %c64,
// CHECK: arith.cmpi ult, %{{.*}}, %c40_i32
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %{{.*}}[%[[B:.*]], %[[I:.*]], %[[K:.*]]] : memref<2x4x8xf32>
// CHECK: memref.load %{{.*}}[%[[B]], %[[K]], %[[J:.*]]] : memref<2x8x5xf32>

// PTX: .visible .entry matmul_kernel(
// PTX: .visible .entry matmul_kernel(
// PTX: ld.global.b32 [[ACC:%r[0-9]+]], [[[OUT:%rd[0-9]+]]];
// PTX: ld.global.b32
// PTX: ld.global.b32
// PTX: fma.rn.f32
// PTX: bra
// PTX: st.global.b32 [[[OUT]]],
// PTX: .visible .entry batched_kernel(
// PTX: .visible .entry batched_kernel(
// PTX: fma.rn.f32

func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}
func.func @batched(%a: tensor<2x4x8xf32>, %b: tensor<2x8x5xf32>) -> tensor<2x4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}
