// Tokens (XLA AfterAll, CreateToken) and tuples (Tuple, GetTupleElement),
// executed. Tokens carry no data and are erased by the compiler; a tuple
// element read back is the value put in.

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 4 passed, 0 failed

// An entry point with token parameters and results takes and returns only
// its tensors.
// RUN: xla-run %S/Inputs/token-entry.mlir --entry main --input '3xf32=[1,2,-3]' 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: result[0]: tensor<3xf32> = [2, 4, -6]
// ENTRY-NOT: result[1]

func.func private @double(%t: !stablehlo.token, %x: tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>) {
  %t1 = stablehlo.after_all %t : !stablehlo.token
  %y = stablehlo.add %x, %x : tensor<3xf32>
  return %t1, %y : !stablehlo.token, tensor<3xf32>
}

func.func @tokens_through_calls() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %x = stablehlo.constant dense<[1.0, 2.5, -4.0]> : tensor<3xf32>
  %r:2 = func.call @double(%t0, %x) : (!stablehlo.token, tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>)
  %s:2 = func.call @double(%r#0, %r#1) : (!stablehlo.token, tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>)
  %t1 = stablehlo.after_all %r#0, %s#0 : !stablehlo.token
  check.expect_eq_const %s#1, dense<[4.0, 10.0, -16.0]> : tensor<3xf32>
  return
}

// -----

func.func @tuple_elements() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<3.5> : tensor<f32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xi32>, tensor<f32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi32>, tensor<f32>>) -> tensor<2xi32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xi32>, tensor<f32>>) -> tensor<f32>
  %z = stablehlo.add %x, %x : tensor<2xi32>
  check.expect_eq_const %z, dense<[2, 4]> : tensor<2xi32>
  check.expect_eq_const %y, dense<3.5> : tensor<f32>
  return
}

// -----

// Nested tuples with a token inside.
func.func @nested_tuple() {
  %a = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %tok = stablehlo.create_token : !stablehlo.token
  %inner = stablehlo.tuple %a, %tok : tuple<tensor<2xi1>, !stablehlo.token>
  %outer = stablehlo.tuple %inner : tuple<tuple<tensor<2xi1>, !stablehlo.token>>
  %i = stablehlo.get_tuple_element %outer[0] : (tuple<tuple<tensor<2xi1>, !stablehlo.token>>) -> tuple<tensor<2xi1>, !stablehlo.token>
  %v = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xi1>, !stablehlo.token>) -> tensor<2xi1>
  %n = stablehlo.not %v : tensor<2xi1>
  check.expect_eq_const %n, dense<[false, true]> : tensor<2xi1>
  return
}
