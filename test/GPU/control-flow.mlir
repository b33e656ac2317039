// Control flow and sequential work with kernels: while loops stay on the
// host (scf.while) and launch kernels from their bodies; sort computes
// ranks in a kernel (one thread per element, a loop over its row) and
// places elements with a host loop; a scan (cumsum) is a sequential host
// loop nest; top_k with a small k is one kernel, one thread per row (the
// scf.forall over rows), each selecting its row's k best sequentially. A program without kernels gives an empty PTX module.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-opt %s --xla-gpu-kernels --pass-pipeline='builtin.module(gpu-kernel-outlining)' | FileCheck %s --check-prefix=OUTLINED
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: xla-translate %S/../Inputs/scalar-only.mlir --emit=ptx | FileCheck %s --check-prefix=EMPTY
// RUN: xla-translate %S/../Inputs/scalar-only.mlir --emit=ptx --gpu-arch=sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=EMPTY80 < %t.ptx

// CHECK-LABEL: func.func @while
// CHECK: scf.while
// The condition's sum over 5 elements is a host loop.
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: arith.cmpf oge
// CHECK: gpu.launch
// CHECK: scf.condition
// CHECK: } do {
// CHECK: gpu.launch
// CHECK: arith.mulf
// CHECK: gpu.terminator
// CHECK: arith.addi
// CHECK: scf.yield
// CHECK: gpu.launch
// CHECK: return

// CHECK-LABEL: func.func @sort
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32)
// CHECK: arith.cmpf olt
// CHECK: arith.extui
// CHECK: gpu.terminator
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NOT: gpu.launch
// CHECK: return

// The host loops write the result itself (xla-elide-result-copies): no
// kernel copies a temporary into it at the end.
// CHECK-LABEL: func.func @cumsum
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args
// CHECK: arith.addf
// CHECK: memref.store
// CHECK-NOT: gpu.launch
// CHECK: return

// CHECK-LABEL: func.func @top_k
// CHECK: gpu.launch
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0] [1, 5] [1, 1] : memref<3x5xi32> to memref<5xi32
// CHECK: scf.for
// CHECK: arith.cmpi sgt
// CHECK: scf.if
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: return

// Outlined kernels are launched from inside the host loops.
// (The first kernel copies the read-only argument into the loop's buffer.)
// OUTLINED-LABEL: func.func @while
// OUTLINED: gpu.launch_func @while_kernel::@while_kernel
// OUTLINED: scf.while
// OUTLINED: gpu.launch_func @while_kernel_0::@while_kernel
// OUTLINED: scf.condition
// OUTLINED: gpu.launch_func @while_kernel_1::@while_kernel
// OUTLINED: scf.yield
// OUTLINED: gpu.launch_func @while_kernel_2::@while_kernel
// OUTLINED: gpu.module @while_kernel
// OUTLINED: gpu.func @while_kernel({{.*}}) kernel

// PTX: // gpu.binary @while_kernel
// PTX: .visible .entry while_kernel(
// PTX: // gpu.binary @sort_kernel
// PTX: // gpu.binary @sort_kernel_{{[0-9]+}}
// PTX-NOT: cumsum_kernel
// PTX: // gpu.binary @top_k_kernel
// PTX: .visible .entry top_k_kernel(

// EMPTY: // No GPU kernels: all the work of this program runs on the host.
// EMPTY-NEXT: .version 8.0
// EMPTY-NEXT: .target sm_90
// EMPTY-NEXT: .address_size 64
// EMPTY-NOT: .entry
// EMPTY80: .target sm_80

func.func @while(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<i32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%it = %x, %n = %c) : tensor<5xf32>, tensor<i32>
  cond {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %1 = stablehlo.reduce(%it init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %2 = stablehlo.compare GE, %1, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %half = stablehlo.constant dense<0.5> : tensor<5xf32>
    %1 = stablehlo.multiply %it, %half : tensor<5xf32>
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.add %n, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<5xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<i32>
}
func.func @sort(%x: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<3x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}
func.func @cumsum(%x: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 1, 6>, padding = dense<[[0, 0], [5, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}
func.func @top_k(%x: tensor<3x40xf32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  %v, %i = chlo.top_k(%x, k = 5) : tensor<3x40xf32> -> (tensor<3x5xf32>, tensor<3x5xi32>)
  return %v, %i : tensor<3x5xf32>, tensor<3x5xi32>
}
