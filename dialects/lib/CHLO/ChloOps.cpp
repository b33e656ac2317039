//===- ChloOps.cpp - CHLO dialect: registration and verifiers ------------===//

#include "xla/Dialect/CHLO/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::chlo;

#include "xla/Dialect/CHLO/ChloDialect.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/CHLO/ChloOps.cpp.inc"

void CHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/CHLO/ChloOps.cpp.inc"
      >();
}

// Broadcasting binaries: both operands broadcast to the result (numpy rules
// aligned at the minor end, or broadcast_dimensions for the lower-rank one).
static LogicalResult verifyBroadcastBinary(Operation *op,
                                           std::optional<ArrayRef<int64_t>> dims) {
  auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (lhs.getElementType() != rhs.getElementType() ||
      lhs.getElementType() != result.getElementType())
    return op->emitOpError() << "requires one element type for operands and result";
  int64_t rank = std::max(lhs.getRank(), rhs.getRank());
  if (result.getRank() != rank)
    return op->emitOpError() << "result rank must be " << rank;
  auto mapOf = [&](RankedTensorType type) -> FailureOr<SmallVector<int64_t>> {
    SmallVector<int64_t> map;
    if (dims && type.getRank() < rank) {
      if (static_cast<int64_t>(dims->size()) != type.getRank())
        return op->emitOpError() << "broadcast_dimensions must have one entry per dimension of the lower-rank operand";
      map.assign(dims->begin(), dims->end());
    } else {
      for (int64_t i = 0; i < type.getRank(); ++i)
        map.push_back(rank - type.getRank() + i);
    }
    return map;
  };
  for (RankedTensorType type : {lhs, rhs}) {
    FailureOr<SmallVector<int64_t>> map = mapOf(type);
    if (failed(map))
      return failure();
    for (auto [i, dim] : llvm::enumerate(*map)) {
      if (dim < 0 || dim >= rank)
        return op->emitOpError() << "broadcast dimension " << dim << " is out of range";
      int64_t size = type.getDimSize(i);
      if (ShapedType::isDynamic(size) || result.isDynamicDim(dim))
        continue;
      if (size != 1 && size != result.getDimSize(dim))
        return op->emitOpError() << "operand dimension " << i << " of size " << size
                                 << " does not broadcast to result dimension " << dim
                                 << " of size " << result.getDimSize(dim);
    }
  }
  return success();
}

#define XLA_CHLO_BROADCAST_VERIFIER(Op)                                        \
  LogicalResult Op::verify() {                                                 \
    return verifyBroadcastBinary(*this, getBroadcastDimensions());             \
  }
XLA_CHLO_BROADCAST_VERIFIER(BroadcastAddOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastSubOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastMulOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastDivOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastRemOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastMaxOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastMinOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastPowOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastAtan2Op)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastAndOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastOrOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastXorOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastShiftLeftOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastShiftRightArithmeticOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastShiftRightLogicalOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastNextAfterOp)
#undef XLA_CHLO_BROADCAST_VERIFIER

LogicalResult TopKOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (operand.getRank() < 1)
    return emitOpError() << "operand must have rank at least 1";
  int64_t last = operand.getDimSize(operand.getRank() - 1);
  int64_t k = getKAttr().getInt();
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError() << "k = " << k << " must be in [0, " << last << "] (the last dimension)";
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  if (getValues().getType() != operand.clone(shape))
    return emitOpError() << "values must have type " << operand.clone(shape);
  auto indices = cast<RankedTensorType>(getIndices().getType());
  if (indices.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError() << "indices must have the shape of values";
  return success();
}
