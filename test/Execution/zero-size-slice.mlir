// stablehlo.slice of a tensor with a zero-size dimension: the result is
// empty. (Found by the multi-device tests: collective_broadcast of a
// zero-size operand used to go through such a slice.)
//
// (An extract_slice at an offset of an empty dimension does not verify:
// an empty result is a tensor.empty.)

// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<1x0x4xf32> = []
// CHECK-NEXT: result[1]: tensor<0xf32> = []

func.func @main() -> (tensor<1x0x4xf32>, tensor<0xf32>) {
  %x = stablehlo.constant dense<> : tensor<4x0x4xf32>
  %s = stablehlo.slice %x [0:1, 0:0, 0:4] : (tensor<4x0x4xf32>) -> tensor<1x0x4xf32>
  %y = stablehlo.constant dense<> : tensor<0xf32>
  %t = stablehlo.slice %y [0:0] : (tensor<0xf32>) -> tensor<0xf32>
  return %s, %t : tensor<1x0x4xf32>, tensor<0xf32>
}
