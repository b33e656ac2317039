// The narrow element types verify and round-trip: every float format of the
// spec's FloatType with the ops that compute on floats, the sub-byte
// integers, complex atan2/cbrt/iota, and i1 bitcasts.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @floats
func.func @floats(%a: tensor<2xf8E4M3FN>, %b: tensor<2xf8E5M2>, %c: tensor<2xf8E4M3FNUZ>, %d: tensor<2xf8E5M2FNUZ>,
                  %e: tensor<2xf8E4M3B11FNUZ>, %f: tensor<2xf8E3M4>, %g: tensor<2xf8E4M3>, %h: tensor<2xf4E2M1FN>,
                  %i: tensor<2xf6E2M3FN>, %j: tensor<2xf6E3M2FN>, %k: tensor<2xf8E8M0FNU>) {
  // CHECK: stablehlo.add %{{.*}} : tensor<2xf8E4M3FN>
  %0 = stablehlo.add %a, %a : tensor<2xf8E4M3FN>
  // CHECK: stablehlo.exponential %{{.*}} : tensor<2xf8E5M2>
  %1 = stablehlo.exponential %b : tensor<2xf8E5M2>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<2xf8E4M3FNUZ>) -> tensor<2xi1>
  %2 = stablehlo.is_finite %c : (tensor<2xf8E4M3FNUZ>) -> tensor<2xi1>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m2 : tensor<2xf8E5M2FNUZ>
  %3 = stablehlo.reduce_precision %d, format = e5m2 : tensor<2xf8E5M2FNUZ>
  // CHECK: stablehlo.sqrt %{{.*}} : tensor<2xf8E4M3B11FNUZ>
  %4 = stablehlo.sqrt %e : tensor<2xf8E4M3B11FNUZ>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2xf8E3M4>) -> tensor<2xf8E4M3>
  %5 = stablehlo.convert %f : (tensor<2xf8E3M4>) -> tensor<2xf8E4M3>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [0] x [0] : (tensor<2xf8E4M3>, tensor<2xf8E4M3>) -> tensor<f32>
  %6 = stablehlo.dot_general %g, %g, contracting_dims = [0] x [0] : (tensor<2xf8E4M3>, tensor<2xf8E4M3>) -> tensor<f32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xf4E2M1FN>) -> tensor<2xui4>
  %7 = stablehlo.bitcast_convert %h : (tensor<2xf4E2M1FN>) -> tensor<2xui4>
  // CHECK: stablehlo.multiply %{{.*}} : tensor<2xf6E2M3FN>
  %8 = stablehlo.multiply %i, %i : tensor<2xf6E2M3FN>
  // CHECK: stablehlo.maximum %{{.*}} : tensor<2xf6E3M2FN>
  %9 = stablehlo.maximum %j, %j : tensor<2xf6E3M2FN>
  // CHECK: stablehlo.constant dense<[1.000000e+00, 5.000000e-01]> : tensor<2xf8E8M0FNU>
  %10 = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xf8E8M0FNU>
  // CHECK: stablehlo.multiply %{{.*}} : tensor<2xf8E8M0FNU>
  %11 = stablehlo.multiply %k, %10 : tensor<2xf8E8M0FNU>
  return
}

// CHECK-LABEL: func.func @integers
func.func @integers(%a: tensor<2xi2>, %b: tensor<2xui2>, %c: tensor<2xsi4>, %d: tensor<2xui4>) {
  // CHECK: stablehlo.add %{{.*}} : tensor<2xi2>
  %0 = stablehlo.add %a, %a : tensor<2xi2>
  // CHECK: stablehlo.multiply %{{.*}} : tensor<2xui2>
  %1 = stablehlo.multiply %b, %b : tensor<2xui2>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<2xsi4>
  %2 = stablehlo.popcnt %c : tensor<2xsi4>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2xui4>) -> tensor<2xf8E4M3FN>
  %3 = stablehlo.convert %d : (tensor<2xui4>) -> tensor<2xf8E4M3FN>
  return
}

// CHECK-LABEL: func.func @complex_and_pred
func.func @complex_and_pred(%z: tensor<2xcomplex<f32>>, %p: tensor<3x8xi1>) {
  // CHECK: stablehlo.atan2 %{{.*}} : tensor<2xcomplex<f32>>
  %0 = stablehlo.atan2 %z, %z : tensor<2xcomplex<f32>>
  // CHECK: stablehlo.cbrt %{{.*}} : tensor<2xcomplex<f32>>
  %1 = stablehlo.cbrt %z : tensor<2xcomplex<f32>>
  // CHECK: stablehlo.iota dim = 0 : tensor<4xcomplex<f64>>
  %2 = stablehlo.iota dim = 0 : tensor<4xcomplex<f64>>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<3x8xi1>) -> tensor<3xi8>
  %3 = stablehlo.bitcast_convert %p : (tensor<3x8xi1>) -> tensor<3xi8>
  return
}
