// Round trip of every CHLO op: the custom form JAX prints, through the
// custom and the generic printers.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// top_k exactly as JAX prints it (jax.lax.top_k on a 2x7 array).
// CHECK-LABEL: func.func @top_k_jax
// CHECK-SAME: (%[[X:.*]]: tensor<2x7xf32>)
func.func @top_k_jax(%arg0: tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  // CHECK-NEXT: %[[V:.*]], %[[I:.*]] = chlo.top_k(%[[X]], k = 3) : tensor<2x7xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // CHECK-NEXT: return %[[V]], %[[I]] : tensor<2x3xf32>, tensor<2x3xi32>
  %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<2x7xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %values, %indices : tensor<2x3xf32>, tensor<2x3xi32>
}

// top_k on integers, rank 1, k = 0 and k = the whole dimension; the generic
// form with the k property.
// CHECK-LABEL: func.func @top_k_forms
func.func @top_k_forms(%x: tensor<5xi32>, %y: tensor<2x3x4xbf16>) {
  // CHECK: chlo.top_k(%{{.*}}, k = 0) : tensor<5xi32> -> (tensor<0xi32>, tensor<0xi32>)
  %0:2 = chlo.top_k(%x, k = 0) : tensor<5xi32> -> (tensor<0xi32>, tensor<0xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 5) : tensor<5xi32> -> (tensor<5xi32>, tensor<5xi32>)
  %1:2 = chlo.top_k(%x, k = 5) : tensor<5xi32> -> (tensor<5xi32>, tensor<5xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 2) : tensor<2x3x4xbf16> -> (tensor<2x3x2xbf16>, tensor<2x3x2xi32>)
  %2:2 = "chlo.top_k"(%y) <{k = 2 : i64}> : (tensor<2x3x4xbf16>) -> (tensor<2x3x2xbf16>, tensor<2x3x2xi32>)
  return
}

// The unary ops on floats (f32, f16, bf16, f64 and rank 0) and on complex
// elements where the op allows them.
// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[H:.*]]: tensor<2x2xf16>, %[[B:.*]]: tensor<bf16>, %[[D:.*]]: tensor<3xf64>, %[[C:.*]]: tensor<2xcomplex<f32>>, %[[Z:.*]]: tensor<2xcomplex<f64>>)
func.func @unary(%a: tensor<4xf32>, %h: tensor<2x2xf16>, %b: tensor<bf16>, %d: tensor<3xf64>,
                 %c: tensor<2xcomplex<f32>>, %z: tensor<2xcomplex<f64>>) {
  // CHECK-NEXT: chlo.acos %[[A]] : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.acos %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.acosh %[[H]] : tensor<2x2xf16> -> tensor<2x2xf16>
  %1 = chlo.acosh %h : tensor<2x2xf16> -> tensor<2x2xf16>
  // CHECK-NEXT: chlo.asin %[[B]] : tensor<bf16> -> tensor<bf16>
  %2 = chlo.asin %b : tensor<bf16> -> tensor<bf16>
  // CHECK-NEXT: chlo.asinh %[[D]] : tensor<3xf64> -> tensor<3xf64>
  %3 = chlo.asinh %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK-NEXT: chlo.atan %[[C]] : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %4 = chlo.atan %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  // CHECK-NEXT: chlo.atanh %[[Z]] : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %5 = chlo.atanh %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  // CHECK-NEXT: chlo.cosh %[[A]] : tensor<4xf32> -> tensor<4xf32>
  %6 = chlo.cosh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.sinh %[[D]] : tensor<3xf64> -> tensor<3xf64>
  %7 = chlo.sinh %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK-NEXT: chlo.tan %[[C]] : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %8 = chlo.tan %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  // CHECK-NEXT: chlo.conj %[[C]] : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %9 = chlo.conj %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  // CHECK-NEXT: chlo.conj %[[A]] : tensor<4xf32> -> tensor<4xf32>
  %10 = chlo.conj %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.erf %[[A]] : tensor<4xf32> -> tensor<4xf32>
  %11 = chlo.erf %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.erfc %[[H]] : tensor<2x2xf16> -> tensor<2x2xf16>
  %12 = chlo.erfc %h : tensor<2x2xf16> -> tensor<2x2xf16>
  // CHECK-NEXT: chlo.erf_inv %[[B]] : tensor<bf16> -> tensor<bf16>
  %13 = chlo.erf_inv %b : tensor<bf16> -> tensor<bf16>
  // CHECK-NEXT: chlo.lgamma %[[D]] : tensor<3xf64> -> tensor<3xf64>
  %14 = chlo.lgamma %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK-NEXT: chlo.digamma %[[A]] : tensor<4xf32> -> tensor<4xf32>
  %15 = chlo.digamma %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.is_inf %[[A]] : tensor<4xf32> -> tensor<4xi1>
  %16 = chlo.is_inf %a : tensor<4xf32> -> tensor<4xi1>
  // CHECK-NEXT: chlo.is_pos_inf %[[H]] : tensor<2x2xf16> -> tensor<2x2xi1>
  %17 = chlo.is_pos_inf %h : tensor<2x2xf16> -> tensor<2x2xi1>
  // CHECK-NEXT: chlo.is_neg_inf %[[B]] : tensor<bf16> -> tensor<i1>
  %18 = chlo.is_neg_inf %b : tensor<bf16> -> tensor<i1>
  // CHECK-NEXT: return
  return
}

// square takes every element type: integers, i1, floats, complex.
// CHECK-LABEL: func.func @square
func.func @square(%i: tensor<3xi32>, %u: tensor<3xui8>, %p: tensor<3xi1>, %f: tensor<3xf32>, %c: tensor<3xcomplex<f32>>) {
  // CHECK: chlo.square %{{.*}} : tensor<3xi32> -> tensor<3xi32>
  %0 = chlo.square %i : tensor<3xi32> -> tensor<3xi32>
  // CHECK: chlo.square %{{.*}} : tensor<3xui8> -> tensor<3xui8>
  %1 = chlo.square %u : tensor<3xui8> -> tensor<3xui8>
  // CHECK: chlo.square %{{.*}} : tensor<3xi1> -> tensor<3xi1>
  %2 = chlo.square %p : tensor<3xi1> -> tensor<3xi1>
  // CHECK: chlo.square %{{.*}} : tensor<3xf32> -> tensor<3xf32>
  %3 = chlo.square %f : tensor<3xf32> -> tensor<3xf32>
  // CHECK: chlo.square %{{.*}} : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %4 = chlo.square %c : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return
}

// next_after on one shape, and the generic form of a unary op.
// CHECK-LABEL: func.func @next_after_and_generic
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
func.func @next_after_and_generic(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[N:.*]] = chlo.next_after %[[X]], %[[Y]] : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: %[[E:.*]] = chlo.erf %[[N]] : tensor<4xf32> -> tensor<4xf32>
  %1 = "chlo.erf"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return %[[N]], %[[E]] : tensor<4xf32>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// Broadcasting binaries: numpy rules (no attribute), explicit
// broadcast_dimensions, size-1 dimensions, rank 0, equal shapes.
// CHECK-LABEL: func.func @broadcast_add_forms
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<2x3xf32>, %[[C:.*]]: tensor<2xf32>, %[[D:.*]]: tensor<1x3xf32>, %[[E:.*]]: tensor<2x1xf32>, %[[S:.*]]: tensor<f32>)
func.func @broadcast_add_forms(%a: tensor<3xf32>, %b: tensor<2x3xf32>, %c: tensor<2xf32>, %d: tensor<1x3xf32>,
                               %e: tensor<2x1xf32>, %s: tensor<f32>) {
  // CHECK-NEXT: chlo.broadcast_add %[[A]], %[[B]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[A]], %[[B]] {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[B]], %[[C]] {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_add %b, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[D]], %[[E]] : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_add %d, %e : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[S]], %[[B]] {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = chlo.broadcast_add %s, %b {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[B]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = chlo.broadcast_add %b, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: chlo.broadcast_add %[[S]], %[[S]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %6 = chlo.broadcast_add %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // The generic form.
  // CHECK-NEXT: chlo.broadcast_add %[[A]], %[[B]] {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "chlo.broadcast_add"(%a, %b) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: return
  return
}

// Every other broadcasting binary, on the element types it is used with.
// CHECK-LABEL: func.func @broadcast_binaries
func.func @broadcast_binaries(%f: tensor<3xf32>, %g: tensor<2x3xf32>, %i: tensor<4xi32>, %j: tensor<3x4xi32>,
                              %p: tensor<2xi1>, %q: tensor<2x2xi1>, %u: tensor<ui32>, %v: tensor<5xui32>,
                              %c: tensor<2xcomplex<f32>>, %h: tensor<f16>, %k: tensor<3xf16>) {
  // CHECK: chlo.broadcast_subtract %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_subtract %f, %g : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_multiply %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_multiply %g, %f {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_divide %{{.*}}, %{{.*}} : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %2 = chlo.broadcast_divide %j, %i : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_remainder %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %3 = chlo.broadcast_remainder %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_maximum %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = chlo.broadcast_maximum %f, %g : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_minimum %{{.*}}, %{{.*}} : (tensor<ui32>, tensor<5xui32>) -> tensor<5xui32>
  %5 = chlo.broadcast_minimum %u, %v : (tensor<ui32>, tensor<5xui32>) -> tensor<5xui32>
  // CHECK: chlo.broadcast_power %{{.*}}, %{{.*}} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %6 = chlo.broadcast_power %c, %c : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  // CHECK: chlo.broadcast_atan2 %{{.*}}, %{{.*}} : (tensor<f16>, tensor<3xf16>) -> tensor<3xf16>
  %7 = chlo.broadcast_atan2 %h, %k : (tensor<f16>, tensor<3xf16>) -> tensor<3xf16>
  // CHECK: chlo.broadcast_and %{{.*}}, %{{.*}} : (tensor<2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  %8 = chlo.broadcast_and %p, %q : (tensor<2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  // CHECK: chlo.broadcast_or %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 0>} : (tensor<2x2xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  %9 = chlo.broadcast_or %q, %p {broadcast_dimensions = array<i64: 0>} : (tensor<2x2xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  // CHECK: chlo.broadcast_xor %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %10 = chlo.broadcast_xor %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: chlo.broadcast_shift_left %{{.*}}, %{{.*}} : (tensor<ui32>, tensor<5xui32>) -> tensor<5xui32>
  %11 = chlo.broadcast_shift_left %u, %v : (tensor<ui32>, tensor<5xui32>) -> tensor<5xui32>
  // CHECK: chlo.broadcast_shift_right_arithmetic %{{.*}}, %{{.*}} : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %12 = chlo.broadcast_shift_right_arithmetic %j, %i : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_logical %{{.*}}, %{{.*}} : (tensor<5xui32>, tensor<ui32>) -> tensor<5xui32>
  %13 = chlo.broadcast_shift_right_logical %v, %u : (tensor<5xui32>, tensor<ui32>) -> tensor<5xui32>
  // CHECK: chlo.broadcast_next_after %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = chlo.broadcast_next_after %f, %g {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// ragged_dot exactly as JAX prints it (jax.lax.ragged_dot lowered for TPU:
// lhs [m, k], rhs [groups, k, n], group_sizes [groups]); generic form only.
// CHECK-LABEL: func.func @ragged_dot_jax
func.func @ragged_dot_jax(%arg0: tensor<6x4xf32>, %arg1: tensor<3x4x5xf32>, %arg2: tensor<3xi32>) -> tensor<6x5xf32> {
  // CHECK: "chlo.ragged_dot"(%{{.*}}, %{{.*}}, %{{.*}}) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// All six fields (printed in a fixed order, whatever the input order), no
// precision_config, other precisions, the ragged contracting mode (leading
// group dimension in the result) and the ragged batching mode.
// CHECK-LABEL: func.func @ragged_dot_forms
func.func @ragged_dot_forms(%l: tensor<2x6x3xf32>, %r: tensor<3x2x3x4xf32>, %g: tensor<3xi64>, %a: tensor<5x7xbf16>, %b: tensor<7x2xbf16>, %c: tensor<2x5x7xi32>, %d: tensor<2x7x3xi32>, %h: tensor<2xi32>) {
  // CHECK: "chlo.ragged_dot"(%{{.*}}, %{{.*}}, %{{.*}}) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x6x3xf32>, tensor<3x2x3x4xf32>, tensor<3xi64>) -> tensor<2x6x4xf32>
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<rhs_group_dimensions = [0], lhs_ragged_dimensions = [1], rhs_contracting_dimensions = [2], lhs_contracting_dimensions = [2], rhs_batching_dimensions = [1], lhs_batching_dimensions = [0]>}> : (tensor<2x6x3xf32>, tensor<3x2x3x4xf32>, tensor<3xi64>) -> tensor<2x6x4xf32>
  // CHECK: <{precision_config = [#chlo<precision HIGH>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<5x7xbf16>, tensor<7x2xbf16>, tensor<3xi64>) -> tensor<3x5x2xf32>
  %1 = "chlo.ragged_dot"(%a, %b, %g) <{precision_config = [#chlo<precision HIGH>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<5x7xbf16>, tensor<7x2xbf16>, tensor<3xi64>) -> tensor<3x5x2xf32>
  // CHECK: ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x5x7xi32>, tensor<2x7x3xi32>, tensor<2xi32>) -> tensor<2x5x3xi32>
  %2 = "chlo.ragged_dot"(%c, %d, %h) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x5x7xi32>, tensor<2x7x3xi32>, tensor<2xi32>) -> tensor<2x5x3xi32>
  return
}

// polygamma and zeta as JAX prints them (jax.scipy.special.polygamma / zeta).
// CHECK-LABEL: func.func @polygamma_zeta_jax
func.func @polygamma_zeta_jax(%n: tensor<4xf32>, %x: tensor<4xf32>, %y: tensor<2x3xf64>) {
  // CHECK: chlo.polygamma %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.zeta %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.zeta %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.zeta %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  %2 = "chlo.zeta"(%y, %y) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return
}

// mulhi on signless, signed and unsigned integers.
// CHECK-LABEL: func.func @mulhi
func.func @mulhi(%a: tensor<4xi32>, %b: tensor<2xui64>, %c: tensor<3xsi8>) {
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %0 = chlo.mulhi %a, %a : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  %1 = chlo.mulhi %b, %b : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<3xsi8>, tensor<3xsi8> -> tensor<3xsi8>
  %2 = "chlo.mulhi"(%c, %c) : (tensor<3xsi8>, tensor<3xsi8>) -> tensor<3xsi8>
  return
}

// The broadcasting polygamma, zeta and complex.
// CHECK-LABEL: func.func @broadcast_special
func.func @broadcast_special(%a: tensor<f32>, %b: tensor<2x3xf32>) {
  // CHECK: chlo.broadcast_polygamma %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_polygamma %a, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_zeta %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_zeta %a, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_complex %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %2 = chlo.broadcast_complex %a, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  return
}

// constant, constant_like and broadcast_select.
// CHECK-LABEL: func.func @constants_and_select
func.func @constants_and_select(%x: tensor<2x3xf32>, %p: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<f32>) {
  // CHECK: chlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: "chlo.constant_like"(%{{.*}}) <{value = 1.000000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}
