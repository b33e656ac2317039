//===- StablehloContractions.cpp - dot_general and reduce ----------------===//
//
// Syntax and verification of the contraction and reduction ops, and of the
// #stablehlo.dot attribute.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace xla::stablehlo;

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
