// Round trip of the ops in StablehloMiscOps.td: pretty forms where StableHLO
// has one (the dynamic-shape ops included), generic forms otherwise.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// The four transforms, in JAX's form (`type = FFT, length = [8]`).
// CHECK-LABEL: func.func @fft(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3x8xcomplex<f32>>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<5xcomplex<f32>>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.fft %[[ARG0]], type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.fft %[[ARG0]], type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.fft %[[ARG1]], type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.fft %[[ARG2]], type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @fft(%c: tensor<3x8xcomplex<f32>>, %r: tensor<8xf32>, %h: tensor<5xcomplex<f32>>) {
  %0 = stablehlo.fft %c, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %1 = stablehlo.fft %c, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %2 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %3 = stablehlo.fft %h, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  return
}

// The format is printed as e<exponent bits>m<mantissa bits>.
// CHECK-LABEL: func.func @reduce_precision(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<12xf32>) -> tensor<12xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.reduce_precision %[[ARG0]], format = e5m10 : tensor<12xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.reduce_precision %[[V0]], format = e8m0 : tensor<12xf32>
// CHECK-NEXT: return %[[V1]] : tensor<12xf32>
// CHECK-NEXT: }
func.func @reduce_precision(%x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<12xf32>
  %1 = stablehlo.reduce_precision %0, format = e8m0 : tensor<12xf32>
  return %1 : tensor<12xf32>
}

// rng with a constant shape (checked against the result type).
// CHECK-LABEL: func.func @rng(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<i32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.constant dense<3> : tensor<2xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.rng %[[ARG0]], %[[ARG1]], %[[V0]], distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.rng %[[ARG0]], %[[ARG1]], %[[V0]], distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.rng %[[ARG2]], %[[ARG2]], %[[V0]], distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @rng(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>) {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %1 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %2 = stablehlo.rng %i, %i, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  return
}

// The result names come from the op definition (%output_state, %output).
// CHECK-LABEL: func.func @rng_bit_generator(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2xui64>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3xui64>) {
// CHECK-NEXT: %[[OUTPUT_STATE:[a-zA-Z0-9_]+]], %[[OUTPUT:[a-zA-Z0-9_]+]] = stablehlo.rng_bit_generator %[[ARG0]], algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui32>)
// CHECK-NEXT: %[[OUTPUT_STATE_0:[a-zA-Z0-9_]+]], %[[OUTPUT_1:[a-zA-Z0-9_]+]] = stablehlo.rng_bit_generator %[[ARG0]], algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
// CHECK-NEXT: %[[OUTPUT_STATE_2:[a-zA-Z0-9_]+]], %[[OUTPUT_3:[a-zA-Z0-9_]+]] = stablehlo.rng_bit_generator %[[ARG1]], algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @rng_bit_generator(%s: tensor<2xui64>, %p: tensor<3xui64>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui32>)
  %2:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %3:2 = stablehlo.rng_bit_generator %p, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
  return
}

// map has no pretty form in StableHLO: generic form, kept as is.
// CHECK-LABEL: func.func @map(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.map"(%[[ARG0]], %[[ARG1]]) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%[[ARG2:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG3:[a-zA-Z0-9_]+]]: tensor<f32>):
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.multiply %[[ARG2]], %[[ARG3]] : tensor<f32>
// CHECK-NEXT: stablehlo.return %[[V1]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[V0]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @map(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// The deprecated broadcast and dot.
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3xi32>) -> tensor<1x2x3xi32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.broadcast %[[ARG0]], sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
// CHECK-NEXT: return %[[V0]] : tensor<1x2x3xi32>
// CHECK-NEXT: }
func.func @broadcast(%x: tensor<3xi32>) -> tensor<1x2x3xi32> {
  %0 = stablehlo.broadcast %x, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
  return %0 : tensor<1x2x3xi32>
}

// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2x3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3x4xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.dot %[[ARG0]], %[[ARG1]], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.dot %[[ARG0]], %[[ARG2]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.dot %[[ARG2]], %[[ARG1]] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.dot %[[ARG2]], %[[ARG2]] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dot(%m: tensor<2x3xf32>, %n: tensor<3x4xf32>, %v: tensor<3xf32>) {
  %0 = stablehlo.dot %m, %n, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = stablehlo.dot %v, %n : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  %3 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// Dynamic-shape ops with `?` result dimensions; the optional
// expanding/nonexpanding lists of dynamic_broadcast_in_dim print when present.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<2xindex>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<1xi32>, %[[ARG3:[a-zA-Z0-9_]+]]: tensor<f32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.dynamic_reshape %[[ARG0]], %[[ARG1]] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.dynamic_broadcast_in_dim %[[ARG0]], %[[ARG1]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.dynamic_broadcast_in_dim %[[ARG0]], %[[ARG1]], dims = [1], expanding = [0], nonexpanding = [] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.dynamic_iota %[[ARG2]], dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stablehlo.dynamic_pad %[[ARG0]], %[[ARG3]], %[[ARG2]], %[[ARG2]], %[[ARG2]] : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stablehlo.get_dimension_size %[[ARG0]], dim = 0 : (tensor<?xf32>) -> tensor<i32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dynamic(%x: tensor<?xf32>, %s: tensor<2xindex>, %n: tensor<1xi32>, %z: tensor<f32>) {
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], expanding = [0], nonexpanding = [] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %3 = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %4 = stablehlo.dynamic_pad %x, %z, %n, %n, %n : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  return
}

// Constant paddings: dynamic_pad checks the static result shape.
// CHECK-LABEL: func.func @dynamic_static_pad(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<f32>) -> tensor<8xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.constant dense<1> : tensor<1xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.constant dense<2> : tensor<1xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.constant dense<1> : tensor<1xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.dynamic_pad %[[ARG0]], %[[ARG1]], %[[V0]], %[[V1]], %[[V2]] : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
// CHECK-NEXT: return %[[V3]] : tensor<8xf32>
// CHECK-NEXT: }
func.func @dynamic_static_pad(%x: tensor<3xf32>, %z: tensor<f32>) -> tensor<8xf32> {
  %low = stablehlo.constant dense<1> : tensor<1xi64>
  %high = stablehlo.constant dense<2> : tensor<1xi64>
  %interior = stablehlo.constant dense<1> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %x, %z, %low, %high, %interior : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// dynamic_gather, dynamic_conv and triangular_solve print in generic form.
// CHECK-LABEL: func.func @dynamic_gather(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<5x4xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3x1xi32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<2xi32>) -> tensor<3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.dynamic_gather"(%[[ARG0]], %[[ARG1]], %[[ARG2]]) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
// CHECK-NEXT: return %[[V0]] : tensor<3x4xf32>
// CHECK-NEXT: }
func.func @dynamic_gather(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %s: tensor<2xi32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @dynamic_conv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<1x8x1xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3x1x2xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<1x2xi64>) -> tensor<1x?x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.dynamic_conv"(%[[ARG0]], %[[ARG1]], %[[ARG2]]) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
// CHECK-NEXT: return %[[V0]] : tensor<1x?x2xf32>
// CHECK-NEXT: }
func.func @dynamic_conv(%x: tensor<1x8x1xf32>, %k: tensor<3x1x2xf32>, %p: tensor<1x2xi64>) -> tensor<1x?x2xf32> {
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1>}> : (tensor<1x8x1xf32>, tensor<3x1x2xf32>, tensor<1x2xi64>) -> tensor<1x?x2xf32>
  return %0 : tensor<1x?x2xf32>
}

// get/set_dimension_size: the set dimension may become `?`.
// CHECK-LABEL: func.func @dimension_size(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4x2xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<i32>) -> tensor<?x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.get_dimension_size %[[ARG0]], dim = 0 : (tensor<4x2xf32>) -> tensor<i32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.set_dimension_size %[[ARG0]], %[[V0]], dim = 0 : (tensor<4x2xf32>, tensor<i32>) -> tensor<?x2xf32>
// CHECK-NEXT: return %[[V1]] : tensor<?x2xf32>
// CHECK-NEXT: }
func.func @dimension_size(%x: tensor<4x2xf32>, %n: tensor<i32>) -> tensor<?x2xf32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<4x2xf32>) -> tensor<i32>
  %1 = stablehlo.set_dimension_size %x, %0, dim = 0 : (tensor<4x2xf32>, tensor<i32>) -> tensor<?x2xf32>
  return %1 : tensor<?x2xf32>
}

// `lower = false` is the default and is not printed.
// CHECK-LABEL: func.func @cholesky(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3x3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<2x3x3xcomplex<f32>>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.cholesky %[[ARG0]], lower = true : tensor<3x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.cholesky %[[ARG0]] : tensor<3x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.cholesky %[[ARG1]], lower = true : tensor<2x3x3xcomplex<f32>>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cholesky(%a: tensor<3x3xf32>, %b: tensor<2x3x3xcomplex<f32>>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %1 = stablehlo.cholesky %a : tensor<3x3xf32>
  %2 = stablehlo.cholesky %b, lower = true : tensor<2x3x3xcomplex<f32>>
  return
}

// CHECK-LABEL: func.func @triangular_solve(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3x3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3x2xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.triangular_solve"(%[[ARG0]], %[[ARG1]]) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = "stablehlo.triangular_solve"(%[[ARG0]], %[[ARG2]]) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "stablehlo.triangular_solve"(%a, %c) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// The batch norm ops, generic form; results are named after the op's results.
// CHECK-LABEL: func.func @batch_norm(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2x3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<3xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<3xf32>) {
// CHECK-NEXT: %[[OUTPUT:[a-zA-Z0-9_]+]], %[[BATCH_MEAN:[a-zA-Z0-9_]+]], %[[BATCH_VAR:[a-zA-Z0-9_]+]] = "stablehlo.batch_norm_training"(%[[ARG0]], %[[ARG1]], %[[ARG2]]) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.batch_norm_inference"(%[[ARG0]], %[[ARG1]], %[[ARG2]], %[[BATCH_MEAN]], %[[BATCH_VAR]]) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[GRAD_OPERAND:[a-zA-Z0-9_]+]], %[[GRAD_SCALE:[a-zA-Z0-9_]+]], %[[GRAD_OFFSET:[a-zA-Z0-9_]+]] = "stablehlo.batch_norm_grad"(%[[ARG0]], %[[ARG1]], %[[BATCH_MEAN]], %[[BATCH_VAR]], %[[OUTPUT]]) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @batch_norm(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = "stablehlo.batch_norm_inference"(%x, %s, %o, %mean, %var) <{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %gx, %gs, %go = "stablehlo.batch_norm_grad"(%x, %s, %mean, %var, %y) <{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// custom_call: JAX's LAPACK call (mhlo.* attributes kept, sorted in one
// dictionary), a typed-FFI call with a dictionary backend_config, tokens and
// tuples as operands and results, and a call without results.
// CHECK-LABEL: func.func @custom_call(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4x4xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<4x2xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: !stablehlo.token, %[[ARG3:[a-zA-Z0-9_]+]]: tuple<tensor<f32>, !stablehlo.token>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = stablehlo.custom_call @lapack_spotrf_ffi(%[[ARG0]]) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.custom_call @lapack_strsm_ffi(%[[ARG0]], %[[ARG1]]) {api_version = 4 : i32, backend_config = {diag = 78 : ui8, side = 76 : ui8}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.custom_call @side_effect(%[[ARG2]], %[[ARG3]]) {api_version = 2 : i32, backend_config = "opaque", called_computations = [@helper], has_side_effect = true} : (!stablehlo.token, tuple<tensor<f32>, !stablehlo.token>) -> tuple<tensor<f32>, !stablehlo.token>
// CHECK-NEXT: stablehlo.custom_call @no_results() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @custom_call(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>, %t: !stablehlo.token, %tup: tuple<tensor<f32>, !stablehlo.token>) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  %1 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {api_version = 4 : i32, backend_config = {diag = 78 : ui8, side = 76 : ui8}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %2 = stablehlo.custom_call @side_effect(%t, %tup) {api_version = 2 : i32, backend_config = "opaque", called_computations = [@helper], has_side_effect = true} : (!stablehlo.token, tuple<tensor<f32>, !stablehlo.token>) -> tuple<tensor<f32>, !stablehlo.token>
  stablehlo.custom_call @no_results() : () -> ()
  return
}

// Called by the side_effect custom_call.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: tensor<f32>) -> tensor<f32>
func.func private @helper(%x: tensor<f32>) -> tensor<f32>

// composite with all attributes, and with the defaults (version 0, no
// attributes) left out.
// CHECK-LABEL: func.func @composite(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.composite "my.gelu" %[[ARG0]] {composite_attributes = {approximate = true}, decomposition = @gelu, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.composite "my.identity" %[[V0]] {decomposition = @gelu} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[V1]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @composite(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.composite "my.gelu" %x {composite_attributes = {approximate = true}, decomposition = @gelu, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.composite "my.identity" %0 {decomposition = @gelu} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// CHECK-LABEL: func.func private @gelu(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %[[ARG0]] : tensor<4xf32>
// CHECK-NEXT: }
func.func private @gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// Tuples, nested tuples and the empty tuple.
// CHECK-LABEL: func.func @tuple(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<i32>) -> tensor<i32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.tuple %[[ARG0]], %[[ARG1]] : tuple<tensor<f32>, tensor<i32>>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.tuple %[[V0]], %[[ARG0]] : tuple<tuple<tensor<f32>, tensor<i32>>, tensor<f32>>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.tuple : tuple<>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stablehlo.get_tuple_element %[[V0]][0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stablehlo.get_tuple_element %[[V1]][0] : (tuple<tuple<tensor<f32>, tensor<i32>>, tensor<f32>>) -> tuple<tensor<f32>, tensor<i32>>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stablehlo.get_tuple_element %[[V4]][1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
// CHECK-NEXT: return %[[V5]] : tensor<i32>
// CHECK-NEXT: }
func.func @tuple(%a: tensor<f32>, %b: tensor<i32>) -> tensor<i32> {
  %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<i32>>
  %n = stablehlo.tuple %t, %a : tuple<tuple<tensor<f32>, tensor<i32>>, tensor<f32>>
  %e = stablehlo.tuple : tuple<>
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  %1 = stablehlo.get_tuple_element %n[0] : (tuple<tuple<tensor<f32>, tensor<i32>>, tensor<f32>>) -> tuple<tensor<f32>, tensor<i32>>
  %2 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  return %2 : tensor<i32>
}
