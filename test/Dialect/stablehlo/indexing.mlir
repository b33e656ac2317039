// Round trip of the data-dependent indexing ops: dynamic_slice and
// dynamic_update_slice (custom form), gather and scatter (generic form with
// #stablehlo.gather / #stablehlo.scatter, as JAX prints them).
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @dynamic_slice
// CHECK-SAME: (%[[X:.*]]: tensor<5x6xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>, %[[S:.*]]: tensor<f32>, %[[K:.*]]: tensor<ui8>, %[[L:.*]]: tensor<i64>)
func.func @dynamic_slice(%x: tensor<5x6xf32>, %i: tensor<i32>, %j: tensor<i32>, %s: tensor<f32>, %k: tensor<ui8>, %l: tensor<i64>)
    -> (tensor<2x3xf32>, tensor<f32>, tensor<0x6xf32>, tensor<5x1xf32>, tensor<1x1xf32>) {
  // CHECK: stablehlo.dynamic_slice %[[X]], %[[I]], %[[J]], sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  // A rank-0 operand has no start indices.
  // CHECK: stablehlo.dynamic_slice %[[S]], sizes = [] : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.dynamic_slice %s, sizes = [] : (tensor<f32>) -> tensor<f32>
  // An empty slice.
  // CHECK: stablehlo.dynamic_slice %[[X]], %[[I]], %[[J]], sizes = [0, 6] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<0x6xf32>
  %2 = stablehlo.dynamic_slice %x, %i, %j, sizes = [0, 6] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<0x6xf32>
  // Unsigned and 64-bit start indices.
  // CHECK: stablehlo.dynamic_slice %[[X]], %[[K]], %[[K]], sizes = [5, 1] : (tensor<5x6xf32>, tensor<ui8>, tensor<ui8>) -> tensor<5x1xf32>
  %3 = stablehlo.dynamic_slice %x, %k, %k, sizes = [5, 1] : (tensor<5x6xf32>, tensor<ui8>, tensor<ui8>) -> tensor<5x1xf32>
  // The generic form.
  // CHECK: stablehlo.dynamic_slice %[[X]], %[[L]], %[[L]], sizes = [1, 1] : (tensor<5x6xf32>, tensor<i64>, tensor<i64>) -> tensor<1x1xf32>
  %4 = "stablehlo.dynamic_slice"(%x, %l, %l) <{slice_sizes = array<i64: 1, 1>}> : (tensor<5x6xf32>, tensor<i64>, tensor<i64>) -> tensor<1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<f32>, tensor<0x6xf32>, tensor<5x1xf32>, tensor<1x1xf32>
}

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[X:.*]]: tensor<5x6xf32>, %[[U:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>, %[[S:.*]]: tensor<si8>, %[[W:.*]]: tensor<5x6xf32>)
func.func @dynamic_update_slice(%x: tensor<5x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<i32>, %s: tensor<si8>, %w: tensor<5x6xf32>)
    -> (tensor<5x6xf32>, tensor<si8>, tensor<5x6xf32>) {
  // CHECK: stablehlo.dynamic_update_slice %[[X]], %[[U]], %[[I]], %[[J]] : (tensor<5x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<5x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  // CHECK: stablehlo.dynamic_update_slice %[[S]], %[[S]] : (tensor<si8>, tensor<si8>) -> tensor<si8>
  %1 = stablehlo.dynamic_update_slice %s, %s : (tensor<si8>, tensor<si8>) -> tensor<si8>
  // An update as large as the operand.
  // CHECK: stablehlo.dynamic_update_slice %[[X]], %[[W]], %[[J]], %[[I]] : (tensor<5x6xf32>, tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  %2 = "stablehlo.dynamic_update_slice"(%x, %w, %j, %i) : (tensor<5x6xf32>, tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0, %1, %2 : tensor<5x6xf32>, tensor<si8>, tensor<5x6xf32>
}

// Rows of a matrix (x[idx]), as JAX prints it.
// CHECK-LABEL: func.func @gather_rows
// CHECK-SAME: (%[[X:.*]]: tensor<6x4xf32>, %[[I:.*]]: tensor<5x1xi32>)
func.func @gather_rows(%arg0: tensor<6x4xf32>, %arg1: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // CHECK: "stablehlo.gather"(%[[X]], %[[I]]) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// Columns (x[:, idx]): the offset dimension comes first in the result.
// CHECK-LABEL: func.func @gather_cols
func.func @gather_cols(%arg0: tensor<3x5xf32>, %arg1: tensor<3x1xi32>) -> tensor<3x3xf32> {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1>}> : (tensor<3x5xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1>}> : (tensor<3x5xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// Batching dimensions (take_along_axis), as JAX prints it.
// CHECK-LABEL: func.func @gather_batching
func.func @gather_batching(%arg0: tensor<3x5xf32>, %arg1: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// index_vector_dim equal to the rank of the indices: each index is a scalar.
// Fields are read in any order and printed in the canonical one; a missing
// indices_are_sorted stays missing.
// CHECK-LABEL: func.func @gather_index_vector_dim_is_rank
func.func @gather_index_vector_dim_is_rank(%x: tensor<6x4xf32>, %i: tensor<5xi32>, %j: tensor<2x3xui32>) -> (tensor<5x4xf32>, tensor<2x3x6x2xf32>) {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 1, start_index_map = [0], collapsed_slice_dims = [0], offset_dims = [1]>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  // No collapsed dimension: the slice keeps both dimensions.
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 6, 2>}> : (tensor<6x4xf32>, tensor<2x3xui32>) -> tensor<2x3x6x2xf32>
  %1 = "stablehlo.gather"(%x, %j) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 6, 2>}> : (tensor<6x4xf32>, tensor<2x3xui32>) -> tensor<2x3x6x2xf32>
  return %0, %1 : tensor<5x4xf32>, tensor<2x3x6x2xf32>
}

// A full index vector (x[i, j] for a batch of (i, j)), a start_index_map
// that is not sorted, and the index vector in the first dimension.
// CHECK-LABEL: func.func @gather_point
func.func @gather_point(%x: tensor<6x4xf32>, %i: tensor<2x7xi64>) -> tensor<7xf32> {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x4xf32>, tensor<2x7xi64>) -> tensor<7xf32>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x4xf32>, tensor<2x7xi64>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// x.at[idx].add(updates), as JAX prints it.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<4x1xi32>, %[[U:.*]]: tensor<4x3xf32>)
func.func @scatter_add(%arg0: tensor<5x3xf32>, %arg1: tensor<4x1xi32>, %arg2: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // CHECK: %[[R:.*]] = "stablehlo.scatter"(%[[X]], %[[I]], %[[U]]) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[S]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// x.at[idx].set(updates): no window dimensions, the body returns the update.
// CHECK-LABEL: func.func @scatter_set
func.func @scatter_set(%arg0: tensor<8xf32>, %arg1: tensor<3x1xi32>, %arg2: tensor<3xf32>) -> tensor<8xf32> {
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
  // CHECK-NEXT: stablehlo.return %[[NEW]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    stablehlo.return %arg4 : tensor<f32>
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Two inputs scattered together; the body takes (old0, old1, new0, new1).
// CHECK-LABEL: func.func @scatter_variadic
// CHECK-SAME: (%[[X:.*]]: tensor<5xf32>, %[[Y:.*]]: tensor<5xi32>, %[[I:.*]]: tensor<2xi32>, %[[U:.*]]: tensor<2xf32>, %[[V:.*]]: tensor<2xi32>)
func.func @scatter_variadic(%x: tensor<5xf32>, %y: tensor<5xi32>, %i: tensor<2xi32>, %u: tensor<2xf32>, %v: tensor<2xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  // CHECK: %[[R:.*]]:2 = "stablehlo.scatter"(%[[X]], %[[Y]], %[[I]], %[[U]], %[[V]]) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<i32>, %[[C:.*]]: tensor<f32>, %[[D:.*]]: tensor<i32>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[C]] : tensor<f32>
  // CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[B]], %[[D]] : tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[S]], %[[M]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }) : (tensor<5xf32>, tensor<5xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = stablehlo.add %a, %c : tensor<f32>
    %m = stablehlo.maximum %b, %d : tensor<i32>
    stablehlo.return %s, %m : tensor<f32>, tensor<i32>
  }) : (tensor<5xf32>, tensor<5xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// Batching dimensions (put_along_axis) and every field, read out of order.
// CHECK-LABEL: func.func @scatter_batching
func.func @scatter_batching(%x: tensor<3x5xf32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2xf32>) -> tensor<3x5xf32> {
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  // CHECK: }) : (tensor<3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x5xf32>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 2, scatter_dims_to_operand_dims = [1], scatter_indices_batching_dims = [0], input_batching_dims = [0], inserted_window_dims = [1], update_window_dims = []>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// Windows that are smaller than the input, with the index vector dimension
// equal to the rank of the indices.
// CHECK-LABEL: func.func @scatter_window
func.func @scatter_window(%x: tensor<4x6xi32>, %i: tensor<3xi32>, %u: tensor<3x2xi32>) -> tensor<4x6xi32> {
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<3xi32>, tensor<3x2xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
