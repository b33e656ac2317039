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
// empty ones may be left out, a comma may follow the last).
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
      // A comma may end the list (`..., rhs_contracting_dimensions = [1],>`).
      if (failed(parser.parseOptionalComma())) {
        if (parser.parseGreater())
          return {};
        break;
      }
    } while (failed(parser.parseOptionalGreater()));
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
  DotAlgorithmAttr algorithm;
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
    } else if (key == "algorithm") {
      // `algorithm = <...>`: the body of a #stablehlo.dot_algorithm.
      algorithm = dyn_cast_if_present<DotAlgorithmAttr>(DotAlgorithmAttr::parse(parser, Type()));
      if (!algorithm)
        return failure();
    } else {
      return parser.emitError(loc)
             << "unknown dot_general field '" << key
             << "' (expected batching_dims, contracting_dims, precision or algorithm)";
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
  if (algorithm)
    properties.algorithm = algorithm;
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
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    printer << ", algorithm = ";
    algorithm.print(printer);
  }
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"dot_dimension_numbers", "precision_config", "algorithm"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

// Verified by its shape function, inferDotGeneralOp (ShapeInference.cpp).

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

