// xla-gpu-block-tiles: matrix products (linalg.generic on memrefs, after
// xla-gpu-parallel-dims-first) become block-tiled kernels that stage their
// operands in shared memory: f32 on the CUDA cores (a 16x16 thread block,
// each thread a sub-tile, 8 of K per step), bf16/f16 with a reassociable
// sum on the tensor cores (nvvm.mma.sync m16n8k16, 32 of K per step).
// Products that do not fit keep the linalg op (and the per-thread kernels).
// The kernels' values are checked on a device: test/Execution/gpu-block-tiles.mlir.
// RUN: xla-opt %s --xla-gpu-block-tiles | FileCheck %s

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#a3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b3 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#c3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// 1024x2048 outputs: 8 x 16 blocks of 128x128, 8x8 outputs per thread
// (64 accumulators and the next slice of A and of B carried by the loop
// over K in steps of 8). Shared memory: A transposed (8 rows of 128 + 4)
// then B (8 rows of 128) = 2080 floats.
// CHECK-LABEL: func.func @f32_1024
// CHECK-NOT: linalg.generic
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %[[GX:.*]], %{{.*}} = %[[GY:.*]], %{{.*}} = %{{.*}}) threads(%{{.*}}) in (%{{.*}} = %[[T:.*]], %{{.*}}, %{{.*}}) workgroup(%[[S:.*]] : memref<2080xf32, 3>)
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1024x2048xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1024x256xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<256x2048xf32>, vector<4xf32>
// CHECK: %{{.*}}:66 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK: gpu.barrier
// CHECK-COUNT-4: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<2080xf32, 3>
// CHECK: vector.store %{{.*}}, %[[S]][%{{.*}}] {alignment = 16 : i64} : memref<2080xf32, 3>, vector<4xf32>
// CHECK: gpu.barrier
// CHECK: arith.minsi
// CHECK: vector.load %{{.*}} : memref<1024x256xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} : memref<256x2048xf32>, vector<4xf32>
// CHECK: vector.load %[[S]][%{{.*}}] {alignment = 16 : i64} : memref<2080xf32, 3>, vector<4xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: scf.yield
// CHECK-COUNT-16: vector.store %{{.*}} {alignment = 16 : i64} : memref<1024x2048xf32>, vector<4xf32>
// CHECK: gpu.terminator
func.func @f32_1024(%A: memref<1024x256xf32>, %B: memref<256x2048xf32>, %C: memref<1024x2048xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<1024x256xf32>, memref<256x2048xf32>) outs(%C : memref<1024x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// bf16 with a reassociable sum: the tensor cores. 2 x 4 x 4 blocks of
// 128x128; shared memory holds A as [m][k] (128 rows of 32 + 8) and B as
// [k][n] (32 rows of 128 + 8); 64 accumulators and 4 chunks of 8 carried;
// per slice of 32, two k16 steps of 4 ldmatrix for A, 2 transposed ones
// for B, and 16 mma.
// CHECK-LABEL: func.func @bf16_tensor_cores
// CHECK: gpu.launch {{.*}} workgroup(%[[S:.*]] : memref<9472xbf16, 3>)
// CHECK: memref.extract_aligned_pointer_as_index %[[S]] : memref<9472xbf16, 3> -> index
// CHECK: %{{.*}}:68 = scf.for
// CHECK: gpu.barrier
// CHECK-COUNT-4: vector.store %{{.*}}, %[[S]][%{{.*}}] {alignment = 16 : i64} : memref<9472xbf16, 3>, vector<8xbf16>
// CHECK: gpu.barrier
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK-COUNT-16: nvvm.mma.sync A[%{{.*}}] B[%{{.*}}] C[%{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-6: nvvm.ldmatrix
// CHECK-COUNT-16: nvvm.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-32: vector.store %{{.*}} {alignment = 8 : i64} : memref<2x512x512xf32>, vector<2xf32>
func.func @bf16_tensor_cores(%A: memref<2x512x64xbf16>, %B: memref<2x64x512xbf16>, %C: memref<2x512x512xf32>) {
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%A, %B : memref<2x512x64xbf16>, memref<2x64x512xbf16>) outs(%C : memref<2x512x512xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %0 = arith.extf %x : bf16 to f32
    %1 = arith.extf %y : bf16 to f32
    %p = arith.mulf %0, %1 fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

// The same bf16 product with a sum in order (no reassoc): the f32 block
// tiles (64x64: 32 blocks of 128x128 would be too few), the operands
// widened on their way into shared memory.
// CHECK-LABEL: func.func @bf16_in_order
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c8, %{{.*}} = %c8{{.*}}, %{{.*}} = %c2) {{.*}} workgroup(%{{.*}} : memref<1056xf32, 3>)
// CHECK: arith.extf %{{.*}} : vector<2xbf16> to vector<2xf32>
// CHECK-NOT: nvvm.mma.sync
// CHECK: return
func.func @bf16_in_order(%A: memref<2x512x64xbf16>, %B: memref<2x64x512xbf16>, %C: memref<2x512x512xf32>) {
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%A, %B : memref<2x512x64xbf16>, memref<2x64x512xbf16>) outs(%C : memref<2x512x512xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %0 = arith.extf %x : bf16 to f32
    %1 = arith.extf %y : bf16 to f32
    %p = arith.mulf %0, %1 fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// Refused: M not a multiple of 64.
// CHECK-LABEL: func.func @rows_not_multiple_of_64
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @rows_not_multiple_of_64(%A: memref<1000x256xf32>, %B: memref<256x2048xf32>, %C: memref<1000x2048xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<1000x256xf32>, memref<256x2048xf32>) outs(%C : memref<1000x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Refused: 4 blocks of 64x64 are too few (the per-thread kernels spread
// a small product over more threads).
// CHECK-LABEL: func.func @small_grid
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @small_grid(%A: memref<128x64xf32>, %B: memref<64x128xf32>, %C: memref<128x128xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<128x64xf32>, memref<64x128xf32>) outs(%C : memref<128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Refused: a strided operand (a view), whose rows need not be aligned.
// CHECK-LABEL: func.func @strided_operand
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @strided_operand(%A: memref<1024x256xf32, strided<[512, 1]>>, %B: memref<256x2048xf32>, %C: memref<1024x2048xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<1024x256xf32, strided<[512, 1]>>, memref<256x2048xf32>) outs(%C : memref<1024x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Refused: not a sum of products (a max-plus product).
// CHECK-LABEL: func.func @max_plus
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @max_plus(%A: memref<1024x256xf32>, %B: memref<256x2048xf32>, %C: memref<1024x2048xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<1024x256xf32>, memref<256x2048xf32>) outs(%C : memref<1024x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.addf %x, %y : f32
    %s = arith.maximumf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
