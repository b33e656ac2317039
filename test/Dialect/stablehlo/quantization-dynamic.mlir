// Round trip of quantized tensors in the dynamic-shape ops whose spec takes
// them, through the custom and the generic printers.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @dynamic_ops
func.func @dynamic_ops(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, %v: tensor<!quant.uniform<i8:f32, 0.5:-3>>, %s: tensor<2xi64>, %i: tensor<2x1xi32>, %y: tensor<1x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [] : (tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %1 = stablehlo.dynamic_broadcast_in_dim %v, %s, dims = [] : (tensor<!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.dynamic_pad
  %2 = stablehlo.dynamic_pad %x, %v, %s, %s, %s : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: "stablehlo.dynamic_gather"
  %3 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x?x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 1 : (tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %4 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:-3>>
  // Per-axis: the quantization dimension moves with the data.
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<1x4x!quant.uniform<i8:f32:1, {{.*}}>>, tensor<2xi64>) -> tensor<4x1x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1,1.000000e+00,2.000000e+00}>>
  %5 = stablehlo.dynamic_reshape %y, %s : (tensor<1x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2xi64>) -> tensor<4x1x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0, 2] : (tensor<1x4x!quant.uniform<i8:f32:1, {{.*}}>>, tensor<3xi64>) -> tensor<1x3x4x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01:1,1.000000e+00,2.000000e+00}>>
  %s3 = stablehlo.constant dense<[1, 3, 4]> : tensor<3xi64>
  %6 = stablehlo.dynamic_broadcast_in_dim %y, %s3, dims = [0, 2] : (tensor<1x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<3xi64>) -> tensor<1x3x4x!quant.uniform<i8:f32:2, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}
