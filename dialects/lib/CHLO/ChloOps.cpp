//===- ChloOps.cpp - CHLO dialect: registration and verifiers ------------===//

#include "xla/Dialect/CHLO/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include "../StableHLO/SyntaxUtils.h"

using namespace mlir;
using namespace xla::chlo;
using xla::stablehlo::listText;
using xla::stablehlo::parseIntList;
using xla::stablehlo::printIntList;

#include "xla/Dialect/CHLO/ChloDialect.cpp.inc"
#include "xla/Dialect/CHLO/ChloEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/CHLO/ChloAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/CHLO/ChloOps.cpp.inc"

void CHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/CHLO/ChloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xla/Dialect/CHLO/ChloAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #chlo.ragged_dot<...>
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kRaggedDotFields[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lists[6];
  bool seen[6] = {};
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return {};
      const StringLiteral *it = llvm::find(kRaggedDotFields, key);
      if (it == std::end(kRaggedDotFields)) {
        parser.emitError(loc) << "unknown field '" << key << "' in #chlo.ragged_dot";
        return {};
      }
      size_t index = it - std::begin(kRaggedDotFields);
      if (seen[index]) {
        parser.emitError(loc) << "field '" << key << "' appears twice in #chlo.ragged_dot";
        return {};
      }
      seen[index] = true;
      if (parseIntList(parser, lists[index]))
        return {};
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  return RaggedDotDimensionNumbersAttr::get(parser.getContext(), lists[0], lists[1],
                                            lists[2], lists[3], lists[4], lists[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  ArrayRef<int64_t> lists[] = {getLhsBatchingDimensions(),    getRhsBatchingDimensions(),
                               getLhsContractingDimensions(), getRhsContractingDimensions(),
                               getLhsRaggedDimensions(),      getRhsGroupDimensions()};
  printer << '<';
  bool first = true;
  for (auto [name, values] : llvm::zip(kRaggedDotFields, lists)) {
    if (values.empty())
      continue;
    printer << (first ? "" : ", ") << name << " = ";
    first = false;
    printIntList(printer, values);
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ragged_dot
//===----------------------------------------------------------------------===//

LogicalResult RaggedDotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto groupSizes = cast<RankedTensorType>(getGroupSizes().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  RaggedDotDimensionNumbersAttr dims = getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  ArrayRef<int64_t> lhsRagged = dims.getLhsRaggedDimensions();
  ArrayRef<int64_t> rhsGroup = dims.getRhsGroupDimensions();

  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "lhs_batching_dimensions and rhs_batching_dimensions must have the same size";
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "lhs_contracting_dimensions and rhs_contracting_dimensions must have the same size";
  if (lhsRagged.size() != 1)
    return emitOpError() << "requires exactly one lhs_ragged_dimensions entry, got " << lhsRagged.size();
  if (rhsGroup.size() > 1)
    return emitOpError() << "requires at most one rhs_group_dimensions entry, got " << rhsGroup.size();

  // Every dimension in range and used at most once per operand.
  auto checkOperand = [&](StringRef side, int64_t rank,
                          ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> fields,
                          ArrayRef<int64_t> disjoint) -> LogicalResult {
    for (auto &[name, list] : fields)
      for (int64_t d : list)
        if (d < 0 || d >= rank)
          return emitOpError() << name << " entry " << d << " is out of range for the " << side
                               << " rank " << rank;
    llvm::SmallSet<int64_t, 8> used;
    for (int64_t d : disjoint)
      if (!used.insert(d).second)
        return emitOpError() << side << " dimension " << d
                             << " appears more than once among the batching, contracting"
                             << (side == "rhs" ? " and group" : "") << " dimensions";
    return success();
  };
  SmallVector<int64_t> lhsUsed(lhsBatch), rhsUsed(rhsBatch);
  llvm::append_range(lhsUsed, lhsContract);
  llvm::append_range(rhsUsed, rhsContract);
  llvm::append_range(rhsUsed, rhsGroup);
  if (failed(checkOperand("lhs", lhs.getRank(),
                          {{"lhs_batching_dimensions", lhsBatch},
                           {"lhs_contracting_dimensions", lhsContract},
                           {"lhs_ragged_dimensions", lhsRagged}},
                          lhsUsed)) ||
      failed(checkOperand("rhs", rhs.getRank(),
                          {{"rhs_batching_dimensions", rhsBatch},
                           {"rhs_contracting_dimensions", rhsContract},
                           {"rhs_group_dimensions", rhsGroup}},
                          rhsUsed)))
    return failure();

  auto sizesMatch = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "lhs batching dimension " << l << " (size " << lhs.getDimSize(l)
                           << ") and rhs batching dimension " << r << " (size "
                           << rhs.getDimSize(r) << ") must have the same size";
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "lhs contracting dimension " << l << " (size " << lhs.getDimSize(l)
                           << ") and rhs contracting dimension " << r << " (size "
                           << rhs.getDimSize(r) << ") must have the same size";

  // The mode: which kind of lhs dimension is ragged.
  int64_t ragged = lhsRagged.front();
  bool raggedContracting = llvm::is_contained(lhsContract, ragged);
  bool raggedBatching = llvm::is_contained(lhsBatch, ragged);
  bool raggedFree = !raggedContracting && !raggedBatching;
  if (raggedFree && rhsGroup.size() != 1)
    return emitOpError() << "a ragged non-contracting lhs dimension requires exactly one rhs_group_dimensions entry";
  if (!raggedFree && !rhsGroup.empty())
    return emitOpError() << "a ragged " << (raggedContracting ? "contracting" : "batching")
                         << " lhs dimension requires no rhs_group_dimensions";

  if (groupSizes.getRank() != 1)
    return emitOpError() << "group_sizes must have rank 1, got " << groupSizes;
  int64_t groups = groupSizes.getDimSize(0);
  if (raggedFree && !sizesMatch(groups, rhs.getDimSize(rhsGroup.front())))
    return emitOpError() << "group_sizes has " << groups << " elements but the rhs group dimension "
                         << rhsGroup.front() << " has size " << rhs.getDimSize(rhsGroup.front());

  // Result: [groups if contracting is ragged] ++ batch ++ lhs free ++ rhs free.
  SmallVector<int64_t> shape;
  if (raggedContracting)
    shape.push_back(groups);
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsUsed, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsUsed, d))
      shape.push_back(rhs.getDimSize(d));
  bool ok = result.getRank() == static_cast<int64_t>(shape.size());
  for (int64_t i = 0; ok && i < result.getRank(); ++i)
    ok = sizesMatch(result.getDimSize(i), shape[i]);
  if (!ok)
    return emitOpError() << "result shape must be " << listText(shape) << ", got "
                         << listText(result.getShape());

  if (std::optional<ArrayAttr> precision = getPrecisionConfig())
    if (precision->size() != 0 && precision->size() != 2)
      return emitOpError() << "precision_config must have 0 or 2 entries, got " << precision->size();
  return success();
}

// Broadcasting binaries: both operands broadcast to the result (numpy rules
// aligned at the minor end, or broadcast_dimensions for the lower-rank one).
static LogicalResult verifyBroadcastBinary(Operation *op,
                                           std::optional<ArrayRef<int64_t>> dims) {
  auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  // broadcast_complex: float parts, a complex result of their type.
  Type resultElement = result.getElementType();
  if (isa<BroadcastComplexOp>(op)) {
    auto complex = dyn_cast<ComplexType>(resultElement);
    resultElement = complex ? complex.getElementType() : Type();
  }
  if (lhs.getElementType() != rhs.getElementType() || lhs.getElementType() != resultElement)
    return op->emitOpError() << (isa<BroadcastComplexOp>(op)
                                     ? "requires float operands of one type and a complex result of that type"
                                     : "requires one element type for operands and result");
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
XLA_CHLO_BROADCAST_VERIFIER(BroadcastPolygammaOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastZetaOp)
XLA_CHLO_BROADCAST_VERIFIER(BroadcastComplexOp)
#undef XLA_CHLO_BROADCAST_VERIFIER

// broadcast_select: the numpy broadcast of the three shapes is the
// result's; on_true, on_false and the result share an element type.
LogicalResult BroadcastSelectOp::verify() {
  auto result = cast<RankedTensorType>(getResult().getType());
  for (Value value : {getOnTrue(), getOnFalse()})
    if (cast<RankedTensorType>(value.getType()).getElementType() != result.getElementType())
      return emitOpError() << "on_true, on_false and the result must have one element type";
  for (auto [name, value] : {std::make_pair("pred", getPred()), std::make_pair("on_true", getOnTrue()),
                             std::make_pair("on_false", getOnFalse())}) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() > result.getRank())
      return emitOpError() << name << " has rank " << type.getRank() << ", above the result's "
                           << result.getRank();
    int64_t offset = result.getRank() - type.getRank();
    for (int64_t i = 0; i < type.getRank(); ++i) {
      int64_t size = type.getDimSize(i), to = result.getDimSize(offset + i);
      if (size != 1 && !ShapedType::isDynamic(size) && !ShapedType::isDynamic(to) && size != to)
        return emitOpError() << name << " dimension " << i << " of size " << size
                             << " does not broadcast to result dimension " << offset + i << " of size " << to;
    }
  }
  return success();
}

LogicalResult ConstantLikeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (result.getShape() != operand.getShape())
    return emitOpError() << "result shape must be the operand's, got " << result << " for " << operand;
  if (result.getElementType() != getValue().getType())
    return emitOpError() << "result element type must be the value's type " << getValue().getType()
                         << ", got " << result.getElementType();
  return success();
}

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
