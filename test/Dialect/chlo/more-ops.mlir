// Round trip of the CHLO ops added last for issue 15: bessel_i1e (float and
// complex), minimum_broadcast_shapes and broadcast_compare (with StableHLO's CHLO enum syntax), through the custom
// and the generic printers.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @bessel_i1e
func.func @bessel_i1e(%x: tensor<4xf32>, %y: tensor<2x2xf64>, %z: tensor<bf16>) -> (tensor<4xf32>, tensor<2x2xf64>, tensor<bf16>) {
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<2x2xf64> -> tensor<2x2xf64>
  %1 = chlo.bessel_i1e %y : tensor<2x2xf64> -> tensor<2x2xf64>
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<bf16> -> tensor<bf16>
  %2 = chlo.bessel_i1e %z : tensor<bf16> -> tensor<bf16>
  return %0, %1, %2 : tensor<4xf32>, tensor<2x2xf64>, tensor<bf16>
}

// CHECK-LABEL: func.func @bessel_i1e_complex
func.func @bessel_i1e_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %0 = chlo.bessel_i1e %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// CHECK-LABEL: func.func @minimum_broadcast_shapes
func.func @minimum_broadcast_shapes(%a: tensor<6xindex>, %b: tensor<?xindex>) -> (tensor<3xindex>, tensor<?xindex>) {
  // CHECK: chlo.minimum_broadcast_shapes %{{.*}}, %{{.*}} : tensor<6xindex>, tensor<?xindex> -> tensor<3xindex>, tensor<?xindex>
  %0:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<6xindex>, tensor<?xindex> -> tensor<3xindex>, tensor<?xindex>
  return %0#0, %0#1 : tensor<3xindex>, tensor<?xindex>
}

// CHECK-LABEL: func.func @broadcast_compare
func.func @broadcast_compare(%a: tensor<3xf32>, %b: tensor<2x3xf32>, %c: tensor<2xsi32>, %d: tensor<2x3xsi32>, %e: tensor<?xui8>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<?xi1>) {
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction GE>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 0>, compare_type = #chlo<comparison_type SIGNED>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2xsi32>, tensor<2x3xsi32>) -> tensor<2x3xi1>
  %2 = chlo.broadcast_compare %c, %d {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction EQ>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<2xsi32>, tensor<2x3xsi32>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {compare_type = #chlo<comparison_type UNSIGNED>, comparison_direction = #chlo<comparison_direction NE>} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xi1>
  %3 = chlo.broadcast_compare %e, %e {comparison_direction = #chlo<comparison_direction NE>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xi1>
  return %0, %1, %2, %3 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<?xi1>
}
