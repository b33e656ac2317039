//===- StablehloOps.cpp - StableHLO-compatible dialect -------------------===//
//
// Dialect registration, custom syntax and verifiers. Constraint ids from the
// StableHLO spec (e.g. `broadcast_in_dim_c2`) are named in comments and in the
// negative tests of test/Dialect/stablehlo.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "Inlining.h"
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

// `%a, %b, ` before a keyword (dynamic_slice's start indices, then `sizes`).
static ParseResult parseVariadicOperandsThenComma(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed))
      return failure();
    operands.push_back(operand);
    if (parser.parseComma())
      return failure();
  }
}
static void printVariadicOperandsThenComma(OpAsmPrinter &printer, Operation *,
                                           OperandRange operands) {
  for (auto [i, operand] : llvm::enumerate(operands))
    printer << (i ? " " : "") << operand << ",";
}

// complex's `: tensor<4xcomplex<f32>>` (operands are the real parts), or a
// functional type.
static ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                                      Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc) << "expected a functional type with 2 inputs and 1 result";
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : ComplexType();
  if (!complex)
    return parser.emitError(loc) << "expected a tensor of complex type, got " << type;
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}
static void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs,
                               Type rhs, Type result) {
  auto tensor = cast<RankedTensorType>(result);
  auto complex = dyn_cast<ComplexType>(tensor.getElementType());
  if (complex && lhs == rhs && lhs == tensor.clone(complex.getElementType())) {
    printer << result;
    return;
  }
  printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

#include "xla/Dialect/StableHLO/StablehloDialect.cpp.inc"
#include "xla/Dialect/StableHLO/StablehloEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloTypes.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/StableHLO/StablehloOps.cpp.inc"

// The generated attribute parser, and the long spelling of
// #stablehlo.bounds (`type_extensions<bounds = [..]>`, StablehloAttrs.cpp),
// which has no mnemonic of its own.
Attribute StableHLODialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed = generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return succeeded(*parsed) ? attr : Attribute();
  if (mnemonic == "type_extensions")
    return parseTypeExtensionsLongForm(parser);
  parser.emitError(loc) << "unknown stablehlo attribute '" << mnemonic << "'";
  return {};
}

void StableHLODialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  if (succeeded(generatedAttributePrinter(attr, printer)))
    return;
  printer << "<unknown stablehlo attribute>";
}

void StableHLODialect::initialize() {
  addInterfaces<xla::stablehlo::HloInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/StableHLO/StablehloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xla/Dialect/StableHLO/StablehloAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "xla/Dialect/StableHLO/StablehloTypes.cpp.inc"
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

// The result is the value's type, or a quantized tensor of its shape whose
// storage integers `value` holds (the widths are checked by verify()).
bool ConstantOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  if (inferred == actual)
    return true;
  if (inferred.size() != 1 || actual.size() != 1)
    return false;
  auto value = dyn_cast<RankedTensorType>(inferred.front());
  auto result = dyn_cast<RankedTensorType>(actual.front());
  return value && result && value.getShape() == result.getShape() &&
         isa<IntegerType>(value.getElementType()) &&
         isHloQuantizedElement(result.getElementType());
}

LogicalResult ConstantOp::verify() {
  auto result = cast<RankedTensorType>(getOutput().getType());
  auto q = dyn_cast<quant::QuantizedType>(result.getElementType());
  if (!q)
    return success();
  // constant_c1 (type(value) = type(output)) for a quantized output: the
  // value holds its storage integers.
  auto element = dyn_cast<IntegerType>(getElementTypeOrSelf(getValue().getType()));
  if (!element || element.getWidth() != q.getStorageTypeIntegralWidth())
    return emitOpError() << "requires the value of a quantized constant to hold "
                         << q.getStorageTypeIntegralWidth()
                         << "-bit storage integers, got " << getValue().getType()
                         << " for " << result << " (constant_c1)";
  return success();
}

// stablehlo.constant {attrs}? dense<...> : tensor<...>, or for a result of
// another type than the value (a quantized constant of storage integers)
// stablehlo.constant() <{value = dense<...> : tensor<...>}> {attrs}? : () -> type
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    SMLoc loc = parser.getCurrentLocation();
    NamedAttrList properties;
    if (parser.parseRParen() ||
        (succeeded(parser.parseOptionalLess()) &&
         (parser.parseOptionalAttrDict(properties) || parser.parseGreater())) ||
        parser.parseOptionalAttrDict(result.attributes))
      return failure();
    // The value as a property, or in the attribute dictionary.
    Attribute value = properties.get("value");
    if (!value)
      value = result.attributes.erase("value");
    if (llvm::any_of(properties, [](NamedAttribute a) { return a.getName() != "value"; }))
      return parser.emitError(loc) << "stablehlo.constant has only the property `value`";
    auto elements = dyn_cast_or_null<ElementsAttr>(value);
    if (!elements)
      return parser.emitError(loc) << "expected `value`, a tensor literal such as "
                                      "`dense<1.0> : tensor<f32>`";
    SMLoc typeLoc = parser.getCurrentLocation();
    FunctionType type;
    if (parser.parseColonType(type))
      return failure();
    if (type.getNumInputs() != 0 || type.getNumResults() != 1)
      return parser.emitError(typeLoc) << "expected the type `() -> result`, got " << type;
    result.getOrAddProperties<Properties>().value = elements;
    result.addTypes(type.getResults());
    return success();
  }
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
  if (getValue().getType() != getOutput().getType()) {
    printer << "() <{value = ";
    printer.printAttribute(getValue());
    printer << "}>";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    printer << " : ";
    printer.printFunctionalType(getOperation());
    return;
  }
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


//===----------------------------------------------------------------------===//
// BroadcastInDimOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // broadcast_in_dim_c1: element types agree (quantized element types: see
  // verifyQuantizedOperation).
  if (!sameOrBothQuantized(operandType.getElementType(), resultType.getElementType()))
    return emitOpError() << "requires the operand and result element types to "
                            "match, got "
                         << operandType.getElementType() << " and "
                         << resultType.getElementType();
  // The result shape is static (StableHLO's result type constraint; a
  // broadcast to a size known only at run time is dynamic_broadcast_in_dim).
  if (!resultType.hasStaticShape())
    return emitOpError() << "result must have a static shape, got " << resultType
                         << " (use stablehlo.dynamic_broadcast_in_dim)";
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
// ClampOp
//===----------------------------------------------------------------------===//


//===----------------------------------------------------------------------===//
// BitcastConvertOp, RealOp, ImagOp, ComplexOp
//===----------------------------------------------------------------------===//

// The width of an element: a complex's two parts, a quantized type's
// storage integers (bitcast_convert_c1: num_bits(storage_type)).
static unsigned elementBits(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto q = dyn_cast<quant::QuantizedType>(element))
    return q.getStorageTypeIntegralWidth();
  if (auto complex = dyn_cast<ComplexType>(element))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return element.getIntOrFloatBitWidth();
}

LogicalResult BitcastConvertOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // bitcast_convert_c2: complex only to and from complex.
  if (isa<ComplexType>(operandType.getElementType()) != isa<ComplexType>(resultType.getElementType()))
    return emitOpError() << "cannot bitcast between complex and non-complex element types ("
                         << operandType.getElementType() << " to " << resultType.getElementType() << ")";
  unsigned from = elementBits(operandType), to = elementBits(resultType);
  ArrayRef<int64_t> in = operandType.getShape(), out = resultType.getShape();
  // bitcast_convert_c1: equal widths keep the shape; otherwise the narrower
  // side has one more, minor, dimension of size (wide bits / narrow bits).
  if (from == to) {
    if (in != out)
      return emitOpError() << "operand " << operandType << " and result "
                           << resultType
                           << " have equal element widths, so their shapes must match";
    return success();
  }
  ArrayRef<int64_t> narrow = from < to ? in : out, wide = from < to ? out : in;
  unsigned ratio = from < to ? to / from : from / to;
  if ((from < to ? to % from : from % to) != 0 ||
      narrow.size() != wide.size() + 1 || narrow.drop_back() != wide ||
      narrow.back() != static_cast<int64_t>(ratio))
    return emitOpError() << "cannot bitcast " << operandType << " to "
                         << resultType << ": the narrower side needs a minor dimension of size "
                         << ratio << " and otherwise the same shape";
  return success();
}

// select, clamp, abs, real, imag and complex are verified by their shape
// functions (ShapeInference.cpp).

