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
