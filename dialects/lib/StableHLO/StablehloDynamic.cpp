//===- StablehloDynamic.cpp - dynamic-shape ops --------------------------===//
//
// Verification of dynamic_reshape, dynamic_broadcast_in_dim, dynamic_iota,
// dynamic_pad, dynamic_gather, dynamic_conv, get_dimension_size and
// set_dimension_size (declared in StablehloMiscOps.td). Result dimensions may
// be `?`; a rule on sizes is checked where both sides are static, and where a
// shape operand is a stablehlo.constant its values are checked too.
// dynamic_gather and dynamic_conv take gather's and convolution's constraint
// ids; set_dimension_size is not in the spec (its rules are MHLO's).
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace xla::stablehlo;

// Number of entries of a 1-D shape operand (may be dynamic).
static int64_t entries(Value shape) { return cast<ShapedType>(shape.getType()).getDimSize(0); }

// The values of a 1-D integer operand when a stablehlo.constant defines it.
static std::optional<SmallVector<int64_t>> constantValues(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  auto elements = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue()) : DenseIntElementsAttr();
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &v : elements.getValues<APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

// `dims` unique (and sorted, if asked) and each in [0, bound).
static LogicalResult checkDims(Operation *op, StringRef name, ArrayRef<int64_t> dims,
                               int64_t bound, bool sorted = false) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= bound)
      return op->emitOpError() << name << " has " << dim << ", out of range [0, " << bound << ")";
    if (!seen.insert(dim).second)
      return op->emitOpError() << name << " has " << dim << " more than once";
    if (sorted && i > 0 && dims[i - 1] > dim)
      return op->emitOpError() << name << " must be sorted";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicReshapeOp, DynamicBroadcastInDimOp, DynamicIotaOp, DynamicPadOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicReshapeOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // dynamic_reshape_c1: same element type (quantized ones: checked with
  // the quantization constraints, a per-axis one may move its dimension).
  if (!isa<quant::QuantizedType>(operandType.getElementType()) &&
      operandType.getElementType() != resultType.getElementType())
    return emitOpError() << "operand and result must have the same element type, got "
                         << operandType.getElementType() << " and " << resultType.getElementType();
  // dynamic_reshape_c2: same number of elements (when both are static).
  if (operandType.hasStaticShape() && resultType.hasStaticShape() &&
      operandType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "operand " << operandType << " and result " << resultType
                         << " must have the same number of elements";
  // dynamic_reshape_c4: output_shape has one entry per result dimension.
  int64_t count = entries(getOutputShape());
  if (!ShapedType::isDynamic(count) && count != resultType.getRank())
    return emitOpError() << "output_shape has " << count << " entries but the result has rank "
                         << resultType.getRank();
  if (auto shape = constantValues(getOutputShape())) {
    for (auto [i, size] : llvm::enumerate(*shape))
      if (!compatibleDim(resultType.getDimSize(i), size))
        return emitOpError() << "result shape " << listText(resultType.getShape())
                             << " does not match output_shape " << listText(*shape);
    // dynamic_reshape_c2/c3: a constant output_shape holds sizes (no
    // negative entries) with as many elements as a static operand.
    for (int64_t size : *shape)
      if (size < 0)
        return emitOpError() << "output_shape " << listText(*shape) << " has a negative size";
    int64_t elements = 1;
    for (int64_t size : *shape)
      elements *= size;
    if (operandType.hasStaticShape() && elements != operandType.getNumElements())
      return emitOpError() << "output_shape " << listText(*shape) << " has " << elements
                           << " elements, but the operand " << operandType << " has "
                           << operandType.getNumElements();
  }
  return success();
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // dynamic_broadcast_in_dim_c1: same element type (quantized ones:
  // checked with the quantization constraints, dynamic_broadcast_in_dim_c6).
  if (!isa<quant::QuantizedType>(operandType.getElementType()) &&
      operandType.getElementType() != resultType.getElementType())
    return emitOpError() << "operand and result must have the same element type, got "
                         << operandType.getElementType() << " and " << resultType.getElementType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  // dynamic_broadcast_in_dim_c2: one entry per operand dimension.
  if (static_cast<int64_t>(dims.size()) != operandType.getRank())
    return emitOpError() << "broadcast_dimensions must have one entry per operand dimension ("
                         << operandType.getRank() << "), got " << dims.size();
  // dynamic_broadcast_in_dim_c3/c4: in range and unique.
  if (failed(checkDims(*this, "broadcast_dimensions", dims, resultType.getRank())))
    return failure();
  // dynamic_broadcast_in_dim_c5: size 1 or equal.
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t from = operandType.getDimSize(i), to = resultType.getDimSize(dim);
    if (from != 1 && !compatibleDim(from, to))
      return emitOpError() << "operand dimension " << i << " of size " << from
                           << " cannot be broadcast to result dimension " << dim << " of size " << to;
  }
  // dynamic_broadcast_in_dim_c7: output_dimensions has one entry per result dimension.
  int64_t count = entries(getOutputDimensions());
  if (!ShapedType::isDynamic(count) && count != resultType.getRank())
    return emitOpError() << "output_dimensions has " << count << " entries but the result has rank "
                         << resultType.getRank();
  // dynamic_broadcast_in_dim_c5/c7 on a constant output_dimensions: the
  // result has those sizes, and each operand dimension is 1 or its size.
  if (auto sizes = constantValues(getOutputDimensions())) {
    for (auto [i, size] : llvm::enumerate(*sizes))
      if (size < 0 || !compatibleDim(resultType.getDimSize(i), size))
        return emitOpError() << "result shape " << listText(resultType.getShape())
                             << " does not match output_dimensions " << listText(*sizes);
    for (auto [i, dim] : llvm::enumerate(dims)) {
      int64_t from = operandType.getDimSize(i), to = (*sizes)[dim];
      if (from != 1 && !compatibleDim(from, to))
        return emitOpError() << "operand dimension " << i << " of size " << from
                             << " cannot be broadcast to output_dimensions[" << dim << "] = " << to;
    }
  }
  // dynamic_broadcast_in_dim_c8..c10: the known (non)expanding dimensions
  // are distinct operand dimensions.
  SmallVector<int64_t> known(getKnownExpandingDimensions().value_or(ArrayRef<int64_t>()));
  llvm::append_range(known, getKnownNonexpandingDimensions().value_or(ArrayRef<int64_t>()));
  return checkDims(*this, "known_expanding_dimensions + known_nonexpanding_dimensions", known,
                   operandType.getRank());
}

LogicalResult DynamicIotaOp::verify() {
  auto resultType = cast<RankedTensorType>(getResult().getType());
  // dynamic_iota_c1: iota_dimension names a result dimension.
  int64_t dim = getIotaDimension();
  if (dim < 0 || dim >= resultType.getRank())
    return emitOpError() << "iota_dimension " << dim << " is out of range for a result of rank "
                         << resultType.getRank();
  // dynamic_iota_c2: output_shape has one entry per result dimension.
  int64_t count = entries(getOutputShape());
  if (!ShapedType::isDynamic(count) && count != resultType.getRank())
    return emitOpError() << "output_shape has " << count << " entries but the result has rank "
                         << resultType.getRank();
  // dynamic_iota_c2: a constant output_shape is the result's shape.
  if (auto shape = constantValues(getOutputShape()))
    for (auto [i, size] : llvm::enumerate(*shape))
      if (size < 0 || !compatibleDim(resultType.getDimSize(i), size))
        return emitOpError() << "result shape " << listText(resultType.getShape())
                             << " does not match output_shape " << listText(*shape);
  return success();
}

LogicalResult DynamicPadOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  auto paddingType = cast<RankedTensorType>(getPaddingValue().getType());
  // dynamic_pad_c1: one element type; the padding value is a scalar.
  if (paddingType.getElementType() != operandType.getElementType() ||
      resultType.getElementType() != operandType.getElementType())
    return emitOpError() << "operand, padding_value and result must have the same element type";
  if (paddingType.getRank() != 0)
    return emitOpError() << "padding_value must be a rank-0 tensor, got " << paddingType;
  // dynamic_pad_c2: one padding entry per operand dimension.
  int64_t rank = operandType.getRank();
  for (auto [name, value] : {std::make_pair("edge_padding_low", getEdgePaddingLow()),
                             std::make_pair("edge_padding_high", getEdgePaddingHigh()),
                             std::make_pair("interior_padding", getInteriorPadding())})
    if (!compatibleDim(entries(value), rank))
      return emitOpError() << name << " has " << entries(value) << " entries, operand rank is " << rank;
  if (resultType.getRank() != rank)
    return emitOpError() << "result rank " << resultType.getRank() << " must equal the operand rank " << rank;
  auto low = constantValues(getEdgePaddingLow()), high = constantValues(getEdgePaddingHigh());
  auto interior = constantValues(getInteriorPadding());
  // dynamic_pad_c3: interior padding is non-negative.
  if (interior)
    for (int64_t v : *interior)
      if (v < 0)
        return emitOpError() << "interior_padding must be non-negative, got " << listText(*interior);
  // dynamic_pad_c4: the result shape, when the paddings are constants.
  if (low && high && interior) {
    for (int64_t d = 0; d < rank; ++d) {
      int64_t in = operandType.getDimSize(d);
      if (ShapedType::isDynamic(in))
        continue;
      int64_t out = (*low)[d] + in + std::max<int64_t>(in - 1, 0) * (*interior)[d] + (*high)[d];
      if (!compatibleDim(resultType.getDimSize(d), out))
        return emitOpError() << "result dimension " << d << " must be " << out << ", got "
                             << resultType.getDimSize(d);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicGatherOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicGatherOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto indicesType = cast<RankedTensorType>(getStartIndices().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  GatherDimensionNumbersAttr dims = getDimensionNumbers();
  int64_t operandRank = operandType.getRank();
  // gather_c1: every operand dimension is an offset, collapsed or batching one.
  int64_t described = dims.getOffsetDims().size() + dims.getCollapsedSliceDims().size() +
                      dims.getOperandBatchingDims().size();
  if (described != operandRank)
    return emitOpError() << "offset_dims, collapsed_slice_dims and operand_batching_dims have "
                         << described << " entries together, operand rank is " << operandRank;
  // gather_c2: index_vector_dim in [0, rank(start_indices)].
  int64_t indexVectorDim = dims.getIndexVectorDim();
  if (indexVectorDim < 0 || indexVectorDim > indicesType.getRank())
    return emitOpError() << "index_vector_dim " << indexVectorDim << " must be in [0, "
                         << indicesType.getRank() << "]";
  // gather_c3: one start_index_map entry per index vector element.
  int64_t indexVectorSize =
      indexVectorDim == indicesType.getRank() ? 1 : indicesType.getDimSize(indexVectorDim);
  if (!compatibleDim(dims.getStartIndexMap().size(), indexVectorSize))
    return emitOpError() << "start_index_map has " << dims.getStartIndexMap().size()
                         << " entries but index vectors have " << indexVectorSize;
  // gather_c4..c10: the dimension lists are in range and unique.
  int64_t resultRank = resultType.getRank();
  if (failed(checkDims(*this, "offset_dims", dims.getOffsetDims(), resultRank, true)) ||
      failed(checkDims(*this, "collapsed_slice_dims", dims.getCollapsedSliceDims(), operandRank, true)) ||
      failed(checkDims(*this, "start_index_map", dims.getStartIndexMap(), operandRank)))
    return failure();
  // gather_c11: one slice size per operand dimension.
  if (!compatibleDim(entries(getSliceSizes()), operandRank))
    return emitOpError() << "slice_sizes has " << entries(getSliceSizes())
                         << " entries, operand rank is " << operandRank;
  // gather_c13: the result has the batch dimensions and the offset dimensions.
  int64_t batchRank = indicesType.getRank() - (indexVectorDim < indicesType.getRank() ? 1 : 0);
  int64_t expectedRank = batchRank + dims.getOffsetDims().size();
  if (resultRank != expectedRank)
    return emitOpError() << "result rank " << resultRank << " must be " << expectedRank
                         << " (batch dimensions of start_indices plus offset_dims)";
  // gather_c12/c13 on a constant slice_sizes: each size fits its operand
  // dimension, collapsed and batching dimensions take slices of size <= 1,
  // and the offset dimensions of the result have the kept sizes.
  if (auto sizes = constantValues(getSliceSizes()); sizes && static_cast<int64_t>(sizes->size()) == operandRank) {
    for (auto [d, size] : llvm::enumerate(*sizes)) {
      int64_t bound = operandType.getDimSize(d);
      if (size < 0 || (!ShapedType::isDynamic(bound) && size > bound))
        return emitOpError() << "slice_sizes[" << d << "] = " << size << " must be in [0, " << bound << "]";
    }
    SmallVector<int64_t> dropped(dims.getCollapsedSliceDims());
    llvm::append_range(dropped, dims.getOperandBatchingDims());
    for (int64_t d : dropped)
      if (d >= 0 && d < operandRank && (*sizes)[d] > 1)
        return emitOpError() << "slice_sizes[" << d << "] = " << (*sizes)[d]
                             << " must be at most 1 for a collapsed or batching dimension";
    SmallVector<int64_t> kept;
    for (int64_t d = 0; d < operandRank; ++d)
      if (!llvm::is_contained(dropped, d))
        kept.push_back((*sizes)[d]);
    for (auto [offsetDim, size] : llvm::zip(dims.getOffsetDims(), kept))
      if (!compatibleDim(resultType.getDimSize(offsetDim), size))
        return emitOpError() << "result dimension " << offsetDim << " has size "
                             << resultType.getDimSize(offsetDim) << ", but its slice size is " << size;
  }
  // gather_c15: same element type.
  if (resultType.getElementType() != operandType.getElementType())
    return emitOpError() << "result element type " << resultType.getElementType()
                         << " must equal the operand's " << operandType.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicConvOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicConvOp::verify() {
  auto lhsType = cast<RankedTensorType>(getLhs().getType());
  auto rhsType = cast<RankedTensorType>(getRhs().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  ConvDimensionNumbersAttr dims = getDimensionNumbers();
  int64_t rank = lhsType.getRank(), spatial = rank - 2;
  // convolution_c1/c28: lhs, rhs and result share a rank N >= 2.
  if (rank < 2 || rhsType.getRank() != rank || resultType.getRank() != rank)
    return emitOpError() << "lhs, rhs and result must have the same rank (at least 2), got "
                         << rank << ", " << rhsType.getRank() << " and " << resultType.getRank();
  // convolution_c2/c27: one element type, unless quantized (then
  // convolution_c28..c34, checked by verifyQuantizedOperation).
  bool quantizedTypes = isa<quant::QuantizedType>(lhsType.getElementType()) ||
                        isa<quant::QuantizedType>(rhsType.getElementType()) ||
                        isa<quant::QuantizedType>(resultType.getElementType());
  if (!quantizedTypes && (rhsType.getElementType() != lhsType.getElementType() ||
      resultType.getElementType() != lhsType.getElementType()))
    return emitOpError() << "lhs, rhs and result must have the same element type";
  // convolution_c3..c10: window attributes have N - 2 entries, positive.
  for (auto [name, values] : {std::make_pair("window_strides", getWindowStrides()),
                              std::make_pair("lhs_dilation", getLhsDilation()),
                              std::make_pair("rhs_dilation", getRhsDilation())}) {
    if (!values)
      continue;
    if (static_cast<int64_t>(values->size()) != spatial)
      return emitOpError() << name << " has " << values->size() << " entries, expected " << spatial;
    for (int64_t v : *values)
      if (v < 1)
        return emitOpError() << name << " entries must be positive, got " << listText(*values);
  }
  if (auto reversal = getWindowReversal(); reversal && static_cast<int64_t>(reversal->size()) != spatial)
    return emitOpError() << "window_reversal has " << reversal->size() << " entries, expected " << spatial;
  // convolution_c5: d_padding has shape [N - 2, 2].
  auto padding = cast<RankedTensorType>(getDPadding().getType());
  if (padding.getRank() != 2 || !compatibleDim(padding.getDimSize(0), spatial) ||
      !compatibleDim(padding.getDimSize(1), 2))
    return emitOpError() << "d_padding must have shape [" << spatial << ", 2], got " << padding;
  // convolution_c13/c14, c18/c19, c20/c21: each dimension group is a
  // permutation of [0, N).
  auto group = [&](StringRef name, ArrayRef<int64_t> fixed,
                   ArrayRef<int64_t> spatialDims) -> LogicalResult {
    if (static_cast<int64_t>(spatialDims.size()) != spatial)
      return emitOpError() << name << " has " << spatialDims.size() << " spatial dimensions, expected "
                           << spatial;
    SmallVector<int64_t> all(fixed);
    llvm::append_range(all, spatialDims);
    return checkDims(*this, (name + " dimensions").str(), all, rank);
  };
  if (failed(group("input", {dims.getInputBatchDimension(), dims.getInputFeatureDimension()},
                   dims.getInputSpatialDimensions())) ||
      failed(group("kernel", {dims.getKernelInputFeatureDimension(), dims.getKernelOutputFeatureDimension()},
                   dims.getKernelSpatialDimensions())) ||
      failed(group("output", {dims.getOutputBatchDimension(), dims.getOutputFeatureDimension()},
                   dims.getOutputSpatialDimensions())))
    return failure();
  // convolution_c22..c24: positive group counts, at most one above 1.
  int64_t featureGroups = getFeatureGroupCount(), batchGroups = getBatchGroupCount();
  if (featureGroups < 1 || batchGroups < 1)
    return emitOpError() << "feature_group_count and batch_group_count must be positive";
  if (featureGroups > 1 && batchGroups > 1)
    return emitOpError() << "feature_group_count and batch_group_count cannot both exceed 1";
  int64_t batch = lhsType.getDimSize(dims.getInputBatchDimension());
  int64_t inputFeatures = lhsType.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelInput = rhsType.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t kernelOutput = rhsType.getDimSize(dims.getKernelOutputFeatureDimension());
  auto dynamic = [](int64_t v) { return ShapedType::isDynamic(v); };
  // convolution_c11: batch divisible by batch_group_count.
  if (!dynamic(batch) && batch % batchGroups != 0)
    return emitOpError() << "input batch size " << batch << " is not divisible by batch_group_count "
                         << batchGroups;
  // convolution_c12/c15: input features = kernel input features * groups.
  if (!dynamic(inputFeatures) && !dynamic(kernelInput) &&
      (inputFeatures % featureGroups != 0 || inputFeatures / featureGroups != kernelInput))
    return emitOpError() << "input feature size " << inputFeatures << " must equal kernel input feature size "
                         << kernelInput << " times feature_group_count " << featureGroups;
  // convolution_c16/c17: kernel output features divisible by both counts.
  if (!dynamic(kernelOutput) && (kernelOutput % featureGroups != 0 || kernelOutput % batchGroups != 0))
    return emitOpError() << "kernel output feature size " << kernelOutput
                         << " must be divisible by feature_group_count and batch_group_count";
  // dynamic_conv_c25: at most two precisions (as convolution).
  if (ArrayAttr precision = getPrecisionConfigAttr(); precision && precision.size() > 2)
    return emitOpError() << "precision_config must have at most 2 entries, got " << precision.size();
  // convolution_c26: the batch and feature sizes of the result (the spatial
  // ones depend on the run-time padding).
  int64_t outBatch = resultType.getDimSize(dims.getOutputBatchDimension());
  int64_t outFeatures = resultType.getDimSize(dims.getOutputFeatureDimension());
  int64_t expectedBatch = dynamic(batch) ? batch : batch / batchGroups;
  if (!compatibleDim(outBatch, expectedBatch) || !compatibleDim(outFeatures, kernelOutput))
    return emitOpError() << "result batch and feature sizes must be "
                         << listText({expectedBatch, kernelOutput}) << ", got "
                         << listText({outBatch, outFeatures});
  return success();
}

//===----------------------------------------------------------------------===//
// GetDimensionSizeOp, SetDimensionSizeOp
//===----------------------------------------------------------------------===//


LogicalResult SetDimensionSizeOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  int64_t dim = getDimension();
  if (dim < 0 || dim >= operandType.getRank())
    return emitOpError() << "dimension " << dim << " is out of range for an operand of rank "
                         << operandType.getRank();
  // The result is the operand with dimension `dim` resized (`?` or a size
  // that fits).
  bool ok = resultType.getElementType() == operandType.getElementType() &&
            resultType.getRank() == operandType.getRank();
  for (int64_t d = 0; ok && d < operandType.getRank(); ++d) {
    int64_t in = operandType.getDimSize(d), out = resultType.getDimSize(d);
    ok = d == dim ? (ShapedType::isDynamic(out) || ShapedType::isDynamic(in) || out <= in)
                  : compatibleDim(in, out);
  }
  if (!ok)
    return emitOpError() << "result type " << resultType << " must be the operand type " << operandType
                         << " with only dimension " << dim << " changed (to ? or a smaller size)";
  return success();
}
