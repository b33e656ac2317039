// Running the spec features of test/Dialect/stablehlo/spec-completeness.mlir
// that the CPU path supports. Expected values are independent: the tf32
// rounding of dot_general's algorithm from integer arithmetic on the f32
// bits (round to nearest even at 10 mantissa bits) and exact rational sums
// (Python fractions); the rest by hand.
// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 12 passed, 0 failed

// tf32 operands: 1 + 2^-12 -> 1, 1 + 1.5 * 2^-10 -> 1 + 2^-9 (tie to even),
// 2 + 2^-10 -> 2 (tie to even), ...; sums in f32.
func.func @dot_algorithm_tf32() {
  %a = stablehlo.constant dense<[[1.000244140625, 1.00146484375, 2.0009765625], [3.0, 1.0010986328125, -1.00054931640625]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, 2.0], [4.0, 1.0], [1.0, -1.0]]> : tensor<3x2xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.0078125, 1.001953125], [6.0029296875, 8.001953125]]> : tensor<2x2xf32>
  return
}

// -----

// Three bf16 components stand for f32's precision: nothing is rounded.
func.func @dot_algorithm_bf16_x3() {
  %a = stablehlo.constant dense<[[1.000244140625, 1.00146484375, 2.0009765625], [3.0, 1.0010986328125, -1.00054931640625]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, 2.0], [4.0, 1.0], [1.0, -1.0]]> : tensor<3x2xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.007080078125, 1.0009765625], [6.00384521484375, 8.00164794921875]]> : tensor<2x2xf32>
  return
}

// -----

// bf16 operands summed in f32: 1 + 2^-8 + 2^-8 = 1 + 2^-7, a bf16 value
// (each partial sum 1 + 2^-8 would round back to 1 in bf16).
func.func @dot_algorithm_f32_accumulation() {
  %a = stablehlo.constant dense<[[1.0, 0.00390625, 0.00390625]]> : tensor<1x3xbf16>
  %b = stablehlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<1x3xbf16>, tensor<3x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[1.0078125]]> : tensor<1x1xbf16>
  return
}

// -----

// One precision for both operands.
func.func @one_precision() {
  %a = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b = stablehlo.constant dense<[[3.0], [4.0]]> : tensor<2x1xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST] : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const %r, dense<[[11.0]]> : tensor<1x1xf32>
  return
}

// -----

// One process: the promoted all_reduce and reduce_scatter return their
// operand in the computation's type.
func.func @promoted_collectives() {
  %x = stablehlo.constant dense<[1.5, 2.25, -3.0, 0.5]> : tensor<4xbf16>
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xbf16>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[1.5, 2.25, -3.0, 0.5]> : tensor<4xf32>
  %y = stablehlo.constant dense<[-128, 127, 5, -1]> : tensor<4xi8>
  %t = "stablehlo.reduce_scatter"(%y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, scatter_dimension = 0 : i64} : (tensor<4xi8>) -> tensor<4xi32>
  check.expect_eq_const %t, dense<[-128, 127, 5, -1]> : tensor<4xi32>
  return
}

// -----

// result_accuracy is accepted and the op computes as without it:
// exp(0) = 1, exp(1) = e, log(1) = 0, sqrt(4) = 2.
func.func @result_accuracy() {
  %x = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %e = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  %want = stablehlo.constant dense<[1.0, 2.71828175]> : tensor<2xf32>
  check.expect_close %e, %want : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @result_accuracy_highest() {
  %x = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %l = stablehlo.log %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2xf32>
  %s = stablehlo.sqrt %x {result_accuracy = #stablehlo.result_accuracy<>} : tensor<2xf32>
  %r = stablehlo.add %l, %s : tensor<2xf32>
  %want = stablehlo.constant dense<[1.0, 3.38629436]> : tensor<2xf32>
  check.expect_close %r, %want : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

// expect_close on complex elements counts ulps in each part: 1 + 2^-23 is
// one f32 ulp above 1, -0.5 - 2^-53 one f64 ulp below -0.5.
func.func @expect_close_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 0.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0000001192092896, 2.0), (-3.0, 0.0)]> : tensor<2xcomplex<f32>>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
  %c = stablehlo.constant dense<[(1.0, -0.5)]> : tensor<1xcomplex<f64>>
  %d = stablehlo.constant dense<[(1.0, -0.5000000000000001)]> : tensor<1xcomplex<f64>>
  check.expect_close %c, %d, max_ulp_difference = 1, min_ulp_difference = 1 : tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>
  return
}

// -----

// Bounds as StableHLO's tests write them: unsigned 64-bit, up to 2^64 - 1.
func.func @expect_close_ui64_bounds() {
  %a = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf64>
  %b = stablehlo.constant dense<[2.0, 2.0]> : tensor<2xf64>
  "check.expect_close"(%a, %b) {max_ulp_difference = 18446744073709551615 : ui64} : (tensor<2xf64>, tensor<2xf64>) -> ()
  check.expect_close %a, %a, max_ulp_difference = 18446744073709551615 : tensor<2xf64>, tensor<2xf64>
  return
}
