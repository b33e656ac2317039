// Quantized tensors in StableHLO ops: per-tensor and per-axis `!quant.uniform`
// types, storage ranges and unsigned storage parse, verify and round-trip.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @quantize_dequantize
func.func @quantize_dequantize(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x!quant.uniform<u8<1:254>:f32, 2.500000e-01:128>>
  %r = stablehlo.uniform_quantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x!quant.uniform<u8<1:254>:f32, 0.25:128>>
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<4x!quant.uniform<u8<1:254>:f32, 2.500000e-01:128>>) -> tensor<4xf32>
  %d = stablehlo.uniform_dequantize %r : (tensor<4x!quant.uniform<u8<1:254>:f32, 0.25:128>>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// Element-wise ops: the result may have its own scale and zero point.
// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4xi1> {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.000000e+00:-5>>
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.0:-5>>
  // CHECK: stablehlo.tanh %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x!quant.uniform<i8:f32, 7.812500e-03>>
  %1 = stablehlo.tanh %a : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x!quant.uniform<i8:f32, 0.0078125:0>>
  // CHECK: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %2 = stablehlo.maximum %a, %a : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4xi1>
  %3 = stablehlo.compare GT, %a, %2 : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xi1>
  return %3 : tensor<4xi1>
}

// CHECK-LABEL: func.func @per_axis
func.func @per_axis(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %w: tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>,
                    %p: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:2, 1.0:-3}>> {
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.000000e+00,2.000000e+00}>>) -> tensor<2x4x!quant.uniform<i8:f32, 1.000000e+00:-4>>
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:0, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32, 1.0:-4>>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:2,1.000000e+00:-3}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:2,1.000000e+00:-3}>>
  %1 = stablehlo.transpose %p, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:0, 0.25:2, 1.0:-3}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:2, 1.0:-3}>>
  return %1 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:2, 1.0:-3}>>
}
