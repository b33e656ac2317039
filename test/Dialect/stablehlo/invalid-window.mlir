// Verifier errors of reduce_window, select_and_scatter and sort, one per
// rule (spec constraint ids in the function names).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @reduce_window_c1_no_inputs() {
  // expected-error @+1 {{'stablehlo.reduce_window' op needs at least one input}}
  "stablehlo.reduce_window"() <{window_dimensions = array<i64>}> ({
    stablehlo.return
  }) : () -> ()
  return
}

// -----

func.func @reduce_window_c2_input_shapes(%x: tensor<4xf32>, %y: tensor<5xi32>, %a: tensor<f32>, %b: tensor<i32>) -> (tensor<4xf32>, tensor<5xi32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<5xi32>)}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %a, %b) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<i32>, %r: tensor<f32>, %s: tensor<i32>):
    stablehlo.return %p, %q : tensor<f32>, tensor<i32>
  }) : (tensor<4xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xi32>
}

// -----

func.func @reduce_window_c3_init_element_type(%x: tensor<4x6xf32>, %init: tensor<i32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value of type 'tensor<i32>' must be 'tensor<f32>'}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x6xf32>, tensor<i32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c3_init_rank(%x: tensor<4x6xf32>, %init: tensor<1xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value of type 'tensor<1xf32>' must be 'tensor<f32>'}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<1xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c4_window_dimensions_size(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions has 1 entries, the operand rank is 2}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c5_window_dimensions_positive(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions entries must be at least 1, got 0}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c6_window_strides_size(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_strides has 3 entries, the operand rank is 2}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c7_window_strides_positive(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_strides entries must be at least 1, got -1}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, -1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c8_base_dilations_size(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op base_dilations has 1 entries, the operand rank is 2}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c9_base_dilations_positive(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op base_dilations entries must be at least 1, got 0}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c10_window_dilations_size(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dilations has 0 entries, the operand rank is 2}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c11_window_dilations_positive(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dilations entries must be at least 1, got 0}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c12_padding_shape(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op padding must have shape [2, 2], got 'tensor<4xi64>'}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<4xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c12_padding_rows(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op padding must have shape [2, 2], got 'tensor<1x2xi64>'}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_padding_element_type(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op attribute 'padding' failed to satisfy constraint: 64-bit signless integer elements attribute}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi32>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_missing_window_dimensions(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op requires attribute 'window_dimensions'}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c13_body_arguments(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must take (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c13_body_argument_rank(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must take (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<1xf32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c13_body_results(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must return (tensor<f32>) with stablehlo.return}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c13_body_terminator(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must return (tensor<f32>) with stablehlo.return}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    func.return %a : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c15_result_shape(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result type 'tensor<4x6xf32>' does not match the inferred type 'tensor<2x3xf32>' (reduce_window_c16: the number of window positions per dimension, the init values' element types)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c15_padded_result_shape(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result type 'tensor<4x6xf32>' does not match the inferred type 'tensor<4x7xf32>' (reduce_window_c16: the number of window positions per dimension, the init values' element types)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c15_dilated_result_shape(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result type 'tensor<4x6xf32>' does not match the inferred type 'tensor<7x3xf32>' (reduce_window_c16: the number of window positions per dimension, the init values' element types)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_window_c16_result_element_type(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf64> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result type 'tensor<4x6xf64>' does not match the inferred type 'tensor<4x6xf32>' (reduce_window_c16: the number of window positions per dimension, the init values' element types)}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf64>
  return %0 : tensor<4x6xf64>
}

// -----

func.func @select_and_scatter_c4_window_dimensions_size(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions has 2 entries, the operand rank is 1}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c5_window_dimensions_positive(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions entries must be at least 1, got 0}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c6_window_strides_size(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_strides has 2 entries, the operand rank is 1}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c7_window_strides_positive(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_strides entries must be at least 1, got 0}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c8_padding_shape(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op padding must have shape [1, 2], got 'tensor<2x1xi64>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<0> : tensor<2x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c2_source_shape(%x: tensor<4xf32>, %src: tensor<3xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source must have the windowed shape [2], got 'tensor<3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c2_source_shape_padded(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source must have the windowed shape [3], got 'tensor<2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c3_init_value(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f64>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op init_value must be 'tensor<f32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c11_result_shape(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op result type 'tensor<2xf32>' does not match the inferred type 'tensor<4xf32>' (select_and_scatter_c11: the operand's shape, the source's element type)}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_and_scatter_c12_result_element_type(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op result type 'tensor<4xi32>' does not match the inferred type 'tensor<4xf32>' (select_and_scatter_c11: the operand's shape, the source's element type)}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @select_and_scatter_c9_select_arguments(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op select must take (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c9_select_result(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op select must return (tensor<i1>) with stablehlo.return}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c10_scatter_arguments(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op scatter must take (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c10_scatter_result(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op scatter must return (tensor<f32>) with stablehlo.return}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_one_region(%x: tensor<4xf32>, %src: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op expected 2 regions}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_c1_no_inputs() {
  // expected-error @+1 {{'stablehlo.sort' op needs at least one input}}
  "stablehlo.sort"() ({
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : () -> ()
  return
}

// -----

func.func @sort_c3_input_shapes(%x: tensor<4xf32>, %y: tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>) {
  // expected-error @+1 {{'stablehlo.sort' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<5xi32>)}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xi32>
}

// -----

func.func @sort_c2_result_type(%x: tensor<3x4xf32>) -> tensor<3x4xf64> {
  // expected-error @+1 {{'stablehlo.sort' op result type 'tensor<3x4xf64>' does not match the inferred type 'tensor<3x4xf32>' (sort_c2: the results have the input types)}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// -----

func.func @sort_c4_dimension(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op dimension 2 is out of range for rank 2}}
  %0 = "stablehlo.sort"(%x) <{dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @sort_c4_negative_dimension(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op dimension -3 is out of range for rank 2}}
  %0 = "stablehlo.sort"(%x) <{dimension = -3 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @sort_c5_comparator_arguments(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @sort_c5_comparator_argument_order(%x: tensor<4xf32>, %y: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take (tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>)}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %c: tensor<i32>, %b: tensor<f32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

func.func @sort_c5_comparator_result(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op comparator must return (tensor<i1>) with stablehlo.return}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @sort_c5_comparator_terminator(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op comparator must return (tensor<i1>) with stablehlo.return}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    func.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Regression: fewer results than inputs used to crash the verifier.
func.func @reduce_window_result_count(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op has 1 result(s), but the operands give 2: (tensor<4xf32>, tensor<4xf32>) (reduce_window_c16: the number of window positions per dimension, the init values' element types)}}
  %0 = "stablehlo.reduce_window"(%x, %y, %c, %c) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>, %e: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_result_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.sort' op has 2 result(s), but the operands give 1: (tensor<4xf32>) (sort_c2: the results have the input types)}}
  %0:2 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_c1_element_types(%x: tensor<4xf32>, %s: tensor<2xi32>, %c: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand and source must have the same element type, got 'f32' and 'i32'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<4xf32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
