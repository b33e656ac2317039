// xla-gpu-parallel-dims-first: the loops of linalg.generic ops are
// reordered so that parallel dimensions come first and reductions last,
// each group in its order; linalg.index follows its dimension.
// RUN: xla-opt %s --xla-gpu-parallel-dims-first | FileCheck %s
// With parallel loops first, the loop nest is one scf.parallel over the
// output with the reductions as scf.for inside.
// RUN: xla-opt %s --xla-gpu-parallel-dims-first --pass-pipeline='builtin.module(func.func(convert-linalg-to-parallel-loops))' \
// RUN:   | FileCheck %s --check-prefix=LOOPS

// The maps of the three functions.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d0, d3, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SUM:.*]] = affine_map<(d0, d1) -> (d0)>

// The matmul as dot_general lowers it (i, k, j) becomes (i, j, k).
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// LOOPS-LABEL: func.func @matmul
// LOOPS: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// LOOPS-NEXT: scf.for %[[K:.*]] =
// LOOPS-NEXT: memref.load %{{.*}}[%[[I]], %[[K]]] : memref<4x8xf32>
// LOOPS-NEXT: memref.load %{{.*}}[%[[K]], %[[J]]] : memref<8x16xf32>
// LOOPS-NOT: scf.parallel
// LOOPS-LABEL: func.func @index
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (k, j)>, affine_map<(i, k, j) -> (i, j)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Reductions keep their relative order (d0 before d2), parallel ones too,
// and linalg.index names the new positions: old d1 -> d0, d3 -> d1,
// d0 -> d2, d2 -> d3.
// CHECK-LABEL: func.func @index
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT: linalg.index 2 : index
// CHECK-NEXT: linalg.index 0 : index
// CHECK-NEXT: linalg.index 3 : index
// CHECK-NEXT: linalg.index 1 : index
func.func @index(%x: memref<2x3x5x7xi64>, %y: memref<3x7xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>],
                  iterator_types = ["reduction", "parallel", "reduction", "parallel"]}
      ins(%x : memref<2x3x5x7xi64>) outs(%y : memref<3x7xi64>) {
  ^bb0(%in: i64, %acc: i64):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %s0 = arith.addi %i0, %i1 : index
    %s1 = arith.addi %i2, %i3 : index
    %s = arith.muli %s0, %s1 : index
    %v = arith.index_cast %s : index to i64
    %t = arith.addi %acc, %in : i64
    %u = arith.addi %t, %v : i64
    linalg.yield %u : i64
  }
  return
}

// Already in order (a row sum): unchanged.
// CHECK-LABEL: func.func @rows
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[SUM]]], iterator_types = ["parallel", "reduction"]}
func.func @rows(%x: tensor<8x128xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x128xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
