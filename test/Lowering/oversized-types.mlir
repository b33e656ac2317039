// Tensors whose byte size does not fit 64-bit offsets are refused before
// lowering (found while fixing issue 19: a byte size of 2^66 wrapped to 0,
// malloc succeeded, and the code wrote past it: exit 139).
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

func.func @wraps_to_zero(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{tensor<4294967296x4294967296xf32> holds 73786976294838206464 bytes, more than 2^63 - 1: compiled code cannot address it}}
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<4294967296x4294967296xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<4294967296x4294967296xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A block argument (here of the function) is checked too; complex elements
// count twice their part.
// expected-error @+1 {{tensor<576460752303423488xcomplex<f64>> holds 9223372036854775808 bytes}}
func.func @argument(%a: tensor<576460752303423488xcomplex<f64>>) {
  return
}

// -----

// Just below the limit is compiled (it fails cleanly at run time, when
// malloc cannot provide it).
func.func @largest(%a: tensor<f32>) -> tensor<f32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2305843009213693951xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2305843009213693951xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
