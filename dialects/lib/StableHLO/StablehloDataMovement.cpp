//===- StablehloDataMovement.cpp - shape and data movement ops -----------===//
//
// Verification (and custom syntax) of reshape, transpose, iota,
// concatenate, slice, pad and reverse.
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
// ReshapeOp, TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // reshape_c1: same element type and number of elements (quantized
  // element types: see verifyQuantizedOperation).
  if (!sameOrBothQuantized(operandType.getElementType(), resultType.getElementType()))
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


