// xla-gpu-async-launches: launches with nothing but memory-free ops between
// them are chained on one stream and waited for once; host code that
// touches memory (here the merge passes of a sort) ends a run.
// RUN: xla-opt %s --xla-gpu-pipeline --xla-gpu-stage-globals --xla-gpu-device-temporaries --xla-gpu-async-launches | FileCheck %s

// An MLP layer: the matrix product's initialisation and accumulation
// kernels, then the bias and activation, back to back.
// CHECK-LABEL: func.func @layer
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[T1:.*]] = gpu.launch_func async [%[[T0]]]
// CHECK-NEXT: %[[T2:.*]] = gpu.launch_func async [%[[T1]]]
// CHECK: gpu.wait [%[[T:.*]]]
// CHECK-NOT: gpu.launch_func {{[^a]}}
// CHECK: return
func.func @layer(%x: tensor<256x128xf32>, %w: tensor<128x64xf32>, %b: tensor<64xf32>) -> tensor<256x64xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x128xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<256x64xf32>
  %s = stablehlo.add %d, %bb : tensor<256x64xf32>
  %t = stablehlo.tanh %s : tensor<256x64xf32>
  return %t : tensor<256x64xf32>
}

// A sort between two element-wise kernels: its host loops separate them,
// so each launch keeps its own wait (synchronous launch_func).
// CHECK-LABEL: func.func @sorted
// CHECK-NOT: gpu.launch_func async
// CHECK: return
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
