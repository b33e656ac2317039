// xla-distinct-inits gives each linalg op that starts from a fill its own
// copy of the fill, right before it. Without it the three products below
// start from one CSE'd zero fill: all but one must start from a copy of the
// filled buffer, which stays alive in between (the JAX MLP with two hidden
// layers held three 1 MiB buffers where XLA holds two).
// RUN: xla-opt --xla-cpu-fusion %s | xla-opt --xla-distinct-inits | FileCheck %s
// The plan: each ReLU runs in its product's buffer (output fusion,
// xla-epilogue-in-place), and the 16 KiB products of @main share one slot
// of the arena; `@run` makes the inputs, so the run needs no files, and its
// result is the same with and without the buffer plan.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --entry run --output-dir %t/planned --report=memory 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: xla-run %s --entry run --output-dir %t/unplanned --no-buffer-plan
// RUN: cmp %t/planned/out_0.npy %t/unplanned/out_0.npy

// CHECK-LABEL: func.func @main
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK: %[[Z1:.*]] = linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = [{{[^]]*}}]} outs(%[[EMPTY]] : tensor<64x64xf32>)
// CHECK: linalg.generic {{.*}}"reduction"{{.*}} ins(%arg0, %arg1 : {{.*}}) outs(%[[Z1]] : tensor<64x64xf32>)
// CHECK: %[[R1:.*]] = linalg.generic {{.*}} outs(%[[EMPTY]]
// CHECK: %[[Z2:.*]] = linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = [{{[^]]*}}]} outs(%[[EMPTY]] : tensor<64x64xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: linalg.yield %cst
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {{.*}}"reduction"{{.*}} ins(%[[R1]], %arg2 : {{.*}}) outs(%[[Z2]] : tensor<64x64xf32>)
// CHECK: %[[Z3:.*]] = linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = [{{[^]]*}}]} outs(%[[EMPTY]] : tensor<64x64xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: linalg.yield %cst
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {{.*}}"reduction"{{.*}} outs(%[[Z3]] : tensor<64x64xf32>)

// PLAN: memory plan of @main: arena 16384 bytes {{.*}}, 1 buffer(s) planned (16384 bytes without reuse), 0 not planned
// PLAN-NOT: memref.copy
// PLAN: memory plan of @run: arena 32768 bytes
// PLAN: memory measured: peak 32768 bytes live, 1 allocation(s)

func.func @main(%x: tensor<64x32xf32>, %w1: tensor<32x64xf32>, %w2: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  %z = stablehlo.constant dense<0.0> : tensor<64x64xf32>
  %1 = stablehlo.maximum %0, %z : tensor<64x64xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %3 = stablehlo.maximum %2, %z : tensor<64x64xf32>
  %4 = stablehlo.dot_general %3, %w2, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %4 : tensor<64x64xf32>
}

// Inputs made inside, so that the run needs no files.
func.func @run() -> tensor<64x64xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4096xf32>
  %s = stablehlo.sine %i : tensor<4096xf32>
  %x = stablehlo.slice %s [0:2048] : (tensor<4096xf32>) -> tensor<2048xf32>
  %x2 = stablehlo.reshape %x : (tensor<2048xf32>) -> tensor<64x32xf32>
  %w1 = stablehlo.reshape %x : (tensor<2048xf32>) -> tensor<32x64xf32>
  %w2 = stablehlo.reshape %s : (tensor<4096xf32>) -> tensor<64x64xf32>
  %r = func.call @main(%x2, %w1, %w2) : (tensor<64x32xf32>, tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
