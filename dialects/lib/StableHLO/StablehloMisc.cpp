//===- StablehloMisc.cpp - fft, rng, linear algebra, custom_call, ... ----===//
//
// Syntax and verification of the ops in StablehloMiscOps.td (the dynamic-
// shape ones are in StablehloDynamic.cpp) and of #stablehlo.output_operand_alias.
// Spec constraint ids (`fft_c2`) name the rules in comments and in the
// negative tests of test/Dialect/stablehlo/invalid-misc-ops.mlir; broadcast,
// dot and set_dimension_size are not in the spec and follow StableHLO's (or
// MHLO's) own verifier.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xla::stablehlo;

static bool compatibleShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  return a.size() == b.size() &&
         llvm::all_of(llvm::zip(a, b), [](auto p) {
           return compatibleDim(std::get<0>(p), std::get<1>(p));
         });
}

// `: T` (operand and result of type T) or `: (T) -> R`.
static ParseResult parseUnaryType(OpAsmParser &parser, Type &operand, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 1 || fn.getNumResults() != 1)
      return parser.emitError(loc) << "expected a functional type with 1 input and 1 result";
    operand = fn.getInput(0);
    result = fn.getResult(0);
    return success();
  }
  operand = result = type;
  return success();
}

// Moves inherent attributes written in the attribute dictionary of a custom
// form into the op's properties, with the same errors as a generated parser.
template <typename OpTy>
static ParseResult checkInherentAttrs(OpAsmParser &parser, OperationState &result, SMLoc loc) {
  return OpTy::verifyInherentAttrs(result.name, result.attributes,
                                   [&]() { return parser.emitError(loc); });
}

//===----------------------------------------------------------------------===//
// OutputOperandAliasAttr
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> output, operand;
  int64_t operandIndex = 0;
  DimensionField fields[] = {{"output_tuple_indices", &output},
                             {"operand_index", nullptr, &operandIndex},
                             {"operand_tuple_indices", &operand}};
  SmallVector<bool> seen;
  if (parseDimensionFields(parser, "output_operand_alias", fields, seen))
    return {};
  if (!seen[1]) {
    parser.emitError(loc) << "#stablehlo.output_operand_alias needs operand_index";
    return {};
  }
  return OutputOperandAliasAttr::get(parser.getContext(), output, operandIndex, operand);
}

// All fields, empty lists included, as StableHLO prints them.
void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printer << "<output_tuple_indices = ";
  printIntList(printer, getOutputTupleIndices());
  printer << ", operand_index = " << getOperandIndex() << ", operand_tuple_indices = ";
  printIntList(printer, getOperandTupleIndices());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// FftOp, ReducePrecisionOp
//===----------------------------------------------------------------------===//


// %x, format = e5m10 {attrs} : type
ParseResult ReducePrecisionOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand) || parser.parseComma() || parser.parseKeyword("format") ||
      parser.parseEqual())
    return failure();
  SMLoc formatLoc = parser.getCurrentLocation();
  StringRef format;
  if (parser.parseKeyword(&format))
    return failure();
  int64_t exponent = 0, mantissa = 0;
  size_t m = format.find('m');
  if (!format.starts_with("e") || m == StringRef::npos ||
      format.slice(1, m).getAsInteger(10, exponent) ||
      format.drop_front(m + 1).getAsInteger(10, mantissa))
    return parser.emitError(formatLoc) << "expected a format such as e5m10, got '" << format << "'";
  Builder builder(parser.getContext());
  auto &props = result.getOrAddProperties<Properties>();
  props.exponent_bits = builder.getI32IntegerAttr(exponent);
  props.mantissa_bits = builder.getI32IntegerAttr(mantissa);
  SMLoc attrLoc = parser.getCurrentLocation();
  Type operandType, resultType;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      checkInherentAttrs<ReducePrecisionOp>(parser, result, attrLoc) || parser.parseColon() ||
      parseUnaryType(parser, operandType, resultType) ||
      parser.resolveOperand(operand, operandType, result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void ReducePrecisionOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getOperand() << ", format = e" << getExponentBitsAttr().getInt() << 'm'
          << getMantissaBitsAttr().getInt();
  printer.printOptionalAttrDict((*this)->getAttrs(), {"exponent_bits", "mantissa_bits"});
  printer << " : ";
  if (getOperand().getType() == getOutput().getType())
    printer << getOutput().getType();
  else
    printer.printFunctionalType(getOperation());
}


//===----------------------------------------------------------------------===//
// RngOp, RngBitGeneratorOp
//===----------------------------------------------------------------------===//

// The values of a 1-D shape operand when a stablehlo.constant defines it.
static std::optional<SmallVector<int64_t>> constantShape(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto elements = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &v : elements.getValues<APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

LogicalResult RngOp::verify() {
  Type element = getElementTypeOrSelf(getResult().getType());
  // rng_c1: a, b and result share an element type.
  if (getElementTypeOrSelf(getA().getType()) != element ||
      getElementTypeOrSelf(getB().getType()) != element)
    return emitOpError() << "a " << getA().getType() << ", b " << getB().getType()
                         << " and the result " << getResult().getType()
                         << " must have the same element type";
  // rng_c2: NORMAL needs floats.
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(element))
    return emitOpError() << "rng_distribution NORMAL requires a floating-point element type, got "
                         << element;
  // rng_c3: shape(result) = shape.
  auto resultType = cast<RankedTensorType>(getResult().getType());
  int64_t entries = cast<ShapedType>(getShape().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(entries) && entries != resultType.getRank())
    return emitOpError() << "shape has " << entries << " entries but the result has rank "
                         << resultType.getRank();
  if (auto shape = constantShape(getShape()); shape && !compatibleShape(resultType.getShape(), *shape))
    return emitOpError() << "result shape " << listText(resultType.getShape())
                         << " must equal shape " << listText(*shape);
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  auto state = cast<RankedTensorType>(getInitialState().getType());
  // rng_bit_generator_c1: the state keeps its type.
  if (getOutputState().getType() != state)
    return emitOpError() << "output_state type " << getOutputState().getType()
                         << " must equal the initial_state type " << state;
  // rng_bit_generator_c2: state size by algorithm.
  if (state.getRank() != 1)
    return emitOpError() << "initial_state must be 1-dimensional, got " << state;
  int64_t size = state.getDimSize(0);
  RngAlgorithm algorithm = getRngAlgorithm();
  if ((algorithm == RngAlgorithm::THREE_FRY && size != 2) ||
      (algorithm == RngAlgorithm::PHILOX && size != 2 && size != 3))
    return emitOpError() << "initial_state of " << stringifyRngAlgorithm(algorithm)
                         << " must have " << (algorithm == RngAlgorithm::THREE_FRY ? "2" : "2 or 3")
                         << " elements, got " << size;
  return success();
}

//===----------------------------------------------------------------------===//
// MapOp, BroadcastOp, DotOp
//===----------------------------------------------------------------------===//



static ParseResult parsePrecision(OpAsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        StringRef word;
        if (parser.parseKeyword(&word))
          return failure();
        std::optional<Precision> value = symbolizePrecision(word);
        if (!value)
          return parser.emitError(loc) << "unknown precision '" << word
                                       << "' (expected DEFAULT, HIGH or HIGHEST)";
        values.push_back(PrecisionAttr::get(parser.getContext(), *value));
        return success();
      }))
    return failure();
  config = ArrayAttr::get(parser.getContext(), values);
  return success();
}

// %lhs, %rhs (, precision = [DEFAULT, DEFAULT])? {attrs} : (lhs, rhs) -> result
ParseResult DotOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() || parser.parseOperand(rhs))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    ArrayAttr config;
    if (parser.parseKeyword("precision") || parser.parseEqual() || parsePrecision(parser, config))
      return failure();
    result.getOrAddProperties<Properties>().precision_config = config;
  }
  SMLoc loc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      checkInherentAttrs<DotOp>(parser, result, loc) || parser.parseColon() ||
      (loc = parser.getCurrentLocation(), parser.parseType(type)))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(loc) << "expected a functional type with 2 inputs and 1 result";
  if (parser.resolveOperands({lhs, rhs}, type.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void DotOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLhs() << ", " << getRhs();
  if (ArrayAttr precision = getPrecisionConfigAttr()) {
    printer << ", precision = [";
    llvm::interleaveComma(precision, printer, [&](Attribute attr) {
      printer << stringifyPrecision(cast<PrecisionAttr>(attr).getValue());
    });
    printer << ']';
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), {"precision_config"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}


//===----------------------------------------------------------------------===//
// CholeskyOp, TriangularSolveOp
//===----------------------------------------------------------------------===//



//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

// batch_norm_*_c1: feature_index in range; c2: one element type; the
// per-feature tensors have dim(operand, feature_index) elements.




//===----------------------------------------------------------------------===//
// CustomCallOp
//===----------------------------------------------------------------------===//

// @target(%a, %b) {attrs} : (A, B) -> R   (or -> (R, S))
ParseResult CustomCallOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr target;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseSymbolName(target) ||
      parser.parseOperandList(operands, AsmParser::Delimiter::Paren))
    return failure();
  result.getOrAddProperties<Properties>().call_target_name = target;
  SMLoc loc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      checkInherentAttrs<CustomCallOp>(parser, result, loc) || parser.parseColon() ||
      (loc = parser.getCurrentLocation(), parser.parseType(type)) ||
      parser.resolveOperands(operands, type.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void CustomCallOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getCallTargetName());
  printer << '(' << getInputs() << ')';
  printer.printOptionalAttrDict((*this)->getAttrs(), {"call_target_name"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

// The type at `path` inside `type` (tuple element indices), or null.
static Type typeAtPath(Type type, ArrayRef<int64_t> path) {
  for (int64_t index : path) {
    auto tuple = dyn_cast<TupleType>(type);
    if (!tuple || index < 0 || index >= static_cast<int64_t>(tuple.size()))
      return {};
    type = tuple.getType(index);
  }
  return type;
}

static LogicalResult verifyLayouts(Operation *op, StringRef name, ArrayAttr layouts, TypeRange types) {
  // A single tuple result is laid out element by element.
  SmallVector<Type> flat(types);
  if (types.size() == 1)
    if (auto tuple = dyn_cast<TupleType>(types.front()))
      flat.assign(tuple.getTypes().begin(), tuple.getTypes().end());
  if (layouts.size() != flat.size())
    return op->emitOpError() << name << " has " << layouts.size() << " layouts for " << flat.size()
                             << " values";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(layouts, flat))) {
    auto [attr, type] = pair;
    if (isa<UnrankedTensorType>(type))
      return op->emitOpError() << name << "[" << i << "] is given for the unranked " << type
                               << ", which has no layout";
    auto tensor = dyn_cast<RankedTensorType>(type);
    int64_t rank = tensor ? tensor.getRank() : 0;
    SmallVector<int64_t> layout;
    for (const APInt &v : cast<DenseIntElementsAttr>(attr).getValues<APInt>())
      layout.push_back(v.getSExtValue());
    SmallVector<int64_t> sorted(layout);
    llvm::sort(sorted);
    bool isPermutation = static_cast<int64_t>(sorted.size()) == rank;
    for (auto [j, v] : llvm::enumerate(sorted))
      isPermutation &= v == static_cast<int64_t>(j);
    if (!isPermutation)
      return op->emitOpError() << name << "[" << i << "] = " << listText(layout)
                               << " must be a permutation of [0, " << rank << ") for " << type;
  }
  return success();
}

LogicalResult CustomCallOp::verify() {
  // Layouts: both or neither, one per value, each a permutation.
  auto operandLayouts = getOperandLayoutsAttr(), resultLayouts = getResultLayoutsAttr();
  if (!operandLayouts != !resultLayouts)
    return emitOpError() << "operand_layouts and result_layouts must be given together";
  if (operandLayouts &&
      (failed(verifyLayouts(*this, "operand_layouts", operandLayouts, getInputs().getTypes())) ||
       failed(verifyLayouts(*this, "result_layouts", resultLayouts, getResultTypes()))))
    return failure();
  // Aliases: both ends exist and have the same type.
  for (Attribute attr : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(attr);
    int64_t operandIndex = alias.getOperandIndex();
    if (operandIndex < 0 || operandIndex >= static_cast<int64_t>(getInputs().size()))
      return emitOpError() << "output_operand_aliases: operand_index " << operandIndex
                           << " is out of range for " << getInputs().size() << " operands";
    Type operandType = typeAtPath(getInputs()[operandIndex].getType(), alias.getOperandTupleIndices());
    if (!operandType)
      return emitOpError() << "output_operand_aliases: operand_tuple_indices "
                           << listText(alias.getOperandTupleIndices()) << " do not lead into operand "
                           << operandIndex << " of type " << getInputs()[operandIndex].getType();
    ArrayRef<int64_t> outputPath = alias.getOutputTupleIndices();
    Type outputType;
    if (getNumResults() == 1)
      outputType = typeAtPath(getResult(0).getType(), outputPath);
    else if (!outputPath.empty() && outputPath.front() >= 0 &&
             outputPath.front() < static_cast<int64_t>(getNumResults()))
      outputType = typeAtPath(getResult(outputPath.front()).getType(), outputPath.drop_front());
    if (!outputType)
      return emitOpError() << "output_operand_aliases: output_tuple_indices " << listText(outputPath)
                           << " do not name a result of " << typesText(getResultTypes());
    if (outputType != operandType)
      return emitOpError() << "output_operand_aliases: the aliased result has type " << outputType
                           << " but the operand has type " << operandType;
  }
  // backend_config: a dictionary exactly for the typed FFI.
  if (Attribute config = getBackendConfigAttr()) {
    bool typedFfi = getApiVersion() == CustomCallApiVersion::API_VERSION_TYPED_FFI;
    if (typedFfi != isa<DictionaryAttr>(config))
      return emitOpError() << "backend_config must be " << (typedFfi ? "a dictionary" : "a string")
                           << " for api_version " << stringifyCustomCallApiVersion(getApiVersion());
  }
  return success();
}

LogicalResult CustomCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  for (Attribute attr : getCalledComputations()) {
    auto symbol = cast<FlatSymbolRefAttr>(attr);
    if (!symbolTable.lookupNearestSymbolFrom(*this, symbol))
      return emitOpError() << "called computation " << symbol << " does not exist";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CompositeOp
//===----------------------------------------------------------------------===//

LogicalResult CompositeOp::verify() {
  // composite_c1: is_namespaced_op_name(name): two or more identifiers
  // ([A-Za-z_][A-Za-z0-9_$]*) joined by dots.
  auto isIdentifier = [](StringRef part) {
    return !part.empty() && (llvm::isAlpha(part.front()) || part.front() == '_') &&
           llvm::all_of(part, [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; });
  };
  SmallVector<StringRef> parts;
  getName().split(parts, '.');
  if (parts.size() < 2 || !llvm::all_of(parts, isIdentifier))
    return emitOpError() << "name \"" << getName()
                         << "\" must be namespaced, such as \"my_dialect.my_op\"";
  return success();
}

LogicalResult CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // composite_c2: the decomposition is a function in scope.
  Operation *callee = symbolTable.lookupNearestSymbolFrom(*this, getDecompositionAttr());
  auto function = dyn_cast_or_null<FunctionOpInterface>(callee);
  if (!function)
    return emitOpError() << "decomposition " << getDecompositionAttr() << " is not a function in scope";
  auto type = dyn_cast<FunctionType>(function.getFunctionType());
  if (!type)
    return emitOpError() << "decomposition " << getDecompositionAttr() << " has no function type";
  // composite_c3/c4: it takes the operands and returns the results.
  if (TypeRange(type.getInputs()) != TypeRange(getOperandTypes()))
    return emitOpError() << "decomposition " << getDecompositionAttr() << " takes "
                         << typesText(type.getInputs()) << " but the operands are "
                         << typesText(getOperandTypes());
  if (TypeRange(type.getResults()) != TypeRange(getResultTypes()))
    return emitOpError() << "decomposition " << getDecompositionAttr() << " returns "
                         << typesText(type.getResults()) << " but the results are "
                         << typesText(getResultTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// TupleOp, GetTupleElementOp
//===----------------------------------------------------------------------===//

// %a, %b {attrs} : tuple<A, B>
ParseResult TupleOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc loc = parser.getCurrentLocation();
  TupleType type;
  if (parser.parseOperandList(operands) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColon() || (loc = parser.getCurrentLocation(), parser.parseType(type)))
    return failure();
  if (type.size() != operands.size())
    return parser.emitError(loc) << "tuple type has " << type.size() << " elements for "
                                 << operands.size() << " operands";
  if (parser.resolveOperands(operands, type.getTypes(), loc, result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

void TupleOp::print(OpAsmPrinter &printer) {
  if (!getVal().empty())
    printer << ' ' << getVal();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : " << getResult().getType();
}


