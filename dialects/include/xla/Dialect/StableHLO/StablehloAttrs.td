//===- StablehloAttrs.td - structured attributes -------------------------===//

#ifndef XLA_STABLEHLO_ATTRS
#define XLA_STABLEHLO_ATTRS

include "xla/Dialect/StableHLO/StablehloDialect.td"
include "mlir/IR/AttrTypeBase.td"

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

#endif // XLA_STABLEHLO_ATTRS
