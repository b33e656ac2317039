// The GPU path's host side and its LLVM IR outputs.
//
// Constants that a kernel takes as an argument are copied from their host
// global into a runtime-allocated buffer around the launch:
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-stage-globals | FileCheck %s --check-prefix=STAGE
// STAGE: %[[G:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// STAGE: %[[A:.*]] = memref.alloc() : memref<4xf32>
// STAGE-NEXT: memref.copy %[[G]], %[[A]] : memref<4xf32> to memref<4xf32>
// STAGE-NEXT: gpu.launch_func @add_table_kernel::@add_table_kernel {{.*}} args({{.*}}%[[A]] : memref<4xf32>
// STAGE-NEXT: memref.dealloc %[[A]] : memref<4xf32>
//
// Host code in the LLVM dialect: launches stay gpu.launch_func (translated
// to runtime calls when LLVM IR is emitted), allocations call the runtime.
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-lower-host | FileCheck %s --check-prefix=LOWERED
// LOWERED: llvm.func @add_table(
// LOWERED: llvm.call @_mlir_memref_to_llvm_alloc
// LOWERED: gpu.launch_func @add_table_kernel::@add_table_kernel
// LOWERED: llvm.call @_mlir_memref_to_llvm_free
// LOWERED: gpu.binary @add_table_kernel
//
// The host's LLVM IR: a global constructor loads the embedded PTX through
// the runtime ABI, the entry point looks the kernel up and launches it
// with its grid and block sizes.
// RUN: xla-translate %s --emit=llvm-ir --target=gpu-host | FileCheck %s --check-prefix=HOST
// HOST: @add_table_kernel_binary = internal constant [{{[0-9]+}} x i8] c"//{{.*}}.target sm_90
// HOST: @llvm.global_ctors = appending global {{.*}} @add_table_kernel_load
// HOST: define void @_mlir_ciface_add_table(
// HOST: call ptr @_mlir_memref_to_llvm_alloc(i64 16)
// HOST: call ptr @mgpuModuleGetFunction(
// HOST: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 1, i64 1, i64 1, i64 32, i64 1, i64 1, i32 0,
// HOST: call void @mgpuStreamSynchronize(
// HOST: call void @_mlir_memref_to_llvm_free(
// HOST: define internal void @add_table_kernel_load()
// HOST-NEXT: entry:
// HOST-NEXT: call ptr @mgpuModuleLoadJIT(ptr nonnull @add_table_kernel_binary, i32 3)
//
// The kernels' NVVM-flavoured LLVM IR (one thread, 4 elements: one
// 16-byte store):
// RUN: xla-translate %s --emit=llvm-ir --target=gpu | FileCheck %s --check-prefix=NVVM
// NVVM: ; gpu.binary @add_table_kernel
// NVVM: target triple = "nvptx64-nvidia-cuda"
// NVVM: define ptx_kernel void @add_table_kernel(
// NVVM: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// NVVM: load float
// NVVM: fadd float
// NVVM: store <4 x float> %{{.*}}, ptr %{{.*}}, align 16
//
// RUN: not xla-translate %s --emit=obj --target=gpu -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD-TARGET
// BAD-TARGET: xla-translate: error: --target applies to --emit=llvm-ir only

func.func @add_table(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = stablehlo.add %x, %c : tensor<4xf32>
  %1 = stablehlo.exponential %0 : tensor<4xf32>
  %2 = stablehlo.add %1, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
