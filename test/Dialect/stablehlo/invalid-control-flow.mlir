// Verifier and parser errors of while, if, case and optimization_barrier.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @while_result_types(%x: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op result type 'tensor<f32>' does not match the inferred type 'tensor<i32>' (while_c3: the results have the operand types)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%i: tensor<i32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @while_c1_cond_arguments(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op cond region arguments (tensor<f32>) must have the operand types (tensor<i32>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%i: tensor<f32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_c2_body_arguments(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op body region arguments (tensor<i32>, tensor<i32>) must have the operand types (tensor<i32>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%i: tensor<i32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %j: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_c1_cond_not_i1(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op cond region must return a single tensor<i1>, got (tensor<i32>)}}
  %0 = stablehlo.while(%i = %x) : tensor<i32>
  cond {
    stablehlo.return %i : tensor<i32>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c1_cond_not_scalar(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op cond region must return a single tensor<i1>, got (tensor<1xi1>)}}
  %0 = stablehlo.while(%i = %x) : tensor<i32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<1xi1>
    stablehlo.return %t : tensor<1xi1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c1_cond_two_values(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op cond region must return a single tensor<i1>, got (tensor<i1>, tensor<i1>)}}
  %0 = stablehlo.while(%i = %x) : tensor<i32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t, %t : tensor<i1>, tensor<i1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_c2_body_returns(%x: tensor<i32>, %y: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.while' op body region must return the operand types (tensor<i32>, tensor<4xf32>), got (tensor<i32>)}}
  %0:2 = stablehlo.while(%i = %x, %v = %y) : tensor<i32>, tensor<4xf32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0#0, %0#1 : tensor<i32>, tensor<4xf32>
}

// -----

func.func @while_cond_terminator(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op cond region must end with stablehlo.return}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%i: tensor<i32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    func.return %t : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_body_terminator(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op body region must end with stablehlo.return}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%i: tensor<i32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    func.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// The regions hold exactly one block (checked before the op's verifier).
func.func @while_empty_cond(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op region #0 ('cond') failed to verify constraint: region with 1 blocks}}
  %0 = "stablehlo.while"(%x) ({
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_type_count(%x: tensor<i32>, %y: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{expected 2 types, got 1}}
  %0:2 = stablehlo.while(%i = %x, %j = %y) : tensor<i32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i, %j : tensor<i32>, tensor<f32>
  }
  return %0#0 : tensor<i32>
}

// -----

func.func @while_missing_cond(%x: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%i = %x) : tensor<i32>
  // expected-error @+1 {{expected 'cond'}}
  do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @while_operand_type_mismatch(%x: tensor<i32>) -> tensor<f32> {
  // expected-error @+2 {{use of value '%x' expects different type than prior uses: 'tensor<f32>' vs 'tensor<i32>'}}
  // expected-note @-2 {{prior use here}}
  %0 = stablehlo.while(%i = %x) : tensor<f32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @if_c1_pred_rank(%p: tensor<2xi1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op pred must be a rank-0 tensor<i1>, got 'tensor<2xi1>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_pred_not_i1(%p: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op operand #0 must be ranked tensor of pred (i1) values}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c1_branch_arguments(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op branch 1 must take no arguments}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c2_true_branch_types(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op branch 1 returns (tensor<f32>) but branch 0 returns (tensor<i32>)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %b : tensor<i32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c3_false_branch_count(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op branch 1 returns (tensor<f32>, tensor<f32>) but branch 0 returns (tensor<f32>)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a, %a : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_branch_terminator(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op branch 0 region must end with stablehlo.return}}
  %0 = "stablehlo.if"(%p) ({
    func.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_one_region(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op expected 2 regions}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c1_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.case' op needs at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_c2_index_rank(%i: tensor<1xi32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op index must be a rank-0 tensor<i32>, got 'tensor<1xi32>'}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<1xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c2_index_type(%i: tensor<i64>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op operand #0 must be ranked tensor of 32-bit signless integer values}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c3_branch_arguments(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op branch 0 must take no arguments}}
  %0 = "stablehlo.case"(%i) ({
  ^bb0(%b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c4_branch_types(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op branch 2 returns (tensor<4xf32>) but branch 0 returns (tensor<f32>)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_branch_terminator(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op branch 1 region must end with stablehlo.return}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
    func.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_empty_branch(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op region #1 ('branches') failed to verify constraint: region with 1 blocks}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @optimization_barrier_result_types(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op result type 'tensor<i32>' does not match the inferred type 'tensor<f32>' (the results have the operand types)}}
  %0 = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @optimization_barrier_result_count(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op has 2 result(s), but the operands give 1: (tensor<f32>) (the results have the operand types)}}
  %0:2 = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %0#0 : tensor<f32>
}

// -----

func.func @optimization_barrier_type_count(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %0:2 = stablehlo.optimization_barrier %a, %b : tensor<f32>
  return %0#0 : tensor<f32>
}
