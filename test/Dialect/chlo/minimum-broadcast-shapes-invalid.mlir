// chlo.minimum_broadcast_shapes: one case per verifier constraint (the ids
// of the op's description in ChloOps.td), and its element type.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @c1_result_count(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error@+1 {{'chlo.minimum_broadcast_shapes' op (C1) takes as many results as operands, got 2 operands and 1 results}}
  %0 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<2xindex>
  return
}

// -----

func.func @c2_one_shape(%a: tensor<2xindex>) {
  // expected-error@+1 {{'chlo.minimum_broadcast_shapes' op (C2) takes at least two shapes, got 1}}
  %0 = chlo.minimum_broadcast_shapes %a : tensor<2xindex> -> tensor<2xindex>
  return
}

// -----

func.func @c3_result_longer(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error@+1 {{'chlo.minimum_broadcast_shapes' op (C3) result 1 has length 4, longer than its operand's 3}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<2xindex>, tensor<4xindex>
  return
}

// -----

func.func @shapes_are_index(%a: tensor<2xi64>, %b: tensor<3xi64>) {
  // expected-error@+1 {{'chlo.minimum_broadcast_shapes' op operand #0 must be variadic of 1D tensor of index values}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xi64>, tensor<3xi64> -> tensor<?xindex>, tensor<?xindex>
  return
}

// -----

func.func @shapes_are_1d(%a: tensor<2x1xindex>, %b: tensor<3xindex>) {
  // expected-error@+1 {{'chlo.minimum_broadcast_shapes' op operand #0 must be variadic of 1D tensor of index values}}
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2x1xindex>, tensor<3xindex> -> tensor<?xindex>, tensor<?xindex>
  return
}

// -----

// Dynamic lengths verify (the op's types allow them).
func.func @dynamic_ok(%a: tensor<?xindex>, %b: tensor<3xindex>) -> (tensor<?xindex>, tensor<?xindex>) {
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<?xindex>, tensor<3xindex> -> tensor<?xindex>, tensor<?xindex>
  return %0#0, %0#1 : tensor<?xindex>, tensor<?xindex>
}
