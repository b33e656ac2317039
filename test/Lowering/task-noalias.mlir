// Thread-pool tasks keep what LLVM needs to know about aliasing: the loop
// of a task is a function of its captured buffers (`<task>_body`), whose
// pointers are `noalias` where the buffers overlap nothing the loop writes
// (xla-cpu-parallel-tasks decides, xla-mark-noalias marks). Here the
// JAX-style take of rows (`jnp.take`: the index clamped, out-of-range rows
// NaN) reads its table and its indices from the arena and writes the
// result: without `noalias`, LLVM reloaded the row index for every element
// (a store to the result might change it) and copied the row one float at
// a time; with it, the index is loaded once per row and the copy is vector
// loads and stores.
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s
// RUN: rm -rf %t && xla-run %s --dump-dir %t | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=IR < %t/03_llvm-ir.ll

// CHECK: llvm.func @main.planned_parallel{{[0-9]+}}_body(%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}
// OUT: result[0]: tensor<512x256xf32> = {{\[}}[0, 2, 4, ..., 506, 508, 510], [14, 16, 18, ..., 520, 522, 524], [28, 30, 32, ..., 534, 536, 538], ..., [3030, 3032, 3034, ..., 3536, 3538, 3540], [3044, 3046, 3048, ..., 3550, 3552, 3554], [3058, 3060, 3062, ..., 3564, 3566, 3568]]
// IR: load <{{[0-9]+}} x float>
func.func @main() -> tensor<512x256xf32> {
  %t = stablehlo.iota dim = 0 : tensor<2048x256xf32>
  %c = stablehlo.iota dim = 1 : tensor<2048x256xf32>
  %table0 = stablehlo.add %t, %c : tensor<2048x256xf32>
  %table = stablehlo.optimization_barrier %table0 : tensor<2048x256xf32>
  %i = stablehlo.iota dim = 0 : tensor<512xi32>
  %seven = stablehlo.constant dense<7> : tensor<512xi32>
  %m = stablehlo.constant dense<2048> : tensor<512xi32>
  %p = stablehlo.multiply %i, %seven : tensor<512xi32>
  %q = stablehlo.remainder %p, %m : tensor<512xi32>
  %5 = stablehlo.reshape %q : (tensor<512xi32>) -> tensor<512x1xi32>
  %c_1 = stablehlo.constant dense<2047> : tensor<512x1xi32>
  %c_2 = stablehlo.constant dense<0> : tensor<512x1xi32>
  %7 = stablehlo.compare GE, %5, %c_2, SIGNED : (tensor<512x1xi32>, tensor<512x1xi32>) -> tensor<512x1xi1>
  %10 = stablehlo.compare LE, %5, %c_1, SIGNED : (tensor<512x1xi32>, tensor<512x1xi32>) -> tensor<512x1xi1>
  %11 = stablehlo.and %7, %10 : tensor<512x1xi1>
  %c_3 = stablehlo.constant dense<true> : tensor<i1>
  %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<512x1xi1>, tensor<i1>) -> tensor<512xi1>
  %13 = "stablehlo.gather"(%table, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<2048x256xf32>, tensor<512x1xi32>) -> tensor<512x256xf32>
  %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<512xi1>) -> tensor<512x256xi1>
  %cst = stablehlo.constant dense<0x7FC00000> : tensor<512x256xf32>
  %16 = stablehlo.select %14, %13, %cst : tensor<512x256xi1>, tensor<512x256xf32>
  %two = stablehlo.constant dense<2.0> : tensor<512x256xf32>
  %r = stablehlo.multiply %16, %two : tensor<512x256xf32>
  return %r : tensor<512x256xf32>
}
