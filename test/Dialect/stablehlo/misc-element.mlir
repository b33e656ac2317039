// Round trip of bitcast_convert, real, imag and complex, in the forms JAX
// prints.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// Equal element widths keep the shape.
// CHECK-LABEL: func.func @bitcast_same_width
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[H:.*]]: tensor<2x3xf16>, %[[U:.*]]: tensor<ui64>)
func.func @bitcast_same_width(%x: tensor<6xf32>, %h: tensor<2x3xf16>, %u: tensor<ui64>)
    -> (tensor<6xi32>, tensor<6xf32>, tensor<2x3xbf16>, tensor<f64>, tensor<6xui32>) {
  // CHECK: %[[I:.*]] = stablehlo.bitcast_convert %[[X]] : (tensor<6xf32>) -> tensor<6xi32>
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6xi32>
  // CHECK: stablehlo.bitcast_convert %[[I]] : (tensor<6xi32>) -> tensor<6xf32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<6xi32>) -> tensor<6xf32>
  // CHECK: stablehlo.bitcast_convert %[[H]] : (tensor<2x3xf16>) -> tensor<2x3xbf16>
  %2 = stablehlo.bitcast_convert %h : (tensor<2x3xf16>) -> tensor<2x3xbf16>
  // CHECK: stablehlo.bitcast_convert %[[U]] : (tensor<ui64>) -> tensor<f64>
  %3 = stablehlo.bitcast_convert %u : (tensor<ui64>) -> tensor<f64>
  // The generic form.
  // CHECK: stablehlo.bitcast_convert %[[X]] : (tensor<6xf32>) -> tensor<6xui32>
  %4 = "stablehlo.bitcast_convert"(%x) : (tensor<6xf32>) -> tensor<6xui32>
  return %0, %1, %2, %3, %4 : tensor<6xi32>, tensor<6xf32>, tensor<2x3xbf16>, tensor<f64>, tensor<6xui32>
}

// A narrower result element adds a minor dimension of the width ratio.
// CHECK-LABEL: func.func @bitcast_narrowing
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[S:.*]]: tensor<f32>, %[[D:.*]]: tensor<2x3xf64>)
func.func @bitcast_narrowing(%x: tensor<6xf32>, %s: tensor<f32>, %d: tensor<2x3xf64>)
    -> (tensor<6x2xi16>, tensor<6x4xui8>, tensor<4xi8>, tensor<2x3x2xf32>, tensor<2x3x4xbf16>) {
  // CHECK: stablehlo.bitcast_convert %[[X]] : (tensor<6xf32>) -> tensor<6x2xi16>
  %0 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6x2xi16>
  // As JAX prints jax.lax.bitcast_convert_type(x, jnp.uint8).
  // CHECK: stablehlo.bitcast_convert %[[X]] : (tensor<6xf32>) -> tensor<6x4xui8>
  %1 = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6x4xui8>
  // CHECK: stablehlo.bitcast_convert %[[S]] : (tensor<f32>) -> tensor<4xi8>
  %2 = stablehlo.bitcast_convert %s : (tensor<f32>) -> tensor<4xi8>
  // CHECK: stablehlo.bitcast_convert %[[D]] : (tensor<2x3xf64>) -> tensor<2x3x2xf32>
  %3 = stablehlo.bitcast_convert %d : (tensor<2x3xf64>) -> tensor<2x3x2xf32>
  // CHECK: stablehlo.bitcast_convert %[[D]] : (tensor<2x3xf64>) -> tensor<2x3x4xbf16>
  %4 = stablehlo.bitcast_convert %d : (tensor<2x3xf64>) -> tensor<2x3x4xbf16>
  return %0, %1, %2, %3, %4 : tensor<6x2xi16>, tensor<6x4xui8>, tensor<4xi8>, tensor<2x3x2xf32>, tensor<2x3x4xbf16>
}

// A wider result element removes the minor dimension.
// CHECK-LABEL: func.func @bitcast_widening
// CHECK-SAME: (%[[B:.*]]: tensor<6x4xi8>, %[[S:.*]]: tensor<4xui8>, %[[H:.*]]: tensor<3x2xi16>, %[[F:.*]]: tensor<5x2xf32>)
func.func @bitcast_widening(%b: tensor<6x4xi8>, %s: tensor<4xui8>, %h: tensor<3x2xi16>, %f: tensor<5x2xf32>)
    -> (tensor<6xi32>, tensor<f32>, tensor<3xf32>, tensor<5xi64>) {
  // CHECK: stablehlo.bitcast_convert %[[B]] : (tensor<6x4xi8>) -> tensor<6xi32>
  %0 = stablehlo.bitcast_convert %b : (tensor<6x4xi8>) -> tensor<6xi32>
  // CHECK: stablehlo.bitcast_convert %[[S]] : (tensor<4xui8>) -> tensor<f32>
  %1 = stablehlo.bitcast_convert %s : (tensor<4xui8>) -> tensor<f32>
  // CHECK: stablehlo.bitcast_convert %[[H]] : (tensor<3x2xi16>) -> tensor<3xf32>
  %2 = stablehlo.bitcast_convert %h : (tensor<3x2xi16>) -> tensor<3xf32>
  // CHECK: stablehlo.bitcast_convert %[[F]] : (tensor<5x2xf32>) -> tensor<5xi64>
  %3 = "stablehlo.bitcast_convert"(%f) : (tensor<5x2xf32>) -> tensor<5xi64>
  return %0, %1, %2, %3 : tensor<6xi32>, tensor<f32>, tensor<3xf32>, tensor<5xi64>
}

// Complex elements are twice the width of their parts.
// CHECK-LABEL: func.func @bitcast_complex
// CHECK-SAME: (%[[W:.*]]: tensor<3x2xcomplex<f32>>)
func.func @bitcast_complex(%w: tensor<3x2xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>, tensor<3xcomplex<f64>>) {
  // CHECK: stablehlo.bitcast_convert %[[W]] : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %0 = "stablehlo.bitcast_convert"(%w) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  // CHECK: stablehlo.bitcast_convert %[[W]] : (tensor<3x2xcomplex<f32>>) -> tensor<3xcomplex<f64>>
  %1 = stablehlo.bitcast_convert %w : (tensor<3x2xcomplex<f32>>) -> tensor<3xcomplex<f64>>
  return %0, %1 : tensor<3x2xcomplex<f32>>, tensor<3xcomplex<f64>>
}

// real and imag of complex tensors print the functional type; of real
// tensors (imag is zero) the single type.
// CHECK-LABEL: func.func @real_imag
// CHECK-SAME: (%[[Z:.*]]: tensor<6xcomplex<f32>>, %[[W:.*]]: tensor<2x2xcomplex<f64>>, %[[X:.*]]: tensor<3xf32>)
func.func @real_imag(%z: tensor<6xcomplex<f32>>, %w: tensor<2x2xcomplex<f64>>, %x: tensor<3xf32>)
    -> (tensor<6xf32>, tensor<6xf32>, tensor<2x2xf64>, tensor<2x2xf64>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>) {
  // CHECK: stablehlo.real %[[Z]] : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %0 = stablehlo.real %z : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  // CHECK: stablehlo.imag %[[Z]] : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %1 = stablehlo.imag %z : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  // CHECK: stablehlo.real %[[W]] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xf64>
  %2 = stablehlo.real %w : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xf64>
  // CHECK: stablehlo.imag %[[W]] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xf64>
  %3 = stablehlo.imag %w : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xf64>
  // CHECK: stablehlo.real %[[X]] : tensor<3xf32>
  %4 = stablehlo.real %x : tensor<3xf32>
  // CHECK: stablehlo.imag %[[X]] : tensor<3xf32>
  %5 = stablehlo.imag %x : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: stablehlo.real %[[Z]] : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %6 = "stablehlo.real"(%z) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xf32>, tensor<6xf32>, tensor<2x2xf64>, tensor<2x2xf64>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>
}

// complex prints only the complex result type, as JAX does; the functional
// and the generic forms read back into it.
// CHECK-LABEL: func.func @complex
// CHECK-SAME: (%[[A:.*]]: tensor<6xf32>, %[[B:.*]]: tensor<6xf32>, %[[C:.*]]: tensor<f64>)
func.func @complex(%a: tensor<6xf32>, %b: tensor<6xf32>, %c: tensor<f64>)
    -> (tensor<6xcomplex<f32>>, tensor<complex<f64>>, tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) {
  // CHECK: stablehlo.complex %[[A]], %[[B]] : tensor<6xcomplex<f32>>
  %0 = stablehlo.complex %a, %b : tensor<6xcomplex<f32>>
  // CHECK: stablehlo.complex %[[C]], %[[C]] : tensor<complex<f64>>
  %1 = stablehlo.complex %c, %c : tensor<complex<f64>>
  // CHECK: stablehlo.complex %[[B]], %[[A]] : tensor<6xcomplex<f32>>
  %2 = stablehlo.complex %b, %a : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  // CHECK: stablehlo.complex %[[A]], %[[A]] : tensor<6xcomplex<f32>>
  %3 = "stablehlo.complex"(%a, %a) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<6xcomplex<f32>>, tensor<complex<f64>>, tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
}

// The JAX complex_ops example: real, imag, negate and complex (conjugate).
// CHECK-LABEL: func.func @conjugate
// CHECK-SAME: (%[[Z:.*]]: tensor<6xcomplex<f32>>)
func.func @conjugate(%arg0: tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
  // CHECK-NEXT: %[[RE:.*]] = stablehlo.real %[[Z]] : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  // CHECK-NEXT: %[[IM:.*]] = stablehlo.imag %[[Z]] : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  // CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %[[IM]] : tensor<6xf32>
  // CHECK-NEXT: %[[C:.*]] = stablehlo.complex %[[RE]], %[[NEG]] : tensor<6xcomplex<f32>>
  // CHECK-NEXT: return %[[C]] : tensor<6xcomplex<f32>>
  %1 = stablehlo.real %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %2 = stablehlo.imag %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %3 = stablehlo.negate %2 : tensor<6xf32>
  %4 = stablehlo.complex %1, %3 : tensor<6xcomplex<f32>>
  return %4 : tensor<6xcomplex<f32>>
}
