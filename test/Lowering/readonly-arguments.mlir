// xla-readonly-arguments: compiled code never writes into its inputs. Every
// argument of a public function is marked non-writable for bufferization,
// so an in-place update of a parameter (scatter, dynamic_update_slice)
// works on a copy. (aot-examples.test checks at run time that no example
// writes into its arguments.)
// RUN: xla-opt %s --xla-readonly-arguments | FileCheck %s

// CHECK-LABEL: func.func @update(
// CHECK-SAME: %arg0: tensor<4xf32> {bufferization.writable = false}
// CHECK-SAME: %arg1: tensor<1xf32> {bufferization.writable = false}
// CHECK-SAME: %arg2: tensor<i32> {bufferization.writable = false}
// CHECK: func.func private @helper(%arg0: tensor<4xf32>) -> tensor<4xf32> {
func.func @update(%x: tensor<4xf32>, %u: tensor<1xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<1xf32>, tensor<i32>) -> tensor<4xf32>
  %1 = call @helper(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
