// The plan realized: xla-fuse-elementwise fuses exactly the planned pairs.
// The CPU pipeline up to fusion, with the planner (default), without it
// (--fusion=greedy: single-use producers, the former rule) and with
// nothing fused (--fusion=off).
// RUN: xla-opt %s --split-input-file --xla-cpu-fusion | FileCheck %s --check-prefix=PLANNED
// RUN: xla-opt %s --split-input-file --xla-cpu-fusion --fusion=greedy | FileCheck %s --check-prefix=GREEDY
// RUN: xla-opt %s --split-input-file --xla-cpu-fusion --fusion=off | FileCheck %s --check-prefix=OFF

// A loop group: one loop planned (and greedy); three when fusion is off.
// PLANNED-LABEL: func.func @chain
// PLANNED-COUNT-1: linalg.generic
// PLANNED-NOT: linalg.generic
// GREEDY-LABEL: func.func @chain
// GREEDY-COUNT-1: linalg.generic
// GREEDY-NOT: linalg.generic
// OFF-LABEL: func.func @chain
// OFF-COUNT-3: linalg.generic
// OFF-NOT: linalg.generic
func.func @chain(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.add %a, %b : tensor<16xf32>
  %1 = stablehlo.multiply %0, %b : tensor<16xf32>
  %2 = stablehlo.negate %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// Duplication: the planned broadcast is recomputed in both loops (two
// loops, each reading %v through the broadcast's map, no 4x16 temporary);
// greedy materializes it (three loops).
// PLANNED-LABEL: func.func @duplicate
// PLANNED: linalg.generic {indexing_maps = [#{{map[0-9]*}}, #[[BCAST:map[0-9]*]], #{{map[0-9]*}}]
// PLANNED: arith.addf
// PLANNED: linalg.generic {indexing_maps = [#{{map[0-9]*}}, #[[BCAST]], #{{map[0-9]*}}]
// PLANNED: arith.mulf
// PLANNED-NOT: linalg.generic
// GREEDY-LABEL: func.func @duplicate
// GREEDY-COUNT-3: linalg.generic
// GREEDY-NOT: linalg.generic
// OFF-LABEL: func.func @duplicate
// OFF-COUNT-3: linalg.generic
// OFF-NOT: linalg.generic
func.func @duplicate(%x: tensor<4x16xf32>, %v: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %0 = stablehlo.add %x, %b : tensor<4x16xf32>
  %1 = stablehlo.multiply %x, %b : tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// Input fusion: the subtraction and exponential inside the sum's loop; the
// max stays a loop of its own (its result is read by a wider loop). Each
// reduction's init is a fill loop of its own. Off: the broadcast,
// subtraction and exponential are loops of their own too (7 loops).
// PLANNED-LABEL: func.func @input
// PLANNED: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// PLANNED: llvm.intr.maximum
// PLANNED: linalg.generic {{.*}}iterator_types = ["parallel"]} outs
// PLANNED: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// PLANNED-NEXT: ^bb0
// PLANNED-NEXT: arith.subf
// PLANNED-NEXT: math.exp
// PLANNED-NEXT: arith.addf
// PLANNED-NOT: linalg.generic
// GREEDY-LABEL: func.func @input
// OFF-LABEL: func.func @input
// OFF-COUNT-7: linalg.generic
// OFF-NOT: linalg.generic
func.func @input(%x: tensor<4x16xf32>) -> tensor<4xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %e = stablehlo.exponential %d : tensor<4x16xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A producer the planner did not see (the ReLU of a called function, brought
// next to the dot by `inline`) is not fused into the dot's left operand,
// which the contraction reads once per output column: the ReLU gets a loop
// of its own (the add fuses into it) and the dot's body is a plain
// multiply-add. Greedy (no planner) keeps the former rule.
// PLANNED-LABEL: func.func @call_into_dot
// PLANNED: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// PLANNED: arith.addf
// PLANNED-NEXT: llvm.intr.maximum
// PLANNED: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// PLANNED-NEXT: ^bb0
// PLANNED-NEXT: arith.mulf
// PLANNED-NEXT: arith.addf
// PLANNED-NEXT: linalg.yield
// GREEDY-LABEL: func.func @call_into_dot
// GREEDY: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// GREEDY: llvm.intr.maximum
// GREEDY: arith.mulf
// OFF-LABEL: func.func @call_into_dot
// OFF: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// OFF-NEXT: ^bb0
// OFF-NEXT: arith.mulf
func.func @call_into_dot(%x: tensor<8x16xf32>, %b: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.add %x, %b : tensor<8x16xf32>
  %1 = call @relu(%0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %2 : tensor<8x32xf32>
}
func.func private @relu(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8x16xf32>
  %0 = stablehlo.maximum %x, %zero : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
