// Round trip of every stablehlo op: pretty form, stability of the printed
// form, and the generic form read back.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @unary_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @unary_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[A:.*]] = stablehlo.abs %[[X]] : tensor<4xf32>
  %0 = stablehlo.abs %x : tensor<4xf32>
  // CHECK: %[[N:.*]] = stablehlo.negate %[[A]] : tensor<4xf32>
  %1 = stablehlo.negate %0 : tensor<4xf32>
  // CHECK: %[[E:.*]] = stablehlo.exponential %[[N]] : tensor<4xf32>
  %2 = stablehlo.exponential %1 : tensor<4xf32>
  // CHECK: %[[L:.*]] = stablehlo.log %[[E]] : tensor<4xf32>
  %3 = stablehlo.log %2 : tensor<4xf32>
  // CHECK: %[[T:.*]] = stablehlo.tanh %[[L]] : tensor<4xf32>
  %4 = stablehlo.tanh %3 : tensor<4xf32>
  // CHECK: %[[S:.*]] = stablehlo.sqrt %[[T]] : tensor<4xf32>
  %5 = stablehlo.sqrt %4 : tensor<4xf32>
  // CHECK: %[[R:.*]] = stablehlo.rsqrt %[[S]] : tensor<4xf32>
  %6 = stablehlo.rsqrt %5 : tensor<4xf32>
  // CHECK: return %[[R]] : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// GENERIC-LABEL: sym_name = "unary_f32"
// GENERIC: "stablehlo.abs"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "stablehlo.rsqrt"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @unary_other_types
func.func @unary_other_types(%i: tensor<3xi32>, %s: tensor<3xsi8>, %h: tensor<2x2xf16>,
                             %b: tensor<bf16>, %c: tensor<2xcomplex<f32>>, %d: tensor<2xf64>)
    -> (tensor<3xi32>, tensor<3xsi8>, tensor<2x2xf16>, tensor<bf16>, tensor<2xcomplex<f32>>, tensor<2xf64>) {
  // CHECK: stablehlo.abs %{{.*}} : tensor<3xi32>
  %0 = stablehlo.abs %i : tensor<3xi32>
  // CHECK: stablehlo.negate %{{.*}} : tensor<3xsi8>
  %1 = stablehlo.negate %s : tensor<3xsi8>
  // CHECK: stablehlo.sqrt %{{.*}} : tensor<2x2xf16>
  %2 = stablehlo.sqrt %h : tensor<2x2xf16>
  // CHECK: stablehlo.tanh %{{.*}} : tensor<bf16>
  %3 = stablehlo.tanh %b : tensor<bf16>
  // CHECK: stablehlo.exponential %{{.*}} : tensor<2xcomplex<f32>>
  %4 = stablehlo.exponential %c : tensor<2xcomplex<f32>>
  // CHECK: stablehlo.log %{{.*}} : tensor<2xf64>
  %5 = stablehlo.log %d : tensor<2xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi32>, tensor<3xsi8>, tensor<2x2xf16>, tensor<bf16>, tensor<2xcomplex<f32>>, tensor<2xf64>
}

// CHECK-LABEL: func.func @binary_f32
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
func.func @binary_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[V0:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<2x3xf32>
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  // CHECK: %[[V1:.*]] = stablehlo.subtract %[[V0]], %[[B]] : tensor<2x3xf32>
  %1 = stablehlo.subtract %0, %b : tensor<2x3xf32>
  // CHECK: %[[V2:.*]] = stablehlo.multiply %[[V1]], %[[A]] : tensor<2x3xf32>
  %2 = stablehlo.multiply %1, %a : tensor<2x3xf32>
  // CHECK: %[[V3:.*]] = stablehlo.divide %[[V2]], %[[B]] : tensor<2x3xf32>
  %3 = stablehlo.divide %2, %b : tensor<2x3xf32>
  // CHECK: %[[V4:.*]] = stablehlo.maximum %[[V3]], %[[A]] : tensor<2x3xf32>
  %4 = stablehlo.maximum %3, %a : tensor<2x3xf32>
  // CHECK: %[[V5:.*]] = stablehlo.minimum %[[V4]], %[[B]] : tensor<2x3xf32>
  %5 = stablehlo.minimum %4, %b : tensor<2x3xf32>
  // CHECK: return %[[V5]]
  return %5 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @binary_other_types
func.func @binary_other_types(%u: tensor<4xui32>, %p: tensor<4xi1>, %c: tensor<complex<f32>>, %h: tensor<8xbf16>, %s: tensor<si8>)
    -> (tensor<4xui32>, tensor<4xi1>, tensor<4xi1>, tensor<complex<f32>>, tensor<8xbf16>, tensor<si8>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<4xui32>
  %0 = stablehlo.add %u, %u : tensor<4xui32>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<4xi1>
  %1 = stablehlo.add %p, %p : tensor<4xi1>
  // CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<4xi1>
  %2 = stablehlo.multiply %p, %p : tensor<4xi1>
  // CHECK: stablehlo.divide %{{.*}}, %{{.*}} : tensor<complex<f32>>
  %3 = stablehlo.divide %c, %c : tensor<complex<f32>>
  // CHECK: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<8xbf16>
  %4 = stablehlo.maximum %h, %h : tensor<8xbf16>
  // CHECK: stablehlo.minimum %{{.*}}, %{{.*}} : tensor<si8>
  %5 = stablehlo.minimum %s, %s : tensor<si8>
  return %0, %1, %2, %3, %4, %5 : tensor<4xui32>, tensor<4xi1>, tensor<4xi1>, tensor<complex<f32>>, tensor<8xbf16>, tensor<si8>
}

// Operand types that differ only in a dynamic dimension print the functional form.
// CHECK-LABEL: func.func @add_mixed_types
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<?xf32>)
func.func @add_mixed_types(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo.add %[[A]], %[[B]] : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  // Functional form whose types are all equal prints the short form.
  // CHECK: stablehlo.multiply %{{.*}}, %[[A]] : tensor<4xf32>
  %1 = stablehlo.multiply %0, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.negate %[[B]] : tensor<?xf32>
  %2 = stablehlo.negate %b : (tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<4xf32>
}

// GENERIC-LABEL: sym_name = "add_mixed_types"
// GENERIC: "stablehlo.add"(%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>, %[[U:.*]]: tensor<4xui32>, %[[P:.*]]: tensor<4xi1>)
func.func @compare(%a: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>, %p: tensor<4xi1>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  // CHECK: stablehlo.compare  GT, %[[A]], %[[A]],  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = stablehlo.compare  GT, %a, %a,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  EQ, %[[A]], %[[A]],  TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare  EQ, %a, %a,  TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  LT, %[[I]], %[[I]],  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare  LT, %i, %i,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  GE, %[[U]], %[[U]],  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %3 = stablehlo.compare  GE, %u, %u,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  // No compare_type: none is printed.
  // CHECK: stablehlo.compare  NE, %[[I]], %[[I]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.compare  NE, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  LE, %[[P]], %[[P]],  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = stablehlo.compare  LE, %p, %p,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  // The generic form with the full enum attributes.
  // CHECK: stablehlo.compare  LT, %[[A]], %[[A]],  TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// GENERIC-LABEL: sym_name = "compare"
// GENERIC: "stablehlo.compare"(%{{.*}}, %{{.*}}) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[P:.*]]: tensor<2x3xi1>, %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
func.func @select(%p: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.select %[[P]], %[[A]], %[[B]] : tensor<2x3xi1>, tensor<2x3xf32>
  %0 = stablehlo.select %p, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @select_generic
func.func @select_generic(%p: tensor<2xi1>, %a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi1>, tensor<2xcomplex<f32>>
  %0 = "stablehlo.select"(%p, %a, %a) : (tensor<2xi1>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[V:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<4x1xi32>)
func.func @broadcast_in_dim(%s: tensor<f32>, %v: tensor<3xf32>, %m: tensor<4x1xi32>)
    -> (tensor<8xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<4x5xi32>, tensor<2x4x5xi32>) {
  // CHECK: stablehlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<8xf32>
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8xf32>
  // CHECK: stablehlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.broadcast_in_dim %[[V]], dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
  // Size-1 dimension expanded.
  // CHECK: stablehlo.broadcast_in_dim %[[M]], dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x5xi32>
  %3 = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x5xi32>
  // CHECK: stablehlo.broadcast_in_dim %[[M]], dims = [1, 2] : (tensor<4x1xi32>) -> tensor<2x4x5xi32>
  %4 = "stablehlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<4x1xi32>) -> tensor<2x4x5xi32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<4x5xi32>, tensor<2x4x5xi32>
}

// GENERIC-LABEL: sym_name = "broadcast_in_dim"
// GENERIC: "stablehlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
// GENERIC: "stablehlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3xf32>

// CHECK-LABEL: func.func @constants
func.func @constants() -> (tensor<f32>, tensor<4xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<2xui32>, tensor<complex<f32>>, tensor<2xbf16>, tensor<f16>) {
  // CHECK: stablehlo.constant dense<2.500000e+00> : tensor<f32>
  %0 = stablehlo.constant dense<2.5> : tensor<f32>
  // CHECK: stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  %1 = stablehlo.constant dense<1.0> : tensor<4xf32>
  // CHECK: stablehlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  // CHECK: stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %3 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  // CHECK: stablehlo.constant dense<[0, 4294967295]> : tensor<2xui32>
  %4 = stablehlo.constant dense<[0, 4294967295]> : tensor<2xui32>
  // CHECK: stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
  %5 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  // CHECK: stablehlo.constant dense<[1.000000e+00, 5.000000e-01]> : tensor<2xbf16>
  %6 = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xbf16>
  // Discardable attributes are kept, before the value.
  // CHECK: stablehlo.constant {some.tag = "x"} dense<0.000000e+00> : tensor<f16>
  %7 = stablehlo.constant {some.tag = "x"} dense<0.0> : tensor<f16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<f32>, tensor<4xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<2xui32>, tensor<complex<f32>>, tensor<2xbf16>, tensor<f16>
}

// GENERIC-LABEL: sym_name = "constants"
// GENERIC: "stablehlo.constant"() <{value = dense<2.500000e+00> : tensor<f32>}> : () -> tensor<f32>

// CHECK-LABEL: func.func @generic_forms
func.func @generic_forms(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[C:.*]] = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
  %c = "stablehlo.constant"() {value = dense<3.0> : tensor<4xf32>} : () -> tensor<4xf32>
  // CHECK: %[[S:.*]] = stablehlo.add %{{.*}}, %[[C]] : tensor<4xf32>
  %0 = "stablehlo.add"(%a, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.tanh %[[S]] : tensor<4xf32>
  %1 = "stablehlo.tanh"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Attributes that JAX attaches pass through unchanged.
// CHECK-LABEL: module @jit_f
// CHECK-SAME: attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK: func.func public @main(%{{.*}}: tensor<2xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = "result"})
// CHECK: stablehlo.add {{.*}} {mhlo.frontend_attributes = {a = "b"}} : tensor<2xf32>
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.add %arg0, %arg0 {mhlo.frontend_attributes = {a = "b"}} : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// convert always prints the functional type (operand and result differ).
// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<4xi32>, %y: tensor<2x3xf32>) -> (tensor<4xf32>, tensor<2x3xbf16>) {
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
  %0 = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %1 = "stablehlo.convert"(%y) : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  return %0, %1 : tensor<4xf32>, tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @dot_general
func.func @dot_general(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<2x3x4xbf16>, %d: tensor<2x4x5xbf16>)
    -> (tensor<4x16xf32>, tensor<2x3x5xbf16>, tensor<4x16xf32>, tensor<8x8xf32>) {
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, HIGHEST] : (tensor<2x3x4xbf16>, tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, HIGHEST] : (tensor<2x3x4xbf16>, tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %2 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<rhs_contracting_dimensions = [0], lhs_contracting_dimensions = [1]>}> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [] x [] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  %v = stablehlo.constant dense<1.0> : tensor<8xf32>
  %3 = stablehlo.dot_general %v, %v, contracting_dims = [] x [] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2, %3 : tensor<4x16xf32>, tensor<2x3x5xbf16>, tensor<4x16xf32>, tensor<8x8xf32>
}
// GENERIC-LABEL: sym_name = "dot_general"
// GENERIC: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}>
// GENERIC: #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>

// reduce: the compact form for a body that is one binary op, the general
// form (with `reducer`) otherwise, and variadic reductions.
// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<4x3xf32>, %y: tensor<4x3xi32>) -> (tensor<4xf32>, tensor<3xf32>, tensor<3xi32>, tensor<i32>) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %d = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [0] : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  // CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) (%[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>) {
  // CHECK-NEXT: %[[GT:.*]] = stablehlo.compare GT, %[[B]], %[[A]], FLOAT
  // CHECK-NEXT: %[[M:.*]] = stablehlo.select %[[GT]], %[[B]], %[[A]] : tensor<i1>, tensor<f32>
  // CHECK-NEXT: %[[K:.*]] = stablehlo.select %[[GT]], %[[J]], %[[I]] : tensor<i1>, tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[M]], %[[K]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  %1:2 = stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [0] : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
      %gt = stablehlo.compare  GT, %b, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %k = stablehlo.select %gt, %j, %i : tensor<i1>, tensor<i32>
      stablehlo.return %m, %k : tensor<f32>, tensor<i32>
    }
  // A generic-form body that is a single op still prints compactly.
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x3xi32>, tensor<i32>) -> tensor<i32>
  %2 = "stablehlo.reduce"(%y, %d) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %r = "stablehlo.maximum"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r) : (tensor<i32>) -> ()
  }) : (tensor<4x3xi32>, tensor<i32>) -> tensor<i32>
  return %0, %1#0, %1#1, %2 : tensor<4xf32>, tensor<3xf32>, tensor<3xi32>, tensor<i32>
}

// CHECK-LABEL: func.func @reshape_transpose
func.func @reshape_transpose(%x: tensor<2x3xf32>, %s: tensor<ui8>) -> (tensor<3x2xf32>, tensor<1xui8>, tensor<3x2xf32>) {
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<ui8>) -> tensor<1xui8>
  %1 = "stablehlo.reshape"(%s) : (tensor<ui8>) -> tensor<1xui8>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<1xui8>, tensor<3x2xf32>
}
// GENERIC-LABEL: sym_name = "reshape_transpose"
// GENERIC: "stablehlo.transpose"(%{{.*}}) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>

// CHECK-LABEL: func.func @iota_concatenate_slice
func.func @iota_concatenate_slice(%a: tensor<2x2xi32>, %b: tensor<2x1xi32>, %x: tensor<4x4xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x2xf32>, tensor<1x4xf32>, tensor<2x2xi32>) {
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xf32>
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %1 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.slice %{{.*}} [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  // A stride of 1 is not printed.
  // CHECK: stablehlo.slice %{{.*}} [3:4, 0:4] : (tensor<4x4xf32>) -> tensor<1x4xf32>
  %3 = "stablehlo.slice"(%x) <{start_indices = array<i64: 3, 0>, limit_indices = array<i64: 4, 4>, strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<1x4xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, dim = 0 : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %4 = stablehlo.concatenate %a, dim = 0 : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x2xf32>, tensor<1x4xf32>, tensor<2x2xi32>
}
// GENERIC-LABEL: sym_name = "iota_concatenate_slice"
// GENERIC: "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x3xf32>
// GENERIC: "stablehlo.concatenate"(%{{.*}}, %{{.*}}) <{dimension = 1 : i64}>
// GENERIC: "stablehlo.slice"(%{{.*}}) <{limit_indices = array<i64: 3, 4>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 2>}>

// CHECK-LABEL: func.func @pad_reverse
func.func @pad_reverse(%x: tensor<2x3xf32>, %v: tensor<f32>) -> (tensor<4x4xf32>, tensor<2x3xf32>) {
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [1, -1], high = [0, 2], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  %0 = stablehlo.pad %x, %v, low = [1, -1], high = [0, 2], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [0, 1] : tensor<2x3xf32>
  %1 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  return %0, %1 : tensor<4x4xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @logical
func.func @logical(%p: tensor<4xi1>, %q: tensor<4xi1>, %a: tensor<4xui32>) -> (tensor<4xi1>, tensor<4xui32>) {
  // CHECK: stablehlo.and %{{.*}}, %{{.*}} : tensor<4xi1>
  %0 = stablehlo.and %p, %q : tensor<4xi1>
  // CHECK: stablehlo.or %{{.*}}, %{{.*}} : tensor<4xi1>
  %1 = stablehlo.or %0, %q : tensor<4xi1>
  // CHECK: stablehlo.xor %{{.*}}, %{{.*}} : tensor<4xi1>
  %2 = stablehlo.xor %1, %p : tensor<4xi1>
  // CHECK: stablehlo.not %{{.*}} : tensor<4xi1>
  %3 = stablehlo.not %2 : tensor<4xi1>
  // CHECK: stablehlo.not %{{.*}} : tensor<4xui32>
  %4 = stablehlo.not %a : tensor<4xui32>
  return %3, %4 : tensor<4xi1>, tensor<4xui32>
}

// CHECK-LABEL: func.func @more_elementwise
func.func @more_elementwise(%x: tensor<4xf32>, %i: tensor<4xi32>, %lo: tensor<f32>, %c: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // CHECK: stablehlo.floor %{{.*}} : tensor<4xf32>
  %0 = stablehlo.floor %x : tensor<4xf32>
  // CHECK: stablehlo.ceil
  %1 = stablehlo.ceil %0 : tensor<4xf32>
  // CHECK: stablehlo.sine
  %2 = stablehlo.sine %1 : tensor<4xf32>
  // CHECK: stablehlo.cosine
  %3 = stablehlo.cosine %2 : tensor<4xf32>
  // CHECK: stablehlo.tan
  %4 = stablehlo.tan %3 : tensor<4xf32>
  // CHECK: stablehlo.logistic
  %5 = stablehlo.logistic %4 : tensor<4xf32>
  // CHECK: stablehlo.exponential_minus_one
  %6 = stablehlo.exponential_minus_one %5 : tensor<4xf32>
  // CHECK: stablehlo.log_plus_one
  %7 = stablehlo.log_plus_one %6 : tensor<4xf32>
  // CHECK: stablehlo.cbrt
  %8 = stablehlo.cbrt %7 : tensor<4xf32>
  // CHECK: stablehlo.round_nearest_even
  %9 = stablehlo.round_nearest_even %8 : tensor<4xf32>
  // CHECK: stablehlo.round_nearest_afz
  %10 = stablehlo.round_nearest_afz %9 : tensor<4xf32>
  // CHECK: stablehlo.sign
  %11 = stablehlo.sign %10 : tensor<4xf32>
  // CHECK: stablehlo.power %{{.*}}, %{{.*}} : tensor<4xf32>
  %12 = stablehlo.power %11, %x : tensor<4xf32>
  // CHECK: stablehlo.remainder
  %13 = stablehlo.remainder %12, %x : tensor<4xf32>
  // CHECK: stablehlo.atan2
  %14 = stablehlo.atan2 %13, %x : tensor<4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %15 = stablehlo.clamp %lo, %14, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
  %16 = stablehlo.clamp %x, %15, %x : tensor<4xf32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<4xf32>) -> tensor<4xi1>
  %17 = stablehlo.is_finite %16 : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<4xi32>
  %18 = stablehlo.popcnt %i : tensor<4xi32>
  // CHECK: stablehlo.count_leading_zeros
  %19 = stablehlo.count_leading_zeros %18 : tensor<4xi32>
  // CHECK: stablehlo.shift_left
  %20 = stablehlo.shift_left %19, %i : tensor<4xi32>
  // CHECK: stablehlo.shift_right_arithmetic
  %21 = stablehlo.shift_right_arithmetic %20, %i : tensor<4xi32>
  // CHECK: stablehlo.shift_right_logical
  %22 = stablehlo.shift_right_logical %21, %i : tensor<4xi32>
  // CHECK: stablehlo.sine %{{.*}} : tensor<4xcomplex<f32>>
  %23 = stablehlo.sine %c : tensor<4xcomplex<f32>>
  return %16 : tensor<4xf32>
}
