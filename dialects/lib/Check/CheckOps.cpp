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

// %a, %b [, max_ulp_difference = n] attr-dict : type, type
ParseResult ExpectCloseOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand actual, expected;
  Type actualType, expectedType;
  if (parser.parseOperand(actual) || parser.parseComma() || parser.parseOperand(expected))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    int64_t value;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual() || parser.parseInteger(value))
      return failure();
    if (key == "max_ulp_difference")
      result.addAttribute("max_ulp_difference", parser.getBuilder().getI64IntegerAttr(value));
    else if (key != "min_ulp_difference")
      return parser.emitError(loc) << "unknown field '" << key << "' (expected max_ulp_difference)";
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
  if (getMaxUlpDifferenceAttr().getInt() != 3)
    printer << ", max_ulp_difference = " << getMaxUlpDifferenceAttr().getInt();
  printer.printOptionalAttrDict((*this)->getAttrs(), {"max_ulp_difference"});
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
  if (!isa<FloatType>(getElementTypeOrSelf(getActual().getType())))
    return emitOpError() << "compares floating-point tensors only, got " << getActual().getType();
  if (getMaxUlpDifferenceAttr().getInt() < 0)
    return emitOpError() << "max_ulp_difference must not be negative";
  return success();
}
