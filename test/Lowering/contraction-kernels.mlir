// RUN: xla-opt %s --contraction-lanes 16 --split-input-file --xla-contraction-kernels | FileCheck %s

// xla-contraction-kernels: f32 contractions on buffers become register
// tiles (here 2 rows x 1 vector of 16 lanes) whose accumulators are carried
// through the reduction loops as iter_args. The loop over full row blocks
// is an scf.parallel (xla-cpu-parallel-tasks runs it on the thread pool).

#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A zero fill right before the contraction is dropped: the accumulators
// start at zero. Each step loads one vector of B, broadcasts one element of
// A per row and issues one FMA per accumulator.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3x16xf32>, %[[C:.*]]: memref<2x16xf32>)
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[SUM:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC0:.*]] = %[[ZERO]], %[[ACC1:.*]] = %[[ZERO]]) -> (vector<16xf32>, vector<16xf32>) {
// CHECK: %[[BV:.*]] = vector.load %[[B]][%[[K]], %[[J]]] : memref<3x16xf32>, vector<16xf32>
// CHECK: %[[A0:.*]] = memref.load %[[A]][%[[I]], %[[K]]] : memref<2x3xf32>
// CHECK: %[[S0:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK: %[[F0:.*]] = vector.fma %[[S0]], %[[BV]], %[[ACC0]] : vector<16xf32>
// CHECK: %[[A1:.*]] = memref.load %[[A]][%[[I1]], %[[K]]] : memref<2x3xf32>
// CHECK: %[[S1:.*]] = vector.broadcast %[[A1]] : f32 to vector<16xf32>
// CHECK: %[[F1:.*]] = vector.fma %[[S1]], %[[BV]], %[[ACC1]] : vector<16xf32>
// CHECK: scf.yield %[[F0]], %[[F1]] : vector<16xf32>, vector<16xf32>
// CHECK: vector.store %[[SUM]]#0, %[[C]][%[[I]], %[[J]]] : memref<2x16xf32>, vector<16xf32>
// CHECK: vector.store %[[SUM]]#1, %[[C]][%[[I1]], %[[J]]] : memref<2x16xf32>, vector<16xf32>
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @matmul(%a: memref<2x3xf32>, %b: memref<3x16xf32>, %c: memref<2x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%c : memref<2x16xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Without a fill, the output's values are the accumulators' initial values
// (operands of the body in the other order are matched too).
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: %{{.*}}: memref<2x3xf32>, %{{.*}}: memref<3x16xf32>, %[[C:.*]]: memref<2x16xf32>)
// CHECK: %[[INIT0:.*]] = vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<2x16xf32>, vector<16xf32>
// CHECK: %[[INIT1:.*]] = vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<2x16xf32>, vector<16xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT0]], %{{.*}} = %[[INIT1]])
// CHECK-COUNT-2: vector.fma
// CHECK-COUNT-2: vector.store
func.func @accumulate(%a: memref<2x3xf32>, %b: memref<3x16xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// 5 columns: one vector whose last 11 lanes are masked off.
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @column_tail(
// CHECK-SAME: %{{.*}}: memref<2x3xf32>, %[[B:.*]]: memref<3x5xf32>, %[[C:.*]]: memref<2x5xf32>)
// CHECK: %[[MASK:.*]] = arith.constant dense<[true, true, true, true, true, false, false, false, false, false, false, false, false, false, false, false]> : vector<16xi1>
// CHECK: vector.maskedload %[[C]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<2x5xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: scf.for
// CHECK: vector.maskedload %[[B]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<3x5xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.maskedstore %[[C]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<2x5xf32>, vector<16xi1>, vector<16xf32>
// CHECK: vector.maskedstore %[[C]]
func.func @column_tail(%a: memref<2x3xf32>, %b: memref<3x5xf32>, %c: memref<2x5xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x5xf32>) outs(%c : memref<2x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// x @ w.T: B's innermost dimension is the reduction, so B is first copied
// (narrow: 16 columns) into a [k, j] buffer that the tile reads with vector loads (16 columns at
// a time: blocks of columns, then k, then the 16 columns).
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs_t = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: %{{.*}}: memref<2x3xf32>, %[[B:.*]]: memref<16x3xf32>, %{{.*}}: memref<2x16xf32>)
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x16xf32>
// CHECK: scf.for %[[JB:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[K:.*]] =
// CHECK: scf.for %[[LANE:.*]] =
// CHECK: %[[J:.*]] = arith.addi %[[JB]], %[[LANE]] : index
// CHECK: %[[V:.*]] = memref.load %[[B]][%[[J]], %[[K]]] : memref<16x3xf32>
// CHECK: memref.store %[[V]], %[[PACKED]][%[[K]], %[[J]]] : memref<3x16xf32>
// The packing loops stay rolled (LLVM's full unrolling only grew the code).
// CHECK-NEXT: } {llvm.loop_annotation = #[[ROLLED:.*]]}
// CHECK-NEXT: } {llvm.loop_annotation = #[[ROLLED]]}
// CHECK-NEXT: } {llvm.loop_annotation = #[[ROLLED]]}
// CHECK: vector.load %[[PACKED]][%{{.*}}, %{{.*}}] : memref<3x16xf32>, vector<16xf32>
// CHECK: memref.dealloc %[[PACKED]] : memref<3x16xf32>
func.func @transposed(%a: memref<2x3xf32>, %b: memref<16x3xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs_t, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<16x3xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A transposed right-hand side with rows of 2 KiB or more (520 columns) is
// copied tile-major, into a [j floordiv 32, k, j mod 32] buffer (the last
// tile's 8 columns padded to 32, masked off when read) that the tiles read with vector loads, each
// reduction step right after the previous one (16 columns at a time: blocks
// of columns, then k, then the 16 columns).
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs_t = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[TMAP:.*]] = affine_map<(d0, d1, d2) -> (d2 floordiv 32)>
// CHECK-NEXT: #[[LMAP:.*]] = affine_map<(d0, d1, d2) -> (d2 mod 32)>
// CHECK-LABEL: func.func @transposed_wide(
// CHECK-SAME: %{{.*}}: memref<16x3xf32>, %[[B:.*]]: memref<520x3xf32>, %{{.*}}: memref<16x520xf32>)
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<17x3x32xf32>
// CHECK: scf.for %[[JB:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[K:.*]] =
// CHECK: scf.for %[[LANE:.*]] =
// CHECK: %[[J:.*]] = arith.addi %[[JB]], %[[LANE]] : index
// CHECK: %[[V:.*]] = memref.load %[[B]][%[[J]], %[[K]]] : memref<520x3xf32>
// CHECK: %[[T:.*]] = affine.apply #[[TMAP]](%{{.*}}, %{{.*}}, %[[J]])
// CHECK: %[[L:.*]] = affine.apply #[[LMAP]](%{{.*}}, %{{.*}}, %[[J]])
// CHECK: memref.store %[[V]], %[[PACKED]][%[[T]], %[[K]], %[[L]]] : memref<17x3x32xf32>
// CHECK: scf.parallel
// CHECK: scf.for %[[KK:.*]] = {{.*}} iter_args(
// CHECK: vector.load %[[PACKED]][%{{.*}}, %[[KK]], %{{.*}}] : memref<17x3x32xf32>, vector<16xf32>
// CHECK: vector.maskedload %[[PACKED]][%{{.*}}, %{{.*}}, %{{.*}}]
// CHECK: memref.dealloc %[[PACKED]] : memref<17x3x32xf32>
func.func @transposed_wide(%a: memref<16x3xf32>, %b: memref<520x3xf32>, %c: memref<16x520xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs_t, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<16x3xf32>, memref<520x3xf32>) outs(%c : memref<16x520xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Element-wise ops fused into the body: A's factor (bias + ReLU, two
// inputs) is computed after its loads, before the broadcast; B's (a
// scaling) into the packed buffer.
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#bias = affine_map<(d0, d1, d2) -> (d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @fused(
// CHECK-SAME: %[[A:.*]]: memref<2x3xf32>, %[[BIAS:.*]]: memref<3xf32>, %[[B:.*]]: memref<3x16xf32>, %{{.*}}: memref<2x16xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[PACKED:.*]] = memref.alloc()
// CHECK: %[[W:.*]] = memref.load %[[B]]
// CHECK: %[[W2:.*]] = arith.mulf %[[W]], %[[TWO]] : f32
// CHECK: memref.store %[[W2]], %[[PACKED]]
// CHECK: scf.for
// CHECK: vector.load %[[PACKED]]
// CHECK: %[[X:.*]] = memref.load %[[A]]
// CHECK: %[[Y:.*]] = memref.load %[[BIAS]]
// CHECK: %[[T:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: %[[R:.*]] = arith.maximumf %[[T]], %[[ZERO]] : f32
// CHECK: vector.broadcast %[[R]] : f32 to vector<16xf32>
// CHECK-NOT: linalg.generic
func.func @fused(%a: memref<2x3xf32>, %bias: memref<3xf32>, %b: memref<3x16xf32>, %c: memref<2x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [#lhs, #bias, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %bias, %b : memref<2x3xf32>, memref<3xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %z: f32, %y: f32, %acc: f32):
    %t = arith.addf %x, %z : f32
    %r = arith.maximumf %t, %zero : f32
    %w = arith.mulf %y, %two : f32
    %p = arith.mulf %r, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A convolution's window: out[o, f] += in[o + k, ch] * w[k, ch, f]. The two
// reduction loops nest inside the tile; A's index is evaluated with its map.
#in = affine_map<(d0, d1, d2, d3) -> (d0 + d1, d2)>
#w = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#o = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
// CHECK: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d1)>
// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME: %[[X:.*]]: memref<4x2xf32>, %[[W:.*]]: memref<3x2x16xf32>, %{{.*}}: memref<2x16xf32>)
// CHECK: scf.parallel (%[[O:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[KW:.*]] = {{.*}} iter_args(
// CHECK: scf.for %[[CH:.*]] = {{.*}} iter_args(
// CHECK: vector.load %[[W]][%[[KW]], %[[CH]], %[[F]]] : memref<3x2x16xf32>, vector<16xf32>
// CHECK: %[[ROW:.*]] = affine.apply #[[WINDOW]](%[[O]], %[[KW]], %{{.*}}, %{{.*}})
// CHECK: memref.load %[[X]][%[[ROW]], %[[CH]]] : memref<4x2xf32>
// CHECK: scf.yield
// The innermost reduction loop is left to LLVM; the outer one (the window)
// stays rolled.
// CHECK-NEXT: }{{$}}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {llvm.loop_annotation = #[[ROLLED:.*]]}
func.func @conv1d(%x: memref<4x2xf32>, %w: memref<3x2x16xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "reduction", "reduction", "parallel"]}
      ins(%x, %w : memref<4x2xf32>, memref<3x2x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Feature groups: A's index uses the output feature only as `f floordiv 16`
// (16 output features per group), so the column tiles are laid out group by
// group and each broadcast element belongs to the tile's group.
#in = affine_map<(d0, d1, d2) -> (d0, (d2 floordiv 16) * 2 + d1)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[GROUP:.*]] = affine_map<(d0, d1, d2) -> ((d2 floordiv 16) * 2 + d1)>
// CHECK-LABEL: func.func @groups(
// CHECK-SAME: %[[X:.*]]: memref<2x4xf32>, %{{.*}}: memref<2x32xf32>, %{{.*}}: memref<2x32xf32>)
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.for %[[G:.*]] = %[[C0:.*]] to %[[C32:.*]] step %[[C16:.*]] {
// CHECK: scf.for %[[JJ:.*]] = %{{.*}} to %[[C16]] step %[[C16]] {
// CHECK: %[[J:.*]] = arith.addi %[[G]], %[[JJ]] : index
// CHECK: scf.for %[[K:.*]] = {{.*}} iter_args(
// CHECK: %[[CH:.*]] = affine.apply #[[GROUP]](%{{.*}}, %[[K]], %[[J]])
// CHECK: memref.load %[[X]][%[[I]], %[[CH]]] : memref<2x4xf32>
func.func @groups(%x: memref<2x4xf32>, %w: memref<2x32xf32>, %c: memref<2x32xf32>) {
  linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : memref<2x4xf32>, memref<2x32xf32>) outs(%c : memref<2x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Cache blocking: B (1100 x 300) is walked in column panels of 256 (then
// 44), so that a panel's 512-row block of B stays in L2, and the reduction
// loop in blocks of 512 (then 76); blocks accumulate into the output in
// turn, so the zero fill stays and the accumulators are loaded.
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @blocked(
// CHECK-SAME: %{{.*}}: memref<8x1100xf32>, %{{.*}}: memref<1100x300xf32>, %[[C:.*]]: memref<8x300xf32>)
// CHECK: linalg.generic
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: scf.for %[[PANEL:.*]] = %[[C0]] to %[[C256]] step %[[C256]] {
// CHECK: scf.for %[[KB:.*]] = %[[C0]] to %[[C1024]] step %[[C512]] {
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.for %[[JJ:.*]] = %[[C0]] to %[[C256]] step %[[C32]] {
// CHECK: %[[J:.*]] = arith.addi %[[PANEL]], %[[JJ]] : index
// CHECK: %[[ACC:.*]] = vector.load %[[C]][%[[I]], %[[J]]]
// CHECK: %[[KEND:.*]] = arith.addi %[[KB]], %[[C512]] : index
// CHECK: scf.for %{{.*}} = %[[KB]] to %[[KEND]] step %{{.*}} iter_args(%{{.*}} = %[[ACC]],
func.func @blocked(%a: memref<8x1100xf32>, %b: memref<1100x300xf32>, %c: memref<8x300xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%c : memref<8x300xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<8x1100xf32>, memref<1100x300xf32>) outs(%c : memref<8x300xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Packed panels: with 16 row blocks and B's rows 2800 bytes apart, each
// (panel, K block) part of B that the full column tiles read is first
// copied, tile by tile (a parallel loop), into a [tile, k, 32] buffer, and
// the tiles read their two vectors per reduction step from it (at k minus
// the block's start), not a row of B apart. Panels of 256 columns (then
// 188), K blocks of 512 (then 76); the 28 remainder columns (a masked
// tile) still read B.
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @panels(
// CHECK-SAME: %[[A:.*]]: memref<128x1100xf32>, %[[B:.*]]: memref<1100x700xf32>, %[[C:.*]]: memref<128x700xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x512x32xf32>
// CHECK: scf.for %[[PANEL:.*]] = %[[C0]] to %[[C512]] step %[[C256]] {
// CHECK: scf.for %[[KB:.*]] = %[[C0]] to %[[C1024]] step %[[C512]] {
// CHECK: scf.parallel (%[[OFF:.*]]) = (%[[C0]]) to (%[[C256]]) step (%[[C32]]) {
// CHECK: %[[COL:.*]] = arith.addi %[[PANEL]], %[[OFF]] : index
// CHECK: %[[T:.*]] = arith.divui %[[OFF]], %[[C32]] : index
// CHECK: scf.for %[[KK:.*]] = %[[C0]] to %[[C512]] step %[[C1]] {
// CHECK: %[[K:.*]] = arith.addi %[[KB]], %[[KK]] : index
// CHECK: %[[V0:.*]] = vector.load %[[B]][%[[K]], %[[COL]]]
// CHECK: vector.store %[[V0]], %[[P]][%[[T]], %[[KK]], %[[C0]]]
// CHECK: %[[COL16:.*]] = arith.addi %[[COL]], %[[C16]] : index
// CHECK: %[[V1:.*]] = vector.load %[[B]][%[[K]], %[[COL16]]]
// CHECK: vector.store %[[V1]], %[[P]][%[[T]], %[[KK]], %[[C16]]]
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.for %[[JJ:.*]] = %[[C0]] to %[[C256]] step %[[C32]] {
// CHECK: %[[TT:.*]] = arith.divui %[[JJ]], %[[C32]] : index
// CHECK: scf.for %[[KI:.*]] = %[[KB]] to %{{.*}} step %{{.*}} iter_args(
// CHECK: %[[KL:.*]] = arith.subi %[[KI]], %[[KB]] : index
// CHECK: vector.load %[[P]][%[[TT]], %[[KL]], %[[C0]]]
// CHECK: vector.load %[[P]][%[[TT]], %[[KL]], %[[C16]]]
// CHECK: memref.load %[[A]][%[[I]], %[[KI]]]
// The masked remainder tile reads B in place.
// CHECK: vector.maskedload %[[B]]
// CHECK: memref.dealloc %[[P]]
func.func @panels(%a: memref<128x1100xf32>, %b: memref<1100x700xf32>, %c: memref<128x700xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%c : memref<128x700xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<128x1100xf32>, memref<1100x700xf32>) outs(%c : memref<128x700xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Not matched (the generic loops stay): f64, integers, a body that uses the
// iteration index, a factor computed from both inputs, A using the output
// feature directly (a depthwise convolution), an output that is
// also read as an input; matrix @ vector (B would be packed for one row) and
// a matrix times 2 columns (LLVM vectorizes the generic loops along k).
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @f64
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @f64(%a: memref<2x3xf64>, %b: memref<3x16xf64>, %c: memref<2x16xf64>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf64>, memref<3x16xf64>) outs(%c : memref<2x16xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  }
  return
}

// CHECK-LABEL: func.func @integers
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @integers(%a: memref<2x3xi32>, %b: memref<3x16xi32>, %c: memref<2x16xi32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xi32>, memref<3x16xi32>) outs(%c : memref<2x16xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  }
  return
}

// CHECK-LABEL: func.func @uses_index
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @uses_index(%a: memref<2x3xf32>, %b: memref<3x16xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.mulf %x, %f : f32
    %p = arith.mulf %t, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @mixed_factor
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @mixed_factor(%a: memref<2x3xf32>, %b: memref<3x16xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %t = arith.addf %x, %y : f32
    %p = arith.mulf %t, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @depthwise
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @depthwise(%x: memref<4x16xf32>, %w: memref<3x16xf32>, %c: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : memref<4x16xf32>, memref<3x16xf32>) outs(%c : memref<2x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @output_read
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @output_read(%a: memref<16x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%a : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @matrix_vector
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @matrix_vector(%a: memref<64x64xf32>, %x: memref<64xf32>, %c: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : memref<64x64xf32>, memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @two_columns
// CHECK: linalg.generic
// CHECK-NOT: vector.fma
func.func @two_columns(%a: memref<64x64xf32>, %b: memref<64x2xf32>, %c: memref<64x2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x2xf32>) outs(%c : memref<64x2xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
