// Data movement on the GPU: transpose and gather are one thread per output
// element (writes coalesced, reads wherever the indices say); scatter, whose
// updates may collide, stays a sequential host loop over the updates (on
// buffers the GPU shares), followed by a copy kernel.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// Output 5x3x4: id = ((k * 3) + i) * 4 + j, read x[i, j, k].
// CHECK-LABEL: func.func @transpose
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{[a-z0-9_]+}} = %c64,
// CHECK: arith.cmpi ult, %[[ID:.*]], %c60_i32
// CHECK: %[[J:.*]] = arith.remui %[[ID]], %[[C4:.*]] : i32
// CHECK: %[[Q:.*]] = arith.divui %[[ID]], %[[C4]] : i32
// CHECK: %[[JX:.*]] = arith.index_castui %[[J]]
// CHECK: %[[I:.*]] = arith.remui %[[Q]], %[[C3:.*]] : i32
// CHECK: %[[K:.*]] = arith.divui %[[Q]], %[[C3]] : i32
// CHECK: %[[IX:.*]] = arith.index_castui %[[I]]
// CHECK: %[[KX:.*]] = arith.index_castui %[[K]]
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[IX]], %[[JX]], %[[KX]]] : memref<3x4x5xf32>
// CHECK: memref.store %[[V]], %{{.*}}[%[[KX]], %[[IX]], %[[JX]]] : memref<5x3x4xf32>
// CHECK-NOT: gpu.launch
// CHECK: return

// Each thread reads its row index, clamps it, and copies the row's 4
// elements with one vector load and store.
// CHECK-LABEL: func.func @gather
// CHECK: gpu.launch
// CHECK: %[[ROW:.*]] = memref.load %{{.*}} : memref<5x1xi32>
// CHECK: %[[R:.*]] = arith.index_cast %[[ROW]] : i32 to index
// CHECK: arith.select
// CHECK: %[[CLAMPED:.*]] = arith.select
// CHECK: %[[ROWV:.*]] = vector.load %{{.*}}[%[[CLAMPED]], %{{.*}}] {alignment = 16 : i64} : memref<6x4xf32>, vector<4xf32>
// CHECK: vector.store %[[ROWV]]
// CHECK-NOT: gpu.launch
// CHECK: return

// The operand is a read-only argument: a kernel copies it into the result
// (xla-elide-result-copies: no temporary copied there at the end), then the
// host loop updates the result in place.
// CHECK-LABEL: func.func @scatter
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: }
// CHECK-NOT: gpu.launch
// CHECK: return

// PTX: .visible .entry transpose_kernel(
// PTX: ld.global.b32
// PTX: st.global.b32
// PTX: .visible .entry gather_kernel(
// PTX: ld.global.b32
// PTX: max.s32
// PTX: min.s32
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX: .visible .entry scatter_kernel(
// PTX-NOT: .entry

func.func @transpose(%x: tensor<3x4x5xf32>) -> tensor<5x3x4xf32> {
  %0 = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<3x4x5xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}
func.func @gather(%x: tensor<6x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
func.func @scatter(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
