// Quantized tensors in the ops whose spec takes them beyond the element-wise,
// contraction and element-moving ops of quantization.mlir: indexing, ops
// with regions, control flow, tuples, collectives, host transfer, custom
// calls, constants (generic form with storage integers) and the ops computed
// as dequantize-op-quantize (reduce_precision, is_finite, cholesky,
// triangular_solve). They parse, verify and round-trip.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

!q = !quant.uniform<i8:f32, 0.5:-3>
!qa = !quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>

// CHECK-LABEL: func.func @constant
func.func @constant() -> (tensor<2x!q>, tensor<2x!quant.uniform<u8:f32, 0.25:128>>, tensor<2x2x!qa>) {
  // CHECK: stablehlo.constant() <{value = dense<[3, 5]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = "stablehlo.constant"() {value = dense<[3, 5]> : tensor<2xi8>} : () -> tensor<2x!q>
  // CHECK: stablehlo.constant() <{value = dense<[-1, 5]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<u8:f32, 2.500000e-01:128>>
  %1 = "stablehlo.constant"() {value = dense<[255, 5]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<u8:f32, 0.25:128>>
  // CHECK: stablehlo.constant() <{value = dense<1> : tensor<2x2xi8>}> : () -> tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>
  %2 = "stablehlo.constant"() {value = dense<1> : tensor<2x2xi8>} : () -> tensor<2x2x!qa>
  return %0, %1, %2 : tensor<2x!q>, tensor<2x!quant.uniform<u8:f32, 0.25:128>>, tensor<2x2x!qa>
}

// CHECK-LABEL: func.func @indexing
func.func @indexing(%x: tensor<6x4x!q>, %i: tensor<5x1xi32>, %u: tensor<5x4x!q>, %k: tensor<i32>) -> (tensor<5x4x!q>, tensor<6x4x!q>, tensor<2x4x!q>, tensor<6x4x!q>) {
  // CHECK: "stablehlo.gather"
  // CHECK-SAME: (tensor<6x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<5x1xi32>) -> tensor<5x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4x!q>, tensor<5x1xi32>) -> tensor<5x4x!q>
  // CHECK: "stablehlo.scatter"
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %1 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %s = stablehlo.add %a, %b : tensor<!q>
    stablehlo.return %s : tensor<!q>
  }) : (tensor<6x4x!q>, tensor<5x1xi32>, tensor<5x4x!q>) -> tensor<6x4x!q>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, sizes = [2, 4] : (tensor<6x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<i32>, tensor<i32>) -> tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %2 = stablehlo.dynamic_slice %x, %k, %k, sizes = [2, 4] : (tensor<6x4x!q>, tensor<i32>, tensor<i32>) -> tensor<2x4x!q>
  // CHECK: stablehlo.dynamic_update_slice %{{.*}} : (tensor<6x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<i32>, tensor<i32>) -> tensor<6x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %3 = stablehlo.dynamic_update_slice %x, %2, %k, %k : (tensor<6x4x!q>, tensor<2x4x!q>, tensor<i32>, tensor<i32>) -> tensor<6x4x!q>
  return %0, %1, %2, %3 : tensor<5x4x!q>, tensor<6x4x!q>, tensor<2x4x!q>, tensor<6x4x!q>
}

// CHECK-LABEL: func.func @regions
func.func @regions(%x: tensor<4x3x!q>, %c: tensor<!q>) -> (tensor<4x!q>, tensor<4x3x!q>, tensor<4x3x!q>, tensor<4x3x!q>) {
  // CHECK: stablehlo.reduce
  // CHECK-SAME: (tensor<4x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3x!q>, tensor<!q>) -> tensor<4x!q>
  // CHECK: "stablehlo.reduce_window"
  %1 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %m = stablehlo.maximum %a, %b : tensor<!q>
    stablehlo.return %m : tensor<!q>
  }) : (tensor<4x3x!q>, tensor<!q>) -> tensor<4x3x!q>
  // CHECK: "stablehlo.sort"
  // CHECK: stablehlo.compare LT
  %2 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %p = stablehlo.compare LT, %a, %b : (tensor<!q>, tensor<!q>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x3x!q>) -> tensor<4x3x!q>
  // CHECK: "stablehlo.map"
  %3 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %m = stablehlo.multiply %a, %b : tensor<!q>
    stablehlo.return %m : tensor<!q>
  }) : (tensor<4x3x!q>, tensor<4x3x!q>) -> tensor<4x3x!q>
  return %0, %1, %2, %3 : tensor<4x!q>, tensor<4x3x!q>, tensor<4x3x!q>, tensor<4x3x!q>
}

// CHECK-LABEL: func.func @select_and_scatter
func.func @select_and_scatter(%x: tensor<4x4x!q>, %s: tensor<2x2x!q>, %c: tensor<!q>) -> tensor<4x4x!q> {
  // CHECK: "stablehlo.select_and_scatter"
  // CHECK: }) : (tensor<4x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %p = stablehlo.compare GE, %a, %b : (tensor<!q>, tensor<!q>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %m = stablehlo.add %a, %b : tensor<!q>
    stablehlo.return %m : tensor<!q>
  }) : (tensor<4x4x!q>, tensor<2x2x!q>, tensor<!q>) -> tensor<4x4x!q>
  return %0 : tensor<4x4x!q>
}

// Control flow carries per-axis quantized tensors too.
// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%x: tensor<2x2x!qa>, %p: tensor<i1>, %i: tensor<i32>) -> (tensor<2x2x!qa>, tensor<2x2x!qa>, tensor<2x2x!qa>, tensor<2x2x!qa>) {
  // CHECK: stablehlo.while
  %0 = stablehlo.while(%a = %x) : tensor<2x2x!qa>
  cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    stablehlo.return %a : tensor<2x2x!qa>
  }
  // CHECK: "stablehlo.if"
  %1 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2x2x!qa>
  }, {
    stablehlo.return %0 : tensor<2x2x!qa>
  }) : (tensor<i1>) -> tensor<2x2x!qa>
  // CHECK: "stablehlo.case"
  %2 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<2x2x!qa>
  }) : (tensor<i32>) -> tensor<2x2x!qa>
  return %0, %1, %2, %x : tensor<2x2x!qa>, tensor<2x2x!qa>, tensor<2x2x!qa>, tensor<2x2x!qa>
}

// CHECK-LABEL: func.func @tuples_and_calls
func.func @tuples_and_calls(%x: tensor<2x!q>, %t: !stablehlo.token) -> (tensor<2x!q>, !stablehlo.token) {
  // CHECK: stablehlo.optimization_barrier %{{.*}} : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.optimization_barrier %x : tensor<2x!q>
  // CHECK: stablehlo.tuple %{{.*}} : tuple<tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>>
  %0 = stablehlo.tuple %x : tuple<tensor<2x!q>>
  // CHECK: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2x!q>>) -> tensor<2x!q>
  // CHECK: stablehlo.custom_call @my_target(%{{.*}}) : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %2 = stablehlo.custom_call @my_target(%1) : (tensor<2x!q>) -> tensor<2x!q>
  // CHECK: "stablehlo.outfeed"
  %3 = "stablehlo.outfeed"(%2, %t) <{outfeed_config = ""}> : (tensor<2x!q>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.infeed"
  %4:2 = "stablehlo.infeed"(%3) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2x!q>, !stablehlo.token)
  return %4#0, %4#1 : tensor<2x!q>, !stablehlo.token
}

// CHECK-LABEL: func.func @collectives
func.func @collectives(%x: tensor<2x4x!q>) -> (tensor<8x4x!q>, tensor<2x4x!q>, tensor<2x1x!q>, tensor<8x1x!q>, tensor<2x4x!q>, tensor<2x4x!q>) {
  // CHECK: "stablehlo.all_gather"
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> : (tensor<2x4x!q>) -> tensor<8x4x!q>
  // CHECK: "stablehlo.all_reduce"
  %1 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %c = stablehlo.add %a, %b : tensor<!q>
    stablehlo.return %c : tensor<!q>
  }) : (tensor<2x4x!q>) -> tensor<2x4x!q>
  // CHECK: "stablehlo.reduce_scatter"
  %2 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<!q>, %b: tensor<!q>):
    %c = stablehlo.add %a, %b : tensor<!q>
    stablehlo.return %c : tensor<!q>
  }) : (tensor<2x4x!q>) -> tensor<2x1x!q>
  // CHECK: "stablehlo.all_to_all"
  %3 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<2x4x!q>) -> tensor<8x1x!q>
  // CHECK: "stablehlo.collective_permute"
  %4 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x4x!q>) -> tensor<2x4x!q>
  // CHECK: "stablehlo.collective_broadcast"
  %5 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4x!q>) -> tensor<2x4x!q>
  return %0, %1, %2, %3, %4, %5 : tensor<8x4x!q>, tensor<2x4x!q>, tensor<2x1x!q>, tensor<8x1x!q>, tensor<2x4x!q>, tensor<2x4x!q>
}

// The ops the spec computes as dequantize-op-quantize.
// CHECK-LABEL: func.func @dequantize_op_quantize
func.func @dequantize_op_quantize(%x: tensor<3x3x!q>) -> (tensor<3x3x!quant.uniform<i8:f32, 0.25:0>>, tensor<3x3xi1>, tensor<3x3x!q>, tensor<3x3x!q>) {
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m2 : (tensor<3x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3x3x!quant.uniform<i8:f32, 2.500000e-01>>
  %0 = stablehlo.reduce_precision %x, format = e5m2 : (tensor<3x3x!q>) -> tensor<3x3x!quant.uniform<i8:f32, 0.25:0>>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<3x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3x3xi1>
  %1 = stablehlo.is_finite %x : (tensor<3x3x!q>) -> tensor<3x3xi1>
  // CHECK: stablehlo.cholesky %{{.*}}, lower = true : tensor<3x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %2 = stablehlo.cholesky %x, lower = true : tensor<3x3x!q>
  // CHECK: "stablehlo.triangular_solve"
  %3 = "stablehlo.triangular_solve"(%x, %x) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3x!q>, tensor<3x3x!q>) -> tensor<3x3x!q>
  return %0, %1, %2, %3 : tensor<3x3x!quant.uniform<i8:f32, 0.25:0>>, tensor<3x3xi1>, tensor<3x3x!q>, tensor<3x3x!q>
}

// CHECK-LABEL: func.func @iota_bitcast_dimension_size
func.func @iota_bitcast_dimension_size(%x: tensor<2x2x!qa>) -> (tensor<4x!q>, tensor<2x2xi8>, tensor<2x!q>, tensor<i32>) {
  // CHECK: stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %0 = stablehlo.iota dim = 0 : tensor<4x!q>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>) -> tensor<2x2xi8>
  %1 = stablehlo.bitcast_convert %x : (tensor<2x2x!qa>) -> tensor<2x2xi8>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xi16>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi16>
  %b = stablehlo.bitcast_convert %c : (tensor<2xi16>) -> tensor<2x2x!q>
  %2 = stablehlo.slice %b [0:2, 0:1] : (tensor<2x2x!q>) -> tensor<2x1x!q>
  %3 = stablehlo.reshape %2 : (tensor<2x1x!q>) -> tensor<2x!q>
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>) -> tensor<i32>
  %4 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x2x!qa>) -> tensor<i32>
  return %0, %1, %3, %4 : tensor<4x!q>, tensor<2x2xi8>, tensor<2x!q>, tensor<i32>
}

// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<4x2x!q>, %s: tensor<2x!q>) -> (tensor<4x2x!q>, tensor<4x2x!quant.uniform<i8:f32, 0.25:0>>) {
  // CHECK: "stablehlo.batch_norm_training"
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!q>, tensor<2x!q>, tensor<2x!q>) -> (tensor<4x2x!q>, tensor<2x!q>, tensor<2x!q>)
  // CHECK: "stablehlo.batch_norm_inference"
  %r = "stablehlo.batch_norm_inference"(%x, %s, %s, %m, %v) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!q>, tensor<2x!q>, tensor<2x!q>, tensor<2x!q>, tensor<2x!q>) -> tensor<4x2x!quant.uniform<i8:f32, 0.25:0>>
  // CHECK: "stablehlo.batch_norm_grad"
  %g:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %y) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!q>, tensor<2x!q>, tensor<2x!q>, tensor<2x!q>, tensor<4x2x!q>) -> (tensor<4x2x!q>, tensor<2x!q>, tensor<2x!q>)
  return %g#0, %r : tensor<4x2x!q>, tensor<4x2x!quant.uniform<i8:f32, 0.25:0>>
}
