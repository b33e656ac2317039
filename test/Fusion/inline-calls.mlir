// Calls are inlined before fusion planning (xla-inline-calls), so the
// planner fuses across JAX's private helpers: the helper's add and the
// caller's multiply are one loop.
// RUN: xla-opt %s --split-input-file --xla-cpu-fusion --report=fusion 2>&1 >/dev/null | FileCheck %s
// CHECK: fusion plan of @main: 2 ops in 1 groups (1 fused)
// CHECK-NEXT: group g0 [loop]: add@{{[0-9]+}} multiply@{{[0-9]+}}
// CHECK-NOT: fusion plan of @helper
func.func @main(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = func.call @helper(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %1 = stablehlo.multiply %0, %b : tensor<16xf32>
  return %1 : tensor<16xf32>
}
func.func private @helper(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.add %a, %b : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// A module with an op of an unknown dialect that has a region is not
// inlined (MLIR's inliner crashed on it: found by xla-fuzz); the lowering
// refuses the op at its location.
// RUN: not xla-opt %S/Inputs/unknown-op-with-region.mlir --xla-cpu-pipeline 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown-op-with-region.mlir:6:8: error: 'unknown.reduce' belongs to a dialect this compiler does not know; it cannot be compiled
