//===- StablehloIndexing.cpp - dynamic slices, gather, scatter -----------===//
//
// Syntax of #stablehlo.gather / #stablehlo.scatter and the verifiers (with
// shape inference for gather) of the data-dependent indexing ops.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace xla::stablehlo;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatching, indicesBatching, startIndexMap;
  int64_t indexVectorDim = 0;
  DimensionField fields[] = {{"offset_dims", &offset},
                             {"collapsed_slice_dims", &collapsed},
                             {"operand_batching_dims", &operandBatching},
                             {"start_indices_batching_dims", &indicesBatching},
                             {"start_index_map", &startIndexMap},
                             {"index_vector_dim", nullptr, &indexVectorDim}};
  SmallVector<bool> seen;
  if (parseDimensionFields(parser, "gather", fields, seen))
    return {};
  if (!seen.back()) {
    parser.emitError(parser.getCurrentLocation()) << "#stablehlo.gather needs index_vector_dim";
    return {};
  }
  return GatherDimensionNumbersAttr::get(parser.getContext(), offset, collapsed,
                                         operandBatching, indicesBatching,
                                         startIndexMap, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printDimensionFields(printer,
                       {{"offset_dims", getOffsetDims()},
                        {"collapsed_slice_dims", getCollapsedSliceDims()},
                        {"operand_batching_dims", getOperandBatchingDims()},
                        {"start_indices_batching_dims", getStartIndicesBatchingDims()},
                        {"start_index_map", getStartIndexMap()}},
                       {{"index_vector_dim", getIndexVectorDim()}});
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> window, inserted, inputBatching, indicesBatching, toOperand;
  int64_t indexVectorDim = 0;
  DimensionField fields[] = {{"update_window_dims", &window},
                             {"inserted_window_dims", &inserted},
                             {"input_batching_dims", &inputBatching},
                             {"scatter_indices_batching_dims", &indicesBatching},
                             {"scatter_dims_to_operand_dims", &toOperand},
                             {"index_vector_dim", nullptr, &indexVectorDim}};
  SmallVector<bool> seen;
  if (parseDimensionFields(parser, "scatter", fields, seen))
    return {};
  if (!seen.back()) {
    parser.emitError(parser.getCurrentLocation()) << "#stablehlo.scatter needs index_vector_dim";
    return {};
  }
  return ScatterDimensionNumbersAttr::get(parser.getContext(), window, inserted,
                                          inputBatching, indicesBatching,
                                          toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printDimensionFields(printer,
                       {{"update_window_dims", getUpdateWindowDims()},
                        {"inserted_window_dims", getInsertedWindowDims()},
                        {"input_batching_dims", getInputBatchingDims()},
                        {"scatter_indices_batching_dims", getScatterIndicesBatchingDims()},
                        {"scatter_dims_to_operand_dims", getScatterDimsToOperandDims()}},
                       {{"index_vector_dim", getIndexVectorDim()}});
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

// `dims` sorted (if asked), unique and each in [0, bound).
static LogicalResult checkDims(Operation *op, StringRef name, ArrayRef<int64_t> dims,
                               int64_t bound, bool sorted) {
  return checkDimensionList(op->getLoc(), op->getName().getStringRef(), name, dims, bound, sorted);
}


//===----------------------------------------------------------------------===//
// DynamicSliceOp, DynamicUpdateSliceOp
//===----------------------------------------------------------------------===//



//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

// GatherOp is verified by its shape function, inferGatherOp
// (ShapeInference.cpp).

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getUpdates().size() != n)
    return emitOpError() << "needs as many updates as inputs (at least one)";
  auto inputType = cast<RankedTensorType>(getInputs()[0].getType());
  auto indicesType = cast<RankedTensorType>(getScatterIndices().getType());
  auto updateType = cast<RankedTensorType>(getUpdates()[0].getType());
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  int64_t rank = inputType.getRank();
  // scatter_c1..c4: same shapes across inputs, across updates (results =
  // inputs is checked with inferReturnTypes).
  for (size_t i = 0; i < n; ++i) {
    if (getElementTypeOrSelf(getUpdates()[i].getType()) != getElementTypeOrSelf(getInputs()[i].getType()))
      return emitOpError() << "update " << i << " must have the element type of input " << i;
    if (cast<RankedTensorType>(getInputs()[i].getType()).getShape() != inputType.getShape())
      return emitOpError() << "all inputs must have the same shape";
    if (cast<RankedTensorType>(getUpdates()[i].getType()).getShape() != updateType.getShape())
      return emitOpError() << "all updates must have the same shape";
  }
  int64_t indexVectorDim = dims.getIndexVectorDim();
  if (indexVectorDim < 0 || indexVectorDim > indicesType.getRank())
    return emitOpError() << "index_vector_dim " << indexVectorDim
                         << " must be in [0, " << indicesType.getRank() << "]";
  if (failed(checkDims(*this, "update_window_dims", dims.getUpdateWindowDims(), updateType.getRank(), true)) ||
      failed(checkDims(*this, "inserted_window_dims", dims.getInsertedWindowDims(), rank, true)) ||
      failed(checkDims(*this, "input_batching_dims", dims.getInputBatchingDims(), rank, true)) ||
      failed(checkDims(*this, "scatter_dims_to_operand_dims", dims.getScatterDimsToOperandDims(), rank, false)))
    return failure();
  if (dims.getScatterIndicesBatchingDims().size() != dims.getInputBatchingDims().size())
    return emitOpError() << "input_batching_dims and scatter_indices_batching_dims must have the same size";
  // scatter_c14..c20: batching dims consistent and disjoint from the others.
  if (failed(checkDims(*this, "scatter_indices_batching_dims", dims.getScatterIndicesBatchingDims(),
                       indicesType.getRank(), false)))
    return failure();
  for (auto [inputDim, indicesDim] :
       llvm::zip(dims.getInputBatchingDims(), dims.getScatterIndicesBatchingDims())) {
    if (indicesDim == indexVectorDim)
      return emitOpError() << "scatter_indices_batching_dims must not contain index_vector_dim " << indexVectorDim;
    if (inputType.getDimSize(inputDim) != indicesType.getDimSize(indicesDim))
      return emitOpError() << "input batching dimension " << inputDim
                           << " and scatter_indices batching dimension " << indicesDim
                           << " must have the same size";
  }
  for (int64_t dim : dims.getInsertedWindowDims())
    if (llvm::is_contained(dims.getInputBatchingDims(), dim))
      return emitOpError() << "dimension " << dim << " is both in inserted_window_dims and input_batching_dims";
  for (int64_t dim : dims.getScatterDimsToOperandDims())
    if (llvm::is_contained(dims.getInputBatchingDims(), dim))
      return emitOpError() << "dimension " << dim
                           << " is both in scatter_dims_to_operand_dims and input_batching_dims";
  int64_t indexVectorSize = indexVectorDim == indicesType.getRank() ? 1 : indicesType.getDimSize(indexVectorDim);
  if (static_cast<int64_t>(dims.getScatterDimsToOperandDims().size()) != indexVectorSize)
    return emitOpError() << "scatter_dims_to_operand_dims has " << dims.getScatterDimsToOperandDims().size()
                         << " entries but index vectors have " << indexVectorSize;
  // scatter_c4/c6: update = scatter dims (indices without the index vector
  // dim) and window dims (the input dims not inserted or batching).
  int64_t windowRank = rank - dims.getInsertedWindowDims().size() - dims.getInputBatchingDims().size();
  if (static_cast<int64_t>(dims.getUpdateWindowDims().size()) != windowRank)
    return emitOpError() << "update_window_dims has " << dims.getUpdateWindowDims().size()
                         << " entries, expected " << windowRank
                         << " (input rank minus inserted and batching dims)";
  SmallVector<int64_t> scatterSizes;
  for (int64_t i = 0; i < indicesType.getRank(); ++i)
    if (i != indexVectorDim)
      scatterSizes.push_back(indicesType.getDimSize(i));
  SmallVector<int64_t> updateScatterSizes;
  for (int64_t i = 0; i < updateType.getRank(); ++i)
    if (!llvm::is_contained(dims.getUpdateWindowDims(), i))
      updateScatterSizes.push_back(updateType.getDimSize(i));
  if (updateScatterSizes != scatterSizes)
    return emitOpError() << "update scatter dimensions " << listText(updateScatterSizes)
                         << " must match the scatter indices' batch dimensions "
                         << listText(scatterSizes);
  int64_t w = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (llvm::is_contained(dims.getInsertedWindowDims(), i) ||
        llvm::is_contained(dims.getInputBatchingDims(), i))
      continue;
    int64_t size = updateType.getDimSize(dims.getUpdateWindowDims()[w++]);
    if (size > inputType.getDimSize(i))
      return emitOpError() << "update window dimension of size " << size
                           << " is larger than input dimension " << i << " ("
                           << inputType.getDimSize(i) << ")";
  }
  // scatter_c15..c17: update_computation (old..., new...) -> rank-0 values.
  Block &block = getUpdateComputation().front();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "update_computation must take " << 2 * n << " arguments, got "
                         << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i) {
    auto expected = RankedTensorType::get({}, getElementTypeOrSelf(getInputs()[i % n].getType()));
    if (block.getArgument(i).getType() != expected)
      return emitOpError() << "update_computation argument " << i << " has type "
                           << block.getArgument(i).getType() << ", expected " << expected;
  }
  // An empty block has no terminator (getTerminator() would read past it).
  auto terminator = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(&block.back());
  if (!terminator || terminator->getNumOperands() != n)
    return emitOpError() << "update_computation must return " << n << " value(s) with stablehlo.return";
  for (size_t i = 0; i < n; ++i)
    if (terminator->getOperand(i).getType() != block.getArgument(i).getType())
      return emitOpError() << "update_computation result " << i << " has type "
                           << terminator->getOperand(i).getType() << ", expected "
                           << block.getArgument(i).getType();
  return success();
}
