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

// A function with planned temporaries is split by buffer assignment into
// @NAME (allocates the arena) and @NAME.planned (the body, noinline): the
// body, called only by @NAME, gets @NAME's buffers and the fresh arena, so
// its pointers are noalias too (arena included).
// CHECK-LABEL: llvm.func @two_steps(
// CHECK-SAME: %arg0: !llvm.ptr {llvm.noalias}
// CHECK: llvm.call @two_steps.planned(
// CHECK-LABEL: llvm.func @two_steps.planned(
// CHECK-SAME: %arg0: !llvm.ptr {llvm.noalias}, %arg1: !llvm.ptr {llvm.noalias}
// CHECK-SAME: %arg5: !llvm.ptr {llvm.noalias}, %arg6: !llvm.ptr {llvm.noalias}
// CHECK-SAME: %arg10: !llvm.ptr {llvm.noalias}, %arg11: !llvm.ptr {llvm.noalias}
// CHECK-SAME: passthrough = ["noinline"]
func.func @two_steps(%x: tensor<64xf32>) -> tensor<64xf32> {
  // With an i64 payload (12 bytes per element) the sort merges i32
  // positions in two temporaries and gathers: a body large enough to be
  // kept out of line.
  %i = stablehlo.iota dim = 0 : tensor<64xi64>
  %s:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i64>, %d: tensor<i64>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<64xf32>, tensor<64xi64>) -> (tensor<64xf32>, tensor<64xi64>)
  %0 = stablehlo.add %s#0, %x : tensor<64xf32>
  return %0 : tensor<64xf32>
}
