// xla-gpu-device-temporaries: a temporary that only kernels touch is
// device memory (gpu.alloc, served by the runtime from the device's memory
// pool); one that host code reads or writes stays a memref.alloc (managed
// memory).
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-stage-globals --xla-gpu-device-temporaries | FileCheck %s
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-lower-host | FileCheck %s --check-prefix=LOWERED

// A row sum split into partial sums: the partials are written by one
// kernel and read by the next.
// CHECK-LABEL: func.func @row_sums
// CHECK-NOT: memref.alloc
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[P:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<4096xf32>
// CHECK-NEXT: gpu.wait [%[[T1]]]
// CHECK-NEXT: gpu.launch_func {{.*}}%[[P]] : memref<4096xf32>
// CHECK-NEXT: gpu.launch_func {{.*}}%[[P]] : memref<4096xf32>
// CHECK-NEXT: %[[T2:.*]] = gpu.wait async
// CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[P]] : memref<4096xf32>
// CHECK-NEXT: gpu.wait [%[[T3]]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// LOWERED-LABEL: llvm.func @row_sums(
// LOWERED: llvm.call @mgpuMemAlloc(
// LOWERED: llvm.call @mgpuMemFree(

// A sort of one row: its merge passes are host loops that read the
// exponentials (written by a kernel) and write a scratch row, both of which
// stay managed.
// CHECK-LABEL: func.func @sorted
// CHECK-NOT: gpu.alloc
// CHECK: memref.alloc() {{.*}} : memref<64xf32>
// CHECK-NOT: gpu.alloc
// CHECK: return
func.func @row_sums(%x: tensor<64x2048xf32>) -> tensor<64xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<64x2048xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x2048xf32>, tensor<f32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @sorted(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = stablehlo.exponential %x : tensor<64xf32>
  %s = "stablehlo.sort"(%e) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<64xf32>) -> tensor<64xf32>
  %l = stablehlo.log %s : tensor<64xf32>
  return %l : tensor<64xf32>
}
