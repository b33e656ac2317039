// A dense array of index elements crashed MLIR's parser (it asks the index
// type for its bit width): a fuzzer mutant of `array<i64: 0>`. The source
// session refuses it before parsing, with a diagnostic at the array.
// RUN: not xla-opt %s 2>&1 | FileCheck %s
// CHECK: invalid-index-dense-array.mlir:9:28: error: dense arrays of index elements (array<index: ...>) are not supported
// CHECK-NOT: Segmentation
func.func @f(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %r = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>,
    broadcast_dimensions = array<index: 0>} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}
