// Quantization constraints of the ops that take quantized tensors beyond
// invalid-quantization.mlir: the per-tensor-only ops refuse per-axis
// quantized tensors (the spec's input row, `_i1`), the ops computed as
// dequantize-op-quantize check their baseline types (`_c1`), and a quantized
// constant's value holds storage integers (`constant_c1`). One case per rule.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// gather_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @gather_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{(gather_i1)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2x1xi32>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// scatter_i1: inputs are tensors or per-tensor quantized tensors.
func.func @scatter_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{(scatter_i1)}}
  %0 = "stablehlo.scatter"(%x, %i, %x) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %b: tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>):
    stablehlo.return %b : tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2x1xi32>, tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_slice_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @dynamic_slice_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %k: tensor<i32>) {
  // expected-error @+1 {{(dynamic_slice_i1)}}
  %0 = stablehlo.dynamic_slice %x, %k, %k, sizes = [1, 4] : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<i32>, tensor<i32>) -> tensor<1x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// dynamic_update_slice_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @dynamic_update_slice_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %k: tensor<i32>) {
  // expected-error @+1 {{(dynamic_update_slice_i1)}}
  %0 = stablehlo.dynamic_update_slice %x, %x, %k, %k : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<i32>, tensor<i32>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// reduce_i1: inputs are tensors or per-tensor quantized tensors.
func.func @reduce_i1(%x: tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, %c: tensor<!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{(reduce_i1)}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
    reducer(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>) {
      stablehlo.return %a : tensor<!quant.uniform<i8:f32, 0.5:0>>
    }
  return
}

// -----

// reduce_window_i1: inputs are tensors or per-tensor quantized tensors.
func.func @reduce_window_i1(%x: tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, %c: tensor<!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{(reduce_window_i1)}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>):
    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 0.5:0>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
  return
}

// -----

// select_and_scatter_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @select_and_scatter_i1(%x: tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, %s: tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>, %c: tensor<!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{(select_and_scatter_i1)}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>):
    %p = stablehlo.compare GE, %a, %b : (tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>):
    stablehlo.return %b : tensor<!quant.uniform<i8:f32, 0.5:0>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>, tensor<2x4x!quant.uniform<i8:f32, 0.5:0>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
  return
}

// -----

// sort_i1: inputs are tensors or per-tensor quantized tensors.
func.func @sort_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(sort_i1)}}
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, %b: tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// map_i1: inputs are tensors or per-tensor quantized tensors.
func.func @map_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(map_i1)}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>):
    stablehlo.return %a : tensor<!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// optimization_barrier: operands are tensors, per-tensor quantized tensors or tokens (its input row).
func.func @optimization_barrier_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(optimization_barrier_i1)}}
  %0 = stablehlo.optimization_barrier %x : tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// all_gather_i1: operands are tensors or per-tensor quantized tensors.
func.func @all_gather_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(all_gather_i1)}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// all_reduce_i1: operands are tensors or per-tensor quantized tensors.
func.func @all_reduce_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(all_reduce_i1)}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>):
    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 0.5:0>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// reduce_scatter_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @reduce_scatter_i1(%x: tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>) {
  // expected-error @+1 {{(reduce_scatter_i1)}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<!quant.uniform<i8:f32, 0.5:0>>):
    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 0.5:0>>
  }) : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
  return
}

// -----

// all_to_all_i1: operands are tensors or per-tensor quantized tensors.
func.func @all_to_all_i1(%x: tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>) {
  // expected-error @+1 {{(all_to_all_i1)}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>) -> tensor<2x4x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
  return
}

// -----

// collective_permute_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @collective_permute_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(collective_permute_i1)}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// collective_broadcast_i1: operand is a tensor or a per-tensor quantized tensor.
func.func @collective_broadcast_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(collective_broadcast_i1)}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// is_finite_i1: x is a float tensor or a per-tensor quantized tensor.
func.func @is_finite_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(is_finite_i1)}}
  %0 = stablehlo.is_finite %x : (tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<2x4xi1>
  return
}

// -----

// reduce_precision_i1: operand is a float tensor or a per-tensor quantized tensor.
func.func @reduce_precision_i1(%x: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(reduce_precision_i1)}}
  %0 = stablehlo.reduce_precision %x, format = e5m2 : tensor<2x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// reduce_precision_c1: baseline_type(operand) = baseline_type(result) (both quantized).
func.func @reduce_precision_c1(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) {
  // expected-error @+1 {{(reduce_precision_c1)}}
  %0 = stablehlo.reduce_precision %x, format = e5m2 : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
  return
}

// -----

// cholesky_i1: a is a float or complex tensor or a per-tensor quantized tensor.
func.func @cholesky_i1(%x: tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(cholesky_i1)}}
  %0 = stablehlo.cholesky %x, lower = true : tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// cholesky_c1: baseline_type(a) = baseline_type(result) (one storage and expressed type).
func.func @cholesky_c1(%x: tensor<4x4x!quant.uniform<i8:f32, 0.5:-3>>) {
  // expected-error @+1 {{(cholesky_c1)}}
  %0 = stablehlo.cholesky %x, lower = true : (tensor<4x4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x4x!quant.uniform<i16:f32, 0.5:-3>>
  return
}

// -----

// triangular_solve_i1: a is a float or complex tensor or a per-tensor quantized tensor.
func.func @triangular_solve_i1(%x: tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) {
  // expected-error @+1 {{(triangular_solve_i1)}}
  %0 = "stablehlo.triangular_solve"(%x, %x) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>, tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>) -> tensor<4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:0, 2.0:0}>>
  return
}

// -----

// triangular_solve_c1: a, b and the result quantized alike (not mixed with float).
func.func @triangular_solve_c1(%x: tensor<4x4x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{(triangular_solve_c1)}}
  %0 = "stablehlo.triangular_solve"(%x, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x4xf32>) -> tensor<4x4x!quant.uniform<i8:f32, 0.5:-3>>
  return
}

// -----

// constant_c1: a quantized constant's value holds storage integers of the storage width.
func.func @constant_c1() {
  // expected-error @+1 {{(constant_c1)}}
  %0 = "stablehlo.constant"() {value = dense<[3, 5]> : tensor<2xi16>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5:-3>>
  return
}

// -----

// iota: the output is a tensor or a per-tensor quantized tensor (its output row).
func.func @iota_output() {
  // expected-error @+1 {{(iota_output)}}
  %0 = stablehlo.iota dim = 0 : tensor<2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:1}>>
  return
}

// -----

// batch_norm_training_i1: the operand is a float tensor or a per-tensor quantized tensor.
func.func @batch_norm_training_i1(%a0: tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, %a1: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a2: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) {
  // expected-error @+1 {{(batch_norm_training_i1)}}
  %0:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) -> (tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>)
  return
}

// -----

// batch_norm_training_c2: one baseline element type for the operand, the vectors and the results (not quantized and float mixed).
func.func @batch_norm_training_c2(%a0: tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, %a1: tensor<2xf32>, %a2: tensor<2xf32>) {
  // expected-error @+1 {{(batch_norm_training_c2)}}
  %0:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xf32>, tensor<2xf32>) -> (tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// batch_norm_inference_i1: the operand is a float tensor or a per-tensor quantized tensor.
func.func @batch_norm_inference_i1(%a0: tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, %a1: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a2: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a3: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a4: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) {
  // expected-error @+1 {{(batch_norm_inference_i1)}}
  %0 = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>
  return
}

// -----

// batch_norm_inference_c2: one baseline element type for the operand, the vectors and the results (not quantized and float mixed).
func.func @batch_norm_inference_c2(%a0: tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, %a1: tensor<2xf32>, %a2: tensor<2xf32>, %a3: tensor<2xf32>, %a4: tensor<2xf32>) {
  // expected-error @+1 {{(batch_norm_inference_c2)}}
  %0 = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>
  return
}

// -----

// batch_norm_grad_i1: the operand is a float tensor or a per-tensor quantized tensor.
func.func @batch_norm_grad_i1(%a0: tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, %a1: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a2: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a3: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %a4: tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>) {
  // expected-error @+1 {{(batch_norm_grad_i1)}}
  %0:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>) -> (tensor<4x2x!quant.uniform<i8:f32:1, {0.5:0, 0.25:1}>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>)
  return
}

// -----

// batch_norm_grad_c2: one baseline element type for the operand, the vectors and the results (not quantized and float mixed).
func.func @batch_norm_grad_c2(%a0: tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, %a1: tensor<2xf32>, %a2: tensor<2xf32>, %a3: tensor<2xf32>, %a4: tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>) {
  // expected-error @+1 {{(batch_norm_grad_c2)}}
  %0:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>) -> (tensor<4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// constant_c1: a float value does not hold storage integers.
func.func @constant_c1_float() {
  // expected-error @+1 {{(constant_c1)}}
  %0 = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  return
}
