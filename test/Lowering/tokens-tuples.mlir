// Tokens are erased (a single process runs in program order) and tuples
// are forwarded to their elements, before the other lowerings.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// Tokens internal to a function disappear.
// CHECK-LABEL: func.func @internal_tokens
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[X]] : tensor<4xf32>
// CHECK-NOT: token
func.func @internal_tokens(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all : !stablehlo.token
  %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
  return %x : tensor<4xf32>
}

// -----

// Token arguments and results leave the signature (with their attributes),
// and calls drop them too.
// CHECK-LABEL: func.func @takes_and_returns
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32> {test.x}) -> (tensor<4xf32> {test.r})
// CHECK-NEXT: return %[[X]] : tensor<4xf32>
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[Y:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = call @takes_and_returns(%[[Y]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
// CHECK-NOT: token
func.func @takes_and_returns(%t: !stablehlo.token {test.t}, %x: tensor<4xf32> {test.x})
    -> (!stablehlo.token {test.rt}, tensor<4xf32> {test.r}) {
  %t1 = stablehlo.after_all %t : !stablehlo.token
  return %t1, %x : !stablehlo.token, tensor<4xf32>
}
func.func @caller(%y: tensor<4xf32>) -> tensor<4xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = func.call @takes_and_returns(%t, %y) : (!stablehlo.token, tensor<4xf32>) -> (!stablehlo.token, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// -----

// get_tuple_element of a tuple is the element; nested tuples too.
// CHECK-LABEL: func.func @tuple_pairs
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<2xi32>)
// CHECK-NEXT: return %[[B]], %[[A]] : tensor<2xi32>, tensor<f32>
// CHECK-NOT: tuple
func.func @tuple_pairs(%a: tensor<f32>, %b: tensor<2xi32>) -> (tensor<2xi32>, tensor<f32>) {
  %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<2xi32>>
  %n = stablehlo.tuple %t, %a : tuple<tuple<tensor<f32>, tensor<2xi32>>, tensor<f32>>
  %inner = stablehlo.get_tuple_element %n[0] : (tuple<tuple<tensor<f32>, tensor<2xi32>>, tensor<f32>>) -> tuple<tensor<f32>, tensor<2xi32>>
  %x = stablehlo.get_tuple_element %inner[1] : (tuple<tensor<f32>, tensor<2xi32>>) -> tensor<2xi32>
  %y = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<2xi32>>) -> tensor<f32>
  return %x, %y : tensor<2xi32>, tensor<f32>
}

// -----

// A tuple holding a token: both are gone, the tensor is what is computed.
// CHECK-LABEL: func.func @tuple_with_token
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[X]], %[[X]] : tensor<3xf32>, tensor<3xf32>)
// CHECK: arith.addf
// CHECK: return %[[R]] : tensor<3xf32>
func.func @tuple_with_token(%x: tensor<3xf32>) -> tensor<3xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %p = stablehlo.tuple %x, %t : tuple<tensor<3xf32>, !stablehlo.token>
  %e = stablehlo.get_tuple_element %p[0] : (tuple<tensor<3xf32>, !stablehlo.token>) -> tensor<3xf32>
  %k = stablehlo.get_tuple_element %p[1] : (tuple<tensor<3xf32>, !stablehlo.token>) -> !stablehlo.token
  %s = stablehlo.add %e, %e : tensor<3xf32>
  return %s : tensor<3xf32>
}
