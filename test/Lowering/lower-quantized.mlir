// xla-lower-quantized: quantized ops as the spec's dequantize -> op ->
// quantize in StableHLO on integers and floats; quantized values as their
// storage integers (signatures included).
// RUN: xla-opt %s --split-input-file --xla-lower-quantized | FileCheck %s
// RUN: xla-opt %s --split-input-file --xla-lower-quantized --stablehlo-legalize-to-linalg > /dev/null
// stablehlo-legalize-to-linalg runs the same lowering first when given quantized ops.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg > /dev/null

// Per-tensor add: both operands dequantized ((q - zp) * scale, the
// difference in i32), a float add, the result quantized (divide by the
// scale, add the zero point, clamp to the storage range, round half to
// even, convert).
// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[AW:.*]] = stablehlo.convert %[[A]] : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT: %[[AZ:.*]] = stablehlo.constant dense<-3> : tensor<4xi32>
// CHECK-NEXT: %[[AS:.*]] = stablehlo.subtract %[[AW]], %[[AZ]] : tensor<4xi32>
// CHECK-NEXT: %[[AF:.*]] = stablehlo.convert %[[AS]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT: %[[ASC:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-NEXT: %[[AD:.*]] = stablehlo.multiply %[[AF]], %[[ASC]] : tensor<4xf32>
// CHECK: %[[BD:.*]] = stablehlo.multiply %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %[[AD]], %[[BD]] : tensor<4xf32>
// CHECK-NEXT: %[[RS:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[DIV:.*]] = stablehlo.divide %[[SUM]], %[[RS]] : tensor<4xf32>
// CHECK-NEXT: %[[RZ:.*]] = stablehlo.constant dense<-5.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[SH:.*]] = stablehlo.add %[[DIV]], %[[RZ]] : tensor<4xf32>
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<-1.280000e+02> : tensor<f32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<1.270000e+02> : tensor<f32>
// CHECK-NEXT: %[[CL:.*]] = stablehlo.clamp %[[LO]], %[[SH]], %[[HI]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[RD:.*]] = stablehlo.round_nearest_even %[[CL]] : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.convert %[[RD]] : (tensor<4xf32>) -> tensor<4xi8>
// CHECK-NEXT: return %[[R]] : tensor<4xi8>
func.func @add(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.0:-5>> {
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.0:-5>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 1.0:-5>>
}

// -----

// Per-axis parameters: 1-D constants broadcast along the quantization
// dimension; an unsigned storage type becomes ui8 and its storage range
// the clamp bounds; transpose moves the storage integers.
// CHECK-LABEL: func.func @per_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>) -> tensor<3x2xui8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<[5.000000e-01, 2.500000e-01, 1.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[SB:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.divide %[[X]], %[[SB]] : tensor<2x3xf32>
// CHECK-NEXT: %[[Z:.*]] = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[ZB:.*]] = stablehlo.broadcast_in_dim %[[Z]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %[[D]], %[[ZB]] : tensor<2x3xf32>
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<2.540000e+02> : tensor<f32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[A]], %[[HI]]
// CHECK-NEXT: %[[R:.*]] = stablehlo.round_nearest_even %[[C]] : tensor<2x3xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.convert %[[R]] : (tensor<2x3xf32>) -> tensor<2x3xui8>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %[[Q]], dims = [1, 0] : (tensor<2x3xui8>) -> tensor<3x2xui8>
// CHECK-NEXT: return %[[T]] : tensor<3x2xui8>
func.func @per_axis(%x: tensor<2x3xf32>) -> tensor<3x2x!quant.uniform<u8<1:254>:f32:0, {0.5:1, 0.25:2, 1.0:3}>> {
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<u8<1:254>:f32:1, {0.5:1, 0.25:2, 1.0:3}>>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<2x3x!quant.uniform<u8<1:254>:f32:1, {0.5:1, 0.25:2, 1.0:3}>>) -> tensor<3x2x!quant.uniform<u8<1:254>:f32:0, {0.5:1, 0.25:2, 1.0:3}>>
  return %t : tensor<3x2x!quant.uniform<u8<1:254>:f32:0, {0.5:1, 0.25:2, 1.0:3}>>
}

// -----

// Requantization and dequantization; 32-bit storage subtracts in i64.
// CHECK-LABEL: func.func @requantize
// CHECK-SAME: (%[[X:.*]]: tensor<2xi32>) -> tensor<2xf64>
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %[[X]] : (tensor<2xi32>) -> tensor<2xi64>
// CHECK-NEXT: stablehlo.constant dense<7> : tensor<2xi64>
// CHECK: stablehlo.convert %{{.*}} : (tensor<2xi64>) -> tensor<2xf64>
// CHECK: stablehlo.convert %{{.*}} : (tensor<2xf64>) -> tensor<2xi16>
// CHECK-NEXT: stablehlo.convert %{{.*}} : (tensor<2xi16>) -> tensor<2xi32>
// CHECK: %[[R:.*]] = stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2xf64>
// CHECK-NEXT: return %[[R]] : tensor<2xf64>
func.func @requantize(%x: tensor<2x!quant.uniform<i32:f64, 0.5:7>>) -> tensor<2xf64> {
  %q = stablehlo.uniform_quantize %x : (tensor<2x!quant.uniform<i32:f64, 0.5:7>>) -> tensor<2x!quant.uniform<i16:f64, 0.125:-2>>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i16:f64, 0.125:-2>>) -> tensor<2xf64>
  return %d : tensor<2xf64>
}

// -----

// Hybrid dot_general: only the quantized rhs is dequantized; calls pass
// storage integers.
// CHECK-LABEL: func.func @hybrid
// CHECK-SAME: (%[[L:.*]]: tensor<2x3xf32>, %[[R:.*]]: tensor<3x4xi8>) -> tensor<2x4xf32>
// CHECK: %[[RD:.*]] = stablehlo.multiply %{{.*}}, %{{.*}} : tensor<3x4xf32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.dot_general %[[L]], %[[RD]], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return %[[D]]
func.func @hybrid(%l: tensor<2x3xf32>, %r: tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[L:.*]]: tensor<2x3xf32>, %[[R:.*]]: tensor<3x4xi8>) -> tensor<2x4xf32>
// CHECK-NEXT: call @hybrid(%[[L]], %[[R]]) : (tensor<2x3xf32>, tensor<3x4xi8>) -> tensor<2x4xf32>
func.func @caller(%l: tensor<2x3xf32>, %r: tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>) -> tensor<2x4xf32> {
  %0 = func.call @hybrid(%l, %r) : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}


// -----

// An op with a region keeps the storage integers: its block arguments,
// operands, results and stablehlo.return are retyped, and the body's
// quantized add is lowered as dequantize -> add -> quantize on scalars.
// CHECK-LABEL: func.func @reduce_body
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xi8>, %[[C:.*]]: tensor<i8>) -> tensor<4xi8>
// CHECK: stablehlo.reduce(%[[X]] init: %[[C]])
// CHECK-SAME: (tensor<4x3xi8>, tensor<i8>) -> tensor<4xi8>
// CHECK: reducer(%[[P:.*]]: tensor<i8>, %[[Q:.*]]: tensor<i8>)
// CHECK: stablehlo.convert %[[P]] : (tensor<i8>) -> tensor<i32>
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<f32>
// CHECK: stablehlo.round_nearest_even
// CHECK: %[[S:.*]] = stablehlo.convert %{{.*}} : (tensor<f32>) -> tensor<i8>
// CHECK: stablehlo.return %[[S]] : tensor<i8>
func.func @reduce_body(%x: tensor<4x3x!quant.uniform<i8:f32, 0.5:-3>>, %c: tensor<!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// A quantized constant becomes a constant of its storage integers; for
// unsigned storage written with signless bits, the same bits as ui8.
// CHECK-LABEL: func.func @constants
// CHECK: stablehlo.constant dense<[3, 5]> : tensor<2xi8>
// CHECK: stablehlo.constant dense<[255, 5]> : tensor<2xui8>
// CHECK: stablehlo.constant dense<7> : tensor<2xui8>
func.func @constants() -> (tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<u8:f32, 0.5:1>>, tensor<2x!quant.uniform<u8:f32, 0.5:1>>) {
  %0 = "stablehlo.constant"() {value = dense<[3, 5]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  %1 = "stablehlo.constant"() {value = dense<[-1, 5]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<u8:f32, 0.5:1>>
  %2 = "stablehlo.constant"() {value = dense<7> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<u8:f32, 0.5:1>>
  return %0, %1, %2 : tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<u8:f32, 0.5:1>>, tensor<2x!quant.uniform<u8:f32, 0.5:1>>
}

// -----

// Tuples of quantized tensors become tuples of storage integers.
// CHECK-LABEL: func.func @tuple
// CHECK: stablehlo.tuple %{{.*}} : tuple<tensor<2xi8>, tensor<f32>>
// CHECK: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<2xi8>, tensor<f32>>) -> tensor<2xi8>
func.func @tuple(%x: tensor<2x!quant.uniform<i8:f32, 0.5:1>>, %y: tensor<f32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>> {
  %t = stablehlo.tuple %x, %y : tuple<tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<f32>>
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<f32>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:1>>
}
