//===- Attributes.cpp - C API to read the project's attributes ------------===//
//
// Passes written in Rust read our dialects' structured attributes through
// these functions, never by printing and re-parsing them.
//
//===----------------------------------------------------------------------===//
#include "mlir/CAPI/IR.h"
#include "xla/Dialect/StableHLO/StablehloOps.h"

#include <cstdint>

extern "C" {

/// The `handle` and `type` of a `#stablehlo.channel_handle`; false (and
/// nothing written) for any other attribute.
bool xlaChannelHandleGet(MlirAttribute attribute, int64_t *handle, int64_t *type) {
  auto channel = llvm::dyn_cast_or_null<xla::stablehlo::ChannelHandleAttr>(unwrap(attribute));
  if (!channel)
    return false;
  *handle = channel.getHandle();
  *type = channel.getType();
  return true;
}

/// The precision and accumulation types and the operation counts of a
/// `#stablehlo.dot_algorithm` (`counts` = lhs components, rhs components,
/// primitive operations); false (and nothing written) for any other
/// attribute.
bool xlaDotAlgorithmGet(MlirAttribute attribute, MlirType *lhsPrecision, MlirType *rhsPrecision,
                        MlirType *accumulation, int64_t *counts, bool *allowImpreciseAccumulation) {
  auto algorithm = llvm::dyn_cast_or_null<xla::stablehlo::DotAlgorithmAttr>(unwrap(attribute));
  if (!algorithm)
    return false;
  *lhsPrecision = wrap(algorithm.getLhsPrecisionType());
  *rhsPrecision = wrap(algorithm.getRhsPrecisionType());
  *accumulation = wrap(algorithm.getAccumulationType());
  counts[0] = algorithm.getLhsComponentCount();
  counts[1] = algorithm.getRhsComponentCount();
  counts[2] = algorithm.getNumPrimitiveOperations();
  *allowImpreciseAccumulation = algorithm.getAllowImpreciseAccumulation();
  return true;
}

} // extern "C"
