// RUN: xla-opt --xla-cpu-pipeline --split-input-file %s | FileCheck %s

// The CPU pipeline runs large loops whose iterations are independent on the
// thread pool: affine-parallelize finds the outermost independent loop of
// each linalg loop nest, xla-cpu-parallel-tasks outlines it.
// CHECK-LABEL: llvm.func @big(
// CHECK: llvm.call @xla_parallel_for(
// CHECK-LABEL: llvm.func @big_parallel0(
// CHECK: llvm.call @big_parallel0_body(
// The task's loop is in its body, whose buffers (an entry point's: two
// arguments and the result) are noalias.
// CHECK-LABEL: llvm.func @big_parallel0_body(%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}
func.func @big(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = stablehlo.multiply %x, %y : tensor<1024x1024xf32>
  %1 = stablehlo.add %0, %x : tensor<1024x1024xf32>
  return %1 : tensor<1024x1024xf32>
}

// -----

// A row reduction: the rows are independent, the reduction stays inside a
// task.
// CHECK-LABEL: llvm.func @rows(
// CHECK: llvm.call @xla_parallel_for(
func.func @rows(%x: tensor<2048x2048xf32>) -> tensor<2048xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

// -----

// The contraction kernels' row blocks.
// CHECK-LABEL: llvm.func @matmul(
// CHECK: llvm.call @xla_parallel_for(
func.func @matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// Small work stays on the calling thread: no call at all.
// CHECK-LABEL: llvm.func @small(
// CHECK-NOT: xla_parallel_for
// CHECK: llvm.return
func.func @small(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
