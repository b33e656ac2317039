// Bounded dynamism parses and verifies, but the CPU path runs static shapes
// only: a bounded dynamic parameter is refused with an error naming it.
// RUN: not xla-run %s --input '3xf32=[1,-2,3]' 2>&1 | FileCheck %s
// CHECK: error: unsupported signature of `main`: parameter 0 has a dynamic shape (tensor<?xf32, #stablehlo.bounds<16>>)

func.func @main(%x: tensor<?xf32, #stablehlo.bounds<16>>) -> tensor<?xf32, #stablehlo.bounds<16>> {
  %0 = stablehlo.abs %x : tensor<?xf32, #stablehlo.bounds<16>>
  return %0 : tensor<?xf32, #stablehlo.bounds<16>>
}
