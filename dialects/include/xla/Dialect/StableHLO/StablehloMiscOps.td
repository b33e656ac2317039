//===- StablehloMiscOps.td - fft, rng, linear algebra, custom_call, ... --===//
//
// The remaining single-process ops: transforms and random numbers, the
// deprecated broadcast/dot, dynamic-shape ops, linear algebra, batch norm,
// custom_call/composite and tuples. Included from StablehloOps.td; syntax
// and verifiers in lib/StableHLO/StablehloMisc.cpp, those of the dynamic-shape
// ops in lib/StableHLO/StablehloDynamic.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_MISC_OPS
#define XLA_STABLEHLO_MISC_OPS

include "mlir/IR/SymbolInterfaces.td"

def HLO_DimensionTensor : 1DTensorOf<[Index, HLO_Int]>;
def HLO_Fp1DTensor : 1DTensorOf<[HLO_Float]>;
// Batch norm scale, offset, mean and variance: float or per-tensor
// quantized vectors (the spec's "1-dimensional tensor of floating-point or
// per-tensor quantized type").
def HLO_Fp1DOrQuantTensor : AnyTypeOf<[HLO_Fp1DTensor, 1DTensorOf<[HLO_QuantizedElement]>]>;

//===----------------------------------------------------------------------===//
// Transforms and random numbers
//===----------------------------------------------------------------------===//

def StableHLO_FftOp : StableHLO_Op<"fft", [HLO_InferType, Pure]> {
  let summary = "Fourier transform over the minor dimensions (XLA: Fft).";
  let description = [{
    Transforms the `size(fft_length)` (1 to 3) minor dimensions: FFT and IFFT
    are complex to complex, RFFT is real to complex (keeping the
    `n / 2 + 1` non-redundant outputs of the last dimension), IRFFT is its
    inverse.

    ```mlir
    %r = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand, HLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  // `` drops the space before the keyword (the enum printer adds its own).
  let assemblyFormat = [{
    $operand `,` `type` `=` `` $fft_type `,` `length` `=` $fft_length
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision", [HLO_InferType, Pure]> {
  let summary = "Rounds to a narrower float format and back (XLA: ReducePrecision).";
  let description = [{
    Rounds each element to the nearest value with `exponent_bits` exponent and
    `mantissa_bits` mantissa bits (ties to even; overflow to infinity,
    underflow to zero), keeping the element type. The pretty form writes
    the format as `e<exponent>m<mantissa>`.

    ```mlir
    %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<12xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$operand, I32Attr:$exponent_bits,
                       I32Attr:$mantissa_bits);
  let results = (outs HLO_FpOrQuantTensor:$output);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_RngOp : StableHLO_Op<"rng", []> {
  let summary = "Random numbers of a distribution (XLA: RngUniform, RngNormal).";
  let description = [{
    UNIFORM draws from `[a, b)`; NORMAL from the normal distribution with
    mean `a` and standard deviation `b`. `shape` is the result shape.

    ```mlir
    %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM
           : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
                       0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
                       HLO_DimensionTensor:$shape,
                       HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` `` $rng_distribution
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "Random bits from a counter-based generator (XLA: RngBitGenerator).";
  let description = [{
    Fills `output` with random bits computed by `rng_algorithm` from
    `initial_state`, and returns the advanced state.

    ```mlir
    %s, %o = stablehlo.rng_bit_generator %state, algorithm = DEFAULT
               : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui32>)
    ```
  }];
  let arguments = (ins HLO_IntOrFpTensor:$initial_state,
                       HLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs HLO_IntOrFpTensor:$output_state, HLO_IntOrFpTensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` `` $rng_algorithm
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise map, deprecated broadcast and dot
//===----------------------------------------------------------------------===//

def StableHLO_MapOp : StableHLO_Op<"map", [HLO_InferType, RecursiveMemoryEffects, SameOperandsAndResultShape]> {
  let summary = "Applies a computation element by element (XLA: Map).";
  let description = [{
    `result[i] = computation(inputs[0][i], ..., inputs[N-1][i])`; the
    computation takes and returns rank-0 tensors. `dimensions` must be all
    dimensions in order.

    ```mlir
    %r = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %m = stablehlo.multiply %x, %y : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_TensorOrQuant:$result);
  let regions = (region SizedRegion<1>:$computation);
}

def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [HLO_InferType, Pure]> {
  let summary = "Adds major dimensions (XLA: Broadcast).";
  let description = [{
    The result has shape `broadcast_sizes ++ shape(operand)`; every new
    index repeats the operand. Deprecated in StableHLO in favour of
    `broadcast_in_dim`.

    ```mlir
    %r = stablehlo.broadcast %x, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` $broadcast_sizes attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DotOp : StableHLO_Op<"dot", [HLO_InferShape, Pure]> {
  let summary = "Vector/matrix product (XLA: Dot).";
  let description = [{
    Contracts the last dimension of `lhs` with the first of `rhs`, each of
    rank 1 or 2: vector·vector gives a scalar, matrix·vector a vector,
    matrix·matrix a matrix. Deprecated in StableHLO in favour of
    `dot_general`.

    ```mlir
    %r = stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT]
           : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Dynamic shapes
//===----------------------------------------------------------------------===//

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "Reshape to a shape computed at run time.";
  let description = [{
    Like `reshape`, with the result shape given by the 1-D `output_shape`.

    ```mlir
    %r = stablehlo.dynamic_reshape %x, %shape : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_DynamicBroadcastInDimOp : StableHLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim to a shape computed at run time.";
  let description = [{
    Like `broadcast_in_dim`, with the result shape given by
    `output_dimensions`. `known_expanding_dimensions` /
    `known_nonexpanding_dimensions` (operand dimensions) promise that a
    dimension does / does not grow from size 1.

    ```mlir
    %r = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1]
           : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_DimensionTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions
      (`,` `expanding` `=` $known_expanding_dimensions^)?
      (`,` `nonexpanding` `=` $known_nonexpanding_dimensions^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota with a shape computed at run time.";
  let description = [{
    ```mlir
    %r = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xindex>) -> tensor<?xi32>
    ```
  }];
  let arguments = (ins HLO_DimensionTensor:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad with paddings computed at run time.";
  let description = [{
    Like `pad`, with the edge and interior paddings as 1-D tensors of one
    entry per operand dimension.

    ```mlir
    %r = stablehlo.dynamic_pad %x, %zero, %low, %high, %interior
           : (tensor<4xf32>, tensor<f32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_TensorOrQuant:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with slice sizes computed at run time.";
  let description = [{
    Like `gather`, with `slice_sizes` a 1-D tensor operand.

    ```mlir
    %r = "stablehlo.dynamic_gather"(%x, %idx, %sizes) <{dimension_numbers = #stablehlo.gather<
           offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}>
           : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, RankedTensorOf<[HLO_Int]>:$start_indices,
                       HLO_DimensionTensor:$slice_sizes,
                       HLO_GatherDimensionNumbersAttr:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with padding computed at run time.";
  let description = [{
    Like `convolution`, with the padding as a `[spatial dims, 2]` tensor
    operand `d_padding` instead of the `padding` attribute.

    ```mlir
    %r = "stablehlo.dynamic_conv"(%x, %k, %pad) <{batch_group_count = 1 : i64,
           dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
           feature_group_count = 1 : i64}>
           : (tensor<1x8x1xf32>, tensor<3x1x1xf32>, tensor<1x2xi64>) -> tensor<1x?x1xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$lhs, HLO_TensorOrQuant:$rhs,
                       RankedTensorOf<[HLO_Int]>:$d_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbersAttr:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasVerifier = 1;
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [HLO_InferType, Pure]> {
  let summary = "The run-time size of one dimension (XLA: GetDimensionSize).";
  let description = [{
    ```mlir
    %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<4x2xf32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_SetDimensionSizeOp : StableHLO_Op<"set_dimension_size", [Pure]> {
  let summary = "Sets the run-time size of one dimension (XLA: SetDimensionSize).";
  let description = [{
    The result is `operand` with dimension `dimension` given the dynamic size
    `size` (at most its static size); the result's dimension may be `?`.

    ```mlir
    %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x2xf32>, tensor<i32>) -> tensor<?x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, 0DTensorOf<[I32]>:$size, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra and batch normalization
//===----------------------------------------------------------------------===//

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [HLO_InferType, Pure]> {
  let summary = "Cholesky factor of a batch of matrices (XLA: Cholesky).";
  let description = [{
    The lower (`lower = true`) or upper triangular factor of each Hermitian
    positive-definite matrix in the two minor dimensions; the other triangle
    is implementation-defined.

    ```mlir
    %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
    ```
  }];
  let arguments = (ins HLO_FpComplexOrQuantTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpComplexOrQuantTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [HLO_InferType, Pure]> {
  let summary = "Solves triangular systems of equations (XLA: TriangularSolve).";
  let description = [{
    Solves `op(a) * x = b` (`left_side`) or `x * op(a) = b` for `x`, with
    `a` lower or upper triangular and `op` given by `transpose_a`.

    ```mlir
    %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true,
           transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
           : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_FpComplexOrQuantTensor:$a, HLO_FpComplexOrQuantTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower, BoolAttr:$unit_diagonal,
                       HLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpComplexOrQuantTensor:$result);
}

def StableHLO_BatchNormTrainingOp : StableHLO_Op<"batch_norm_training", [HLO_InferType, Pure]> {
  let summary = "Normalizes with the batch statistics (XLA: BatchNormTraining).";
  let description = [{
    Computes the mean and variance of `operand` over all dimensions but
    `feature_index` and returns the normalized, scaled and offset operand
    with them.

    ```mlir
    %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %scale, %offset)
           <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}>
           : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$operand, HLO_Fp1DOrQuantTensor:$scale, HLO_Fp1DOrQuantTensor:$offset,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$output, HLO_Fp1DOrQuantTensor:$batch_mean,
                      HLO_Fp1DOrQuantTensor:$batch_var);
}

def StableHLO_BatchNormInferenceOp : StableHLO_Op<"batch_norm_inference", [HLO_InferType, Pure]> {
  let summary = "Normalizes with given statistics (XLA: BatchNormInference).";
  let description = [{
    ```mlir
    %y = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var)
           <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}>
           : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$operand, HLO_Fp1DOrQuantTensor:$scale, HLO_Fp1DOrQuantTensor:$offset,
                       HLO_Fp1DOrQuantTensor:$mean, HLO_Fp1DOrQuantTensor:$variance,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$result);
}

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [HLO_InferType, Pure]> {
  let summary = "Gradients of batch_norm_training (XLA: BatchNormGrad).";
  let description = [{
    ```mlir
    %gx, %gscale, %goffset = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %gy)
           <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}>
           : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>)
           -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$operand, HLO_Fp1DOrQuantTensor:$scale, HLO_Fp1DOrQuantTensor:$mean,
                       HLO_Fp1DOrQuantTensor:$variance, HLO_FpOrQuantTensor:$grad_output,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$grad_operand, HLO_Fp1DOrQuantTensor:$grad_scale,
                      HLO_Fp1DOrQuantTensor:$grad_offset);
}

//===----------------------------------------------------------------------===//
// Opaque calls
//===----------------------------------------------------------------------===//

def HLO_LayoutArrayAttr : TypedArrayAttrBase<IndexElementsAttr,
    "minor-to-major layout of each operand or result">;

def HLO_CalledComputationsAttr : TypedArrayAttrBase<FlatSymbolRefAttr,
    "called computations (flat symbol references)">;

// A custom_call value: a tensor (ranked, or unranked as StableHLO allows
// here), a token or a tuple of them.
def HLO_CustomCallValue : AnyTypeOf<[HLO_Tensor, HLO_QuantizedTensor,
    UnrankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex]>, HLO_Token, HLO_Tuple]>;

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls an implementation-defined target (XLA: CustomCall).";
  let description = [{
    Calls `call_target_name` with `inputs`. `backend_config` (a string, or a
    dictionary for typed-FFI targets), `api_version`, `has_side_effect`,
    `called_computations`, `operand_layouts`/`result_layouts` (minor-to-major,
    both or neither) and `output_operand_aliases` are passed on to the
    target. Operands and results may be tensors (also unranked ones, which
    take no layout), tokens or tuples.

    ```mlir
    %r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {api_version = 4 : i32,
             operand_layouts = [dense<[0, 1]> : tensor<2xindex>],
             output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0],
                                       operand_index = 0, operand_tuple_indices = []>],
             result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}
             : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_CustomCallValue>:$inputs,
                       StrAttr:$call_target_name,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
                       OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
                       DefaultValuedOptionalAttr<HLO_CustomCallApiVersionAttr,
                           "::xla::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
                       DefaultValuedOptionalAttr<HLO_CalledComputationsAttr, "{}">:$called_computations,
                       OptionalAttr<HLO_LayoutArrayAttr>:$operand_layouts,
                       OptionalAttr<HLO_LayoutArrayAttr>:$result_layouts,
                       DefaultValuedOptionalAttr<HLO_OutputOperandAliasArrayAttr, "{}">:$output_operand_aliases);
  let results = (outs Variadic<HLO_CustomCallValue>);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A named op with a reference decomposition (XLA: CompositeCall).";
  let description = [{
    Behaves as a call of `decomposition`; `name`, `composite_attributes` and
    `version` let a backend recognise the op and replace it.

    ```mlir
    %r = stablehlo.composite "my.gelu" %x {composite_attributes = {approximate = true},
           decomposition = @gelu, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$inputs, StrAttr:$name,
                       DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
                       FlatSymbolRefAttr:$decomposition,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  let assemblyFormat = "$name $inputs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

def StableHLO_TupleOp : StableHLO_Op<"tuple", [HLO_InferType, Pure]> {
  let summary = "Groups values into a tuple (XLA: Tuple).";
  let description = [{
    ```mlir
    %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<i32>>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$val);
  let results = (outs HLO_Tuple:$result);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [HLO_InferType, Pure]> {
  let summary = "One element of a tuple (XLA: GetTupleElement).";
  let description = [{
    ```mlir
    %a = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
    ```
  }];
  let arguments = (ins HLO_Tuple:$operand, I32Attr:$index);
  let results = (outs HLO_TensorOrTokenOrTuple:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
}

#endif // XLA_STABLEHLO_MISC_OPS
