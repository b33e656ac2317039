//===- StablehloIndexingOps.td - dynamic slices, gather, scatter ---------===//
//
// Data-dependent indexing. Included from StablehloOps.td; verifiers and shape
// functions in lib/StableHLO/StablehloIndexing.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_INDEXING_OPS
#define XLA_STABLEHLO_INDEXING_OPS

def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [HLO_InferType, Pure]> {
  let summary = "A slice at run-time start indices (XLA: DynamicSlice).";
  let description = [{
    Extracts the `slice_sizes` block starting at `start_indices` (one rank-0
    integer tensor per dimension). Each start index is clamped into
    `[0, dim - slice_size]`, so the slice is always in bounds.

    ```mlir
    %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3]
           : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, Variadic<HLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandsThenComma>($start_indices) `sizes` `=` $slice_sizes
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice", [HLO_InferType, Pure]> {
  let summary = "Overwrites a block at run-time start indices (XLA: DynamicUpdateSlice).";
  let description = [{
    Returns `operand` with the block starting at `start_indices` replaced by
    `update`. Start indices are clamped into `[0, dim - update_dim]`.

    ```mlir
    %r = stablehlo.dynamic_update_slice %x, %u, %i, %j
           : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_TensorOrQuant:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [HLO_InferType, Pure]> {
  let summary = "Gathers slices at indices given by a tensor (XLA: Gather).";
  let description = [{
    For every batch position of `start_indices`, reads the `slice_sizes`
    block of `operand` that starts at the index vector found there (mapped to
    operand dimensions by `start_index_map`, clamped so the block is in
    bounds). `offset_dims` say where the block's dimensions go in the result;
    `collapsed_slice_dims` (size 1) are dropped; `operand_batching_dims` pair
    with `start_indices_batching_dims`.

    ```mlir
    %r = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1],
           collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
           indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}>
           : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, RankedTensorOf<[HLO_Int]>:$start_indices,
                       HLO_GatherDimensionNumbersAttr:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_TensorOrQuant:$result);
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [HLO_InferType, RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "Combines updates into slices at indices (XLA: Scatter).";
  let description = [{
    Returns `inputs` where, for every update element, the element at the
    scattered position is replaced by `update_computation(old, update)`.
    Updates are applied in order; an update whose window would leave the
    operand is skipped.

    ```mlir
    %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
           update_window_dims = [1], inserted_window_dims = [0],
           scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%old: tensor<f32>, %new: tensor<f32>):
      %s = stablehlo.add %old, %new : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs,
                       RankedTensorOf<[HLO_Int]>:$scatter_indices,
                       Variadic<HLO_TensorOrQuant>:$updates,
                       HLO_ScatterDimensionNumbersAttr:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

#endif // XLA_STABLEHLO_INDEXING_OPS
