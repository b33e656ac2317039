//===- StablehloOps.cpp - StableHLO-compatible dialect -------------------===//
//
// Dialect registration, custom syntax and verifiers. Constraint ids from the
// StableHLO spec (e.g. `broadcast_in_dim_c2`) are named in comments and in the
// negative tests of test/Dialect/stablehlo.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xla::stablehlo;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

namespace {

// `: T` when every operand and the result have type T, otherwise the
// functional type `: (T0, T1) -> R`.
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != operands.size())
      return parser.emitError(loc)
             << "expected " << operands.size()
             << " operand type(s) in the functional type, got "
             << fn.getNumInputs();
    if (fn.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected 1 result type in the functional type, got "
             << fn.getNumResults();
    for (auto [slot, input] : llvm::zip(operands, fn.getInputs()))
      *slot = input;
    result = fn.getResult(0);
    return success();
  }
  for (Type *slot : operands)
    *slot = type;
  result = type;
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> operands, Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    printer << result;
    return;
  }
  printer.printFunctionalType(operands, TypeRange(result));
}

} // namespace

static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Type &operand, Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&operand}, result);
}
static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Type &lhs, Type &rhs,
                                                  Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&lhs, &rhs}, result);
}
static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Type &a, Type &b, Type &c,
                                                  Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&a, &b, &c}, result);
}
static void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                           Type a, Type b, Type c,
                                           Type result) {
  printSameOperandsAndResultTypeImpl(printer, {a, b, c}, result);
}
static void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                           Type operand, Type result) {
  printSameOperandsAndResultTypeImpl(printer, {operand}, result);
}
static void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                           Type lhs, Type rhs, Type result) {
  printSameOperandsAndResultTypeImpl(printer, {lhs, rhs}, result);
}

// `: P, T` when both branches and the result have type T, otherwise the
// functional type `: (P, T0, T1) -> R`.
static ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred,
                                     Type &onTrue, Type &onFalse,
                                     Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(first)) {
    if (fn.getNumInputs() != 3 || fn.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected a functional type with 3 inputs and 1 result";
    pred = fn.getInput(0);
    onTrue = fn.getInput(1);
    onFalse = fn.getInput(2);
    result = fn.getResult(0);
    return success();
  }
  Type value;
  if (parser.parseComma() || parser.parseType(value))
    return failure();
  pred = first;
  onTrue = onFalse = result = value;
  return success();
}

static void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                              Type onTrue, Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange(result));
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloDialect.cpp.inc"
#include "xla/Dialect/StableHLO/StablehloEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/StableHLO/StablehloOps.cpp.inc"

void StableHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/StableHLO/StablehloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xla/Dialect/StableHLO/StablehloAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  if (!adaptor.getValue())
    return failure();
  types.push_back(adaptor.getValue().getType());
  return success();
}

// stablehlo.constant {attrs}? dense<...> : tensor<...>
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(attr);
  if (!elements)
    return parser.emitError(loc)
           << "expected a tensor literal such as `dense<1.0> : tensor<f32>`";
  result.getOrAddProperties<Properties>().value = elements;
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(getValue());
}

//===----------------------------------------------------------------------===//
// CompareOp
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::verify() {
  // compare_c3/c4: compare_type must suit the element type.
  auto compareType = getCompareType();
  if (!compareType)
    return success();
  Type element = getElementTypeOrSelf(getLhs().getType());
  bool isFloat = isa<FloatType, ComplexType>(element);
  auto integer = dyn_cast<IntegerType>(element);
  switch (*compareType) {
  case ComparisonType::FLOAT:
  case ComparisonType::TOTALORDER:
    if (!isFloat)
      return emitOpError() << "compare_type "
                           << stringifyComparisonType(*compareType)
                           << " requires floating-point or complex operands, got "
                           << element;
    break;
  case ComparisonType::SIGNED:
    if (!integer || integer.isUnsigned() || integer.getWidth() == 1)
      return emitOpError()
             << "compare_type SIGNED requires signed integer operands, got "
             << element;
    break;
  case ComparisonType::UNSIGNED:
    if (!integer || (integer.isSigned() && integer.getWidth() != 1))
      return emitOpError() << "compare_type UNSIGNED requires unsigned "
                              "integer or boolean operands, got "
                           << element;
    break;
  case ComparisonType::NOTYPE:
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  auto onTrue = getOnTrue().getType();
  // select_c2: both branches have the same type.
  if (onTrue != getOnFalse().getType())
    return emitOpError() << "requires on_true and on_false to have the same "
                            "type, got "
                         << onTrue << " and " << getOnFalse().getType();
  // select_c3: the result has the branches' type.
  if (onTrue != getResult().getType())
    return emitOpError() << "requires the result type " << getResult().getType()
                         << " to equal the type of on_true " << onTrue;
  // select_c1: pred is a scalar or has the branches' shape.
  auto pred = getPred().getType();
  if (pred.getRank() != 0 && pred.getShape() != onTrue.getShape())
    return emitOpError() << "requires pred to be a scalar or to have the shape "
                            "of on_true, got "
                         << pred << " and " << onTrue;
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastInDimOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto operandType = getOperand().getType();
  auto resultType = getResult().getType();
  // broadcast_in_dim_c1: element types agree.
  if (operandType.getElementType() != resultType.getElementType())
    return emitOpError() << "requires the operand and result element types to "
                            "match, got "
                         << operandType.getElementType() << " and "
                         << resultType.getElementType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  // broadcast_in_dim_c2: one entry per operand dimension.
  if (static_cast<int64_t>(dims.size()) != operandType.getRank())
    return emitOpError() << "requires broadcast_dimensions to have one entry "
                            "per operand dimension ("
                         << operandType.getRank() << "), got " << dims.size();
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    // broadcast_in_dim_c3: each entry is a result dimension.
    if (dim < 0 || dim >= resultType.getRank())
      return emitOpError() << "broadcast_dimensions[" << i << "] = " << dim
                           << " is out of range for a result of rank "
                           << resultType.getRank();
    // broadcast_in_dim_c4: entries are unique.
    if (!seen.insert(dim).second)
      return emitOpError() << "broadcast_dimensions has " << dim
                           << " more than once";
    // broadcast_in_dim_c5: size 1 or equal size.
    int64_t from = operandType.getDimSize(i);
    int64_t to = resultType.getDimSize(dim);
    if (!ShapedType::isDynamic(from) && !ShapedType::isDynamic(to) &&
        from != 1 && from != to)
      return emitOpError() << "operand dimension " << i << " has size " << from
                           << ", which can be broadcast only to size " << from
                           << " or from size 1, but result dimension " << dim
                           << " has size " << to;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Integer lists: `[1, 2]`
//===----------------------------------------------------------------------===//

static ParseResult parseIntList(AsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(value);
    return success();
  });
}

static void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

//===----------------------------------------------------------------------===//
// DotDimensionNumbersAttr
//===----------------------------------------------------------------------===//

// #stablehlo.dot<lhs_batching_dimensions = [0], ...> (fields in any order,
// empty ones may be left out).
Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return {};
      SmallVectorImpl<int64_t> *slot =
          llvm::StringSwitch<SmallVectorImpl<int64_t> *>(key)
              .Case("lhs_batching_dimensions", &lhsBatch)
              .Case("rhs_batching_dimensions", &rhsBatch)
              .Case("lhs_contracting_dimensions", &lhsContract)
              .Case("rhs_contracting_dimensions", &rhsContract)
              .Default(nullptr);
      if (!slot) {
        parser.emitError(loc) << "unknown field '" << key
                              << "' in #stablehlo.dot";
        return {};
      }
      if (parseIntList(parser, *slot))
        return {};
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  return DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  std::pair<StringRef, ArrayRef<int64_t>> fields[] = {
      {"lhs_batching_dimensions", getLhsBatchingDimensions()},
      {"rhs_batching_dimensions", getRhsBatchingDimensions()},
      {"lhs_contracting_dimensions", getLhsContractingDimensions()},
      {"rhs_contracting_dimensions", getRhsContractingDimensions()}};
  printer << '<';
  bool first = true;
  for (auto &[name, values] : fields) {
    if (values.empty())
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << name << " = ";
    printIntList(printer, values);
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// DotGeneralOp
//===----------------------------------------------------------------------===//

// %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1],
//   precision = [DEFAULT, DEFAULT] {attrs} : (lhs, rhs) -> result
ParseResult DotGeneralOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs))
    return failure();
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  SmallVector<Attribute> precision;
  MLIRContext *context = parser.getContext();
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "batching_dims" || key == "contracting_dims") {
      auto &lhsDims = key == "batching_dims" ? lhsBatch : lhsContract;
      auto &rhsDims = key == "batching_dims" ? rhsBatch : rhsContract;
      if (parseIntList(parser, lhsDims) || parser.parseKeyword("x") ||
          parseIntList(parser, rhsDims))
        return failure();
    } else if (key == "precision") {
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SMLoc at = parser.getCurrentLocation();
                StringRef word;
                if (parser.parseKeyword(&word))
                  return failure();
                std::optional<Precision> value = symbolizePrecision(word);
                if (!value)
                  return parser.emitError(at)
                         << "unknown precision '" << word
                         << "' (expected DEFAULT, HIGH or HIGHEST)";
                precision.push_back(PrecisionAttr::get(context, *value));
                return success();
              }))
        return failure();
    } else {
      return parser.emitError(loc)
             << "unknown dot_general field '" << key
             << "' (expected batching_dims, contracting_dims or precision)";
    }
  }
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(typeLoc)
           << "expected a functional type with 2 inputs and 1 result";
  if (parser.resolveOperand(lhs, type.getInput(0), result.operands) ||
      parser.resolveOperand(rhs, type.getInput(1), result.operands))
    return failure();
  result.addTypes(type.getResults());
  auto &properties = result.getOrAddProperties<Properties>();
  properties.dot_dimension_numbers = DotDimensionNumbersAttr::get(
      context, lhsBatch, rhsBatch, lhsContract, rhsContract);
  if (!precision.empty())
    properties.precision_config = ArrayAttr::get(context, precision);
  return success();
}

void DotGeneralOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLhs() << ", " << getRhs();
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    printer << ", batching_dims = ";
    printIntList(printer, dims.getLhsBatchingDimensions());
    printer << " x ";
    printIntList(printer, dims.getRhsBatchingDimensions());
  }
  printer << ", contracting_dims = ";
  printIntList(printer, dims.getLhsContractingDimensions());
  printer << " x ";
  printIntList(printer, dims.getRhsContractingDimensions());
  if (ArrayAttr precision = getPrecisionConfigAttr()) {
    printer << ", precision = [";
    llvm::interleaveComma(precision, printer, [&](Attribute attr) {
      printer << stringifyPrecision(cast<PrecisionAttr>(attr).getValue());
    });
    printer << ']';
  }
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"dot_dimension_numbers", "precision_config"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

// Checks one side's batching and contracting dimensions: in range
// (dot_general_c5/c6) and all distinct (dot_general_c3/c4).
static LogicalResult verifyDotSide(DotGeneralOp op, StringRef side,
                                   int64_t rank, ArrayRef<int64_t> batching,
                                   ArrayRef<int64_t> contracting) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [list, name] : {std::make_pair(batching, "batching"),
                            std::make_pair(contracting, "contracting")}) {
    for (int64_t dim : list) {
      if (dim < 0 || dim >= rank)
        return op.emitOpError()
               << side << "_" << name << "_dimensions has " << dim
               << ", out of range for a " << side << " of rank " << rank;
      if (!seen.insert(dim).second)
        return op.emitOpError()
               << side << " dimension " << dim
               << " appears more than once in the batching and contracting "
                  "dimensions";
    }
  }
  return success();
}

LogicalResult DotGeneralOp::verify() {
  auto lhsType = getLhs().getType();
  auto rhsType = getRhs().getType();
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  auto lhsBatch = dims.getLhsBatchingDimensions();
  auto rhsBatch = dims.getRhsBatchingDimensions();
  auto lhsContract = dims.getLhsContractingDimensions();
  auto rhsContract = dims.getRhsContractingDimensions();
  // dot_general_c1/c2: the lists pair up.
  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "has " << lhsBatch.size()
                         << " lhs batching dimensions but " << rhsBatch.size()
                         << " rhs batching dimensions";
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "has " << lhsContract.size()
                         << " lhs contracting dimensions but "
                         << rhsContract.size() << " rhs contracting dimensions";
  if (failed(verifyDotSide(*this, "lhs", lhsType.getRank(), lhsBatch,
                           lhsContract)) ||
      failed(verifyDotSide(*this, "rhs", rhsType.getRank(), rhsBatch,
                           rhsContract)))
    return failure();
  // dot_general_c7/c8: paired dimensions have equal sizes.
  auto pairs = [&](ArrayRef<int64_t> l, ArrayRef<int64_t> r,
                   StringRef what) -> LogicalResult {
    for (auto [a, b] : llvm::zip(l, r)) {
      int64_t x = lhsType.getDimSize(a), y = rhsType.getDimSize(b);
      if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
        return emitOpError() << what << " dimensions lhs[" << a << "] (size "
                             << x << ") and rhs[" << b << "] (size " << y
                             << ") differ in size";
    }
    return success();
  };
  if (failed(pairs(lhsBatch, rhsBatch, "batching")) ||
      failed(pairs(lhsContract, rhsContract, "contracting")))
    return failure();
  // dot_general_c11: one precision per operand, when given.
  if (ArrayAttr precision = getPrecisionConfigAttr();
      precision && precision.size() != 0 && precision.size() != 2)
    return emitOpError() << "precision_config must have 0 or 2 entries, got "
                         << precision.size();
  if (lhsType.getElementType() != rhsType.getElementType())
    return emitOpError() << "requires lhs and rhs of the same element type, got "
                         << lhsType.getElementType() << " and "
                         << rhsType.getElementType();
  // dot_general_c13: result shape = batch, lhs free, rhs free.
  SmallVector<int64_t> shape;
  for (int64_t dim : lhsBatch)
    shape.push_back(lhsType.getDimSize(dim));
  for (int64_t dim = 0; dim < lhsType.getRank(); ++dim)
    if (!llvm::is_contained(lhsBatch, dim) &&
        !llvm::is_contained(lhsContract, dim))
      shape.push_back(lhsType.getDimSize(dim));
  for (int64_t dim = 0; dim < rhsType.getRank(); ++dim)
    if (!llvm::is_contained(rhsBatch, dim) &&
        !llvm::is_contained(rhsContract, dim))
      shape.push_back(rhsType.getDimSize(dim));
  auto resultType = getResult().getType();
  if (resultType.getShape() != ArrayRef<int64_t>(shape)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    os << '[';
    llvm::interleaveComma(shape, os);
    os << ']';
    return emitOpError() << "result type " << resultType
                         << " does not have the shape " << expected
                         << " (batch, lhs free, rhs free dimensions)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

// The single op of a body that the compact form can print: `applies <op>`
// stands for a body made of that op on (accumulator, element) and a return
// of its result.
static Operation *compactReduceBody(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || !llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  Operation &inner = block.front();
  auto terminator = dyn_cast<ReturnOp>(block.getTerminator());
  if (!terminator || terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != (inner.getNumResults() == 1 ? inner.getResult(0) : Value()))
    return nullptr;
  if (inner.getDialect() != op->getDialect() || inner.getNumRegions() != 0 ||
      !inner.getAttrDictionary().empty() || inner.getNumOperands() != 2 ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != block.getArgument(0).getType() ||
      block.getArgument(0).getType() != block.getArgument(1).getType())
    return nullptr;
  return &inner;
}

// (%x init: %c), ... applies stablehlo.add across dimensions = [1] : type
// (%x init: %c), ... across dimensions = [1] : type
//     reducer(%acc: tensor<f32>, %el: tensor<f32>) ... { body }
ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand input, init;
        if (parser.parseLParen() || parser.parseOperand(input) ||
            parser.parseKeyword("init") || parser.parseColon() ||
            parser.parseOperand(init) || parser.parseRParen())
          return failure();
        inputs.push_back(input);
        inits.push_back(init);
        return success();
      }))
    return failure();
  std::optional<OperationName> applies;
  SMLoc appliesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    appliesLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    applies = *name;
  }
  SmallVector<int64_t> dimensions;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseIntList(parser, dimensions) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseType(type))
    return failure();
  size_t n = inputs.size();
  if (type.getNumInputs() != 2 * n || type.getNumResults() != n)
    return parser.emitError(typeLoc)
           << "expected a functional type with " << 2 * n << " inputs and "
           << n << " results";
  if (parser.resolveOperands(inputs, type.getInputs().take_front(n), typeLoc,
                             result.operands) ||
      parser.resolveOperands(inits, type.getInputs().drop_front(n), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.getOrAddProperties<Properties>().dimensions =
      DenseI64ArrayAttr::get(parser.getContext(), dimensions);

  Region *body = result.addRegion();
  if (applies) {
    // Only a single-input reduction has a compact form.
    if (n != 1)
      return parser.emitError(appliesLoc)
             << "'applies' needs exactly one input, got " << n;
    Type scalar = RankedTensorType::get(
        {}, getElementTypeOrSelf(type.getInput(n)));
    Location loc = result.location;
    auto *block = new Block();
    body->push_back(block);
    block->addArguments({scalar, scalar}, {loc, loc});
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToStart(block);
    OperationState state(loc, *applies);
    state.addOperands(block->getArguments());
    state.addTypes(scalar);
    Operation *inner = builder.create(state);
    builder.create<ReturnOp>(loc, inner->getResults());
    return success();
  }
  // reducer(%acc0: T, %el0: T) (%acc1: U, %el1: U) ... { body }
  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accumulators, elements;
  for (size_t i = 0; i < n; ++i) {
    SmallVector<OpAsmParser::Argument> pair;
    SMLoc pairLoc = parser.getCurrentLocation();
    if (parser.parseArgumentList(pair, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true))
      return failure();
    if (pair.size() != 2)
      return parser.emitError(pairLoc)
             << "expected (accumulator, element) arguments for input " << i;
    accumulators.push_back(pair[0]);
    elements.push_back(pair[1]);
  }
  SmallVector<OpAsmParser::Argument> arguments(accumulators);
  arguments.append(elements);
  return parser.parseRegion(*body, arguments);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  size_t n = getInputs().size();
  printer << '(';
  for (size_t i = 0; i < n; ++i) {
    if (i)
      printer << "), (";
    printer << getInputs()[i] << " init: " << getInitValues()[i];
  }
  printer << ')';
  Operation *compact = compactReduceBody(*this);
  if (compact)
    printer << " applies " << compact->getName();
  printer << " across dimensions = ";
  printIntList(printer, getDimensions());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
  if (compact)
    return;
  printer.printNewline();
  printer << " reducer";
  Block &block = getBody().front();
  for (size_t i = 0; i < n; ++i) {
    printer << (i ? " (" : "(");
    printer.printRegionArgument(block.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(block.getArgument(n + i));
    printer << ')';
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult ReduceOp::verify() {
  size_t n = getInputs().size();
  if (n == 0)
    return emitOpError() << "needs at least one input";
  auto firstType = cast<RankedTensorType>(getInputs()[0].getType());
  // reduce_c1: all inputs have one shape.
  for (Value input : getInputs())
    if (cast<RankedTensorType>(input.getType()).getShape() !=
        firstType.getShape())
      return emitOpError() << "requires all inputs to have the same shape, got "
                           << firstType << " and " << input.getType();
  // reduce_c2: init values are scalars of the inputs' element types.
  for (auto [input, init] : llvm::zip(getInputs(), getInitValues())) {
    auto initType = cast<RankedTensorType>(init.getType());
    if (initType.getRank() != 0 ||
        initType.getElementType() != getElementTypeOrSelf(input.getType()))
      return emitOpError() << "init value of type " << initType
                           << " must be a rank-0 tensor of the element type of "
                           << input.getType();
  }
  // reduce_c4/c5: dimensions in range and unique.
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : getDimensions()) {
    if (dim < 0 || dim >= firstType.getRank())
      return emitOpError() << "dimension " << dim
                           << " is out of range for inputs of rank "
                           << firstType.getRank();
    if (!seen.insert(dim).second)
      return emitOpError() << "dimension " << dim << " appears more than once";
  }
  // reduce_c6: body (acc..., el...) -> acc..., all rank-0 tensors of the
  // init types.
  Block &block = getBody().front();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "body must take " << 2 * n
                         << " arguments (accumulators, then elements), got "
                         << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i)
    if (block.getArgument(i).getType() != getInitValues()[i % n].getType())
      return emitOpError() << "body argument " << i << " has type "
                           << block.getArgument(i).getType() << ", expected "
                           << getInitValues()[i % n].getType();
  auto terminator = dyn_cast<ReturnOp>(block.getTerminator());
  if (!terminator)
    return emitOpError() << "body must end with stablehlo.return";
  if (terminator->getNumOperands() != n)
    return emitOpError() << "body must return " << n << " value(s), got "
                         << terminator->getNumOperands();
  for (size_t i = 0; i < n; ++i)
    if (terminator->getOperand(i).getType() != getInitValues()[i].getType())
      return emitOpError() << "body result " << i << " has type "
                           << terminator->getOperand(i).getType()
                           << ", expected " << getInitValues()[i].getType();
  // reduce_c7: results drop the reduced dimensions.
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < firstType.getRank(); ++dim)
    if (!seen.contains(dim))
      shape.push_back(firstType.getDimSize(dim));
  for (size_t i = 0; i < n; ++i) {
    auto resultType = cast<RankedTensorType>(getResult(i).getType());
    auto expected = RankedTensorType::get(
        shape, getElementTypeOrSelf(getInitValues()[i].getType()));
    if (resultType != expected)
      return emitOpError() << "result " << i << " has type " << resultType
                           << ", expected " << expected;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp, TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto operandType = getOperand().getType();
  auto resultType = getResult().getType();
  // reshape_c1: same element type and number of elements.
  if (operandType.getElementType() != resultType.getElementType())
    return emitOpError() << "requires the operand and result element types to "
                            "match, got "
                         << operandType.getElementType() << " and "
                         << resultType.getElementType();
  if (operandType.hasStaticShape() && resultType.hasStaticShape() &&
      operandType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "cannot reshape " << operandType.getNumElements()
                         << " elements (" << operandType << ") into "
                         << resultType.getNumElements() << " (" << resultType
                         << ")";
  return success();
}

LogicalResult TransposeOp::verify() {
  auto operandType = getOperand().getType();
  auto resultType = getResult().getType();
  ArrayRef<int64_t> permutation = getPermutation();
  // transpose_c1: a permutation of the operand's dimensions.
  if (static_cast<int64_t>(permutation.size()) != operandType.getRank())
    return emitOpError() << "permutation has " << permutation.size()
                         << " entries for an operand of rank "
                         << operandType.getRank();
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : permutation)
    if (dim < 0 || dim >= operandType.getRank() || !seen.insert(dim).second)
      return emitOpError() << "dims must be a permutation of [0, "
                           << operandType.getRank() << "), got " << dim
                           << " out of range or repeated";
  // transpose_c2: result dimension i is operand dimension permutation[i].
  if (operandType.getElementType() != resultType.getElementType() ||
      resultType.getRank() != operandType.getRank())
    return emitOpError() << "result type " << resultType
                         << " must have the operand's element type and rank";
  for (auto [i, dim] : llvm::enumerate(permutation)) {
    int64_t expected = operandType.getDimSize(dim);
    int64_t actual = resultType.getDimSize(i);
    if (!ShapedType::isDynamic(expected) && !ShapedType::isDynamic(actual) &&
        expected != actual)
      return emitOpError() << "result dimension " << i << " has size "
                           << actual << " but operand dimension " << dim
                           << " has size " << expected;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// IotaOp, ConcatenateOp, SliceOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getOutput().getType());
  // iota_c1: the dimension exists.
  int64_t dim = static_cast<int64_t>(getIotaDimension());
  if (dim < 0 || dim >= type.getRank())
    return emitOpError() << "iota_dimension " << dim
                         << " is out of range for a result of rank "
                         << type.getRank();
  return success();
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  auto first = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t dim = static_cast<int64_t>(getDimension());
  // concatenate_c4: the dimension exists.
  if (dim < 0 || dim >= first.getRank())
    return emitOpError() << "dimension " << dim
                         << " is out of range for inputs of rank "
                         << first.getRank();
  int64_t total = 0;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    // concatenate_c1/c2: same element type and rank, same sizes elsewhere.
    if (type.getElementType() != first.getElementType() ||
        type.getRank() != first.getRank())
      return emitOpError() << "input " << i << " (" << type
                           << ") must have the element type and rank of input "
                              "0 ("
                           << first << ")";
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != dim && type.getDimSize(d) != first.getDimSize(d))
        return emitOpError() << "input " << i << " has size "
                             << type.getDimSize(d) << " in dimension " << d
                             << ", input 0 has " << first.getDimSize(d);
    total += type.getDimSize(dim);
  }
  // concatenate_c6: the result adds up the sizes along the dimension.
  auto resultType = cast<RankedTensorType>(getResult().getType());
  SmallVector<int64_t> shape(first.getShape());
  shape[dim] = total;
  auto expected = RankedTensorType::get(shape, first.getElementType());
  if (resultType != expected)
    return emitOpError() << "result type " << resultType << " should be "
                         << expected;
  return success();
}

// %x [start:limit(:stride)?, ...] : (operand) -> result
ParseResult SliceOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand operand;
  SmallVector<int64_t> starts, limits, strides;
  if (parser.parseOperand(operand) ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t start, limit, stride = 1;
            if (parser.parseInteger(start) || parser.parseColon() ||
                parser.parseInteger(limit))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(stride))
              return failure();
            starts.push_back(start);
            limits.push_back(limit);
            strides.push_back(stride);
            return success();
          }) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseType(type))
    return failure();
  if (type.getNumInputs() != 1 || type.getNumResults() != 1)
    return parser.emitError(typeLoc)
           << "expected a functional type with 1 input and 1 result";
  if (parser.resolveOperand(operand, type.getInput(0), result.operands))
    return failure();
  result.addTypes(type.getResults());
  MLIRContext *context = parser.getContext();
  auto &properties = result.getOrAddProperties<Properties>();
  properties.start_indices = DenseI64ArrayAttr::get(context, starts);
  properties.limit_indices = DenseI64ArrayAttr::get(context, limits);
  properties.strides = DenseI64ArrayAttr::get(context, strides);
  return success();
}

void SliceOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getOperand() << " [";
  for (size_t i = 0; i < getStartIndices().size(); ++i) {
    if (i)
      printer << ", ";
    printer << getStartIndices()[i] << ':' << getLimitIndices()[i];
    if (getStrides()[i] != 1)
      printer << ':' << getStrides()[i];
  }
  printer << ']';
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"start_indices", "limit_indices", "strides"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

LogicalResult SliceOp::verify() {
  auto type = getOperand().getType();
  ArrayRef<int64_t> starts = getStartIndices(), limits = getLimitIndices(),
                    strides = getStrides();
  // slice_c2: one entry per dimension.
  if (static_cast<int64_t>(starts.size()) != type.getRank() ||
      limits.size() != starts.size() || strides.size() != starts.size())
    return emitOpError() << "needs start, limit and stride for each of the "
                         << type.getRank() << " operand dimensions";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    int64_t size = type.getDimSize(d);
    // slice_c3/c4: 0 <= start <= limit <= size, stride > 0.
    if (starts[d] < 0 || starts[d] > limits[d] ||
        (!ShapedType::isDynamic(size) && limits[d] > size))
      return emitOpError() << "dimension " << d << ": need 0 <= start ("
                           << starts[d] << ") <= limit (" << limits[d]
                           << ") <= size (" << size << ")";
    if (strides[d] <= 0)
      return emitOpError() << "dimension " << d << ": stride " << strides[d]
                           << " must be positive";
    shape.push_back((limits[d] - starts[d] + strides[d] - 1) / strides[d]);
  }
  // slice_c5: result shape.
  auto expected = RankedTensorType::get(shape, type.getElementType());
  if (getResult().getType() != expected)
    return emitOpError() << "result type " << getResult().getType()
                         << " should be " << expected;
  return success();
}

// %a, %b, ..., dim = 0 {attrs} : (types) -> type
ParseResult ConcatenateOp::parse(OpAsmParser &parser,
                                 OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs;
  int64_t dimension;
  do {
    if (succeeded(parser.parseOptionalKeyword("dim")))
      break;
    OpAsmParser::UnresolvedOperand input;
    if (parser.parseOperand(input) || parser.parseComma())
      return failure();
    inputs.push_back(input);
    if (succeeded(parser.parseOptionalKeyword("dim")))
      break;
  } while (true);
  if (parser.parseEqual() || parser.parseInteger(dimension) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseType(type))
    return failure();
  if (type.getNumInputs() != inputs.size() || type.getNumResults() != 1)
    return parser.emitError(typeLoc)
           << "expected a functional type with " << inputs.size()
           << " inputs and 1 result";
  if (parser.resolveOperands(inputs, type.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.getOrAddProperties<Properties>().dimension =
      IntegerAttr::get(IntegerType::get(parser.getContext(), 64), dimension);
  return success();
}

void ConcatenateOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperands(getInputs());
  printer << ", dim = " << getDimension();
  printer.printOptionalAttrDict((*this)->getAttrs(), {"dimension"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

//===----------------------------------------------------------------------===//
// PadOp, ReverseOp
//===----------------------------------------------------------------------===//

LogicalResult PadOp::verify() {
  auto type = getOperand().getType();
  auto paddingType = getPaddingValue().getType();
  // pad_c1: the padding value is a scalar of the operand's element type.
  if (paddingType.getRank() != 0 ||
      paddingType.getElementType() != type.getElementType())
    return emitOpError() << "padding value " << paddingType
                         << " must be a rank-0 tensor of element type "
                         << type.getElementType();
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  // pad_c2: one entry per dimension.
  if (static_cast<int64_t>(low.size()) != type.getRank() ||
      high.size() != low.size() || interior.size() != low.size())
    return emitOpError() << "needs low, high and interior padding for each of "
                            "the "
                         << type.getRank() << " operand dimensions";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    // pad_c3: interior padding is not negative.
    if (interior[d] < 0)
      return emitOpError() << "interior padding " << interior[d]
                           << " of dimension " << d << " is negative";
    int64_t n = type.getDimSize(d);
    if (ShapedType::isDynamic(n)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t size = low[d] + high[d] + n + std::max<int64_t>(n - 1, 0) * interior[d];
    if (size < 0)
      return emitOpError() << "dimension " << d << " would have size " << size;
    shape.push_back(size);
  }
  // pad_c4: result shape.
  auto expected = RankedTensorType::get(shape, type.getElementType());
  if (getResult().getType() != expected)
    return emitOpError() << "result type " << getResult().getType()
                         << " should be " << expected;
  return success();
}

LogicalResult ReverseOp::verify() {
  int64_t rank = getOperand().getType().getRank();
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : getDimensions()) {
    // reverse_c2/c3: dimensions unique and in range.
    if (dim < 0 || dim >= rank)
      return emitOpError() << "dimension " << dim
                           << " is out of range for an operand of rank "
                           << rank;
    if (!seen.insert(dim).second)
      return emitOpError() << "dimension " << dim << " appears more than once";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ClampOp
//===----------------------------------------------------------------------===//

LogicalResult ClampOp::verify() {
  auto operandType = getOperand().getType();
  for (auto [name, bound] : {std::make_pair("min", getMin()),
                             std::make_pair("max", getMax())}) {
    auto type = cast<RankedTensorType>(bound.getType());
    // clamp_c1: scalar or the operand's shape; clamp_c2: same element type.
    if (type.getElementType() != operandType.getElementType())
      return emitOpError() << name << " has element type "
                           << type.getElementType() << ", operand has "
                           << operandType.getElementType();
    if (type.getRank() != 0 && type.getShape() != operandType.getShape())
      return emitOpError() << name << " (" << type
                           << ") must be a scalar or have the operand's shape ("
                           << operandType << ")";
  }
  if (getResult().getType() != operandType)
    return emitOpError() << "result type " << getResult().getType()
                         << " must equal the operand type " << operandType;
  return success();
}
