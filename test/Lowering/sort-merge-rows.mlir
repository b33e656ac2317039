// Merge sort of rows longer than 16 (stablehlo-legalize-to-linalg). When
// all operands together take at most 8 bytes per element, each row is one
// iteration of an scf.forall: the values are merged pass by pass (widths
// 1, 2, 4, ...) between a scratch row (tensor.empty) and the row's slice of
// the output, so that the last pass writes the output's slice, which
// parallel_insert_slice puts back in place; the CPU pipeline runs the rows
// on the thread pool. One row, or rows whose scratch exceeds 16 KiB, are
// an scf.for over the rows instead (insert_slice). Wider operands (three of 4 bytes here) merge an i32
// permutation of positions in a sequential loop over the rows and gather
// the values through it.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s
// RUN: xla-opt %s --split-input-file --xla-cpu-pipeline | FileCheck %s --check-prefix=CPU

// 40 elements per row: 6 passes (even), so pass 0 writes the scratch row.
// CHECK-LABEL: func.func @rows_even_passes
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<64x3x40xf32>
// CHECK: scf.forall (%{{.*}}) in (192) shared_outs(%[[SHARED:.*]] = %[[OUT]]) -> (tensor<64x3x40xf32>) {
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[SHARED]][%{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 40] [1, 1, 1] : tensor<64x3x40xf32> to tensor<40xf32>
// CHECK: %[[SCRATCH:.*]] = tensor.empty() : tensor<40xf32>
// CHECK: %[[P0:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[SCRATCH]]) -> (tensor<40xf32>)
// CHECK: tensor.extract %arg0[
// CHECK: %[[P1:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ROW]]) -> (tensor<40xf32>)
// CHECK: %[[P2:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[P0]]) -> (tensor<40xf32>)
// CHECK: %[[P3:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[P1]]) -> (tensor<40xf32>)
// CHECK: %[[P4:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[P2]]) -> (tensor<40xf32>)
// CHECK: %[[P5:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[P3]]) -> (tensor<40xf32>)
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[P5]] into %[[SHARED]][%{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 40] [1, 1, 1] : tensor<40xf32> into tensor<64x3x40xf32>
// CPU-LABEL: llvm.func @rows_even_passes
// CPU: llvm.call @xla_parallel_for
func.func @rows_even_passes(%x: tensor<64x3x40xf32>) -> tensor<64x3x40xf32> {
  %s = "stablehlo.sort"(%x) <{dimension = 2 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<64x3x40xf32>) -> tensor<64x3x40xf32>
  return %s : tensor<64x3x40xf32>
}

// -----

// Keys and an i32 payload (8 bytes) along dim 0, 17 per row: 5 passes
// (odd), so pass 0 writes the output's slices.
// CHECK-LABEL: func.func @pairs_odd_passes
// CHECK: scf.forall (%{{.*}}) in (4) shared_outs(%[[K:.*]] = %{{.*}}, %[[V:.*]] = %{{.*}}) -> (tensor<17x4xi32>, tensor<17x4xi32>) {
// CHECK: %[[KROW:.*]] = tensor.extract_slice %[[K]][%{{.*}}, %{{.*}}] [17, 1] [1, 1] : tensor<17x4xi32> to tensor<17xi32>
// CHECK: tensor.empty() : tensor<17xi32>
// CHECK: %[[VROW:.*]] = tensor.extract_slice %[[V]][%{{.*}}, %{{.*}}] [17, 1] [1, 1] : tensor<17x4xi32> to tensor<17xi32>
// CHECK: tensor.empty() : tensor<17xi32>
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[KROW]], %{{.*}} = %[[VROW]]) -> (tensor<17xi32>, tensor<17xi32>)
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[K]][%{{.*}}, %{{.*}}] [17, 1] [1, 1]
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[V]][%{{.*}}, %{{.*}}] [17, 1] [1, 1]
func.func @pairs_odd_passes(%k: tensor<17x4xi32>, %v: tensor<17x4xi32>) -> (tensor<17x4xi32>, tensor<17x4xi32>) {
  %s:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<17x4xi32>, tensor<17x4xi32>) -> (tensor<17x4xi32>, tensor<17x4xi32>)
  return %s#0, %s#1 : tensor<17x4xi32>, tensor<17x4xi32>
}

// -----

// One row: an scf.for (of one iteration) carrying the outputs.
// CHECK-LABEL: func.func @one_row
// CHECK-NOT: scf.forall
// CHECK: scf.for %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<33xf32>) {
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[OUT]][%{{.*}}] [33] [1] : tensor<33xf32> to tensor<33xf32>
// CHECK: tensor.empty() : tensor<33xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[OUT]][%{{.*}}] [33] [1] : tensor<33xf32> into tensor<33xf32>
func.func @one_row(%x: tensor<33xf32>) -> tensor<33xf32> {
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<33xf32>) -> tensor<33xf32>
  return %s : tensor<33xf32>
}

// -----

// Rows of 4097 f32: 16388 bytes of scratch, over 16 KiB.
// CHECK-LABEL: func.func @long_rows
// CHECK-NOT: scf.forall
// CHECK: scf.for %{{.*}} = %{{.*}} to %c3{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<3x4097xf32>) {
// CHECK: tensor.extract_slice %{{.*}} [1, 4097] [1, 1] : tensor<3x4097xf32> to tensor<4097xf32>
// CHECK: tensor.insert_slice
func.func @long_rows(%x: tensor<3x4097xf32>) -> tensor<3x4097xf32> {
  %s = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3x4097xf32>) -> tensor<3x4097xf32>
  return %s : tensor<3x4097xf32>
}

// -----

// Three operands of 4 bytes: a permutation of i32 positions.
// CHECK-LABEL: func.func @three_operands
// CHECK-NOT: scf.forall
// CHECK: tensor.empty() : tensor<20xi32>
// CHECK: tensor.empty() : tensor<20xi32>
// CHECK: return
func.func @three_operands(%k: tensor<20xf32>, %v: tensor<20xi32>, %w: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xi32>, tensor<20xf32>) {
  %s:3 = "stablehlo.sort"(%k, %v, %w) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>, %e: tensor<f32>, %f: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<20xf32>, tensor<20xi32>, tensor<20xf32>) -> (tensor<20xf32>, tensor<20xi32>, tensor<20xf32>)
  return %s#0, %s#1, %s#2 : tensor<20xf32>, tensor<20xi32>, tensor<20xf32>
}
