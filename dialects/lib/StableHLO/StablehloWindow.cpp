//===- StablehloWindow.cpp - reduce_window, select_and_scatter, sort -----===//
//
// Verifiers, with the window shape arithmetic of reduce_window shared by
// select_and_scatter.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::stablehlo;

// The window attributes and arithmetic are shared with inference
// (readWindow, windowedShape in ShapeInference.h).

// A region of (T0, T1, ...) rank-0 arguments returning `results`.
static LogicalResult checkScalarRegion(Operation *op, Region &region, StringRef name,
                                       ArrayRef<Type> arguments, ArrayRef<Type> results) {
  Block &block = region.front();
  if (TypeRange(block.getArgumentTypes()) != TypeRange(arguments)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleaveComma(arguments, os);
    return op->emitOpError() << name << " must take (" << expected << ")";
  }
  // An empty block has no terminator (getTerminator() would read past it).
  auto terminator = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(&block.back());
  if (!terminator || TypeRange(terminator->getOperandTypes()) != TypeRange(results)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleaveComma(results, os);
    return op->emitOpError() << name << " must return (" << expected << ") with stablehlo.return";
  }
  return success();
}

static Type scalarOf(Value value) {
  return RankedTensorType::get({}, getElementTypeOrSelf(value.getType()));
}

//===----------------------------------------------------------------------===//
// ReduceWindowOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  // The inputs, init values, window and result types (reduce_window_c1..c16)
  // are checked with inferReturnTypes; the body is checked here.
  // reduce_window_c13: body (acc..., el...) -> acc..., rank-0 init types.
  SmallVector<Type> scalars(getInitValues().getTypes());
  SmallVector<Type> arguments(scalars);
  arguments.append(scalars);
  return checkScalarRegion(*this, getBody(), "body", arguments, scalars);
}

//===----------------------------------------------------------------------===//
// SelectAndScatterOp
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  FailureOr<WindowParams> window =
      readWindow(getLoc(), getOperationName(), operandType.getRank(), getWindowDimensions(),
                 getWindowStrides(), std::nullopt, std::nullopt, getPaddingAttr());
  if (failed(window))
    return failure();
  // select_and_scatter_c1: source has the windowed shape.
  SmallVector<int64_t> shape = windowedShape(operandType.getShape(), *window);
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  if (sourceType.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError() << "source must have the windowed shape " << listText(shape)
                         << ", got " << sourceType;
  // select_and_scatter_c1: operand and source share the element type.
  if (operandType.getElementType() != sourceType.getElementType())
    return emitOpError() << "operand and source must have the same element type, got "
                         << operandType.getElementType() << " and " << sourceType.getElementType();
  if (getInitValue().getType() != scalarOf(getSource()))
    return emitOpError() << "init_value must be " << scalarOf(getSource());
  // select_and_scatter_c11 (the result type) is checked with inferReturnTypes.
  Type element = scalarOf(getOperand());
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  Type source = scalarOf(getSource());
  if (failed(checkScalarRegion(*this, getSelect(), "select", {element, element}, {pred})) ||
      failed(checkScalarRegion(*this, getScatter(), "scatter", {source, source}, {source})))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  if (getNumResults() != getInputs().size())
    return emitOpError() << "must have " << getInputs().size() << " result(s), one per input, got "
                         << getNumResults();
  auto firstType = cast<RankedTensorType>(getInputs()[0].getType());
  // sort_c1/c2: same shapes (a dynamic size is compatible with any);
  // results = inputs.
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    ArrayRef<int64_t> shape = cast<RankedTensorType>(input.getType()).getShape();
    if (shape.size() != firstType.getShape().size() ||
        !llvm::all_of(llvm::zip(shape, firstType.getShape()),
                      [](auto pair) { return compatibleDim(std::get<0>(pair), std::get<1>(pair)); }))
      return emitOpError() << "requires all inputs to have the same shape";
  }
  // sort_c4: dimension in range (negative counts from the end).
  int64_t rank = firstType.getRank(), dim = getDimension();
  if (dim < -rank || dim >= rank)
    return emitOpError() << "dimension " << dim << " is out of range for rank " << rank;
  // sort_c5: comparator (lhs0, rhs0, lhs1, rhs1, ...) -> tensor<i1>.
  SmallVector<Type> arguments;
  for (Value input : getInputs()) {
    arguments.push_back(scalarOf(input));
    arguments.push_back(scalarOf(input));
  }
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  return checkScalarRegion(*this, getComparator(), "comparator", arguments, {pred});
}
