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

namespace {
/// A window's parameters, each with one entry per dimension (defaults filled).
struct Window {
  SmallVector<int64_t> dimensions, strides, baseDilations, windowDilations, low, high;
};
} // namespace

// Reads and checks the window attributes (reduce_window_c4..c12).
static FailureOr<Window> readWindow(Operation *op, int64_t rank,
                                    std::optional<ArrayRef<int64_t>> dimensions,
                                    std::optional<ArrayRef<int64_t>> strides,
                                    std::optional<ArrayRef<int64_t>> baseDilations,
                                    std::optional<ArrayRef<int64_t>> windowDilations,
                                    std::optional<DenseIntElementsAttr> padding) {
  Window w;
  auto fill = [&](StringRef name, std::optional<ArrayRef<int64_t>> values,
                  SmallVector<int64_t> &out, int64_t minimum) -> LogicalResult {
    if (!values) {
      out.assign(rank, 1);
      return success();
    }
    if (static_cast<int64_t>(values->size()) != rank)
      return op->emitOpError() << name << " has " << values->size()
                               << " entries, the operand rank is " << rank;
    for (int64_t v : *values)
      if (v < minimum)
        return op->emitOpError() << name << " entries must be at least " << minimum << ", got " << v;
    out.assign(values->begin(), values->end());
    return success();
  };
  if (failed(fill("window_dimensions", dimensions, w.dimensions, 1)) ||
      failed(fill("window_strides", strides, w.strides, 1)) ||
      failed(fill("base_dilations", baseDilations, w.baseDilations, 1)) ||
      failed(fill("window_dilations", windowDilations, w.windowDilations, 1)))
    return failure();
  w.low.assign(rank, 0);
  w.high.assign(rank, 0);
  if (padding) {
    auto type = cast<ShapedType>(padding->getType());
    if (type.getRank() != 2 || type.getDimSize(0) != rank || type.getDimSize(1) != 2)
      return op->emitOpError() << "padding must have shape [" << rank << ", 2], got " << type;
    auto values = llvm::to_vector(padding->getValues<int64_t>());
    for (int64_t i = 0; i < rank; ++i) {
      w.low[i] = values[2 * i];
      w.high[i] = values[2 * i + 1];
    }
  }
  return w;
}

// The result shape of windows over `shape` (reduce_window_c16).
static SmallVector<int64_t> windowedShape(ArrayRef<int64_t> shape, const Window &w) {
  SmallVector<int64_t> out;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t dilated = shape[i] == 0 ? 0 : (shape[i] - 1) * w.baseDilations[i] + 1;
    int64_t padded = dilated + w.low[i] + w.high[i];
    int64_t window = (w.dimensions[i] - 1) * w.windowDilations[i] + 1;
    out.push_back(padded < window ? 0 : (padded - window) / w.strides[i] + 1);
  }
  return out;
}

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
  auto terminator = dyn_cast<ReturnOp>(block.getTerminator());
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
  size_t n = getInputs().size();
  if (n == 0)
    return emitOpError() << "needs at least one input";
  if (getNumResults() != n)
    return emitOpError() << "must have " << n << " result(s), one per input, got " << getNumResults();
  auto inputType = cast<RankedTensorType>(getInputs()[0].getType());
  for (Value input : getInputs())
    if (cast<RankedTensorType>(input.getType()).getShape() != inputType.getShape())
      return emitOpError() << "requires all inputs to have the same shape";
  SmallVector<Type> scalars;
  for (auto [input, init] : llvm::zip(getInputs(), getInitValues())) {
    if (init.getType() != scalarOf(input))
      return emitOpError() << "init value of type " << init.getType()
                           << " must be " << scalarOf(input);
    scalars.push_back(init.getType());
  }
  FailureOr<Window> window =
      readWindow(*this, inputType.getRank(), getWindowDimensions(), getWindowStrides(),
                 getBaseDilations(), getWindowDilations(), getPadding());
  if (failed(window))
    return failure();
  SmallVector<Type> arguments(scalars);
  arguments.append(scalars);
  if (failed(checkScalarRegion(*this, getBody(), "body", arguments, scalars)))
    return failure();
  SmallVector<int64_t> shape = windowedShape(inputType.getShape(), *window);
  for (size_t i = 0; i < n; ++i) {
    auto expected = RankedTensorType::get(shape, getElementTypeOrSelf(getInputs()[i].getType()));
    if (!inputType.hasStaticShape())
      continue; // the window arithmetic needs static sizes
    if (getResult(i).getType() != expected)
      return emitOpError() << "result " << i << " has type " << getResult(i).getType()
                           << ", expected " << expected << " (shape " << listText(shape) << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SelectAndScatterOp
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  FailureOr<Window> window =
      readWindow(*this, operandType.getRank(), getWindowDimensions(), getWindowStrides(),
                 std::nullopt, std::nullopt, getPadding());
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
  // sort_c1/c2: same shapes; results = inputs.
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    if (cast<RankedTensorType>(input.getType()).getShape() != firstType.getShape())
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
