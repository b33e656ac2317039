//===- Quantization.h - quantized tensors in StableHLO --------*- C++ -*-===//
//
// The `!quant.uniform` element types that StableHLO ops accept, and the
// checks of the spec's quantization constraints (lib/StableHLO/
// StablehloQuantization.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef XLA_DIALECT_STABLEHLO_QUANTIZATION_H
#define XLA_DIALECT_STABLEHLO_QUANTIZATION_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"

namespace xla::stablehlo {

/// A uniform quantized element type (per-tensor or per-axis) with an
/// integer storage type and a float expressed type: the quantized element
/// types of the spec (ODS: HLO_QuantizedElement).
bool isHloQuantizedElement(mlir::Type type);

/// Whether two element types are equal, or are both quantized (their
/// relation is then checked by verifyQuantizedOperation, with the op's own
/// constraint ids).
bool sameOrBothQuantized(mlir::Type a, mlir::Type b);

/// Whether two element types have the same baseline element type: equal,
/// or quantized with the same storage type, storage range and expressed
/// type (scales, zero points and quantization dimension may differ).
bool sameBaselineElement(mlir::Type a, mlir::Type b);

/// The spec's constraints on quantized operands and results of `op`
/// (HLOQuantizationConstraints): the tensor type constraints (C1, C8, C12,
/// C13 of "Types"), then those of the op. Succeeds at once for ops without
/// quantized types.
mlir::LogicalResult verifyQuantizedOperation(mlir::Operation *op);

} // namespace xla::stablehlo

#endif // XLA_DIALECT_STABLEHLO_QUANTIZATION_H
