// Tuples that cross a function boundary are not supported.
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

func.func @tuple_argument(%t: tuple<tensor<f32>, tensor<2xi32>>) -> tensor<f32> {
  // expected-error@+1 {{cannot lower 'stablehlo.get_tuple_element': get_tuple_element of a tuple from a block argument is not supported (only of a stablehlo.tuple)}}
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<2xi32>>) -> tensor<f32>
  return %x : tensor<f32>
}

// -----

func.func @tuple_result(%a: tensor<f32>) -> tuple<tensor<f32>> {
  // expected-error@+1 {{cannot lower 'stablehlo.tuple': a tuple that leaves its function or enters a call or a loop is not supported (only get_tuple_element of a stablehlo.tuple is)}}
  %t = stablehlo.tuple %a : tuple<tensor<f32>>
  return %t : tuple<tensor<f32>>
}
