//===- StablehloAttrs.td - structured attributes -------------------------===//

#ifndef XLA_STABLEHLO_ATTRS
#define XLA_STABLEHLO_ATTRS

include "xla/Dialect/StableHLO/StablehloDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "xla/Dialect/StableHLO/StablehloEnums.td"

def HLO_DotDimensionNumbersAttr : AttrDef<StableHLO_Dialect, "DotDimensionNumbers"> {
  let mnemonic = "dot";
  let summary = "Dimension numbers of dot_general.";
  let description = [{
    `#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
    lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`; empty
    lists are omitted.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_GatherDimensionNumbersAttr : AttrDef<StableHLO_Dialect, "GatherDimensionNumbers"> {
  let mnemonic = "gather";
  let summary = "Dimension numbers of gather.";
  let description = [{
    `#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
    operand_batching_dims = [], start_indices_batching_dims = [],
    start_index_map = [0], index_vector_dim = 1>`; empty lists are omitted.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$offsetDims,
    OptionalArrayRefParameter<"int64_t">:$collapsedSliceDims,
    OptionalArrayRefParameter<"int64_t">:$operandBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_ScatterDimensionNumbersAttr : AttrDef<StableHLO_Dialect, "ScatterDimensionNumbers"> {
  let mnemonic = "scatter";
  let summary = "Dimension numbers of scatter.";
  let description = [{
    `#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
    input_batching_dims = [], scatter_indices_batching_dims = [],
    scatter_dims_to_operand_dims = [0], index_vector_dim = 1>`; empty lists
    are omitted.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$updateWindowDims,
    OptionalArrayRefParameter<"int64_t">:$insertedWindowDims,
    OptionalArrayRefParameter<"int64_t">:$inputBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_ConvDimensionNumbersAttr : AttrDef<StableHLO_Dialect, "ConvDimensionNumbers"> {
  let mnemonic = "conv";
  let summary = "Dimension numbers of convolution.";
  let description = [{
    Which dimension of the input, kernel and output is the batch (`b`),
    feature (`f`; `i`/`o` for the kernel's input/output features) and each
    spatial dimension (`0`, `1`, ...): `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`.
    StableHLO's field-by-field form also reads (and prints in the compact
    one): `#stablehlo.conv<raw input_batch_dimension = 0,
    input_feature_dimension = 3, input_spatial_dimensions = [1, 2],
    kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3,
    kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0,
    output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>`, the
    scalar fields required, in any order, a comma allowed after the last.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_OutputOperandAliasAttr : AttrDef<StableHLO_Dialect, "OutputOperandAlias"> {
  let mnemonic = "output_operand_alias";
  let summary = "A custom_call result that shares its buffer with an operand.";
  let description = [{
    The result (element `output_tuple_indices` of the results, the first
    index picking the result when there are several) aliases operand
    `operand_index` (element `operand_tuple_indices` of it):
    `#stablehlo.output_operand_alias<output_tuple_indices = [0],
    operand_index = 0, operand_tuple_indices = []>`. All three fields are
    always printed.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    OptionalArrayRefParameter<"int64_t">:$operandTupleIndices
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_OutputOperandAliasArrayAttr : TypedArrayAttrBase<HLO_OutputOperandAliasAttr,
    "output-operand aliases">;

def HLO_ChannelHandleAttr : AttrDef<StableHLO_Dialect, "ChannelHandle"> {
  let mnemonic = "channel_handle";
  let summary = "The channel of a collective or of send/recv.";
  let description = [{
    `#stablehlo.channel_handle<handle = 1, type = 2>`: `handle` is the
    channel id (<= 0: none), `type` is 0 (invalid), 1 (DEVICE_TO_DEVICE),
    2 (DEVICE_TO_HOST) or 3 (HOST_TO_DEVICE).
  }];
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

// A tolerance of #stablehlo.result_accuracy: a float written as a decimal
// literal (`1.0e-5`), 0 when left out.
def HLO_ToleranceParameter : AttrOrTypeParameter<"::llvm::APFloat", "a tolerance"> {
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
  let defaultValue = "::llvm::APFloat(0.0)";
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::APFloat> {
    double value;
    if ($_parser.parseFloat(value))
      return ::mlir::failure();
    return ::llvm::APFloat(value);
  }() }];
  let printer = [{ $_printer.printFloat($_self) }];
}

// The mode of #stablehlo.result_accuracy, DEFAULT when left out; printed
// in full (`#stablehlo.result_accuracy_mode<TOLERANCE>`) as in the spec,
// read in full or as `<TOLERANCE>`.
def HLO_AccuracyModeParameter
    : AttrOrTypeParameter<"::xla::stablehlo::ResultAccuracyModeAttr", "an accuracy mode"> {
  let defaultValue = "::xla::stablehlo::ResultAccuracyModeAttr::get($_ctxt, "
                     "::xla::stablehlo::ResultAccuracyMode::DEFAULT)";
  let printer = [{ $_printer.printAttribute($_self) }];
}

def HLO_ResultAccuracyAttr : AttrDef<StableHLO_Dialect, "ResultAccuracy"> {
  let mnemonic = "result_accuracy";
  let summary = "The accuracy a transcendental op must reach.";
  let description = [{
    `#stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 1,
    mode = #stablehlo.result_accuracy_mode<TOLERANCE>>`: with mode
    TOLERANCE, each result may differ from the exact value by the absolute
    tolerance `atol`, the relative tolerance `rtol` or `ulps` units in the
    last place; DEFAULT and HIGHEST leave it to the implementation (its
    default, or its most accurate) and take no tolerances. Fields left out
    are zero (mode DEFAULT).

    The lowerings verify the attribute and then compute the op exactly as
    without it: each op has one implementation (libm or the polynomial
    forms of `xla-polynomial-math`), so HIGHEST or a TOLERANCE tighter than
    that implementation's error is not enforced.
  }];
  let parameters = (ins
    HLO_ToleranceParameter:$atol,
    HLO_ToleranceParameter:$rtol,
    DefaultValuedParameter<"int64_t", "0">:$ulps,
    HLO_AccuracyModeParameter:$mode
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def HLO_DotAlgorithmAttr : AttrDef<StableHLO_Dialect, "DotAlgorithm"> {
  let mnemonic = "dot_algorithm";
  let summary = "How dot_general computes: operand precisions, accumulation, operations.";
  let description = [{
    `#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type
    = tf32, accumulation_type = f32, lhs_component_count = 1,
    rhs_component_count = 1, num_primitive_operations = 1,
    allow_imprecise_accumulation = false>`: the operands are rounded to the
    precision types (split into that many components), the products summed
    in `accumulation_type`. Written `algorithm = <...>` in the pretty form
    of `dot_general`.
  }];
  let parameters = (ins
    "::mlir::Type":$lhs_precision_type,
    "::mlir::Type":$rhs_precision_type,
    "::mlir::Type":$accumulation_type,
    "int64_t":$lhs_component_count,
    "int64_t":$rhs_component_count,
    "int64_t":$num_primitive_operations,
    "bool":$allow_imprecise_accumulation
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

// A tensor type's encoding: for each dimension, the largest size a dynamic
// dimension may take at run time (`?` where unbounded or static).
def HLO_TypeExtensionsAttr : AttrDef<StableHLO_Dialect, "TypeExtensions",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "bounds";
  let summary = "Upper bounds of the dynamic dimensions of a tensor type.";
  let description = [{
    `tensor<?x4xf32, #stablehlo.bounds<16, ?>>`: dimension 0 is dynamic
    with at most 16 elements; dimension 1 is static (its bound is `?`).
    One entry per dimension; a bound is a non-negative size or `?`, and a
    static dimension takes `?` (StableHLO's bounded dynamism). StableHLO's
    long spelling `#stablehlo.type_extensions<bounds = [16, ?]>` reads as
    the same attribute (and prints in the short form).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$bounds);
  let hasCustomAssemblyFormat = 1;
}

#endif // XLA_STABLEHLO_ATTRS
