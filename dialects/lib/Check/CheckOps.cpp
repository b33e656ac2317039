//===- CheckOps.cpp - check dialect: syntax and verifiers ----------------===//

#include "xla/Dialect/Check/CheckOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::check;

#include "xla/Dialect/Check/CheckDialect.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/Check/CheckOps.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/Check/CheckOps.cpp.inc"
      >();
}

// `, tolerance = 1.0e-3` (optional) before the colon.
static ParseResult parseOptionalTolerance(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalComma()))
    return success();
  double tolerance;
  if (parser.parseKeyword("tolerance") || parser.parseEqual() || parser.parseFloat(tolerance))
    return failure();
  result.addAttribute("tolerance", parser.getBuilder().getF64FloatAttr(tolerance));
  return success();
}

static void printTolerance(OpAsmPrinter &printer, FloatAttr tolerance) {
  if (tolerance && tolerance.getValueAsDouble() != 1.0e-4)
    printer << ", tolerance = " << tolerance.getValueAsDouble();
}

// %x, dense<...> : type [, tolerance = t] attr-dict — the operand's type is
// the constant's (the `: type` belongs to the dense attribute).
static ParseResult parseConstForm(OpAsmParser &parser, OperationState &result,
                                  bool tolerance) {
  OpAsmParser::UnresolvedOperand operand;
  Attribute value;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(operand) || parser.parseComma() || parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(loc) << "expected a dense constant";
  result.addAttribute("value", value);
  if ((tolerance && parseOptionalTolerance(parser, result)) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperand(operand, elements.getType(), result.operands))
    return failure();
  return success();
}

ParseResult ExpectEqConstOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseConstForm(parser, result, false);
}

void ExpectEqConstOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLhs() << ", ";
  printer.printAttribute(getValue());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
}

ParseResult ExpectAlmostEqConstOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseConstForm(parser, result, true);
}

void ExpectAlmostEqConstOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLhs() << ", ";
  printer.printAttribute(getValue());
  printTolerance(printer, getToleranceAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value", "tolerance"});
  // (the tolerance follows the typed constant)
}

// %a, %b [, tolerance = t] attr-dict : type
ParseResult ExpectAlmostEqOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type;
  if (parser.parseOperand(lhs) || parser.parseComma() || parser.parseOperand(rhs) ||
      parseOptionalTolerance(parser, result) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) || parser.resolveOperand(lhs, type, result.operands) ||
      parser.resolveOperand(rhs, type, result.operands))
    return failure();
  return success();
}

void ExpectAlmostEqOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLhs() << ", " << getRhs();
  printTolerance(printer, getToleranceAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"tolerance"});
  printer << " : " << getLhs().getType();
}

// An ulp bound as written: a signless or signed value may be negative (an
// error of the verifier), an unsigned one reaches 2^64 - 1.
static bool isNegativeBound(IntegerAttr bound) {
  return bound && !bound.getType().isUnsignedInteger() && bound.getValue().isNegative();
}

static void printBound(OpAsmPrinter &printer, StringRef name, IntegerAttr bound) {
  printer << ", " << name << " = ";
  if (bound.getType().isUnsignedInteger())
    printer << bound.getValue().getZExtValue();
  else
    printer << bound.getValue().getSExtValue();
}

// %a, %b [, max_ulp_difference = n] [, min_ulp_difference = n] attr-dict : type, type
ParseResult ExpectCloseOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand actual, expected;
  Type actualType, expectedType;
  if (parser.parseOperand(actual) || parser.parseComma() || parser.parseOperand(expected))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    APInt value;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key != "max_ulp_difference" && key != "min_ulp_difference")
      return parser.emitError(loc) << "unknown field '" << key
                                   << "' (expected max_ulp_difference or min_ulp_difference)";
    SMLoc valueLoc = parser.getCurrentLocation();
    if (parser.parseInteger(value))
      return failure();
    // Up to 2^64 - 1 (kept unsigned above 2^63 - 1); negative values reach
    // the verifier.
    Builder &builder = parser.getBuilder();
    if (value.isNegative() ? value.getSignificantBits() > 64 : value.getActiveBits() > 64)
      return parser.emitError(valueLoc) << key << " does not fit in 64 bits";
    bool unsignedValue = !value.isNegative() && value.getActiveBits() == 64;
    Type type = unsignedValue ? builder.getIntegerType(64, /*isSigned=*/false) : builder.getI64Type();
    result.addAttribute(key, builder.getIntegerAttr(type, value.sextOrTrunc(64)));
  }
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(actualType) ||
      parser.parseComma() || parser.parseType(expectedType) ||
      parser.resolveOperand(actual, actualType, result.operands) ||
      parser.resolveOperand(expected, expectedType, result.operands))
    return failure();
  return success();
}

void ExpectCloseOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getActual() << ", " << getExpected();
  if (IntegerAttr max = getMaxUlpDifferenceAttr())
    printBound(printer, "max_ulp_difference", max);
  if (IntegerAttr min = getMinUlpDifferenceAttr())
    printBound(printer, "min_ulp_difference", min);
  printer.printOptionalAttrDict((*this)->getAttrs(), {"max_ulp_difference", "min_ulp_difference"});
  printer << " : " << getActual().getType() << ", " << getExpected().getType();
}

LogicalResult ExpectEqConstOp::verify() {
  if (getLhs().getType() != getValue().getType())
    return emitOpError() << "operand type " << getLhs().getType()
                         << " must equal the constant's type " << getValue().getType();
  return success();
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (getLhs().getType() != getValue().getType())
    return emitOpError() << "operand type " << getLhs().getType()
                         << " must equal the constant's type " << getValue().getType();
  if (getTolerance().convertToDouble() < 0)
    return emitOpError() << "tolerance must not be negative";
  return success();
}

LogicalResult ExpectCloseOp::verify() {
  Type element = getElementTypeOrSelf(getActual().getType());
  if (auto complex = dyn_cast<ComplexType>(element))
    element = complex.getElementType();
  if (!isa<FloatType>(element))
    return emitOpError() << "compares floating-point or complex tensors only, got " << getActual().getType();
  if (isNegativeBound(getMaxUlpDifferenceAttr()))
    return emitOpError() << "max_ulp_difference must not be negative";
  if (isNegativeBound(getMinUlpDifferenceAttr()))
    return emitOpError() << "min_ulp_difference must not be negative";
  IntegerAttr max = getMaxUlpDifferenceAttr(), min = getMinUlpDifferenceAttr();
  if (min && min.getValue().getZExtValue() > (max ? max.getValue().getZExtValue() : 3))
    return emitOpError() << "min_ulp_difference must not exceed max_ulp_difference";
  return success();
}
