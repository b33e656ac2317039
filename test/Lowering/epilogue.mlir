// Output fusion (lowering/src/epilogue.rs). On tensors, xla-epilogue-in-place
// computes a contraction's planned element-wise consumer in the product
// (init = the product, the product and its zero fill moved right before
// it); on buffers, xla-contraction-kernels applies such a consumer to each
// register tile's sums before storing them, and erases it. Only pairs the
// planner grouped (the same xla.fusion tag) are fused.
// RUN: xla-opt %s --split-input-file --xla-epilogue-in-place | FileCheck %s --check-prefix=TENSOR
// RUN: xla-opt %s --split-input-file --xla-contraction-kernels --contraction-lanes 16 | FileCheck %s --check-prefix=KERNEL

#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
#g1 = loc("xla.fusion.f0.g1"("model.py":9:1))
#map_a = affine_map<(d0, d1, d2) -> (d0, d1)>
#map_b = affine_map<(d0, d1, d2) -> (d1, d2)>
#map_c = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// The fill and the product move down to the consumer (past %other), whose
// init becomes the product.
// TENSOR-LABEL: func.func @in_place(
// TENSOR: %[[OTHER:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<32xf32>)
// TENSOR: %[[FILL:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16x32xf32>)
// TENSOR-NEXT: ^bb0
// TENSOR-NEXT: linalg.yield
// TENSOR-NEXT: } -> tensor<16x32xf32>
// TENSOR-NEXT: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : {{.*}}) outs(%[[FILL]] : tensor<16x32xf32>)
// TENSOR: linalg.generic {{.*}} ins(%[[P]], %[[OTHER]] : tensor<16x32xf32>, tensor<32xf32>) outs(%[[P]] : tensor<16x32xf32>)
func.func @in_place(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %bias: tensor<32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x32xf32>
  %fill = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<16x32xf32> loc(#g0)
  %p = linalg.generic {indexing_maps = [#map_a, #map_b, #map_c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%fill : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32> loc(#g0)
  %e32 = tensor.empty() : tensor<32xf32>
  %other = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%bias : tensor<32xf32>) outs(%e32 : tensor<32xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<32xf32> loc(#g1)
  %empty2 = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %other : tensor<16x32xf32>, tensor<32xf32>) outs(%empty2 : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32> loc(#g0)
  return %r : tensor<16x32xf32>
}

// -----

// Not in one planned group (another group's tag): left as it is.
// TENSOR-LABEL: func.func @other_group(
// TENSOR: } -> tensor<4x16xf32>
// TENSOR-NEXT: %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
// TENSOR-NEXT: linalg.generic {{.*}} ins(%{{.*}}, %arg2 : tensor<4x16xf32>, tensor<16xf32>) outs(%[[E]] : tensor<4x16xf32>)
#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
#g1 = loc("xla.fusion.f0.g1"("model.py":9:1))
func.func @other_group(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x16xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32> loc(#g0)
  %empty2 = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%empty2 : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32> loc(#g1)
  return %r : tensor<4x16xf32>
}

// -----

// On buffers: bias + ReLU in the kernel's epilogue. The bias is loaded as a
// vector along the tile's columns, the ops are rebuilt on vectors (the
// scalar 0.0 broadcast), and the result stored once; the consumer is gone.
// KERNEL-LABEL: func.func @epilogue(
// KERNEL-NOT: linalg.generic
// KERNEL: vector.fma
// KERNEL: scf.yield
// KERNEL: %[[BIAS:.*]] = vector.load %arg2[%{{.*}}] : memref<32xf32>, vector<16xf32>
// KERNEL: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BIAS]] : vector<16xf32>
// KERNEL: %[[ZERO:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// KERNEL: %[[RELU:.*]] = llvm.intr.maximum(%[[SUM]], %[[ZERO]]) : (vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// KERNEL: vector.store %[[RELU]], %arg3[%{{.*}}, %{{.*}}] : memref<16x32xf32>, vector<16xf32>
// KERNEL-NOT: linalg.generic
// KERNEL: return
#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
func.func @epilogue(%a: memref<16x8xf32>, %b: memref<8x32xf32>, %bias: memref<32xf32>, %c: memref<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c : memref<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<16x8xf32>, memref<8x32xf32>) outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : memref<16x32xf32>, memref<32xf32>) outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %r = llvm.intr.maximum(%s, %zero) : (f32, f32) -> f32
    linalg.yield %r : f32
  } loc(#g0)
  return
}

// -----

// Untagged (the planner did not see the pair, e.g. --fusion=greedy): the
// consumer keeps its loop nest after the kernel.
// KERNEL-LABEL: func.func @untagged(
// KERNEL: vector.fma
// KERNEL: vector.store
// KERNEL: linalg.generic {{.*}} ins(%arg2, %arg3 : memref<16x32xf32>, memref<32xf32>) outs(%arg2 : memref<16x32xf32>)
func.func @untagged(%a: memref<16x8xf32>, %b: memref<8x32xf32>, %c: memref<16x32xf32>, %bias: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<16x8xf32>, memref<8x32xf32>) outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : memref<16x32xf32>, memref<32xf32>) outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two products summed (x W + h U): the consumer writes over the second
// product, and the first (with its fill) moves right before it; its kernel
// will store the consumer's values there.
// TENSOR-LABEL: func.func @two_products(
// TENSOR: %[[P2:.*]] = linalg.generic {{.*}} ins(%arg2, %arg3 : {{.*}})
// TENSOR: %[[F1:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16x32xf32>)
// TENSOR: %[[P1:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : {{.*}}) outs(%[[F1]] : tensor<16x32xf32>)
// TENSOR: linalg.generic {{.*}} ins(%[[P1]], %[[P2]] : tensor<16x32xf32>, tensor<16x32xf32>) outs(%[[P2]] : tensor<16x32xf32>)
#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
#map_a = affine_map<(d0, d1, d2) -> (d0, d1)>
#map_b = affine_map<(d0, d1, d2) -> (d1, d2)>
#map_c = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_products(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x4xf32>, %d: tensor<4x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x32xf32>
  %f1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<16x32xf32> loc(#g0)
  %p1 = linalg.generic {indexing_maps = [#map_a, #map_b, #map_c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%f1 : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32> loc(#g0)
  %e2 = tensor.empty() : tensor<16x32xf32>
  %f2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<16x32xf32> loc(#g0)
  %p2 = linalg.generic {indexing_maps = [#map_a, #map_b, #map_c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%c, %d : tensor<16x4xf32>, tensor<4x32xf32>) outs(%f2 : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32> loc(#g0)
  %e3 = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p1, %p2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e3 : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<16x32xf32> loc(#g0)
  return %r : tensor<16x32xf32>
}

// -----

// On buffers: the consumer reads the product and writes another buffer
// (%arg2, the other product): the kernel applies it to the tiles, loads
// %arg2's elements and stores the values there; the product's buffer, no
// longer used, is freed with its deallocation.
// KERNEL-LABEL: func.func @retarget(
// KERNEL-NOT: memref.alloc
// KERNEL: vector.fma
// KERNEL: scf.yield
// KERNEL: %[[OTHER:.*]] = vector.load %arg2[%{{.*}}, %{{.*}}] : memref<16x32xf32>, vector<16xf32>
// KERNEL: %[[SUM:.*]] = arith.addf %{{.*}}, %[[OTHER]] : vector<16xf32>
// KERNEL: vector.store %[[SUM]], %arg2[%{{.*}}, %{{.*}}] : memref<16x32xf32>, vector<16xf32>
// KERNEL-NOT: linalg.generic
// KERNEL-NOT: memref.dealloc
// KERNEL: return
#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
func.func @retarget(%a: memref<16x8xf32>, %b: memref<8x32xf32>, %other: memref<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%p : memref<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<16x8xf32>, memref<8x32xf32>) outs(%p : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %other : memref<16x32xf32>, memref<16x32xf32>) outs(%other : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } loc(#g0)
  memref.dealloc %p : memref<16x32xf32>
  return
}

// -----

// The consumer would write over an operand of the contraction (%arg0): the
// kernel still reads it, so the consumer is not fused and keeps its loops.
// KERNEL-LABEL: func.func @retarget_overlap(
// KERNEL: vector.fma
// KERNEL: linalg.generic {{.*}} ins(%{{.*}}, %arg0 : memref<16x16xf32>, memref<16x16xf32>) outs(%arg0 : memref<16x16xf32>)
#g0 = loc("xla.fusion.f0.g0"("model.py":3:1))
func.func @retarget_overlap(%a: memref<16x16xf32>, %b: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%p : memref<16x16xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%p : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } loc(#g0)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%a : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } loc(#g0)
  memref.dealloc %p : memref<16x16xf32>
  return
}
