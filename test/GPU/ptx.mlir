// The thin GPU path: element-wise programs become one fused kernel, mapped
// to 256-thread blocks (each thread 4 elements, with 16-byte loads and
// stores: 1000 elements are one block of 250 threads), and PTX for the
// requested architecture.
// RUN: xla-translate %s --emit=ptx | FileCheck %s
// RUN: xla-translate %s --emit=ptx --gpu-arch=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: xla-opt %s --xla-gpu-pipeline | FileCheck %s --check-prefix=IR
// RUN: not xla-translate %s --emit=ptx --gpu-arch=volta 2>&1 | FileCheck %s --check-prefix=BADARCH

// CHECK: // gpu.binary @axpy_kernel
// CHECK: .version 8.0
// CHECK: .target sm_90
// CHECK: .visible .entry axpy_kernel(
// CHECK: mov.u32 {{.*}}%tid.x
// CHECK: ld.global.b32
// CHECK: ld.global.v4.b32
// CHECK: ld.global.v4.b32
// CHECK-COUNT-4: mul.rn.f32
// CHECK: add.rn.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: .entry

// SM80: .target sm_80

// IR: gpu.launch_func @axpy_kernel::@axpy_kernel blocks in ({{.*}}) threads in ({{.*}})
// IR: gpu.binary @axpy_kernel [#gpu.object<#nvvm.target<{{.*}}chip = "sm_90"{{.*}}assembly =

// BADARCH: xla-translate: error: invalid --gpu-arch 'volta': expected a CUDA architecture such as sm_90

func.func @axpy(%alpha: tensor<f32>, %x: tensor<1000xf32>, %y: tensor<1000xf32>) -> tensor<1000xf32> {
  %0 = stablehlo.broadcast_in_dim %alpha, dims = [] : (tensor<f32>) -> tensor<1000xf32>
  %1 = stablehlo.multiply %0, %x : tensor<1000xf32>
  %2 = stablehlo.add %1, %y : tensor<1000xf32>
  return %2 : tensor<1000xf32>
}
