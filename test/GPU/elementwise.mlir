// Element-wise ops on the GPU: one fused kernel per chain, one thread per
// 4 consecutive elements (16-byte loads and stores, xla-gpu-vector-access)
// where rows are a multiple of 4, else one per element, over a 1-D grid of
// 256-thread blocks (smaller blocks for small tensors), the bounds test
// only when the thread count is not a multiple of the block; f16 is
// computed in f32; math functions come from libdevice.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-opt %s --xla-gpu-kernels --pass-pipeline='builtin.module(gpu-kernel-outlining, gpu.module(convert-scf-to-cf, convert-gpu-to-nvvm))' \
// RUN:   | FileCheck %s --check-prefix=NVVM
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// 1024x1000 = 256,000 threads of 4 elements = 1000 blocks of 256 exactly.
// CHECK-LABEL: func.func @big
// CHECK-DAG: %[[GRID:.*]] = arith.constant 1000 : index
// CHECK-DAG: %[[BLOCK:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9_]+}} = %[[GRID]], {{.*}}) threads({{.*}}) in (%{{[a-z0-9_]+}} = %[[BLOCK]],
// CHECK-NOT: scf.if
// CHECK: %[[J:.*]] = arith.remui %{{.*}}, %{{.*}} : i32
// CHECK: %[[I:.*]] = arith.divui
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1024x1000xf32>, vector<4xf32>
// CHECK-COUNT-4: math.exp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: vector.from_elements
// CHECK-NEXT: vector.store %{{.*}} {alignment = 16 : i64} : memref<1024x1000xf32>, vector<4xf32>
// CHECK-NEXT: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: return

// 1002 elements (not a multiple of 4: one per thread): 4 blocks, threads
// past the end do nothing.
// CHECK-LABEL: func.func @ragged
// CHECK-DAG: %[[GRID:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9_]+}} = %[[GRID]],
// CHECK: %[[N:.*]] = arith.constant 1002 : i32
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : i32
// CHECK: scf.if %[[IN]] {
// CHECK: arith.xori
// CHECK: arith.shli

// 15 elements: one block of 32 threads.
// CHECK-LABEL: func.func @half
// CHECK: %[[BLOCK:.*]] = arith.constant 32 : index
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %[[BLOCK]],
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.tanh %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16

// Outlined: the host launches, the kernel reads its ids from NVVM's
// special registers.
// NVVM: gpu.launch_func @big_kernel::@big_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(
// NVVM: gpu.module @big_kernel
// NVVM: llvm.func @__nv_expf(f32) -> f32
// NVVM: llvm.func @big_kernel({{.*}}) attributes {gpu.kernel, gpu.known_block_size = array<i32: 256, 1, 1>, gpu.known_grid_size = array<i32: 1000, 1, 1>, nvvm.kernel
// NVVM-DAG: nvvm.read.ptx.sreg.ctaid.x
// NVVM-DAG: nvvm.read.ptx.sreg.tid.x
// NVVM: llvm.call @__nv_expf
// NVVM: gpu.module @ragged_kernel
// NVVM: gpu.module @half_kernel

// PTX: .visible .entry big_kernel(
// PTX: .maxntid 256, 1, 1
// PTX-DAG: mov.u32 {{.*}}%ctaid.x
// PTX-DAG: mov.u32 {{.*}}%tid.x
// PTX: shl.b32 {{.*}}, 10;
// PTX: ld.global.v4.b32
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX: .visible .entry ragged_kernel(
// PTX: setp.gt.u32 [[P:%p[0-9]+]], {{%r[0-9]+}}, 1001;
// PTX: @[[P]] bra
// PTX: xor.b32
// PTX: .visible .entry half_kernel(
// PTX: ld.global.b16
// PTX: cvt.f32.f16
// PTX: cvt.rn.f16.f32
// PTX: st.global.b16

func.func @big(%x: tensor<1024x1000xf32>, %y: tensor<1024x1000xf32>) -> tensor<1024x1000xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<1024x1000xf32>
  %0 = stablehlo.exponential %x : tensor<1024x1000xf32>
  %1 = stablehlo.multiply %0, %y : tensor<1024x1000xf32>
  %2 = stablehlo.add %1, %one : tensor<1024x1000xf32>
  return %2 : tensor<1024x1000xf32>
}
func.func @ragged(%x: tensor<1002xi32>, %y: tensor<1002xi32>) -> tensor<1002xi32> {
  %0 = stablehlo.xor %x, %y : tensor<1002xi32>
  %1 = stablehlo.shift_left %0, %y : tensor<1002xi32>
  return %1 : tensor<1002xi32>
}
func.func @half(%x: tensor<3x5xf16>) -> tensor<3x5xf16> {
  %0 = stablehlo.tanh %x : tensor<3x5xf16>
  return %0 : tensor<3x5xf16>
}
