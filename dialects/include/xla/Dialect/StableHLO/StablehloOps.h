//===- StablehloOps.h - StableHLO-compatible dialect ---------------------===//
#ifndef XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H
#define XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "xla/Dialect/StableHLO/Quantization.h"
#include "xla/Dialect/StableHLO/ShapeInference.h"

#include "xla/Dialect/StableHLO/StablehloDialect.h.inc"
#include "xla/Dialect/StableHLO/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloTypes.h.inc"

namespace xla::stablehlo {
/// Reads `<bounds = [16, ?]>`, the rest of `#stablehlo.type_extensions<...>`
/// (the long spelling of #stablehlo.bounds), into a TypeExtensionsAttr.
mlir::Attribute parseTypeExtensionsLongForm(mlir::AsmParser &parser);
} // namespace xla::stablehlo

namespace mlir::OpTrait {
/// Ops whose result types follow from their operands and attributes
/// (HLO_InferType in StablehloOps.td). Verification runs the op's shape
/// function (ShapeInference.h) at the op's location, so a broken rule is
/// reported as the rule, and then compares the declared result types with
/// the inferred ones, naming the inferred type on a mismatch. (The
/// interface's own check, refineReturnTypes, is a no-op for these ops: it
/// would add a second, generic "failed to infer returned types" error.)
template <typename ConcreteType>
class HLOInferredResultTypes
    : public TraitBase<ConcreteType, HLOInferredResultTypes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    SmallVector<Type, 2> inferred;
    if (failed(ConcreteType::inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return failure();
    return ::xla::stablehlo::verifyInferredResultTypes(
        op, inferred, &ConcreteType::isCompatibleReturnTypes);
  }
};

/// Every StableHLO op (StableHLO_Op in StablehloDialect.td): the spec's
/// quantization constraints on its quantized operands and results
/// (Quantization.h). Listed first, so they are reported before the shape
/// rules of the op.
template <typename ConcreteType>
class HLOQuantizationConstraints
    : public TraitBase<ConcreteType, HLOQuantizationConstraints> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return ::xla::stablehlo::verifyQuantizedOperation(op);
  }
};
} // namespace mlir::OpTrait

#define GET_OP_CLASSES
#include "xla/Dialect/StableHLO/StablehloOps.h.inc"

#endif // XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H
