// Matrix products of the shapes that xla-gpu-block-tiles turns into
// block-tiled kernels through shared memory on the GPU (M and N multiples
// of 64, K of 8; f32, bf16 and f16 operands; batch dimensions), one for
// each tile size it chooses, and two for its tensor-core kernel (bf16 and
// f16, M and N multiples of 128, K of 32). Operands are small integers made from iotas,
// so every sum is exact; each product is compared with the same product
// computed in f64 (whose dot keeps the per-thread loops on the GPU). The
// operands pass an optimization_barrier, so that fusion does not compute
// them inside the product (a fused product keeps the per-thread loops). On
// the CPU this is one more contraction test; test/GPU/execute.test runs it
// on a device, where it is the check of the block-tiled kernels, which
// the host-loop emulation cannot run (barriers, shared memory).

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}8 passed, 0 failed

// 2 x 8 x 8 blocks: the 128x128 tile (8x8 outputs per thread).
func.func @f32_tile_128x128() {
  %ai0 = stablehlo.iota dim = 0 : tensor<2x1024x24xi32>
  %ac0 = stablehlo.constant dense<5> : tensor<2x1024x24xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<2x1024x24xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<2x1024x24xi32>
  %ac1 = stablehlo.constant dense<3> : tensor<2x1024x24xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<2x1024x24xi32>
  %ai2 = stablehlo.iota dim = 2 : tensor<2x1024x24xi32>
  %ac2 = stablehlo.constant dense<7> : tensor<2x1024x24xi32>
  %am2 = stablehlo.multiply %ai2, %ac2 : tensor<2x1024x24xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<2x1024x24xi32>
  %as1 = stablehlo.add %as0, %am2 : tensor<2x1024x24xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<2x1024x24xi32>
  %afive = stablehlo.constant dense<5> : tensor<2x1024x24xi32>
  %ar = stablehlo.remainder %as1, %aeleven : tensor<2x1024x24xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<2x1024x24xi32>
  %ax = stablehlo.convert %av : (tensor<2x1024x24xi32>) -> tensor<2x1024x24xf32>
  %a = stablehlo.optimization_barrier %ax : tensor<2x1024x24xf32>
  %a64 = stablehlo.convert %av : (tensor<2x1024x24xi32>) -> tensor<2x1024x24xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<2x24x1024xi32>
  %bc0 = stablehlo.constant dense<4> : tensor<2x24x1024xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<2x24x1024xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<2x24x1024xi32>
  %bc1 = stablehlo.constant dense<2> : tensor<2x24x1024xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<2x24x1024xi32>
  %bi2 = stablehlo.iota dim = 2 : tensor<2x24x1024xi32>
  %bc2 = stablehlo.constant dense<9> : tensor<2x24x1024xi32>
  %bm2 = stablehlo.multiply %bi2, %bc2 : tensor<2x24x1024xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<2x24x1024xi32>
  %bs1 = stablehlo.add %bs0, %bm2 : tensor<2x24x1024xi32>
  %beleven = stablehlo.constant dense<11> : tensor<2x24x1024xi32>
  %bfive = stablehlo.constant dense<5> : tensor<2x24x1024xi32>
  %br = stablehlo.remainder %bs1, %beleven : tensor<2x24x1024xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<2x24x1024xi32>
  %bx = stablehlo.convert %bv : (tensor<2x24x1024xi32>) -> tensor<2x24x1024xf32>
  %b = stablehlo.optimization_barrier %bx : tensor<2x24x1024xf32>
  %b64 = stablehlo.convert %bv : (tensor<2x24x1024xi32>) -> tensor<2x24x1024xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1024x24xf32>, tensor<2x24x1024xf32>) -> tensor<2x1024x1024xf32>
  %r64 = stablehlo.dot_general %a64, %b64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1024x24xf64>, tensor<2x24x1024xf64>) -> tensor<2x1024x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<2x1024x1024xf64>) -> tensor<2x1024x1024xf32>
  check.expect_eq %r, %ref : tensor<2x1024x1024xf32>
  func.return
}

// 64 blocks at 128x128 are too few: 128x64 (one slice of K).
func.func @f32_tile_128x64() {
  %ai0 = stablehlo.iota dim = 0 : tensor<1024x8xi32>
  %ac0 = stablehlo.constant dense<3> : tensor<1024x8xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<1024x8xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<1024x8xi32>
  %ac1 = stablehlo.constant dense<7> : tensor<1024x8xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<1024x8xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<1024x8xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<1024x8xi32>
  %afive = stablehlo.constant dense<5> : tensor<1024x8xi32>
  %ar = stablehlo.remainder %as0, %aeleven : tensor<1024x8xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<1024x8xi32>
  %ax = stablehlo.convert %av : (tensor<1024x8xi32>) -> tensor<1024x8xf32>
  %a = stablehlo.optimization_barrier %ax : tensor<1024x8xf32>
  %a64 = stablehlo.convert %av : (tensor<1024x8xi32>) -> tensor<1024x8xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<8x1024xi32>
  %bc0 = stablehlo.constant dense<2> : tensor<8x1024xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<8x1024xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<8x1024xi32>
  %bc1 = stablehlo.constant dense<9> : tensor<8x1024xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<8x1024xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<8x1024xi32>
  %beleven = stablehlo.constant dense<11> : tensor<8x1024xi32>
  %bfive = stablehlo.constant dense<5> : tensor<8x1024xi32>
  %br = stablehlo.remainder %bs0, %beleven : tensor<8x1024xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<8x1024xi32>
  %bx = stablehlo.convert %bv : (tensor<8x1024xi32>) -> tensor<8x1024xf32>
  %b = stablehlo.optimization_barrier %bx : tensor<8x1024xf32>
  %b64 = stablehlo.convert %bv : (tensor<8x1024xi32>) -> tensor<8x1024xf64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x8xf32>, tensor<8x1024xf32>) -> tensor<1024x1024xf32>
  %r64 = stablehlo.dot_general %a64, %b64, contracting_dims = [1] x [0] : (tensor<1024x8xf64>, tensor<8x1024xf64>) -> tensor<1024x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<1024x1024xf64>) -> tensor<1024x1024xf32>
  check.expect_eq %r, %ref : tensor<1024x1024xf32>
  func.return
}

// M = 9 x 64: the 64x128 tile.
func.func @f32_tile_64x128() {
  %ai0 = stablehlo.iota dim = 0 : tensor<576x16xi32>
  %ac0 = stablehlo.constant dense<3> : tensor<576x16xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<576x16xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<576x16xi32>
  %ac1 = stablehlo.constant dense<7> : tensor<576x16xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<576x16xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<576x16xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<576x16xi32>
  %afive = stablehlo.constant dense<5> : tensor<576x16xi32>
  %ar = stablehlo.remainder %as0, %aeleven : tensor<576x16xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<576x16xi32>
  %ax = stablehlo.convert %av : (tensor<576x16xi32>) -> tensor<576x16xf32>
  %a = stablehlo.optimization_barrier %ax : tensor<576x16xf32>
  %a64 = stablehlo.convert %av : (tensor<576x16xi32>) -> tensor<576x16xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<16x2048xi32>
  %bc0 = stablehlo.constant dense<2> : tensor<16x2048xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<16x2048xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<16x2048xi32>
  %bc1 = stablehlo.constant dense<9> : tensor<16x2048xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<16x2048xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<16x2048xi32>
  %beleven = stablehlo.constant dense<11> : tensor<16x2048xi32>
  %bfive = stablehlo.constant dense<5> : tensor<16x2048xi32>
  %br = stablehlo.remainder %bs0, %beleven : tensor<16x2048xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<16x2048xi32>
  %bx = stablehlo.convert %bv : (tensor<16x2048xi32>) -> tensor<16x2048xf32>
  %b = stablehlo.optimization_barrier %bx : tensor<16x2048xf32>
  %b64 = stablehlo.convert %bv : (tensor<16x2048xi32>) -> tensor<16x2048xf64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<576x16xf32>, tensor<16x2048xf32>) -> tensor<576x2048xf32>
  %r64 = stablehlo.dot_general %a64, %b64, contracting_dims = [1] x [0] : (tensor<576x16xf64>, tensor<16x2048xf64>) -> tensor<576x2048xf64>
  %ref = stablehlo.convert %r64 : (tensor<576x2048xf64>) -> tensor<576x2048xf32>
  check.expect_eq %r, %ref : tensor<576x2048xf32>
  func.return
}

// two batch dimensions, the 64x64 tile.
func.func @f32_tile_64x64_batch() {
  %ai0 = stablehlo.iota dim = 0 : tensor<2x3x64x40xi32>
  %ac0 = stablehlo.constant dense<5> : tensor<2x3x64x40xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<2x3x64x40xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<2x3x64x40xi32>
  %ac1 = stablehlo.constant dense<5> : tensor<2x3x64x40xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<2x3x64x40xi32>
  %ai2 = stablehlo.iota dim = 2 : tensor<2x3x64x40xi32>
  %ac2 = stablehlo.constant dense<3> : tensor<2x3x64x40xi32>
  %am2 = stablehlo.multiply %ai2, %ac2 : tensor<2x3x64x40xi32>
  %ai3 = stablehlo.iota dim = 3 : tensor<2x3x64x40xi32>
  %ac3 = stablehlo.constant dense<7> : tensor<2x3x64x40xi32>
  %am3 = stablehlo.multiply %ai3, %ac3 : tensor<2x3x64x40xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<2x3x64x40xi32>
  %as1 = stablehlo.add %as0, %am2 : tensor<2x3x64x40xi32>
  %as2 = stablehlo.add %as1, %am3 : tensor<2x3x64x40xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<2x3x64x40xi32>
  %afive = stablehlo.constant dense<5> : tensor<2x3x64x40xi32>
  %ar = stablehlo.remainder %as2, %aeleven : tensor<2x3x64x40xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<2x3x64x40xi32>
  %ax = stablehlo.convert %av : (tensor<2x3x64x40xi32>) -> tensor<2x3x64x40xf32>
  %a = stablehlo.optimization_barrier %ax : tensor<2x3x64x40xf32>
  %a64 = stablehlo.convert %av : (tensor<2x3x64x40xi32>) -> tensor<2x3x64x40xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<2x3x40x384xi32>
  %bc0 = stablehlo.constant dense<4> : tensor<2x3x40x384xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<2x3x40x384xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<2x3x40x384xi32>
  %bc1 = stablehlo.constant dense<4> : tensor<2x3x40x384xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<2x3x40x384xi32>
  %bi2 = stablehlo.iota dim = 2 : tensor<2x3x40x384xi32>
  %bc2 = stablehlo.constant dense<2> : tensor<2x3x40x384xi32>
  %bm2 = stablehlo.multiply %bi2, %bc2 : tensor<2x3x40x384xi32>
  %bi3 = stablehlo.iota dim = 3 : tensor<2x3x40x384xi32>
  %bc3 = stablehlo.constant dense<9> : tensor<2x3x40x384xi32>
  %bm3 = stablehlo.multiply %bi3, %bc3 : tensor<2x3x40x384xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<2x3x40x384xi32>
  %bs1 = stablehlo.add %bs0, %bm2 : tensor<2x3x40x384xi32>
  %bs2 = stablehlo.add %bs1, %bm3 : tensor<2x3x40x384xi32>
  %beleven = stablehlo.constant dense<11> : tensor<2x3x40x384xi32>
  %bfive = stablehlo.constant dense<5> : tensor<2x3x40x384xi32>
  %br = stablehlo.remainder %bs2, %beleven : tensor<2x3x40x384xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<2x3x40x384xi32>
  %bx = stablehlo.convert %bv : (tensor<2x3x40x384xi32>) -> tensor<2x3x40x384xf32>
  %b = stablehlo.optimization_barrier %bx : tensor<2x3x40x384xf32>
  %b64 = stablehlo.convert %bv : (tensor<2x3x40x384xi32>) -> tensor<2x3x40x384xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x64x40xf32>, tensor<2x3x40x384xf32>) -> tensor<2x3x64x384xf32>
  %r64 = stablehlo.dot_general %a64, %b64, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x64x40xf64>, tensor<2x3x40x384xf64>) -> tensor<2x3x64x384xf64>
  %ref = stablehlo.convert %r64 : (tensor<2x3x64x384xf64>) -> tensor<2x3x64x384xf32>
  check.expect_eq %r, %ref : tensor<2x3x64x384xf32>
  func.return
}

// bf16 operands widened into shared memory (too few 128x128 tiles for the tensor cores), f32 accumulation, bf16 result.
func.func @bf16_tile_64x64() {
  %ai0 = stablehlo.iota dim = 0 : tensor<3x128x32xi32>
  %ac0 = stablehlo.constant dense<5> : tensor<3x128x32xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<3x128x32xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<3x128x32xi32>
  %ac1 = stablehlo.constant dense<3> : tensor<3x128x32xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<3x128x32xi32>
  %ai2 = stablehlo.iota dim = 2 : tensor<3x128x32xi32>
  %ac2 = stablehlo.constant dense<7> : tensor<3x128x32xi32>
  %am2 = stablehlo.multiply %ai2, %ac2 : tensor<3x128x32xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<3x128x32xi32>
  %as1 = stablehlo.add %as0, %am2 : tensor<3x128x32xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<3x128x32xi32>
  %afive = stablehlo.constant dense<5> : tensor<3x128x32xi32>
  %ar = stablehlo.remainder %as1, %aeleven : tensor<3x128x32xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<3x128x32xi32>
  %ax = stablehlo.convert %av : (tensor<3x128x32xi32>) -> tensor<3x128x32xbf16>
  %a = stablehlo.optimization_barrier %ax : tensor<3x128x32xbf16>
  %a64 = stablehlo.convert %av : (tensor<3x128x32xi32>) -> tensor<3x128x32xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<3x32x384xi32>
  %bc0 = stablehlo.constant dense<4> : tensor<3x32x384xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<3x32x384xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<3x32x384xi32>
  %bc1 = stablehlo.constant dense<2> : tensor<3x32x384xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<3x32x384xi32>
  %bi2 = stablehlo.iota dim = 2 : tensor<3x32x384xi32>
  %bc2 = stablehlo.constant dense<9> : tensor<3x32x384xi32>
  %bm2 = stablehlo.multiply %bi2, %bc2 : tensor<3x32x384xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<3x32x384xi32>
  %bs1 = stablehlo.add %bs0, %bm2 : tensor<3x32x384xi32>
  %beleven = stablehlo.constant dense<11> : tensor<3x32x384xi32>
  %bfive = stablehlo.constant dense<5> : tensor<3x32x384xi32>
  %br = stablehlo.remainder %bs1, %beleven : tensor<3x32x384xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<3x32x384xi32>
  %bx = stablehlo.convert %bv : (tensor<3x32x384xi32>) -> tensor<3x32x384xbf16>
  %b = stablehlo.optimization_barrier %bx : tensor<3x32x384xbf16>
  %b64 = stablehlo.convert %bv : (tensor<3x32x384xi32>) -> tensor<3x32x384xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x128x32xbf16>, tensor<3x32x384xbf16>) -> tensor<3x128x384xbf16>
  %r64 = stablehlo.dot_general %a64, %b64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x128x32xf64>, tensor<3x32x384xf64>) -> tensor<3x128x384xf64>
  %ref = stablehlo.convert %r64 : (tensor<3x128x384xf64>) -> tensor<3x128x384xbf16>
  check.expect_eq %r, %ref : tensor<3x128x384xbf16>
  func.return
}

// f16 operands, the 128x128 tile (K = 16: not a multiple of 32 for the tensor cores).
func.func @f16_tile_128x128() {
  %ai0 = stablehlo.iota dim = 0 : tensor<2048x16xi32>
  %ac0 = stablehlo.constant dense<3> : tensor<2048x16xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<2048x16xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<2048x16xi32>
  %ac1 = stablehlo.constant dense<7> : tensor<2048x16xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<2048x16xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<2048x16xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<2048x16xi32>
  %afive = stablehlo.constant dense<5> : tensor<2048x16xi32>
  %ar = stablehlo.remainder %as0, %aeleven : tensor<2048x16xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<2048x16xi32>
  %ax = stablehlo.convert %av : (tensor<2048x16xi32>) -> tensor<2048x16xf16>
  %a = stablehlo.optimization_barrier %ax : tensor<2048x16xf16>
  %a64 = stablehlo.convert %av : (tensor<2048x16xi32>) -> tensor<2048x16xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<16x1024xi32>
  %bc0 = stablehlo.constant dense<2> : tensor<16x1024xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<16x1024xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<16x1024xi32>
  %bc1 = stablehlo.constant dense<9> : tensor<16x1024xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<16x1024xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<16x1024xi32>
  %beleven = stablehlo.constant dense<11> : tensor<16x1024xi32>
  %bfive = stablehlo.constant dense<5> : tensor<16x1024xi32>
  %br = stablehlo.remainder %bs0, %beleven : tensor<16x1024xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<16x1024xi32>
  %bx = stablehlo.convert %bv : (tensor<16x1024xi32>) -> tensor<16x1024xf16>
  %b = stablehlo.optimization_barrier %bx : tensor<16x1024xf16>
  %b64 = stablehlo.convert %bv : (tensor<16x1024xi32>) -> tensor<16x1024xf64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2048x16xf16>, tensor<16x1024xf16>) -> tensor<2048x1024xf16>
  %r64 = stablehlo.dot_general %a64, %b64, contracting_dims = [1] x [0] : (tensor<2048x16xf64>, tensor<16x1024xf64>) -> tensor<2048x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<2048x1024xf64>) -> tensor<2048x1024xf16>
  check.expect_eq %r, %ref : tensor<2048x1024xf16>
  func.return
}

// bf16 on the tensor cores (nvvm.mma.sync m16n8k16): 4 x 2 x 8 blocks of 128x128.
func.func @bf16_tensor_cores() {
  %ai0 = stablehlo.iota dim = 0 : tensor<4x256x64xi32>
  %ac0 = stablehlo.constant dense<5> : tensor<4x256x64xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<4x256x64xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<4x256x64xi32>
  %ac1 = stablehlo.constant dense<3> : tensor<4x256x64xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<4x256x64xi32>
  %ai2 = stablehlo.iota dim = 2 : tensor<4x256x64xi32>
  %ac2 = stablehlo.constant dense<7> : tensor<4x256x64xi32>
  %am2 = stablehlo.multiply %ai2, %ac2 : tensor<4x256x64xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<4x256x64xi32>
  %as1 = stablehlo.add %as0, %am2 : tensor<4x256x64xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<4x256x64xi32>
  %afive = stablehlo.constant dense<5> : tensor<4x256x64xi32>
  %ar = stablehlo.remainder %as1, %aeleven : tensor<4x256x64xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<4x256x64xi32>
  %ax = stablehlo.convert %av : (tensor<4x256x64xi32>) -> tensor<4x256x64xbf16>
  %a = stablehlo.optimization_barrier %ax : tensor<4x256x64xbf16>
  %a64 = stablehlo.convert %av : (tensor<4x256x64xi32>) -> tensor<4x256x64xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<4x64x1024xi32>
  %bc0 = stablehlo.constant dense<4> : tensor<4x64x1024xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<4x64x1024xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<4x64x1024xi32>
  %bc1 = stablehlo.constant dense<2> : tensor<4x64x1024xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<4x64x1024xi32>
  %bi2 = stablehlo.iota dim = 2 : tensor<4x64x1024xi32>
  %bc2 = stablehlo.constant dense<9> : tensor<4x64x1024xi32>
  %bm2 = stablehlo.multiply %bi2, %bc2 : tensor<4x64x1024xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<4x64x1024xi32>
  %bs1 = stablehlo.add %bs0, %bm2 : tensor<4x64x1024xi32>
  %beleven = stablehlo.constant dense<11> : tensor<4x64x1024xi32>
  %bfive = stablehlo.constant dense<5> : tensor<4x64x1024xi32>
  %br = stablehlo.remainder %bs1, %beleven : tensor<4x64x1024xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<4x64x1024xi32>
  %bx = stablehlo.convert %bv : (tensor<4x64x1024xi32>) -> tensor<4x64x1024xbf16>
  %b = stablehlo.optimization_barrier %bx : tensor<4x64x1024xbf16>
  %b64 = stablehlo.convert %bv : (tensor<4x64x1024xi32>) -> tensor<4x64x1024xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x256x64xbf16>, tensor<4x64x1024xbf16>) -> tensor<4x256x1024xbf16>
  %r64 = stablehlo.dot_general %a64, %b64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x256x64xf64>, tensor<4x64x1024xf64>) -> tensor<4x256x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<4x256x1024xf64>) -> tensor<4x256x1024xbf16>
  check.expect_eq %r, %ref : tensor<4x256x1024xbf16>
  func.return
}

// f16 on the tensor cores, three steps of 32 along K.
func.func @f16_tensor_cores() {
  %ai0 = stablehlo.iota dim = 0 : tensor<2x512x96xi32>
  %ac0 = stablehlo.constant dense<5> : tensor<2x512x96xi32>
  %am0 = stablehlo.multiply %ai0, %ac0 : tensor<2x512x96xi32>
  %ai1 = stablehlo.iota dim = 1 : tensor<2x512x96xi32>
  %ac1 = stablehlo.constant dense<3> : tensor<2x512x96xi32>
  %am1 = stablehlo.multiply %ai1, %ac1 : tensor<2x512x96xi32>
  %ai2 = stablehlo.iota dim = 2 : tensor<2x512x96xi32>
  %ac2 = stablehlo.constant dense<7> : tensor<2x512x96xi32>
  %am2 = stablehlo.multiply %ai2, %ac2 : tensor<2x512x96xi32>
  %as0 = stablehlo.add %am0, %am1 : tensor<2x512x96xi32>
  %as1 = stablehlo.add %as0, %am2 : tensor<2x512x96xi32>
  %aeleven = stablehlo.constant dense<11> : tensor<2x512x96xi32>
  %afive = stablehlo.constant dense<5> : tensor<2x512x96xi32>
  %ar = stablehlo.remainder %as1, %aeleven : tensor<2x512x96xi32>
  %av = stablehlo.subtract %ar, %afive : tensor<2x512x96xi32>
  %ax = stablehlo.convert %av : (tensor<2x512x96xi32>) -> tensor<2x512x96xf16>
  %a = stablehlo.optimization_barrier %ax : tensor<2x512x96xf16>
  %a64 = stablehlo.convert %av : (tensor<2x512x96xi32>) -> tensor<2x512x96xf64>
  %bi0 = stablehlo.iota dim = 0 : tensor<2x96x512xi32>
  %bc0 = stablehlo.constant dense<4> : tensor<2x96x512xi32>
  %bm0 = stablehlo.multiply %bi0, %bc0 : tensor<2x96x512xi32>
  %bi1 = stablehlo.iota dim = 1 : tensor<2x96x512xi32>
  %bc1 = stablehlo.constant dense<2> : tensor<2x96x512xi32>
  %bm1 = stablehlo.multiply %bi1, %bc1 : tensor<2x96x512xi32>
  %bi2 = stablehlo.iota dim = 2 : tensor<2x96x512xi32>
  %bc2 = stablehlo.constant dense<9> : tensor<2x96x512xi32>
  %bm2 = stablehlo.multiply %bi2, %bc2 : tensor<2x96x512xi32>
  %bs0 = stablehlo.add %bm0, %bm1 : tensor<2x96x512xi32>
  %bs1 = stablehlo.add %bs0, %bm2 : tensor<2x96x512xi32>
  %beleven = stablehlo.constant dense<11> : tensor<2x96x512xi32>
  %bfive = stablehlo.constant dense<5> : tensor<2x96x512xi32>
  %br = stablehlo.remainder %bs1, %beleven : tensor<2x96x512xi32>
  %bv = stablehlo.subtract %br, %bfive : tensor<2x96x512xi32>
  %bx = stablehlo.convert %bv : (tensor<2x96x512xi32>) -> tensor<2x96x512xf16>
  %b = stablehlo.optimization_barrier %bx : tensor<2x96x512xf16>
  %b64 = stablehlo.convert %bv : (tensor<2x96x512xi32>) -> tensor<2x96x512xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x512x96xf16>, tensor<2x96x512xf16>) -> tensor<2x512x512xf16>
  %r64 = stablehlo.dot_general %a64, %b64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x512x96xf64>, tensor<2x96x512xf64>) -> tensor<2x512x512xf64>
  %ref = stablehlo.convert %r64 : (tensor<2x512x512xf64>) -> tensor<2x512x512xf16>
  check.expect_eq %r, %ref : tensor<2x512x512xf16>
  func.return
}
