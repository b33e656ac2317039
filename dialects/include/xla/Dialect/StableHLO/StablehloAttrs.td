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

#endif // XLA_STABLEHLO_ATTRS
