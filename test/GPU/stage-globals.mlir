// A kernel argument that is a view of a host constant (here a slice of one:
// a memref.subview of a memref.get_global) must not reach the kernel as a
// host address: xla-gpu-stage-globals copies the whole global into a
// runtime-allocated buffer and rebuilds the view on the copy. (On an H100,
// before this, the subview reached the kernel and faulted with
// CUDA_ERROR_ILLEGAL_ADDRESS.)
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-stage-globals | FileCheck %s
// CHECK-LABEL: func.func @slice_of_constant(
// CHECK: %[[G:.*]] = memref.get_global @[[CST:.*]] : memref<6xf32>
// CHECK: %[[A:.*]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT: memref.copy %[[G]], %[[A]] : memref<6xf32> to memref<6xf32>
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[A]][1] [5] [1]
// CHECK-NEXT: gpu.launch_func {{.*}} args(%[[V]] : memref<5xf32, strided<[1], offset: 1>>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<6xf32>
// No launch takes the global, or a view of it, directly.
// CHECK-NOT: gpu.launch_func {{.*}}%[[G]]
// CHECK-NOT: memref.subview %[[G]]
// CHECK: return

func.func @slice_of_constant(%x: tensor<5xf32>) -> tensor<5xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %s = stablehlo.slice %c [1:6] : (tensor<6xf32>) -> tensor<5xf32>
  %y = stablehlo.add %s, %x : tensor<5xf32>
  return %y : tensor<5xf32>
}
