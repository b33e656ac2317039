// xla-fuse-rows on JAX-style softmax (after element-wise fusion): the
// division is the root, tiled by blocks of 8 rows (8 x 512 f32 = 16 KiB);
// the row maxima, exp(x - max) and the row sums are fused into the same
// scf.forall, each computed once per block (CSE), reading the block's rows
// of the input. The row sums of the result (%sums) are read by an op
// outside the chain: their fill is shared with it, so the sums' fill
// inside is a slice of it. The small softmax (64 KiB < 512 KiB) is left
// alone, and so is a normalization by column sums (the sums over the rows
// are needed whole by every block).
// RUN: xla-opt --xla-cpu-fusion %s | xla-opt --xla-fuse-rows | FileCheck %s

// CHECK-LABEL: func.func @softmax
// CHECK: %[[LOOP:.*]] = scf.forall (%[[R:.*]]) = (0) to (512) step (8) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<512x512xf32>)
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[%[[R]], 0] [8, 512] [1, 1] : tensor<512x512xf32> to tensor<8x512xf32>
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<8x512xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: llvm.intr.maximum
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<8x512xf32>, tensor<8xf32>)
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[EXP]] : tensor<8x512xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<8x512xf32>, tensor<8xf32>)
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[OUT]][%[[R]], 0] [8, 512] [1, 1]
// CHECK-NOT: math.exp
// CHECK: linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[LOOP]] : tensor<512x512xf32>)
// CHECK: return
func.func @softmax(%x: tensor<512x512xf32>) -> (tensor<512x512xf32>, tensor<512xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x512xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x512xf32>
  %e = stablehlo.exponential %d : tensor<512x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf32>) -> tensor<512x512xf32>
  %r = stablehlo.divide %e, %sb : tensor<512x512xf32>
  %sums = stablehlo.reduce(%r init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  return %r, %sums : tensor<512x512xf32>, tensor<512xf32>
}

// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.forall
// CHECK: return
func.func @small(%x: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<128x128xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %r = stablehlo.divide %e, %sb : tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// CHECK-LABEL: func.func @columns
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}}["reduction", "parallel"]
// CHECK-NOT: scf.forall
// CHECK: return
func.func @columns(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<512x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<512xf32>) -> tensor<512x512xf32>
  %r = stablehlo.divide %e, %sb : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
