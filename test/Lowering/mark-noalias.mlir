// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s

// Entry points get noalias buffer pointers (outputs overlap nothing, inputs
// are only read); integer words stay as they are.
// CHECK-LABEL: llvm.func @scale(
// CHECK-SAME: %arg0: !llvm.ptr {llvm.noalias}, %arg1: !llvm.ptr {llvm.noalias}, %arg2: i64, %arg3: i64, %arg4: i64,
// CHECK-SAME: %arg5: !llvm.ptr {llvm.noalias}, %arg6: !llvm.ptr {llvm.noalias}, %arg7: i64, %arg8: i64, %arg9: i64)
func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
