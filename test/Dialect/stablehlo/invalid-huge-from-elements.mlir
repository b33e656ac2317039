// tensor.from_elements with a result type of 2^31 elements: MLIR's parser
// makes one type per element before it counts the operands (16 GiB, out
// of memory under the fuzzer's limit: a mutant found by xla-fuzz). The
// source session refuses a from_elements type with more elements than the
// input has bytes, before parsing, with a diagnostic at the op.
// RUN: not xla-opt %s 2>&1 | FileCheck %s
// CHECK: invalid-huge-from-elements.mlir:10:8: error: tensor.from_elements: its result type has more elements than the input has bytes
// CHECK-NOT: out of memory
func.func @f(%i0: index) -> tensor<2147483648xindex> {
  %b = tensor.from_elements %i0, %i0 : tensor<2147483648xindex>
  return %b : tensor<2147483648xindex>
}

