// Attributes of other dialects (mhlo.*, jax.*, sdy.*) pass through parsing
// and printing unchanged: mhlo/jax ones as opaque attributes, #sdy ones
// through our sdy dialect (test/Dialect/sdy/), which prints them as JAX does.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK-SAME: jax.result_info = "result[0]"
func.func public @main(%a: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}) {
  // CHECK: stablehlo.custom_call @lapack_spotrf_ffi(%{{[a-z0-9]+}}) {
  // CHECK-SAME: mhlo.backend_config = {uplo = 76 : ui8}
  // CHECK-SAME: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %0#0 : tensor<4x4xf32>
}
