//===- ChloOps.cpp - CHLO dialect: registration and verifiers ------------===//

#include "xla/Dialect/CHLO/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "../StableHLO/Inlining.h"
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
  addInterfaces<xla::stablehlo::HloInlinerInterface>();
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
  // broadcast_complex: float parts, a complex result of their type;
  // broadcast_compare: an i1 result (ODS) whatever the operands' type.
  Type resultElement = result.getElementType();
  if (isa<BroadcastCompareOp>(op))
    resultElement = lhs.getElementType();
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

// broadcast_compare: the shapes as for the other broadcasting binaries
// (with compare_c1/c2: one element type, shapes that broadcast), and
// compare_c3: a compare_type fitting the element type.
LogicalResult BroadcastCompareOp::verify() {
  if (failed(verifyBroadcastBinary(*this, getBroadcastDimensions())))
    return failure();
  std::optional<ComparisonType> type = getCompareType();
  if (!type || *type == ComparisonType::NOTYPE)
    return success();
  Type element = getElementTypeOrSelf(getLhs().getType());
  bool ok;
  StringRef expected;
  if (isa<FloatType>(element)) {
    ok = *type == ComparisonType::FLOAT || *type == ComparisonType::TOTALORDER;
    expected = "FLOAT or TOTALORDER";
  } else if (isa<ComplexType>(element)) {
    ok = *type == ComparisonType::FLOAT;
    expected = "FLOAT";
  } else if (element.isUnsignedInteger() || element.isInteger(1)) {
    ok = *type == ComparisonType::UNSIGNED;
    expected = "UNSIGNED";
  } else {
    ok = *type == ComparisonType::SIGNED;
    expected = "SIGNED";
  }
  if (!ok)
    return emitOpError() << "compare_type " << stringifyComparisonType(*type) << " does not fit element type "
                         << element << " (expected " << expected << ")";
  return success();
}

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

//===----------------------------------------------------------------------===//
// scaled_dot
//===----------------------------------------------------------------------===//

/// The type in which scaled_dot multiplies an operand by its scale (XLA's
/// dequantization rule): bf16 when both are narrower than 16 bits, their
/// type when they agree, f32 for two types of one width, else the wider.
static Type dequantizationType(Type operand, Type scale) {
  unsigned a = operand.getIntOrFloatBitWidth(), b = scale.getIntOrFloatBitWidth();
  if (a < 16 && b < 16)
    return BFloat16Type::get(operand.getContext());
  if (operand == scale)
    return operand;
  if (a == b)
    return Float32Type::get(operand.getContext());
  return a > b ? operand : scale;
}

LogicalResult ScaledDotOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                            Adaptor adaptor, SmallVectorImpl<Type> &types) {
  using xla::stablehlo::emitShapeError;
  StringRef op = getOperationName();
  auto lhs = dyn_cast<RankedTensorType>(adaptor.getLhs().getType());
  auto rhs = dyn_cast<RankedTensorType>(adaptor.getRhs().getType());
  auto lhsScale = dyn_cast<RankedTensorType>(adaptor.getLhsScale().getType());
  auto rhsScale = dyn_cast<RankedTensorType>(adaptor.getRhsScale().getType());
  if (!lhs || !rhs || !lhsScale || !rhsScale)
    return emitShapeError(location, op) << "operands and scales must be ranked tensors";
  auto dims = dyn_cast_or_null<xla::stablehlo::DotDimensionNumbersAttr>(adaptor.getDotDimensionNumbersAttr());
  if (!dims)
    return emitShapeError(location, op) << "requires a #stablehlo.dot dot_dimension_numbers attribute";
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();

  // (C1) the lists pair up.
  if (lhsBatch.size() != rhsBatch.size())
    return emitShapeError(location, op) << "has " << lhsBatch.size() << " lhs batching dimensions but "
                                        << rhsBatch.size() << " rhs batching dimensions";
  if (lhsContract.size() != rhsContract.size())
    return emitShapeError(location, op) << "has " << lhsContract.size()
                                        << " lhs contracting dimensions but " << rhsContract.size()
                                        << " rhs contracting dimensions";
  // (C2) in range and distinct per operand.
  auto checkSide = [&](StringRef side, int64_t rank, ArrayRef<int64_t> batch,
                       ArrayRef<int64_t> contract) -> LogicalResult {
    llvm::SmallSet<int64_t, 8> used;
    for (ArrayRef<int64_t> list : {batch, contract})
      for (int64_t d : list) {
        if (d < 0 || d >= rank)
          return emitShapeError(location, op) << side << " dimension " << d
                                              << " is out of range for rank " << rank;
        if (!used.insert(d).second)
          return emitShapeError(location, op) << side << " dimension " << d
                                              << " appears more than once among the batching and contracting dimensions";
      }
    return success();
  };
  if (failed(checkSide("lhs", lhs.getRank(), lhsBatch, lhsContract)) ||
      failed(checkSide("rhs", rhs.getRank(), rhsBatch, rhsContract)))
    return failure();
  // (C3) paired dimensions agree.
  auto sizesMatch = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  for (auto [l, r, what] : {std::make_tuple(lhsBatch, rhsBatch, "batching"),
                            std::make_tuple(lhsContract, rhsContract, "contracting")})
    for (auto [a, b] : llvm::zip(l, r))
      if (!sizesMatch(lhs.getDimSize(a), rhs.getDimSize(b)))
        return emitShapeError(location, op) << what << " dimensions lhs[" << a << "] (size "
                                            << lhs.getDimSize(a) << ") and rhs[" << b << "] (size "
                                            << rhs.getDimSize(b) << ") differ in size";
  // (C4)/(C5) each scale has its operand's rank, and each of its dimensions
  // equals or divides the operand's (the block size is the quotient).
  for (auto [side, operand, scale] : {std::make_tuple("lhs", lhs, lhsScale),
                                      std::make_tuple("rhs", rhs, rhsScale)}) {
    if (scale.getRank() != operand.getRank())
      return emitShapeError(location, op) << side << "_scale must have the rank of " << side << " ("
                                          << operand.getRank() << "), got " << scale;
    for (int64_t d = 0; d < operand.getRank(); ++d) {
      int64_t n = operand.getDimSize(d), s = scale.getDimSize(d);
      if (ShapedType::isDynamic(n) || ShapedType::isDynamic(s) || n == s)
        continue;
      if (s < 1 || n % s != 0)
        return emitShapeError(location, op)
               << side << "_scale dimension " << d << " (size " << s << ") must equal or divide "
               << side << " dimension " << d << " (size " << n << ")";
    }
  }
  // (C6) one precision per operand, when given.
  if (ArrayAttr precision = adaptor.getPrecisionConfigAttr();
      precision && precision.size() != 0 && precision.size() != 2)
    return emitShapeError(location, op) << "precision_config must have 0 or 2 entries, got "
                                        << precision.size();
  // (C7) batch, lhs free, rhs free, in the dequantization type (a declared
  // result chooses its own float type: the preferred element type).
  SmallVector<int64_t> shape;
  for (auto [a, b] : llvm::zip(lhsBatch, rhsBatch))
    shape.push_back(ShapedType::isDynamic(lhs.getDimSize(a)) ? rhs.getDimSize(b) : lhs.getDimSize(a));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsBatch, d) && !llvm::is_contained(rhsContract, d))
      shape.push_back(rhs.getDimSize(d));
  Type left = dequantizationType(lhs.getElementType(), lhsScale.getElementType());
  Type right = dequantizationType(rhs.getElementType(), rhsScale.getElementType());
  Type element = left == right ? left : dequantizationType(left, right);
  if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(element))
    element = Float32Type::get(context);
  types.push_back(RankedTensorType::get(shape, element));
  return success();
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  IntegerAttr dimension;
  if (parser.parseLParen() || parser.parseOperandList(inputs) || parser.parseRParen() ||
      parser.parseKeyword("inits") || parser.parseLParen() || parser.parseOperandList(inits) ||
      parser.parseRParen() || parser.parseKeyword("dimension") || parser.parseEqual() ||
      parser.parseAttribute(dimension, parser.getBuilder().getIntegerType(64)) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.getOrAddProperties<ScanOp::Properties>().dimension = dimension;
  auto body = std::make_unique<Region>();
  FunctionType type;
  SMLoc typeLoc;
  // Once the body is parsed (even in part), a failure leaks it (see the
  // .td file): a forward reference from outside may point into it.
  if (parser.parseRegion(*body) || parser.parseColon() ||
      (typeLoc = parser.getCurrentLocation(), parser.parseType(type))) {
    (void)body.release();
    return failure();
  }
  if (type.getNumInputs() != inputs.size() + inits.size()) {
    (void)body.release();
    return parser.emitError(typeLoc) << "expected " << inputs.size() + inits.size()
                                     << " operand types, got " << type.getNumInputs();
  }
  if (parser.resolveOperands(inputs, type.getInputs().take_front(inputs.size()), typeLoc,
                             result.operands) ||
      parser.resolveOperands(inits, type.getInputs().drop_front(inputs.size()), typeLoc,
                             result.operands)) {
    (void)body.release();
    return failure();
  }
  result.getOrAddProperties<ScanOp::Properties>().operandSegmentSizes = {
      static_cast<int32_t>(inputs.size()), static_cast<int32_t>(inits.size())};
  result.addTypes(type.getResults());
  result.addRegion(std::move(body));
  return success();
}

void ScanOp::print(OpAsmPrinter &p) {
  p << "(" << getInputs() << ") inits(" << getInits() << ") dimension = " << getDimension();
  SmallVector<StringRef> elided{"dimension", "operandSegmentSizes"};
  if (!getIsReverse())
    elided.push_back("is_reverse");
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
  p << ' ';
  p.printRegion(getBody());
  p << " : ";
  p.printFunctionalType(getOperation()->getOperandTypes(), getOperation()->getResultTypes());
}

LogicalResult ScanOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                       Adaptor adaptor, SmallVectorImpl<Type> &types) {
  using xla::stablehlo::emitShapeError;
  StringRef op = getOperationName();
  TypeRange inputs = adaptor.getInputs().getTypes();
  TypeRange inits = adaptor.getInits().getTypes();
  size_t m = inputs.size(), k = inits.size();
  int64_t dimension = adaptor.getDimension();
  // (C1) in range of the inputs; (C2) one length N.
  int64_t length = ShapedType::kDynamic;
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return emitShapeError(location, op) << "input " << i << " must be a ranked tensor, got " << type;
    if (dimension < 0 || dimension >= tensor.getRank())
      return emitShapeError(location, op) << "scan dimension " << dimension
                                          << " is out of range for input " << i << " of type "
                                          << type;
    int64_t size = tensor.getDimSize(dimension);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(length) && size != length)
      return emitShapeError(location, op)
             << "inputs must have one size along the scan dimension, but input " << i
             << " has " << size << " where an earlier one has " << length;
    if (!ShapedType::isDynamic(size))
      length = size;
  }
  Region *body = adaptor.getRegions().empty() ? nullptr : adaptor.getRegions().front();
  if (!body || body->empty())
    return emitShapeError(location, op) << "body region must not be empty";
  Block &block = body->front();
  // (C3) one argument per input and per init.
  if (block.getNumArguments() != m + k)
    return emitShapeError(location, op) << "body must take " << m + k << " arguments (" << m
                                        << " input elements, then " << k << " carries), got "
                                        << block.getNumArguments();
  // (C4) input elements: the input without the scan dimension.
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto tensor = cast<RankedTensorType>(type); // checked above
    SmallVector<int64_t> shape(tensor.getShape());
    shape.erase(shape.begin() + dimension);
    Type element = RankedTensorType::get(shape, tensor.getElementType());
    Type argument = block.getArgument(i).getType();
    if (!xla::stablehlo::isCompatibleInferredType(argument, element))
      return emitShapeError(location, op) << "body argument " << i << " has type " << argument
                                          << ", but input " << i << " gives elements of type "
                                          << element;
  }
  // (C5) carries: the inits' types.
  for (auto [j, type] : llvm::enumerate(inits)) {
    Type argument = block.getArgument(m + j).getType();
    if (argument != type)
      return emitShapeError(location, op) << "body argument " << m + j << " (carry " << j
                                          << ") has type " << argument << ", but init " << j
                                          << " has type " << type;
  }
  // (C6) stablehlo.return of the outputs, then carries of the inits' types.
  if (block.empty() || !isa<xla::stablehlo::ReturnOp>(block.back()))
    return emitShapeError(location, op) << "body must end with stablehlo.return";
  Operation *terminator = &block.back();
  if (terminator->getNumOperands() < k)
    return emitShapeError(location, op) << "body must return at least the " << k
                                        << " carries, got " << terminator->getNumOperands()
                                        << " values";
  size_t n = terminator->getNumOperands() - k;
  for (size_t j = 0; j < k; ++j) {
    Type returned = terminator->getOperand(n + j).getType();
    if (returned != inits[j])
      return emitShapeError(location, op) << "body returns carry " << j << " of type " << returned
                                          << ", but init " << j << " has type " << inits[j];
  }
  // (C8) something gives the length.
  if (m + n == 0)
    return emitShapeError(location, op) << "needs at least one input or output to give the scan length";
  // (C1) for the outputs, and (C7): outputs, then carries.
  for (size_t i = 0; i < n; ++i) {
    auto element = dyn_cast<RankedTensorType>(terminator->getOperand(i).getType());
    if (!element)
      return emitShapeError(location, op) << "body output " << i << " must be a ranked tensor";
    if (dimension < 0 || dimension > element.getRank())
      return emitShapeError(location, op) << "scan dimension " << dimension
                                          << " is out of range for body output " << i
                                          << " of type " << element;
    SmallVector<int64_t> shape(element.getShape());
    shape.insert(shape.begin() + dimension, length);
    types.push_back(RankedTensorType::get(shape, element.getElementType()));
  }
  llvm::append_range(types, inits);
  return success();
}

//===----------------------------------------------------------------------===//
// minimum_broadcast_shapes
//===----------------------------------------------------------------------===//

LogicalResult MinimumBroadcastShapesOp::verify() {
  size_t operands = getShapes().size(), results = getResults().size();
  // (C1) one result per operand.
  if (operands != results)
    return emitOpError() << "(C1) takes as many results as operands, got " << operands << " operands and "
                         << results << " results";
  // (C2) two or more shapes.
  if (operands < 2)
    return emitOpError() << "(C2) takes at least two shapes, got " << operands;
  // (C3) a result is no longer than its operand.
  for (size_t i = 0; i < operands; ++i) {
    int64_t in = cast<RankedTensorType>(getShapes()[i].getType()).getDimSize(0);
    int64_t out = cast<RankedTensorType>(getResults()[i].getType()).getDimSize(0);
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) && out > in)
      return emitOpError() << "(C3) result " << i << " has length " << out << ", longer than its operand's " << in;
  }
  return success();
}
