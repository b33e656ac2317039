// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @eq_types(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'check.expect_eq' op failed to verify that all of {lhs, rhs} have same type}}
  "check.expect_eq"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> ()
  return
}

// -----

func.func @close_integers(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_close' op compares floating-point or complex tensors only, got 'tensor<2xi32>'}}
  check.expect_close %a, %a : tensor<2xi32>, tensor<2xi32>
  return
}

// -----

func.func @close_negative(%a: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op max_ulp_difference must not be negative}}
  check.expect_close %a, %a, max_ulp_difference = -1 : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @const_not_dense(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected a dense constant}}
  check.expect_eq_const %a, 1.0 : f32
  return
}

// -----

func.func @tolerance_negative(%a: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op tolerance must not be negative}}
  check.expect_almost_eq_const %a, dense<0.5> : tensor<2xf32>, tolerance = -1.0
  return
}

// -----

func.func @close_min_negative(%a: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op min_ulp_difference must not be negative}}
  check.expect_close %a, %a, min_ulp_difference = -2 : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @close_min_above_max(%a: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op min_ulp_difference must not exceed max_ulp_difference}}
  check.expect_close %a, %a, max_ulp_difference = 1, min_ulp_difference = 2 : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @close_bound_too_wide(%a: tensor<2xf32>) {
  // expected-error @+1 {{max_ulp_difference does not fit in 64 bits}}
  check.expect_close %a, %a, max_ulp_difference = 18446744073709551616 : tensor<2xf32>, tensor<2xf32>
  return
}
