//===- ShapeInference.cpp - StableHLO shape functions --------------------===//
//
// See ShapeInference.h. Each function re-checks what it indexes with, since
// builders call them on unverified operands and attributes.
//
//===----------------------------------------------------------------------===//
#include "xla/Dialect/StableHLO/ShapeInference.h"
#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <limits>

using namespace mlir;

namespace xla::stablehlo {

//===----------------------------------------------------------------------===//
// Reporting and compatibility
//===----------------------------------------------------------------------===//

InFlightDiagnostic emitShapeError(OptLoc location, StringRef opName) {
  if (!location)
    return InFlightDiagnostic();
  InFlightDiagnostic diag = mlir::emitError(*location);
  diag << "'" << opName << "' op ";
  return diag;
}

bool isCompatibleInferredType(Type declared, Type inferred,
                              bool checkElementType) {
  if (declared == inferred)
    return true;
  if (auto a = dyn_cast<TupleType>(declared)) {
    auto b = dyn_cast<TupleType>(inferred);
    if (!b || a.size() != b.size())
      return false;
    for (auto [x, y] : llvm::zip(a.getTypes(), b.getTypes()))
      if (!isCompatibleInferredType(x, y, checkElementType))
        return false;
    return true;
  }
  auto a = dyn_cast<RankedTensorType>(declared);
  auto b = dyn_cast<RankedTensorType>(inferred);
  if (!a || !b || a.getRank() != b.getRank())
    return false;
  // Quantized elements: the same baseline type (scales and zero points are
  // the op's own constraints, see verifyQuantizedOperation).
  if (checkElementType && !sameBaselineElement(a.getElementType(), b.getElementType()))
    return false;
  for (auto [x, y] : llvm::zip(a.getShape(), b.getShape()))
    if (!compatibleDim(x, y))
      return false;
  return true;
}

static bool compatibleRanges(TypeRange declared, TypeRange inferred,
                             bool checkElementType) {
  if (declared.size() != inferred.size())
    return false;
  for (auto [a, b] : llvm::zip(declared, inferred))
    if (!isCompatibleInferredType(a, b, checkElementType))
      return false;
  return true;
}
bool isCompatibleInferredTypes(TypeRange declared, TypeRange inferred) {
  return compatibleRanges(declared, inferred, true);
}
bool isCompatibleInferredShapes(TypeRange declared, TypeRange inferred) {
  return compatibleRanges(declared, inferred, false);
}

/// How the result types follow from the operands, for the mismatch message.
static StringRef inferenceRule(StringRef op) {
  return llvm::StringSwitch<StringRef>(op)
      .Case("stablehlo.abs", "abs_c1: complex<T> gives T, otherwise the operand's type")
      .Cases({"stablehlo.real", "stablehlo.imag"},
             "real_c2/imag_c2: complex<T> gives T, otherwise the operand's type")
      .Case("stablehlo.complex", "complex_c2: complex of the operands' element type")
      .Case("stablehlo.compare", "compare_c2: i1 of the operands' shape")
      .Case("stablehlo.is_finite", "is_finite_c1: i1 of the operand's shape")
      .Case("stablehlo.select", "select_c3: the result has the type of on_true and on_false")
      .Case("stablehlo.clamp", "clamp_c3: the result has the operand's type")
      .Case("stablehlo.dot_general",
            "dot_general_c13: batch, then lhs free, then rhs free dimensions")
      .Case("stablehlo.dot", "dot: lhs rows, then rhs columns")
      .Case("stablehlo.reduce",
            "reduce_c7: the input shape without the reduced dimensions, with "
            "the init values' element types")
      .Case("stablehlo.transpose",
            "transpose_c2: result dimension i is operand dimension permutation[i]")
      .Case("stablehlo.reverse", "reverse_c1: the result has the operand's type")
      .Case("stablehlo.slice", "slice_c5: ceil((limit - start) / stride) per dimension")
      .Case("stablehlo.concatenate",
            "concatenate_c6: the inputs' sizes along the dimension add up")
      .Case("stablehlo.pad",
            "pad_c4: low + high + size + (size - 1) * interior per dimension")
      .Case("stablehlo.broadcast", "broadcast_sizes, then the operand shape")
      .Case("stablehlo.tuple", "tuple_c1: the tuple of the operand types")
      .Case("stablehlo.get_tuple_element",
            "get_tuple_element_c2: element `index` of the tuple")
      .Case("stablehlo.optimization_barrier", "the results have the operand types")
      .Case("stablehlo.while", "while_c3: the results have the operand types")
      .Case("stablehlo.sort", "sort_c2: the results have the input types")
      .Cases({"stablehlo.if", "stablehlo.case"},
             "if_c3/case_c4: the results have the types the branches return")
      .Case("stablehlo.map",
            "map_c7: the operands' shape, with the element type the computation returns")
      .Case("stablehlo.get_dimension_size", "get_dimension_size: tensor<i32>")
      .Cases({"stablehlo.replica_id", "stablehlo.partition_id"}, "tensor<ui32>")
      .Case("stablehlo.cholesky", "cholesky_c1: the result has a's type")
      .Case("stablehlo.triangular_solve", "triangular_solve_c4: the result has b's type")
      .Case("stablehlo.reduce_precision", "reduce_precision_c1: the operand's type")
      .Case("stablehlo.dynamic_slice",
            "dynamic_slice_c5: shape slice_sizes, the operand's element type")
      .Case("stablehlo.dynamic_update_slice", "dynamic_update_slice_c1: the operand's type")
      .Case("stablehlo.fft",
            "fft_c2/c5: FFT/IFFT keep the type; RFFT: complex, last dimension "
            "n / 2 + 1 of fft_length's n; IRFFT: real, last dimensions fft_length")
      .Cases({"stablehlo.batch_norm_training", "stablehlo.batch_norm_grad"},
             "the operand's type, then vectors of the feature dimension's size")
      .Case("stablehlo.batch_norm_inference", "the operand's type")
      .Case("stablehlo.select_and_scatter",
            "select_and_scatter_c11: the operand's shape, the source's element type")
      .Case("stablehlo.scatter", "scatter_c16: the results have the input types")
      .Case("stablehlo.all_reduce", "all_reduce_c6: the results have the operand types")
      .Case("stablehlo.all_gather",
            "all_gather_c6: the operands, all_gather_dim times the group size "
            "(? when the groups are not known from the attributes)")
      .Case("stablehlo.reduce_scatter",
            "reduce_scatter_c8: the operand, scatter_dimension divided by the "
            "group size (? when the groups are not known from the attributes)")
      .Case("stablehlo.all_to_all",
            "all_to_all_c8: the operands, split_dimension divided by and "
            "concat_dimension multiplied by split_count")
      .Case("stablehlo.collective_broadcast",
            "collective_broadcast_c3: the result has the operand's type")
      .Case("stablehlo.collective_permute",
            "collective_permute_c5: the result has the operand's type")
      .Case("stablehlo.reduce_window",
            "reduce_window_c16: the number of window positions per dimension, "
            "the init values' element types")
      .Case("stablehlo.convolution",
            "convolution_c27: batch / batch_group_count, the kernel's output "
            "features, and the window positions per spatial dimension")
      .Case("stablehlo.gather",
            "gather_c13: the batch dimensions of start_indices interleaved "
            "with the kept slice sizes at offset_dims")
      .Case("chlo.scan",
            "scan (C7): the body's outputs with the scan dimension inserted, "
            "then the inits' types")
      .Case("chlo.scaled_dot",
            "scaled_dot (C7): batch, then lhs free, then rhs free dimensions")
      .Default("element-wise: the operands' shape and element type");
}

LogicalResult verifyInferredResultTypes(Operation *op, TypeRange inferred,
                                        bool (*compatible)(TypeRange,
                                                           TypeRange)) {
  TypeRange declared = op->getResultTypes();
  if (declared.size() != inferred.size())
    return op->emitOpError() << "has " << declared.size()
                             << " result(s), but the operands give "
                             << inferred.size() << ": "
                             << typesText(inferred) << " ("
                             << inferenceRule(op->getName().getStringRef())
                             << ")";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(declared, inferred))) {
    auto [d, in] = pair;
    if (compatible(TypeRange(d), TypeRange(in)))
      continue;
    InFlightDiagnostic diag = op->emitOpError();
    diag << "result ";
    if (declared.size() != 1)
      diag << i << " ";
    diag << "type " << d << " does not match the inferred type " << in
         << " (" << inferenceRule(op->getName().getStringRef()) << ")";
    return diag;
  }
  return success();
}

SmallVector<int64_t> mergeShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  SmallVector<int64_t> merged(a);
  for (auto [m, y] : llvm::zip(merged, b))
    if (ShapedType::isDynamic(m))
      m = y;
  return merged;
}

/// `type` as a ranked tensor, or an error naming `what`.
static FailureOr<RankedTensorType> rankedTensor(OptLoc location, StringRef op,
                                                Type type, StringRef what) {
  if (auto tensor = dyn_cast_if_present<RankedTensorType>(type))
    return tensor;
  return emitShapeError(location, op)
         << what << " must be a ranked tensor, got " << type;
}

/// Whether two shapes can be equal (same rank, compatible dimensions).
static bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!compatibleDim(x, y))
      return false;
  return true;
}

/// The stablehlo.return ending the single block of `region`, or an error.
static FailureOr<Operation *> regionReturn(OptLoc location, StringRef op,
                                           Region *region, StringRef name) {
  if (!region || region->empty())
    return emitShapeError(location, op) << name << " region must not be empty";
  Block &block = region->front();
  if (block.empty() || !isa<ReturnOp>(block.back()))
    return emitShapeError(location, op)
           << name << " region must end with stablehlo.return";
  return &block.back();
}

//===----------------------------------------------------------------------===//
// Element-wise ops
//===----------------------------------------------------------------------===//

LogicalResult inferElementwiseOp(OptLoc location, StringRef opName,
                                 TypeRange operands, Type resultElement,
                                 bool sameElementType,
                                 SmallVectorImpl<Type> &results) {
  if (operands.empty())
    return emitShapeError(location, opName) << "needs at least one operand";
  FailureOr<RankedTensorType> first =
      rankedTensor(location, opName, operands[0], "operand 0");
  if (failed(first))
    return failure();
  SmallVector<int64_t> shape(first->getShape());
  for (auto [i, type] : llvm::enumerate(operands.drop_front())) {
    FailureOr<RankedTensorType> tensor =
        rankedTensor(location, opName, type, "operand " + std::to_string(i + 1));
    if (failed(tensor))
      return failure();
    if (!compatibleShapes(tensor->getShape(), shape))
      return emitShapeError(location, opName)
             << "requires all operands to have the same shape, got "
             << typesText(operands);
    if (sameElementType &&
        !sameBaselineElement(tensor->getElementType(), first->getElementType()))
      return emitShapeError(location, opName)
             << "requires all operands to have the same element type, got "
             << typesText(operands);
    shape = mergeShapes(shape, tensor->getShape());
  }
  results.push_back(RankedTensorType::get(
      shape, resultElement ? resultElement : first->getElementType()));
  return success();
}

// Whether values of element type `from` promote to `to` (the spec's
// is_promotable): the same type, or the same kind (signed, unsigned or
// signless integers; floats; complex numbers) at least as wide, with bf16
// and f16 not promoting into each other.
bool isPromotable(Type from, Type to) {
  if (from == to)
    return true;
  if (auto a = dyn_cast<ComplexType>(from)) {
    auto b = dyn_cast<ComplexType>(to);
    return b && isPromotable(a.getElementType(), b.getElementType());
  }
  if (auto a = dyn_cast<IntegerType>(from)) {
    auto b = dyn_cast<IntegerType>(to);
    return b && a.getWidth() != 1 && b.getWidth() != 1 && a.getSignedness() == b.getSignedness() &&
           a.getWidth() < b.getWidth();
  }
  if (auto a = dyn_cast<FloatType>(from)) {
    auto b = dyn_cast<FloatType>(to);
    return b && a.getWidth() < b.getWidth();
  }
  return false;
}

Type complexPartType(Type element) {
  if (auto complex = dyn_cast_if_present<ComplexType>(element))
    return complex.getElementType();
  return element;
}

LogicalResult inferCompareOp(OptLoc location, Type lhs, Type rhs,
                             SmallVectorImpl<Type> &results) {
  if (!lhs || !rhs)
    return emitShapeError(location, "stablehlo.compare")
           << "needs two operands";
  return inferElementwiseOp(location, "stablehlo.compare", {lhs, rhs},
                            IntegerType::get(lhs.getContext(), 1),
                            /*sameElementType=*/true, results);
}

LogicalResult inferComplexOp(OptLoc location, Type lhs, Type rhs,
                             SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.complex";
  if (!lhs || !rhs)
    return emitShapeError(location, op) << "needs two operands";
  // complex_c1: one real operand type.
  Type element = getElementTypeOrSelf(lhs);
  if (!isa<FloatType>(element) || getElementTypeOrSelf(rhs) != element)
    return emitShapeError(location, op)
           << "requires operands of the same type, got " << lhs << " and "
           << rhs;
  return inferElementwiseOp(location, op, {lhs, rhs}, ComplexType::get(element),
                            /*sameElementType=*/true, results);
}

LogicalResult inferSelectOp(OptLoc location, Type pred, Type onTrue,
                            Type onFalse, SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.select";
  FailureOr<RankedTensorType> predType = rankedTensor(location, op, pred, "pred");
  FailureOr<RankedTensorType> trueType =
      rankedTensor(location, op, onTrue, "on_true");
  FailureOr<RankedTensorType> falseType =
      rankedTensor(location, op, onFalse, "on_false");
  if (failed(predType) || failed(trueType) || failed(falseType))
    return failure();
  // select_c2: both branches have the same type.
  if (!sameBaselineElement(trueType->getElementType(), falseType->getElementType()) ||
      !compatibleShapes(trueType->getShape(), falseType->getShape()))
    return emitShapeError(location, op)
           << "requires on_true and on_false to have the same type, got "
           << onTrue << " and " << onFalse;
  SmallVector<int64_t> shape =
      mergeShapes(trueType->getShape(), falseType->getShape());
  // select_c1: pred is a scalar or has the branches' shape.
  if (predType->getRank() != 0) {
    if (!compatibleShapes(predType->getShape(), shape))
      return emitShapeError(location, op)
             << "requires pred to be a scalar or to have the shape of "
                "on_true, got "
             << pred << " and " << onTrue;
    shape = mergeShapes(shape, predType->getShape());
  }
  // select_c3: the result has the branches' type.
  results.push_back(RankedTensorType::get(shape, trueType->getElementType()));
  return success();
}

LogicalResult inferClampOp(OptLoc location, Type min, Type operand, Type max,
                           SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.clamp";
  FailureOr<RankedTensorType> operandType =
      rankedTensor(location, op, operand, "operand");
  if (failed(operandType))
    return failure();
  for (auto [name, bound] : {std::make_pair("min", min), std::make_pair("max", max)}) {
    FailureOr<RankedTensorType> type = rankedTensor(location, op, bound, name);
    if (failed(type))
      return failure();
    // clamp_c2: same element type as the operand.
    if (!sameBaselineElement(type->getElementType(), operandType->getElementType()))
      return emitShapeError(location, op)
             << name << " has element type " << type->getElementType()
             << ", operand has " << operandType->getElementType();
    // clamp_c1: a scalar or the operand's shape.
    if (type->getRank() != 0 &&
        !compatibleShapes(type->getShape(), operandType->getShape()))
      return emitShapeError(location, op)
             << name << " (" << *type
             << ") must be a scalar or have the operand's shape ("
             << *operandType << ")";
  }
  // clamp_c3: the result has the operand's type.
  results.push_back(*operandType);
  return success();
}

//===----------------------------------------------------------------------===//
// Contractions and reductions
//===----------------------------------------------------------------------===//

/// dot_general_c3..c6: one side's batching and contracting dimensions are in
/// range and distinct.
static LogicalResult checkDotSide(OptLoc location, StringRef side, int64_t rank,
                                  ArrayRef<int64_t> batching,
                                  ArrayRef<int64_t> contracting) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [list, name] : {std::make_pair(batching, "batching"),
                            std::make_pair(contracting, "contracting")}) {
    for (int64_t dim : list) {
      if (dim < 0 || dim >= rank)
        return emitShapeError(location, "stablehlo.dot_general")
               << side << "_" << name << "_dimensions has " << dim
               << ", out of range for a " << side << " of rank " << rank;
      if (!seen.insert(dim).second)
        return emitShapeError(location, "stablehlo.dot_general")
               << side << " dimension " << dim
               << " appears more than once in the batching and contracting "
                  "dimensions";
    }
  }
  return success();
}

LogicalResult inferDotGeneralOp(OptLoc location, Type lhs, Type rhs,
                                ArrayRef<int64_t> lhsBatch,
                                ArrayRef<int64_t> rhsBatch,
                                ArrayRef<int64_t> lhsContract,
                                ArrayRef<int64_t> rhsContract,
                                std::optional<size_t> precisionCount,
                                SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.dot_general";
  FailureOr<RankedTensorType> lhsType = rankedTensor(location, op, lhs, "lhs");
  FailureOr<RankedTensorType> rhsType = rankedTensor(location, op, rhs, "rhs");
  if (failed(lhsType) || failed(rhsType))
    return failure();
  // dot_general_c1/c2: the lists pair up.
  if (lhsBatch.size() != rhsBatch.size())
    return emitShapeError(location, op)
           << "has " << lhsBatch.size() << " lhs batching dimensions but "
           << rhsBatch.size() << " rhs batching dimensions";
  if (lhsContract.size() != rhsContract.size())
    return emitShapeError(location, op)
           << "has " << lhsContract.size() << " lhs contracting dimensions but "
           << rhsContract.size() << " rhs contracting dimensions";
  if (failed(checkDotSide(location, "lhs", lhsType->getRank(), lhsBatch,
                          lhsContract)) ||
      failed(checkDotSide(location, "rhs", rhsType->getRank(), rhsBatch,
                          rhsContract)))
    return failure();
  // dot_general_c7/c8: paired dimensions have equal sizes.
  for (auto [l, r, what] :
       {std::make_tuple(lhsBatch, rhsBatch, "batching"),
        std::make_tuple(lhsContract, rhsContract, "contracting")}) {
    for (auto [a, b] : llvm::zip(l, r)) {
      int64_t x = lhsType->getDimSize(a), y = rhsType->getDimSize(b);
      if (!compatibleDim(x, y))
        return emitShapeError(location, op)
               << what << " dimensions lhs[" << a << "] (size " << x
               << ") and rhs[" << b << "] (size " << y << ") differ in size";
    }
  }
  // dot_general_c11: one precision per operand, when given; like
  // StableHLO's verifier, a single entry (for both operands) is accepted.
  if (precisionCount && *precisionCount > 2)
    return emitShapeError(location, op)
           << "precision_config must have at most 2 entries, got "
           << *precisionCount;
  // (a quantized rhs: dot_general_c14-c20, verifyQuantizedOperation)
  if (lhsType->getElementType() != rhsType->getElementType() &&
      !isHloQuantizedElement(rhsType->getElementType()))
    return emitShapeError(location, op)
           << "requires lhs and rhs of the same element type, got "
           << lhsType->getElementType() << " and " << rhsType->getElementType();
  // dot_general_c13: batch, lhs free, rhs free.
  SmallVector<int64_t> shape;
  for (auto [a, b] : llvm::zip(lhsBatch, rhsBatch))
    shape.push_back(mergeShapes({lhsType->getDimSize(a)},
                                {rhsType->getDimSize(b)})[0]);
  for (int64_t dim = 0; dim < lhsType->getRank(); ++dim)
    if (!llvm::is_contained(lhsBatch, dim) && !llvm::is_contained(lhsContract, dim))
      shape.push_back(lhsType->getDimSize(dim));
  for (int64_t dim = 0; dim < rhsType->getRank(); ++dim)
    if (!llvm::is_contained(rhsBatch, dim) && !llvm::is_contained(rhsContract, dim))
      shape.push_back(rhsType->getDimSize(dim));
  results.push_back(RankedTensorType::get(shape, lhsType->getElementType()));
  return success();
}

LogicalResult inferDotOp(OptLoc location, Type lhs, Type rhs,
                         SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.dot";
  FailureOr<RankedTensorType> l = rankedTensor(location, op, lhs, "lhs");
  FailureOr<RankedTensorType> r = rankedTensor(location, op, rhs, "rhs");
  if (failed(l) || failed(r))
    return failure();
  if (l->getElementType() != r->getElementType())
    return emitShapeError(location, op)
           << "lhs and rhs must have the same element type, got "
           << l->getElementType() << " and " << r->getElementType();
  if (l->getRank() < 1 || l->getRank() > 2 || r->getRank() < 1 || r->getRank() > 2)
    return emitShapeError(location, op)
           << "lhs and rhs must have rank 1 or 2, got " << l->getRank()
           << " and " << r->getRank();
  // The last lhs dimension contracts with the first rhs dimension.
  if (!compatibleDim(l->getShape().back(), r->getShape().front()))
    return emitShapeError(location, op)
           << "contracting dimensions differ: lhs " << *l << " has "
           << l->getShape().back() << ", rhs " << *r << " has "
           << r->getShape().front();
  SmallVector<int64_t> shape;
  if (l->getRank() == 2)
    shape.push_back(l->getDimSize(0));
  if (r->getRank() == 2)
    shape.push_back(r->getDimSize(1));
  results.push_back(RankedTensorType::get(shape, l->getElementType()));
  return success();
}

LogicalResult inferReduceOp(OptLoc location, TypeRange inputs,
                            TypeRange initValues, ArrayRef<int64_t> dimensions,
                            Region *body, SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.reduce";
  size_t n = inputs.size();
  if (n == 0)
    return emitShapeError(location, op) << "needs at least one input";
  if (initValues.size() != n)
    return emitShapeError(location, op)
           << "needs one init value per input, got " << n << " inputs and "
           << initValues.size() << " init values";
  FailureOr<RankedTensorType> first =
      rankedTensor(location, op, inputs[0], "input 0");
  if (failed(first))
    return failure();
  SmallVector<int64_t> inputShape(first->getShape());
  // reduce_c1: all inputs have one shape.
  for (Type input : inputs) {
    auto type = dyn_cast<RankedTensorType>(input);
    if (!type || !compatibleShapes(type.getShape(), inputShape))
      return emitShapeError(location, op)
             << "requires all inputs to have the same shape, got " << *first
             << " and " << input;
    inputShape = mergeShapes(inputShape, type.getShape());
  }
  // reduce_c2: init values are scalars of the inputs' element types.
  for (auto [input, init] : llvm::zip(inputs, initValues)) {
    auto initType = dyn_cast<RankedTensorType>(init);
    if (!initType || initType.getRank() != 0 ||
        initType.getElementType() != getElementTypeOrSelf(input))
      return emitShapeError(location, op)
             << "init value of type " << init
             << " must be a rank-0 tensor of the element type of " << input;
  }
  // reduce_c4/c5: dimensions in range and unique.
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dimensions) {
    if (dim < 0 || dim >= first->getRank())
      return emitShapeError(location, op)
             << "dimension " << dim << " is out of range for inputs of rank "
             << first->getRank();
    if (!seen.insert(dim).second)
      return emitShapeError(location, op)
             << "dimension " << dim << " appears more than once";
  }
  // reduce_c6: body (acc..., el...) -> acc..., all rank-0 tensors of the
  // init types.
  if (body) {
    if (body->empty())
      return emitShapeError(location, op) << "body region must not be empty";
    Block &block = body->front();
    if (block.getNumArguments() != 2 * n)
      return emitShapeError(location, op)
             << "body must take " << 2 * n
             << " arguments (accumulators, then elements), got "
             << block.getNumArguments();
    for (size_t i = 0; i < 2 * n; ++i)
      if (block.getArgument(i).getType() != initValues[i % n])
        return emitShapeError(location, op)
               << "body argument " << i << " has type "
               << block.getArgument(i).getType() << ", expected "
               << initValues[i % n];
    if (block.empty() || !isa<ReturnOp>(block.back()))
      return emitShapeError(location, op)
             << "body must end with stablehlo.return";
    Operation *terminator = &block.back();
    if (terminator->getNumOperands() != n)
      return emitShapeError(location, op)
             << "body must return " << n << " value(s), got "
             << terminator->getNumOperands();
    for (size_t i = 0; i < n; ++i)
      if (terminator->getOperand(i).getType() != initValues[i])
        return emitShapeError(location, op)
               << "body result " << i << " has type "
               << terminator->getOperand(i).getType() << ", expected "
               << initValues[i];
  }
  // reduce_c7: results drop the reduced dimensions.
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < first->getRank(); ++dim)
    if (!seen.contains(dim))
      shape.push_back(inputShape[dim]);
  for (Type init : initValues)
    results.push_back(RankedTensorType::get(shape, getElementTypeOrSelf(init)));
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult inferTransposeOp(OptLoc location, Type operand,
                               ArrayRef<int64_t> permutation,
                               SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.transpose";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  // transpose_c1: a permutation of the operand's dimensions.
  int64_t rank = type->getRank();
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitShapeError(location, op)
           << "permutation has " << permutation.size()
           << " entries for an operand of rank " << rank;
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : permutation)
    if (dim < 0 || dim >= rank || !seen.insert(dim).second)
      return emitShapeError(location, op)
             << "dims must be a permutation of [0, " << rank << "), got "
             << dim << " out of range or repeated";
  // transpose_c2: result dimension i is operand dimension permutation[i].
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type->getDimSize(dim));
  results.push_back(RankedTensorType::get(shape, type->getElementType()));
  return success();
}

LogicalResult inferReverseOp(OptLoc location, Type operand,
                             ArrayRef<int64_t> dimensions,
                             SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.reverse";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  int64_t rank = type->getRank();
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dimensions) {
    // reverse_c2/c3: dimensions unique and in range.
    if (dim < 0 || dim >= rank)
      return emitShapeError(location, op)
             << "dimension " << dim << " is out of range for an operand of rank "
             << rank;
    if (!seen.insert(dim).second)
      return emitShapeError(location, op)
             << "dimension " << dim << " appears more than once";
  }
  // reverse_c1: the operand's type.
  results.push_back(*type);
  return success();
}

LogicalResult inferSliceOp(OptLoc location, Type operand,
                           ArrayRef<int64_t> starts, ArrayRef<int64_t> limits,
                           ArrayRef<int64_t> strides,
                           SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.slice";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  // slice_c2: one entry per dimension.
  if (static_cast<int64_t>(starts.size()) != type->getRank() ||
      limits.size() != starts.size() || strides.size() != starts.size())
    return emitShapeError(location, op)
           << "needs start, limit and stride for each of the "
           << type->getRank() << " operand dimensions";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type->getRank(); ++d) {
    int64_t size = type->getDimSize(d);
    // slice_c3/c4: 0 <= start <= limit <= size, stride > 0.
    if (starts[d] < 0 || starts[d] > limits[d] ||
        (!ShapedType::isDynamic(size) && limits[d] > size))
      return emitShapeError(location, op)
             << "dimension " << d << ": need 0 <= start (" << starts[d]
             << ") <= limit (" << limits[d] << ") <= size (" << size << ")";
    if (strides[d] <= 0)
      return emitShapeError(location, op)
             << "dimension " << d << ": stride " << strides[d]
             << " must be positive";
    // slice_c5: ceil((limit - start) / stride).
    shape.push_back((limits[d] - starts[d] + strides[d] - 1) / strides[d]);
  }
  results.push_back(RankedTensorType::get(shape, type->getElementType()));
  return success();
}

LogicalResult inferConcatenateOp(OptLoc location, TypeRange inputs,
                                 int64_t dim, SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.concatenate";
  if (inputs.empty())
    return emitShapeError(location, op) << "needs at least one input";
  FailureOr<RankedTensorType> first = rankedTensor(location, op, inputs[0], "input 0");
  if (failed(first))
    return failure();
  // concatenate_c4: the dimension exists.
  if (dim < 0 || dim >= first->getRank())
    return emitShapeError(location, op)
           << "dimension " << dim << " is out of range for inputs of rank "
           << first->getRank();
  SmallVector<int64_t> shape(first->getShape());
  int64_t total = 0;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto type = dyn_cast<RankedTensorType>(input);
    // concatenate_c1/c2: same element type and rank, same sizes elsewhere.
    if (!type || !sameBaselineElement(type.getElementType(), first->getElementType()) ||
        type.getRank() != first->getRank())
      return emitShapeError(location, op)
             << "input " << i << " (" << input
             << ") must have the element type and rank of input 0 (" << *first
             << ")";
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d == dim)
        continue;
      if (!compatibleDim(type.getDimSize(d), shape[d]))
        return emitShapeError(location, op)
               << "input " << i << " has size " << type.getDimSize(d)
               << " in dimension " << d << ", input 0 has "
               << first->getDimSize(d);
      if (ShapedType::isDynamic(shape[d]))
        shape[d] = type.getDimSize(d);
    }
    // concatenate_c6: the sizes along the dimension add up.
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(total))
      total = ShapedType::kDynamic;
    else
      total += size;
  }
  shape[dim] = total;
  results.push_back(RankedTensorType::get(shape, first->getElementType()));
  return success();
}

LogicalResult inferPadOp(OptLoc location, Type operand, Type paddingValue,
                         ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                         ArrayRef<int64_t> interior,
                         SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.pad";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  FailureOr<RankedTensorType> paddingType =
      rankedTensor(location, op, paddingValue, "padding value");
  if (failed(type) || failed(paddingType))
    return failure();
  // pad_c1: the padding value is a scalar of the operand's element type.
  if (paddingType->getRank() != 0 ||
      !sameBaselineElement(paddingType->getElementType(), type->getElementType()))
    return emitShapeError(location, op)
           << "padding value " << *paddingType
           << " must be a rank-0 tensor of element type "
           << type->getElementType();
  // pad_c2: one entry per dimension.
  if (static_cast<int64_t>(low.size()) != type->getRank() ||
      high.size() != low.size() || interior.size() != low.size())
    return emitShapeError(location, op)
           << "needs low, high and interior padding for each of the "
           << type->getRank() << " operand dimensions";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type->getRank(); ++d) {
    // pad_c3: interior padding is not negative.
    if (interior[d] < 0)
      return emitShapeError(location, op)
             << "interior padding " << interior[d] << " of dimension " << d
             << " is negative";
    int64_t n = type->getDimSize(d);
    if (ShapedType::isDynamic(n)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    // pad_c4: low + high + n + (n - 1) * interior; negative edges cut.
    int64_t size =
        low[d] + high[d] + n + std::max<int64_t>(n - 1, 0) * interior[d];
    if (size < 0)
      return emitShapeError(location, op)
             << "dimension " << d << " would have size " << size;
    shape.push_back(size);
  }
  results.push_back(RankedTensorType::get(shape, type->getElementType()));
  return success();
}

LogicalResult inferBroadcastOp(OptLoc location, Type operand,
                               ArrayRef<int64_t> sizes,
                               SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.broadcast";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  for (int64_t size : sizes)
    if (size < 0)
      return emitShapeError(location, op)
             << "broadcast_sizes must be non-negative, got " << listText(sizes);
  SmallVector<int64_t> shape(sizes);
  llvm::append_range(shape, type->getShape());
  results.push_back(RankedTensorType::get(shape, type->getElementType()));
  return success();
}

LogicalResult inferTupleOp(OptLoc, MLIRContext *context, TypeRange operands,
                           SmallVectorImpl<Type> &results) {
  results.push_back(TupleType::get(context, operands));
  return success();
}

LogicalResult inferGetTupleElementOp(OptLoc location, Type tuple, int64_t index,
                                     SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.get_tuple_element";
  auto type = dyn_cast_if_present<TupleType>(tuple);
  if (!type)
    return emitShapeError(location, op) << "operand must be a tuple, got " << tuple;
  // get_tuple_element_c1: index in range.
  if (index < 0 || index >= static_cast<int64_t>(type.size()))
    return emitShapeError(location, op)
           << "index " << index << " is out of range for " << tuple;
  // get_tuple_element_c2: the element's type.
  results.push_back(type.getType(index));
  return success();
}

LogicalResult inferOperandTypes(OptLoc, StringRef, TypeRange operands,
                                SmallVectorImpl<Type> &results) {
  llvm::append_range(results, operands);
  return success();
}

LogicalResult inferBranchesOp(OptLoc location, StringRef op,
                              RegionRange branches,
                              SmallVectorImpl<Type> &results) {
  if (branches.empty())
    return emitShapeError(location, op) << "needs at least one branch";
  SmallVector<Type> types;
  for (auto [i, branch] : llvm::enumerate(branches)) {
    std::string name = "branch " + std::to_string(i);
    FailureOr<Operation *> ret = regionReturn(location, op, branch, name);
    if (failed(ret))
      return failure();
    TypeRange returned = (*ret)->getOperandTypes();
    if (i == 0) {
      llvm::append_range(types, returned);
      continue;
    }
    // if_c3, case_c4: every branch returns the same types.
    if (!isCompatibleInferredTypes(returned, types))
      return emitShapeError(location, op)
             << name << " returns " << typesText(returned)
             << " but branch 0 returns " << typesText(types);
    for (auto [t, r] : llvm::zip(types, returned))
      if (auto a = dyn_cast<RankedTensorType>(t))
        t = a.clone(mergeShapes(a.getShape(), cast<RankedTensorType>(r).getShape()));
  }
  llvm::append_range(results, types);
  return success();
}

LogicalResult inferMapOp(OptLoc location, TypeRange operands,
                         ArrayRef<int64_t> dims, Region *body,
                         SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.map";
  // map_c2: at least one input.
  if (operands.empty())
    return emitShapeError(location, op) << "needs at least one input";
  SmallVector<Type> ignored;
  if (failed(inferElementwiseOp(location, op, operands, Type(),
                                /*sameElementType=*/false, ignored)))
    return failure();
  auto shapeType = cast<RankedTensorType>(ignored[0]);
  // map_c3: dimensions = [0, ..., R-1].
  bool identity = static_cast<int64_t>(dims.size()) == shapeType.getRank();
  for (auto [i, dim] : llvm::enumerate(dims))
    identity &= dim == static_cast<int64_t>(i);
  if (!identity)
    return emitShapeError(location, op)
           << "dimensions must be [0, ..., " << shapeType.getRank() - 1
           << "] (all dimensions in order), got " << listText(dims);
  // map_c4: computation : (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'>.
  if (!body || body->empty())
    return emitShapeError(location, op) << "computation region must not be empty";
  Block &block = body->front();
  SmallVector<Type> expected;
  for (Type operand : operands)
    expected.push_back(RankedTensorType::get({}, getElementTypeOrSelf(operand)));
  if (TypeRange(block.getArgumentTypes()) != TypeRange(expected))
    return emitShapeError(location, op)
           << "computation arguments " << typesText(block.getArgumentTypes())
           << " must be " << typesText(expected);
  FailureOr<Operation *> ret = regionReturn(location, op, body, "computation");
  if (failed(ret))
    return failure();
  auto scalar = (*ret)->getNumOperands() == 1
                    ? dyn_cast<RankedTensorType>((*ret)->getOperand(0).getType())
                    : RankedTensorType();
  if (!scalar || scalar.getRank() != 0)
    return emitShapeError(location, op)
           << "computation must return a single rank-0 tensor, got "
           << typesText((*ret)->getOperandTypes());
  // map_c5..c7: the operands' shape, the computation's element type.
  results.push_back(shapeType.clone(scalar.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra, indexing, collectives and the rest
//===----------------------------------------------------------------------===//

LogicalResult inferGetDimensionSizeOp(OptLoc location, Type operand,
                                      int64_t dim,
                                      SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.get_dimension_size";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  // get_dimension_size_c1: dimension in range.
  if (dim < 0 || dim >= type->getRank())
    return emitShapeError(location, op)
           << "dimension " << dim << " is out of range for an operand of rank "
           << type->getRank();
  results.push_back(
      RankedTensorType::get({}, IntegerType::get(operand.getContext(), 32)));
  return success();
}

LogicalResult inferCholeskyOp(OptLoc location, Type a,
                              SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.cholesky";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, a, "a");
  if (failed(type))
    return failure();
  // cholesky_c2/c3: a batch of square matrices.
  if (type->getRank() < 2)
    return emitShapeError(location, op)
           << "a must have rank at least 2, got " << *type;
  ArrayRef<int64_t> shape = type->getShape();
  if (!compatibleDim(shape.back(), shape.drop_back().back()))
    return emitShapeError(location, op)
           << "the two minor dimensions of a must be equal (square matrices), got "
           << *type;
  // cholesky_c1: the result has a's type.
  results.push_back(*type);
  return success();
}

LogicalResult inferTriangularSolveOp(OptLoc location, Type aType, Type bType,
                                     bool leftSide,
                                     SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.triangular_solve";
  FailureOr<RankedTensorType> a = rankedTensor(location, op, aType, "a");
  FailureOr<RankedTensorType> b = rankedTensor(location, op, bType, "b");
  if (failed(a) || failed(b))
    return failure();
  // triangular_solve_c1: same element type.
  if (a->getElementType() != b->getElementType())
    return emitShapeError(location, op)
           << "a and b must have the same element type, got "
           << a->getElementType() << " and " << b->getElementType();
  // triangular_solve_c2: equal ranks, at least 2.
  int64_t rank = a->getRank();
  if (rank < 2 || b->getRank() != rank)
    return emitShapeError(location, op)
           << "a and b must have the same rank, at least 2, got " << *a
           << " and " << *b;
  // triangular_solve_c3: same batch dims, a square, a matches b's side.
  if (!compatibleShapes(a->getShape().drop_back(2), b->getShape().drop_back(2)))
    return emitShapeError(location, op)
           << "a " << *a << " and b " << *b
           << " must have the same batch dimensions";
  int64_t n = a->getDimSize(rank - 1);
  if (!compatibleDim(a->getDimSize(rank - 2), n))
    return emitShapeError(location, op)
           << "the two minor dimensions of a must be equal, got " << *a;
  int64_t side = b->getDimSize(leftSide ? rank - 2 : rank - 1);
  if (!compatibleDim(side, n))
    return emitShapeError(location, op)
           << "a is " << n << "x" << n << " but b's "
           << (leftSide ? "rows" : "columns") << " number " << side
           << " (left_side = " << (leftSide ? "true" : "false") << ")";
  // triangular_solve_c4: the result has b's type.
  results.push_back(*b);
  return success();
}

LogicalResult inferReducePrecisionOp(OptLoc location, Type operand,
                                     int64_t exponent, int64_t mantissa,
                                     SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.reduce_precision";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  // reduce_precision_c2/c3.
  if (exponent < 1)
    return emitShapeError(location, op)
           << "exponent_bits must be at least 1, got " << exponent;
  if (mantissa < 0)
    return emitShapeError(location, op)
           << "mantissa_bits must be non-negative, got " << mantissa;
  // reduce_precision_c1: the operand's type.
  results.push_back(*type);
  return success();
}

/// dynamic_slice_c2/c3, dynamic_update_slice_c3/c4: one scalar per
/// dimension, all of one type.
static LogicalResult checkStartIndices(OptLoc location, StringRef op,
                                       TypeRange indices, int64_t rank) {
  if (static_cast<int64_t>(indices.size()) != rank)
    return emitShapeError(location, op)
           << "needs " << rank
           << " start indices (one per operand dimension), got "
           << indices.size();
  for (Type index : indices)
    if (index != indices.front())
      return emitShapeError(location, op)
             << "start indices must all have the same type, got "
             << indices.front() << " and " << index;
  return success();
}

LogicalResult inferDynamicSliceOp(OptLoc location, Type operand,
                                  TypeRange startIndices,
                                  ArrayRef<int64_t> sizes,
                                  SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.dynamic_slice";
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type) ||
      failed(checkStartIndices(location, op, startIndices, type->getRank())))
    return failure();
  // dynamic_slice_c4: 0 <= slice_sizes <= operand dims.
  if (static_cast<int64_t>(sizes.size()) != type->getRank())
    return emitShapeError(location, op)
           << "slice_sizes has " << sizes.size() << " entries, operand rank is "
           << type->getRank();
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size < 0 || (!type->isDynamicDim(i) && size > type->getDimSize(i)))
      return emitShapeError(location, op)
             << "slice_sizes[" << i << "] = " << size << " must be in [0, "
             << type->getDimSize(i) << "]";
  // dynamic_slice_c1/c5: shape slice_sizes, the operand's element type.
  results.push_back(RankedTensorType::get(sizes, type->getElementType()));
  return success();
}

LogicalResult inferDynamicUpdateSliceOp(OptLoc location, Type operand,
                                        Type update, TypeRange startIndices,
                                        SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.dynamic_update_slice";
  FailureOr<RankedTensorType> operandType =
      rankedTensor(location, op, operand, "operand");
  FailureOr<RankedTensorType> updateType =
      rankedTensor(location, op, update, "update");
  if (failed(operandType) || failed(updateType))
    return failure();
  // dynamic_update_slice_c2/c3: same rank and element type, update fits.
  if (updateType->getRank() != operandType->getRank() ||
      updateType->getElementType() != operandType->getElementType())
    return emitShapeError(location, op)
           << "update " << *updateType
           << " must have the operand's rank and element type ("
           << *operandType << ")";
  for (int64_t i = 0; i < operandType->getRank(); ++i) {
    int64_t u = updateType->getDimSize(i), o = operandType->getDimSize(i);
    if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(o) && u > o)
      return emitShapeError(location, op)
             << "update dimension " << i << " (" << u
             << ") is larger than the operand's (" << o << ")";
  }
  if (failed(checkStartIndices(location, op, startIndices,
                               operandType->getRank())))
    return failure();
  // dynamic_update_slice_c1: the operand's type.
  results.push_back(*operandType);
  return success();
}

LogicalResult inferFftOp(OptLoc location, Type operand, bool inverse,
                         bool real, ArrayRef<int64_t> length,
                         SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.fft";
  StringRef kind = real ? (inverse ? "IRFFT" : "RFFT") : (inverse ? "IFFT" : "FFT");
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  int64_t count = length.size();
  // fft_c3: one to three transformed dimensions.
  if (count < 1 || count > 3)
    return emitShapeError(location, op)
           << "fft_length must have 1 to 3 entries, got " << count;
  // fft_c1: the operand has that many dimensions.
  if (type->getRank() < count)
    return emitShapeError(location, op)
           << "operand rank " << type->getRank()
           << " is less than size(fft_length) = " << count;
  // fft_length holds the time-domain lengths of the transformed axes.
  for (int64_t n : length)
    if (n < 0)
      return emitShapeError(location, op)
             << "fft_length must be non-negative, got " << listText(length);
  // fft_c2: FFT/IFFT keep a complex type; RFFT: float to complex of it;
  // IRFFT: complex to its float.
  Type in = type->getElementType();
  auto complex = dyn_cast<ComplexType>(in);
  bool forwardReal = real && !inverse;
  if (forwardReal ? !isa<FloatType>(in) : !complex)
    return emitShapeError(location, op)
           << "fft_type " << kind << " needs "
           << (forwardReal ? "a floating-point" : "a complex")
           << " operand, got element type " << in;
  Type out = !real ? in
             : inverse ? complex.getElementType()
                       : Type(ComplexType::get(in));
  auto half = [](int64_t n) {
    return ShapedType::isDynamic(n) || n == 0 ? n : n / 2 + 1;
  };
  SmallVector<int64_t> shape(type->getShape());
  ArrayRef<int64_t> minor = type->getShape().take_back(count);
  if (!real) {
    // FFT/IFFT transform the minor dimensions, whose time-domain lengths
    // fft_length gives (seed: "the time-domain lengths of the axes being
    // transformed"), so they must be equal: a longer length would read past
    // the operand.
    if (!compatibleShapes(minor, length))
      return emitShapeError(location, op)
             << "the minor dimensions " << listText(minor) << " of the "
             << kind << " operand must equal fft_length " << listText(length);
  } else if (forwardReal) {
    // fft_c4: the real operand's minor dimensions are fft_length; c5: the
    // last one becomes n / 2 + 1.
    if (!compatibleShapes(minor, length))
      return emitShapeError(location, op)
             << "the minor dimensions " << listText(minor)
             << " of the real operand must equal fft_length "
             << listText(length);
    shape.back() = half(length.back());
  } else if (real) {
    // fft_c4/c5: the real result's minor dimensions are fft_length, so the
    // operand's are too, except the last, which is n / 2 + 1.
    SmallVector<int64_t> expected(length);
    expected.back() = half(length.back());
    if (!compatibleShapes(minor, expected))
      return emitShapeError(location, op)
             << "the minor dimensions " << listText(minor)
             << " of the complex operand must be " << listText(expected)
             << " for fft_length " << listText(length);
    llvm::copy(length, shape.end() - count);
  }
  results.push_back(RankedTensorType::get(shape, out));
  return success();
}

LogicalResult inferBatchNormOp(OptLoc location, StringRef op, Type operand,
                               int64_t featureIndex,
                               ArrayRef<std::pair<StringRef, Type>> features,
                               ArrayRef<std::pair<StringRef, Type>> fullSize,
                               unsigned featureResults,
                               SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = rankedTensor(location, op, operand, "operand");
  if (failed(type))
    return failure();
  // batch_norm_*_c1: feature_index in range.
  if (featureIndex < 0 || featureIndex >= type->getRank())
    return emitShapeError(location, op)
           << "feature_index " << featureIndex
           << " is out of range for an operand of rank " << type->getRank();
  // batch_norm_*_c2: one (baseline) element type.
  Type element = type->getElementType();
  for (auto [name, value] :
       llvm::concat<const std::pair<StringRef, Type>>(features, fullSize))
    if (!sameBaselineElement(getElementTypeOrSelf(value), element))
      return emitShapeError(location, op)
             << name << " must have the operand's element type " << element
             << ", got " << value;
  // The per-feature inputs have the feature dimension's size.
  int64_t size = type->getDimSize(featureIndex);
  for (auto [name, value] : features) {
    auto vector = dyn_cast<RankedTensorType>(value);
    if (!vector || vector.getRank() != 1 ||
        !compatibleDim(vector.getDimSize(0), size))
      return emitShapeError(location, op)
             << name << " must have " << size
             << " elements (the size of the feature dimension), got " << value;
    if (ShapedType::isDynamic(size))
      size = vector.getDimSize(0);
  }
  for (auto [name, value] : fullSize)
    if (!isCompatibleInferredType(value, *type))
      return emitShapeError(location, op)
             << name << " must have the operand type " << *type << ", got "
             << value;
  results.push_back(*type);
  for (unsigned i = 0; i < featureResults; ++i)
    results.push_back(RankedTensorType::get({size}, element));
  return success();
}

//===----------------------------------------------------------------------===//
// Windows and convolutions
//===----------------------------------------------------------------------===//

/// The [n, 2] padding attribute as (low, high) pairs, or an error.
static LogicalResult readPadding(OptLoc location, StringRef op, int64_t n,
                                 DenseIntElementsAttr padding,
                                 SmallVectorImpl<int64_t> &low,
                                 SmallVectorImpl<int64_t> &high) {
  low.assign(n, 0);
  high.assign(n, 0);
  if (!padding)
    return success();
  auto type = cast<ShapedType>(padding.getType());
  if (type.getRank() != 2 || type.getDimSize(0) != n || type.getDimSize(1) != 2)
    return emitShapeError(location, op)
           << "padding must have shape [" << n << ", 2], got " << type;
  SmallVector<int64_t> values;
  for (const APInt &v : padding.getValues<APInt>())
    values.push_back(v.getSExtValue());
  for (int64_t i = 0; i < n; ++i) {
    low[i] = values[2 * i];
    high[i] = values[2 * i + 1];
  }
  return success();
}

FailureOr<WindowParams>
readWindow(OptLoc location, StringRef op, int64_t rank,
           std::optional<ArrayRef<int64_t>> dimensions,
           std::optional<ArrayRef<int64_t>> strides,
           std::optional<ArrayRef<int64_t>> baseDilations,
           std::optional<ArrayRef<int64_t>> windowDilations,
           DenseIntElementsAttr padding) {
  WindowParams w;
  auto fill = [&](StringRef name, std::optional<ArrayRef<int64_t>> values,
                  SmallVector<int64_t> &out) -> LogicalResult {
    if (!values) {
      out.assign(rank, 1);
      return success();
    }
    if (static_cast<int64_t>(values->size()) != rank)
      return emitShapeError(location, op)
             << name << " has " << values->size()
             << " entries, the operand rank is " << rank;
    for (int64_t v : *values)
      if (v < 1)
        return emitShapeError(location, op)
               << name << " entries must be at least 1, got " << v;
    out.assign(values->begin(), values->end());
    return success();
  };
  if (failed(fill("window_dimensions", dimensions, w.dimensions)) ||
      failed(fill("window_strides", strides, w.strides)) ||
      failed(fill("base_dilations", baseDilations, w.baseDilations)) ||
      failed(fill("window_dilations", windowDilations, w.windowDilations)) ||
      failed(readPadding(location, op, rank, padding, w.low, w.high)))
    return failure();
  return w;
}

/// Window positions along one dimension of size `in` (`?` stays `?`).
static int64_t windowPositions(int64_t in, int64_t baseDilation, int64_t low,
                               int64_t high, int64_t window,
                               int64_t windowDilation, int64_t stride) {
  if (ShapedType::isDynamic(in) || ShapedType::isDynamic(window))
    return ShapedType::kDynamic;
  int64_t dilated = in == 0 ? 0 : (in - 1) * baseDilation + 1;
  int64_t padded = dilated + low + high;
  int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * windowDilation + 1;
  if (padded < dilatedWindow || dilatedWindow == 0)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

SmallVector<int64_t> windowedShape(ArrayRef<int64_t> shape,
                                   const WindowParams &w) {
  SmallVector<int64_t> out;
  for (size_t i = 0; i < shape.size(); ++i)
    out.push_back(windowPositions(shape[i], w.baseDilations[i], w.low[i],
                                  w.high[i], w.dimensions[i],
                                  w.windowDilations[i], w.strides[i]));
  return out;
}

LogicalResult inferReduceWindowOp(OptLoc location, TypeRange inputs,
                                  TypeRange initValues,
                                  const WindowParams &window,
                                  SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.reduce_window";
  if (inputs.empty())
    return emitShapeError(location, op) << "needs at least one input";
  if (initValues.size() != inputs.size())
    return emitShapeError(location, op)
           << "needs one init value per input, got " << inputs.size()
           << " inputs and " << initValues.size() << " init values";
  // reduce_window_c1/c2: inputs of one shape.
  SmallVector<Type> merged;
  if (failed(inferElementwiseOp(location, op, inputs, Type(),
                                /*sameElementType=*/false, merged)))
    return failure();
  auto inputType = cast<RankedTensorType>(merged[0]);
  if (static_cast<int64_t>(window.dimensions.size()) != inputType.getRank())
    return emitShapeError(location, op)
           << "window_dimensions has " << window.dimensions.size()
           << " entries, the operand rank is " << inputType.getRank();
  // reduce_window_c3: init values are rank-0 of the inputs' element types.
  for (auto [input, init] : llvm::zip(inputs, initValues)) {
    auto scalar = RankedTensorType::get({}, getElementTypeOrSelf(input));
    if (init != scalar)
      return emitShapeError(location, op)
             << "init value of type " << init << " must be " << scalar;
  }
  // reduce_window_c16: the windowed shape, the init values' element types.
  SmallVector<int64_t> shape = windowedShape(inputType.getShape(), window);
  for (Type init : initValues)
    results.push_back(RankedTensorType::get(shape, getElementTypeOrSelf(init)));
  return success();
}

LogicalResult inferConvolutionOp(
    OptLoc location, Type lhs, Type rhs, const ConvDims &dims,
    std::optional<ArrayRef<int64_t>> stridesAttr, DenseIntElementsAttr padding,
    std::optional<ArrayRef<int64_t>> lhsDilationAttr,
    std::optional<ArrayRef<int64_t>> rhsDilationAttr,
    std::optional<size_t> reversalCount, int64_t featureGroups,
    int64_t batchGroups, std::optional<size_t> precisionCount,
    SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.convolution";
  FailureOr<RankedTensorType> lhsType = rankedTensor(location, op, lhs, "lhs");
  FailureOr<RankedTensorType> rhsType = rankedTensor(location, op, rhs, "rhs");
  if (failed(lhsType) || failed(rhsType))
    return failure();
  int64_t rank = lhsType->getRank();
  int64_t spatial = rank - 2;
  // convolution_c1/c13: ranks agree with the dimension numbers.
  if (rank < 2 || rhsType->getRank() != rank)
    return emitShapeError(location, op)
           << "lhs and rhs must have the same rank (at least 2), got "
           << lhsType->getRank() << " and " << rhsType->getRank();
  auto checkGroup = [&](StringRef name, std::initializer_list<int64_t> fixed,
                        ArrayRef<int64_t> spatialDims) -> LogicalResult {
    if (static_cast<int64_t>(spatialDims.size()) != spatial)
      return emitShapeError(location, op)
             << name << " has " << spatialDims.size()
             << " spatial dimensions, expected " << spatial;
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t dim :
         llvm::concat<const int64_t>(ArrayRef<int64_t>(fixed), spatialDims)) {
      if (dim < 0 || dim >= rank)
        return emitShapeError(location, op)
               << name << " dimension " << dim << " is out of range for rank "
               << rank;
      if (!seen.insert(dim).second)
        return emitShapeError(location, op)
               << name << " dimension " << dim << " is used twice";
    }
    return success();
  };
  // convolution_c13..c25: each group of dimension numbers is a permutation.
  if (failed(checkGroup("input", {dims.inputBatch, dims.inputFeature},
                        dims.inputSpatial)) ||
      failed(checkGroup("kernel",
                        {dims.kernelInputFeature, dims.kernelOutputFeature},
                        dims.kernelSpatial)) ||
      failed(checkGroup("output", {dims.outputBatch, dims.outputFeature},
                        dims.outputSpatial)))
    return failure();
  // convolution_c2..c8: window attributes sized by the spatial rank.
  auto sized = [&](StringRef name, std::optional<ArrayRef<int64_t>> values,
                   SmallVector<int64_t> &out) -> LogicalResult {
    if (!values) {
      out.assign(spatial, 1);
      return success();
    }
    if (static_cast<int64_t>(values->size()) != spatial)
      return emitShapeError(location, op)
             << name << " has " << values->size() << " entries, expected "
             << spatial;
    for (int64_t v : *values)
      if (v < 1)
        return emitShapeError(location, op)
               << name << " entries must be positive, got " << v;
    out.assign(values->begin(), values->end());
    return success();
  };
  SmallVector<int64_t> strides, lhsDilation, rhsDilation, low, high;
  if (failed(sized("window_strides", stridesAttr, strides)) ||
      failed(sized("lhs_dilation", lhsDilationAttr, lhsDilation)) ||
      failed(sized("rhs_dilation", rhsDilationAttr, rhsDilation)))
    return failure();
  if (reversalCount && static_cast<int64_t>(*reversalCount) != spatial)
    return emitShapeError(location, op)
           << "window_reversal has " << *reversalCount << " entries, expected "
           << spatial;
  if (failed(readPadding(location, op, spatial, padding, low, high)))
    return failure();
  // convolution_c10..c12, c14, c15: group arithmetic.
  if (featureGroups < 1 || batchGroups < 1)
    return emitShapeError(location, op)
           << "feature_group_count and batch_group_count must be positive";
  if (featureGroups > 1 && batchGroups > 1)
    return emitShapeError(location, op)
           << "feature_group_count and batch_group_count cannot both exceed 1";
  auto dynamic = [](int64_t n) { return ShapedType::isDynamic(n); };
  int64_t batch = lhsType->getDimSize(dims.inputBatch);
  int64_t inputFeatures = lhsType->getDimSize(dims.inputFeature);
  int64_t kernelInput = rhsType->getDimSize(dims.kernelInputFeature);
  int64_t kernelOutput = rhsType->getDimSize(dims.kernelOutputFeature);
  if (!dynamic(batch) && batch % batchGroups != 0)
    return emitShapeError(location, op)
           << "input batch size " << batch
           << " is not divisible by batch_group_count " << batchGroups;
  if (!dynamic(inputFeatures) &&
      (inputFeatures % featureGroups != 0 ||
       !compatibleDim(inputFeatures / featureGroups, kernelInput)))
    return emitShapeError(location, op)
           << "input feature size " << inputFeatures
           << " must equal kernel input feature size " << kernelInput
           << " times feature_group_count " << featureGroups;
  if (!dynamic(kernelOutput) &&
      (kernelOutput % featureGroups != 0 || kernelOutput % batchGroups != 0))
    return emitShapeError(location, op)
           << "kernel output feature size " << kernelOutput
           << " must be divisible by feature_group_count and batch_group_count";
  // (a quantized rhs: convolution_c28-c34, verifyQuantizedOperation)
  if (lhsType->getElementType() != rhsType->getElementType() &&
      !isHloQuantizedElement(rhsType->getElementType()))
    return emitShapeError(location, op)
           << "lhs and rhs must have the same element type";
  // convolution_c24: at most two precisions (one may stand for both, as
  // StableHLO's verifier accepts).
  if (precisionCount && *precisionCount > 2)
    return emitShapeError(location, op)
           << "precision_config must have at most 2 entries, got "
           << *precisionCount;
  // convolution_c27: the result shape.
  SmallVector<int64_t> shape(rank, 0);
  shape[dims.outputBatch] =
      dynamic(batch) ? ShapedType::kDynamic : batch / batchGroups;
  shape[dims.outputFeature] = kernelOutput;
  for (int64_t i = 0; i < spatial; ++i)
    shape[dims.outputSpatial[i]] = windowPositions(
        lhsType->getDimSize(dims.inputSpatial[i]), lhsDilation[i], low[i],
        high[i], rhsType->getDimSize(dims.kernelSpatial[i]), rhsDilation[i],
        strides[i]);
  results.push_back(RankedTensorType::get(shape, lhsType->getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

LogicalResult checkDimensionList(OptLoc location, StringRef op, StringRef name,
                                 ArrayRef<int64_t> dims, int64_t bound,
                                 bool sorted) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= bound)
      return emitShapeError(location, op)
             << name << " has " << dim << ", out of range [0, " << bound << ")";
    if (!seen.insert(dim).second)
      return emitShapeError(location, op)
             << name << " has " << dim << " more than once";
    if (sorted && i > 0 && dims[i - 1] > dim)
      return emitShapeError(location, op) << name << " must be sorted";
  }
  return success();
}

LogicalResult inferGatherOp(OptLoc location, Type operand, Type startIndices,
                            const GatherDims &dims, ArrayRef<int64_t> sliceSizes,
                            SmallVectorImpl<Type> &results) {
  StringRef op = "stablehlo.gather";
  FailureOr<RankedTensorType> operandTypeOr = rankedTensor(location, op, operand, "operand");
  FailureOr<RankedTensorType> indicesTypeOr =
      rankedTensor(location, op, startIndices, "start_indices");
  if (failed(operandTypeOr) || failed(indicesTypeOr))
    return failure();
  RankedTensorType operandType = *operandTypeOr, indicesType = *indicesTypeOr;
  int64_t operandRank = operandType.getRank();
  int64_t indexVectorDim = dims.indexVectorDim;
  // gather_c1..c14 (the structural ones).
  if (indexVectorDim < 0 || indexVectorDim > indicesType.getRank())
    return emitShapeError(location, op) << "index_vector_dim " << indexVectorDim
                         << " must be in [0, " << indicesType.getRank() << "]";
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return emitShapeError(location, op) << "slice_sizes has " << sliceSizes.size()
                         << " entries, operand rank is " << operandRank;
  if (failed(checkDimensionList(location, op, "offset_dims", dims.offsetDims,
                       std::numeric_limits<int64_t>::max(), true)) ||
      failed(checkDimensionList(location, op, "collapsed_slice_dims", dims.collapsedSliceDims, operandRank, true)) ||
      failed(checkDimensionList(location, op, "operand_batching_dims", dims.operandBatchingDims, operandRank, true)) ||
      failed(checkDimensionList(location, op, "start_index_map", dims.startIndexMap, operandRank, false)))
    return failure();
  for (int64_t dim : dims.collapsedSliceDims)
    if (llvm::is_contained(dims.operandBatchingDims, dim))
      return emitShapeError(location, op) << "dimension " << dim
                           << " is both in collapsed_slice_dims and operand_batching_dims";
  for (int64_t dim : llvm::concat<const int64_t>(dims.collapsedSliceDims, dims.operandBatchingDims))
    if (sliceSizes[dim] > 1)
      return emitShapeError(location, op) << "slice_sizes[" << dim << "] must be 0 or 1 for a collapsed or batching dimension, got "
                           << sliceSizes[dim];
  if (dims.startIndicesBatchingDims.size() != dims.operandBatchingDims.size())
    return emitShapeError(location, op) << "operand_batching_dims and start_indices_batching_dims must have the same size";
  // gather_c13..c17: indices batching dims unique, in range, not the index
  // vector dim, and of the operand batching dims' sizes.
  if (failed(checkDimensionList(location, op, "start_indices_batching_dims", dims.startIndicesBatchingDims,
                       indicesType.getRank(), false)))
    return failure();
  for (auto [operandDim, indicesDim] :
       llvm::zip(dims.operandBatchingDims, dims.startIndicesBatchingDims)) {
    if (indicesDim == indexVectorDim)
      return emitShapeError(location, op) << "start_indices_batching_dims must not contain index_vector_dim " << indexVectorDim;
    if (!compatibleDim(operandType.getDimSize(operandDim), indicesType.getDimSize(indicesDim)))
      return emitShapeError(location, op) << "operand batching dimension " << operandDim << " (size "
                           << operandType.getDimSize(operandDim) << ") and start_indices batching dimension "
                           << indicesDim << " (size " << indicesType.getDimSize(indicesDim)
                           << ") must have the same size";
  }
  // gather_c18: start_index_map and operand_batching_dims are disjoint.
  for (int64_t dim : dims.startIndexMap)
    if (llvm::is_contained(dims.operandBatchingDims, dim))
      return emitShapeError(location, op) << "dimension " << dim << " is both in start_index_map and operand_batching_dims";
  int64_t indexVectorSize = indexVectorDim == indicesType.getRank() ? 1 : indicesType.getDimSize(indexVectorDim);
  if (!compatibleDim(static_cast<int64_t>(dims.startIndexMap.size()), indexVectorSize))
    return emitShapeError(location, op) << "start_index_map has " << dims.startIndexMap.size()
                         << " entries but index vectors have " << indexVectorSize;
  for (auto [i, size] : llvm::enumerate(sliceSizes))
    if (size < 0 || (!operandType.isDynamicDim(i) && size > operandType.getDimSize(i)))
      return emitShapeError(location, op) << "slice_sizes[" << i << "] = " << size << " must be in [0, "
                           << operandType.getDimSize(i) << "]";
  // gather_c13: result = batch dims of start_indices interleaved with the
  // kept slice dims at offset_dims.
  SmallVector<int64_t> batch, offsets;
  for (int64_t i = 0; i < indicesType.getRank(); ++i)
    if (i != indexVectorDim)
      batch.push_back(indicesType.getDimSize(i));
  for (int64_t i = 0; i < operandRank; ++i)
    if (!llvm::is_contained(dims.collapsedSliceDims, i) &&
        !llvm::is_contained(dims.operandBatchingDims, i))
      offsets.push_back(sliceSizes[i]);
  if (offsets.size() != dims.offsetDims.size())
    return emitShapeError(location, op) << "offset_dims has " << dims.offsetDims.size()
                         << " entries but the slice keeps " << offsets.size() << " dimensions";
  int64_t resultRank = batch.size() + offsets.size();
  for (int64_t dim : dims.offsetDims)
    if (dim >= resultRank)
      return emitShapeError(location, op) << "offset_dims has " << dim << ", out of range for the result rank " << resultRank;
  SmallVector<int64_t> shape;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < resultRank; ++d)
    shape.push_back(llvm::is_contained(dims.offsetDims, d) ? offsets[nextOffset++]
                                                                 : batch[nextBatch++]);
  // A collapsed or batching dimension of slice size 0 makes every slice
  // empty (it only fits an operand dimension of size 0), yet collapsing it
  // leaves no trace in the result's shape: a non-empty result would have no
  // values to take. Such a gather is refused unless its result is empty.
  for (int64_t dim : llvm::concat<const int64_t>(dims.collapsedSliceDims, dims.operandBatchingDims))
    if (sliceSizes[dim] == 0 && llvm::none_of(shape, [](int64_t n) { return n == 0; }) &&
        llvm::none_of(shape, ShapedType::isDynamic))
      return emitShapeError(location, op)
             << "slice_sizes[" << dim << "] = 0 makes every slice empty, but the result "
             << listText(shape) << " is not: its values would be undefined";
  // gather_c13: the operand's element type.
  results.push_back(RankedTensorType::get(shape, operandType.getElementType()));
  return success();
}

} // namespace xla::stablehlo

//===----------------------------------------------------------------------===//
// The ops' inferReturnTypes (InferTypeOpInterface), calling the functions
// above. Builders may leave attributes or regions out, so both are checked.
//===----------------------------------------------------------------------===//

using namespace xla::stablehlo;

namespace {
LogicalResult missingAttr(OptLoc location, StringRef op, StringRef name) {
  return emitShapeError(location, op) << "requires the attribute '" << name << "'";
}

/// Region `index` of the adaptor, or null when the builder attached fewer.
Region *regionOrNull(RegionRange regions, unsigned index) {
  return index < regions.size() ? regions[index] : nullptr;
}
} // namespace

#define HLO_INFER(Op)                                                          \
  LogicalResult Op::inferReturnTypes(MLIRContext *context,                     \
                                     std::optional<Location> location,         \
                                     Adaptor adaptor,                          \
                                     SmallVectorImpl<Type> &types)

HLO_INFER(AbsOp) {
  Type operand = adaptor.getOperand().getType();
  return inferElementwiseOp(location, getOperationName(), operand,
                            complexPartType(getElementTypeOrSelf(operand)),
                            true, types);
}
HLO_INFER(RealOp) {
  Type operand = adaptor.getOperand().getType();
  return inferElementwiseOp(location, getOperationName(), operand,
                            complexPartType(getElementTypeOrSelf(operand)),
                            true, types);
}
HLO_INFER(ImagOp) {
  Type operand = adaptor.getOperand().getType();
  return inferElementwiseOp(location, getOperationName(), operand,
                            complexPartType(getElementTypeOrSelf(operand)),
                            true, types);
}
HLO_INFER(ComplexOp) {
  return inferComplexOp(location, adaptor.getLhs().getType(),
                        adaptor.getRhs().getType(), types);
}
HLO_INFER(CompareOp) {
  return inferCompareOp(location, adaptor.getLhs().getType(),
                        adaptor.getRhs().getType(), types);
}
HLO_INFER(SelectOp) {
  return inferSelectOp(location, adaptor.getPred().getType(),
                       adaptor.getOnTrue().getType(),
                       adaptor.getOnFalse().getType(), types);
}
HLO_INFER(ClampOp) {
  return inferClampOp(location, adaptor.getMin().getType(),
                      adaptor.getOperand().getType(),
                      adaptor.getMax().getType(), types);
}
HLO_INFER(DotGeneralOp) {
  DotDimensionNumbersAttr dims = adaptor.getDotDimensionNumbersAttr();
  if (!dims)
    return missingAttr(location, getOperationName(), "dot_dimension_numbers");
  std::optional<size_t> precisions;
  if (ArrayAttr precision = adaptor.getPrecisionConfigAttr())
    precisions = precision.size();
  // dot_general_c21: with an algorithm, every precision is DEFAULT.
  if (adaptor.getAlgorithmAttr() && adaptor.getPrecisionConfigAttr())
    for (Attribute precision : adaptor.getPrecisionConfigAttr())
      if (auto value = dyn_cast<PrecisionAttr>(precision);
          value && value.getValue() != Precision::DEFAULT)
        return emitShapeError(location, getOperationName())
               << "precision_config must be DEFAULT when an algorithm is given, got "
               << stringifyPrecision(value.getValue());
  return inferDotGeneralOp(
      location, adaptor.getLhs().getType(), adaptor.getRhs().getType(),
      dims.getLhsBatchingDimensions(), dims.getRhsBatchingDimensions(),
      dims.getLhsContractingDimensions(), dims.getRhsContractingDimensions(),
      precisions, types);
}
HLO_INFER(DotOp) {
  // dot_general_c11 applies to dot too: at most two precisions.
  if (ArrayAttr precision = adaptor.getPrecisionConfigAttr();
      precision && precision.size() > 2)
    return emitShapeError(location, getOperationName())
           << "precision_config must have at most 2 entries, got "
           << precision.size();
  return inferDotOp(location, adaptor.getLhs().getType(),
                    adaptor.getRhs().getType(), types);
}
HLO_INFER(ReduceOp) {
  DenseI64ArrayAttr dims = adaptor.getDimensionsAttr();
  if (!dims)
    return missingAttr(location, getOperationName(), "dimensions");
  if (adaptor.getOperands().size() % 2 != 0)
    return emitShapeError(location, getOperationName())
           << "needs one init value per input, got "
           << adaptor.getOperands().size() << " operands";
  return inferReduceOp(location, adaptor.getInputs().getTypes(),
                       adaptor.getInitValues().getTypes(), dims.asArrayRef(),
                       regionOrNull(adaptor.getRegions(), 0), types);
}
HLO_INFER(TransposeOp) {
  DenseI64ArrayAttr permutation = adaptor.getPermutationAttr();
  if (!permutation)
    return missingAttr(location, getOperationName(), "permutation");
  return inferTransposeOp(location, adaptor.getOperand().getType(),
                          permutation.asArrayRef(), types);
}
HLO_INFER(ReverseOp) {
  DenseI64ArrayAttr dims = adaptor.getDimensionsAttr();
  if (!dims)
    return missingAttr(location, getOperationName(), "dimensions");
  return inferReverseOp(location, adaptor.getOperand().getType(),
                        dims.asArrayRef(), types);
}
HLO_INFER(SliceOp) {
  DenseI64ArrayAttr starts = adaptor.getStartIndicesAttr(),
                    limits = adaptor.getLimitIndicesAttr(),
                    strides = adaptor.getStridesAttr();
  if (!starts || !limits || !strides)
    return missingAttr(location, getOperationName(),
                       !starts ? "start_indices"
                               : !limits ? "limit_indices" : "strides");
  return inferSliceOp(location, adaptor.getOperand().getType(),
                      starts.asArrayRef(), limits.asArrayRef(),
                      strides.asArrayRef(), types);
}
HLO_INFER(ConcatenateOp) {
  IntegerAttr dim = adaptor.getDimensionAttr();
  if (!dim)
    return missingAttr(location, getOperationName(), "dimension");
  return inferConcatenateOp(location, adaptor.getInputs().getTypes(),
                            dim.getInt(), types);
}
HLO_INFER(PadOp) {
  DenseI64ArrayAttr low = adaptor.getEdgePaddingLowAttr(),
                    high = adaptor.getEdgePaddingHighAttr(),
                    interior = adaptor.getInteriorPaddingAttr();
  if (!low || !high || !interior)
    return missingAttr(location, getOperationName(),
                       !low ? "edge_padding_low"
                            : !high ? "edge_padding_high" : "interior_padding");
  return inferPadOp(location, adaptor.getOperand().getType(),
                    adaptor.getPaddingValue().getType(), low.asArrayRef(),
                    high.asArrayRef(), interior.asArrayRef(), types);
}
HLO_INFER(BroadcastOp) {
  DenseI64ArrayAttr sizes = adaptor.getBroadcastSizesAttr();
  if (!sizes)
    return missingAttr(location, getOperationName(), "broadcast_sizes");
  return inferBroadcastOp(location, adaptor.getOperand().getType(),
                          sizes.asArrayRef(), types);
}
HLO_INFER(TupleOp) {
  return inferTupleOp(location, context, adaptor.getVal().getTypes(), types);
}
HLO_INFER(GetTupleElementOp) {
  IntegerAttr index = adaptor.getIndexAttr();
  if (!index)
    return missingAttr(location, getOperationName(), "index");
  return inferGetTupleElementOp(location, adaptor.getOperand().getType(),
                                index.getInt(), types);
}
HLO_INFER(OptimizationBarrierOp) {
  return inferOperandTypes(location, getOperationName(),
                           adaptor.getOperands().getTypes(), types);
}
HLO_INFER(WhileOp) {
  // while_c3: the results are the final loop state.
  return inferOperandTypes(location, getOperationName(),
                           adaptor.getOperands().getTypes(), types);
}
HLO_INFER(SortOp) {
  // sort_c1/c2: inputs of one shape; the results have the input types.
  TypeRange inputs = adaptor.getInputs().getTypes();
  if (inputs.empty())
    return emitShapeError(location, getOperationName())
           << "needs at least one input";
  SmallVector<Type> ignored;
  if (failed(inferElementwiseOp(location, getOperationName(), inputs, Type(),
                                /*sameElementType=*/false, ignored)))
    return failure();
  return inferOperandTypes(location, getOperationName(), inputs, types);
}
HLO_INFER(IfOp) {
  return inferBranchesOp(location, getOperationName(), adaptor.getRegions(),
                         types);
}
HLO_INFER(CaseOp) {
  return inferBranchesOp(location, getOperationName(), adaptor.getRegions(),
                         types);
}
HLO_INFER(MapOp) {
  DenseI64ArrayAttr dims = adaptor.getDimensionsAttr();
  if (!dims)
    return missingAttr(location, getOperationName(), "dimensions");
  return inferMapOp(location, adaptor.getInputs().getTypes(),
                    dims.asArrayRef(), regionOrNull(adaptor.getRegions(), 0),
                    types);
}
HLO_INFER(GetDimensionSizeOp) {
  IntegerAttr dim = adaptor.getDimensionAttr();
  if (!dim)
    return missingAttr(location, getOperationName(), "dimension");
  return inferGetDimensionSizeOp(location, adaptor.getOperand().getType(),
                                 dim.getInt(), types);
}
HLO_INFER(ReplicaIdOp) {
  types.push_back(RankedTensorType::get(
      {}, IntegerType::get(context, 32, IntegerType::Unsigned)));
  return success();
}
HLO_INFER(PartitionIdOp) {
  types.push_back(RankedTensorType::get(
      {}, IntegerType::get(context, 32, IntegerType::Unsigned)));
  return success();
}
HLO_INFER(CholeskyOp) {
  return inferCholeskyOp(location, adaptor.getA().getType(), types);
}
HLO_INFER(TriangularSolveOp) {
  BoolAttr leftSide = adaptor.getLeftSideAttr();
  if (!leftSide)
    return missingAttr(location, getOperationName(), "left_side");
  return inferTriangularSolveOp(location, adaptor.getA().getType(),
                                adaptor.getB().getType(), leftSide.getValue(),
                                types);
}
HLO_INFER(ReducePrecisionOp) {
  IntegerAttr exponent = adaptor.getExponentBitsAttr(),
              mantissa = adaptor.getMantissaBitsAttr();
  if (!exponent || !mantissa)
    return missingAttr(location, getOperationName(),
                       !exponent ? "exponent_bits" : "mantissa_bits");
  // Read as signed: the plain getters give unsigned values.
  return inferReducePrecisionOp(location, adaptor.getOperand().getType(),
                                exponent.getInt(), mantissa.getInt(), types);
}
HLO_INFER(DynamicSliceOp) {
  DenseI64ArrayAttr sizes = adaptor.getSliceSizesAttr();
  if (!sizes)
    return missingAttr(location, getOperationName(), "slice_sizes");
  return inferDynamicSliceOp(location, adaptor.getOperand().getType(),
                             adaptor.getStartIndices().getTypes(),
                             sizes.asArrayRef(), types);
}
HLO_INFER(DynamicUpdateSliceOp) {
  return inferDynamicUpdateSliceOp(location, adaptor.getOperand().getType(),
                                   adaptor.getUpdate().getType(),
                                   adaptor.getStartIndices().getTypes(), types);
}
HLO_INFER(FftOp) {
  FftTypeAttr kind = adaptor.getFftTypeAttr();
  DenseI64ArrayAttr length = adaptor.getFftLengthAttr();
  if (!kind || !length)
    return missingAttr(location, getOperationName(),
                       !kind ? "fft_type" : "fft_length");
  FftType k = kind.getValue();
  return inferFftOp(location, adaptor.getOperand().getType(),
                    k == FftType::IFFT || k == FftType::IRFFT,
                    k == FftType::RFFT || k == FftType::IRFFT,
                    length.asArrayRef(), types);
}
HLO_INFER(BatchNormTrainingOp) {
  IntegerAttr feature = adaptor.getFeatureIndexAttr();
  if (!feature)
    return missingAttr(location, getOperationName(), "feature_index");
  return inferBatchNormOp(location, getOperationName(),
                          adaptor.getOperand().getType(), feature.getInt(),
                          {{"scale", adaptor.getScale().getType()},
                           {"offset", adaptor.getOffset().getType()}},
                          {}, 2, types);
}
HLO_INFER(BatchNormInferenceOp) {
  IntegerAttr feature = adaptor.getFeatureIndexAttr();
  if (!feature)
    return missingAttr(location, getOperationName(), "feature_index");
  return inferBatchNormOp(location, getOperationName(),
                          adaptor.getOperand().getType(), feature.getInt(),
                          {{"scale", adaptor.getScale().getType()},
                           {"offset", adaptor.getOffset().getType()},
                           {"mean", adaptor.getMean().getType()},
                           {"variance", adaptor.getVariance().getType()}},
                          {}, 0, types);
}
HLO_INFER(BatchNormGradOp) {
  IntegerAttr feature = adaptor.getFeatureIndexAttr();
  if (!feature)
    return missingAttr(location, getOperationName(), "feature_index");
  return inferBatchNormOp(location, getOperationName(),
                          adaptor.getOperand().getType(), feature.getInt(),
                          {{"scale", adaptor.getScale().getType()},
                           {"mean", adaptor.getMean().getType()},
                           {"variance", adaptor.getVariance().getType()}},
                          {{"grad_output", adaptor.getGradOutput().getType()}},
                          2, types);
}
HLO_INFER(SelectAndScatterOp) {
  // select_and_scatter_c11: the operand's shape with the source's element
  // type (the window and region rules are in the op's verifier).
  Type operand = adaptor.getOperand().getType();
  Type source = adaptor.getSource().getType();
  auto operandType = dyn_cast<RankedTensorType>(operand);
  auto sourceType = dyn_cast<RankedTensorType>(source);
  if (!operandType || !sourceType)
    return emitShapeError(location, getOperationName())
           << "operand and source must be ranked tensors, got " << operand
           << " and " << source;
  types.push_back(operandType.clone(sourceType.getElementType()));
  return success();
}
HLO_INFER(ScatterOp) {
  // scatter_c15/c16: the results have the input types (the index and
  // region rules are in the op's verifier).
  if (adaptor.getInputs().empty() ||
      adaptor.getUpdates().size() != adaptor.getInputs().size())
    return emitShapeError(location, getOperationName())
           << "needs as many updates as inputs (at least one)";
  return inferOperandTypes(location, getOperationName(),
                           adaptor.getInputs().getTypes(), types);
}
/// The element type that a reduction `computation` of a collective works
/// in: that of its first argument when that is a rank-0 tensor, else
/// `fallback` (the operand's; the verifier reports a malformed region).
static Type reductionElement(Region *computation, Type fallback) {
  if (!computation || computation->empty() ||
      computation->front().getNumArguments() == 0)
    return fallback;
  auto scalar = dyn_cast<RankedTensorType>(
      computation->front().getArgument(0).getType());
  return scalar && scalar.getRank() == 0 &&
                 isPromotable(fallback, scalar.getElementType())
             ? scalar.getElementType()
             : fallback;
}

/// `types` with each tensor's element type replaced by `element` where it
/// promotes to it (the verifier reports operands of different types).
static void withElement(SmallVectorImpl<Type> &types, Type element) {
  for (Type &type : types)
    if (auto tensor = dyn_cast<RankedTensorType>(type);
        tensor && isPromotable(tensor.getElementType(), element))
      type = RankedTensorType::get(tensor.getShape(), element);
}

HLO_INFER(AllReduceOp) {
  // all_reduce_c6/c7: the results have the operand shapes and the
  // computation's element type (which the operands' promotes to).
  if (adaptor.getOperands().empty())
    return emitShapeError(location, getOperationName())
           << "needs at least one operand";
  if (failed(inferOperandTypes(location, getOperationName(),
                               adaptor.getOperands().getTypes(), types)))
    return failure();
  withElement(types, reductionElement(regionOrNull(adaptor.getRegions(), 0),
                                      getElementTypeOrSelf(types.front())));
  return success();
}
/// The size of the process groups of a collective when the attributes
/// determine it: the second dimension of `replica_groups`, unless there are
/// no groups (all processes) or the channel makes the groups
/// cross-replica-and-partition without global ids.
static std::optional<int64_t> collectiveGroupSize(DenseIntElementsAttr groups,
                                                  ChannelHandleAttr channel,
                                                  bool useGlobalDeviceIds) {
  auto type = dyn_cast<ShapedType>(groups.getType());
  if (!type || type.getRank() != 2 || type.getDimSize(0) == 0)
    return std::nullopt;
  if (channel && channel.getHandle() > 0 && !useGlobalDeviceIds)
    return std::nullopt;
  return type.getDimSize(1);
}

/// `operand` with dimension `dim` multiplied (or, with `divide`, divided) by
/// `factor`, `?` when the factor is unknown.
static LogicalResult inferScaledDim(OptLoc location, StringRef op,
                                    Type operand, int64_t dim,
                                    std::optional<int64_t> factor, bool divide,
                                    StringRef dimName, StringRef factorName,
                                    SmallVectorImpl<Type> &types) {
  auto type = dyn_cast<RankedTensorType>(operand);
  if (!type)
    return emitShapeError(location, op)
           << "operands must be ranked tensors, got " << operand;
  if (dim < 0 || dim >= type.getRank())
    return emitShapeError(location, op)
           << dimName << " " << dim << " is out of range for an operand of rank "
           << type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  int64_t size = shape[dim];
  if (!factor || *factor <= 0) {
    shape[dim] = ShapedType::kDynamic;
  } else if (!ShapedType::isDynamic(size)) {
    if (divide && size % *factor != 0)
      return emitShapeError(location, op)
             << dimName << " size " << size
             << " is not divisible by " << factorName << " " << *factor;
    shape[dim] = divide ? size / *factor : size * *factor;
  }
  types.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

HLO_INFER(AllGatherOp) {
  // all_gather_c6: each result is its operand, all_gather_dim times the
  // group size.
  if (!adaptor.getReplicaGroupsAttr())
    return missingAttr(location, getOperationName(), "replica_groups");
  if (!adaptor.getAllGatherDimAttr())
    return missingAttr(location, getOperationName(), "all_gather_dim");
  auto factor = collectiveGroupSize(adaptor.getReplicaGroupsAttr(),
                                    adaptor.getChannelHandleAttr(),
                                    adaptor.getUseGlobalDeviceIds());
  for (Type operand : adaptor.getOperands().getTypes())
    if (failed(inferScaledDim(location, getOperationName(), operand,
                              adaptor.getAllGatherDim(), factor, false,
                              "all_gather_dim", "the group size", types)))
      return failure();
  return success();
}
HLO_INFER(ReduceScatterOp) {
  // reduce_scatter_c1/c8: the operand, scatter_dimension divided evenly by
  // the group size.
  if (!adaptor.getReplicaGroupsAttr())
    return missingAttr(location, getOperationName(), "replica_groups");
  if (!adaptor.getScatterDimensionAttr())
    return missingAttr(location, getOperationName(), "scatter_dimension");
  auto factor = collectiveGroupSize(adaptor.getReplicaGroupsAttr(),
                                    adaptor.getChannelHandleAttr(),
                                    adaptor.getUseGlobalDeviceIds());
  if (failed(inferScaledDim(location, getOperationName(),
                            adaptor.getOperand().getType(),
                            adaptor.getScatterDimension(), factor, true,
                            "scatter_dimension", "the group size", types)))
    return failure();
  // reduce_scatter_c8: the computation's element type.
  withElement(types, reductionElement(regionOrNull(adaptor.getRegions(), 0),
                                      getElementTypeOrSelf(types.front())));
  return success();
}
HLO_INFER(AllToAllOp) {
  // all_to_all_c2/c8: split_dimension divided evenly by split_count,
  // concat_dimension multiplied by it.
  if (!adaptor.getSplitCountAttr() || !adaptor.getSplitDimensionAttr() ||
      !adaptor.getConcatDimensionAttr())
    return missingAttr(location, getOperationName(),
                       "split_count, split_dimension and concat_dimension");
  int64_t count = adaptor.getSplitCount();
  if (count <= 0)
    return emitShapeError(location, getOperationName())
           << "split_count must be positive, got " << count;
  int64_t split = adaptor.getSplitDimension();
  int64_t concat = adaptor.getConcatDimension();
  for (Type operand : adaptor.getOperands().getTypes()) {
    SmallVector<Type> divided;
    if (failed(inferScaledDim(location, getOperationName(), operand, split,
                              count, true, "split_dimension", "split_count", divided)))
      return failure();
    SmallVector<Type> both;
    if (failed(inferScaledDim(location, getOperationName(), divided.front(),
                              concat, count, false, "concat_dimension", "split_count", both)))
      return failure();
    types.push_back(both.front());
  }
  return success();
}
HLO_INFER(CollectivePermuteOp) {
  // collective_permute_c5: the result has the operand type.
  return inferOperandTypes(location, getOperationName(),
                           adaptor.getOperand().getType(), types);
}
HLO_INFER(ReduceWindowOp) {
  DenseI64ArrayAttr dims = adaptor.getWindowDimensionsAttr();
  if (!dims)
    return missingAttr(location, getOperationName(), "window_dimensions");
  if (adaptor.getOperands().size() % 2 != 0)
    return emitShapeError(location, getOperationName())
           << "needs one init value per input, got "
           << adaptor.getOperands().size() << " operands";
  TypeRange inputs = adaptor.getInputs().getTypes();
  if (inputs.empty())
    return emitShapeError(location, getOperationName())
           << "needs at least one input";
  auto first = dyn_cast<RankedTensorType>(inputs.front());
  if (!first)
    return emitShapeError(location, getOperationName())
           << "input 0 must be a ranked tensor, got " << inputs.front();
  auto optional = [](DenseI64ArrayAttr attr) {
    return attr ? std::optional<ArrayRef<int64_t>>(attr.asArrayRef())
                : std::nullopt;
  };
  FailureOr<WindowParams> window = readWindow(
      location, getOperationName(), first.getRank(), dims.asArrayRef(),
      optional(adaptor.getWindowStridesAttr()),
      optional(adaptor.getBaseDilationsAttr()),
      optional(adaptor.getWindowDilationsAttr()), adaptor.getPaddingAttr());
  if (failed(window))
    return failure();
  return inferReduceWindowOp(location, inputs,
                             adaptor.getInitValues().getTypes(), *window, types);
}
HLO_INFER(ConvolutionOp) {
  ConvDimensionNumbersAttr dims = adaptor.getDimensionNumbersAttr();
  IntegerAttr featureGroups = adaptor.getFeatureGroupCountAttr();
  IntegerAttr batchGroups = adaptor.getBatchGroupCountAttr();
  if (!dims || !featureGroups || !batchGroups)
    return missingAttr(location, getOperationName(),
                       !dims ? "dimension_numbers"
                       : !featureGroups ? "feature_group_count"
                                        : "batch_group_count");
  auto optional = [](DenseI64ArrayAttr attr) {
    return attr ? std::optional<ArrayRef<int64_t>>(attr.asArrayRef())
                : std::nullopt;
  };
  std::optional<size_t> reversal, precisions;
  if (DenseBoolArrayAttr attr = adaptor.getWindowReversalAttr())
    reversal = attr.size();
  if (ArrayAttr attr = adaptor.getPrecisionConfigAttr())
    precisions = attr.size();
  ConvDims d{dims.getInputBatchDimension(),
             dims.getInputFeatureDimension(),
             dims.getInputSpatialDimensions(),
             dims.getKernelInputFeatureDimension(),
             dims.getKernelOutputFeatureDimension(),
             dims.getKernelSpatialDimensions(),
             dims.getOutputBatchDimension(),
             dims.getOutputFeatureDimension(),
             dims.getOutputSpatialDimensions()};
  return inferConvolutionOp(
      location, adaptor.getLhs().getType(), adaptor.getRhs().getType(), d,
      optional(adaptor.getWindowStridesAttr()), adaptor.getPaddingAttr(),
      optional(adaptor.getLhsDilationAttr()),
      optional(adaptor.getRhsDilationAttr()), reversal, featureGroups.getInt(),
      batchGroups.getInt(), precisions, types);
}
HLO_INFER(GatherOp) {
  GatherDimensionNumbersAttr dims = adaptor.getDimensionNumbersAttr();
  DenseI64ArrayAttr sizes = adaptor.getSliceSizesAttr();
  if (!dims || !sizes)
    return missingAttr(location, getOperationName(),
                       !dims ? "dimension_numbers" : "slice_sizes");
  GatherDims d{dims.getOffsetDims(), dims.getCollapsedSliceDims(),
               dims.getOperandBatchingDims(), dims.getStartIndicesBatchingDims(),
               dims.getStartIndexMap(), dims.getIndexVectorDim()};
  return inferGatherOp(location, adaptor.getOperand().getType(),
                       adaptor.getStartIndices().getType(), d,
                       sizes.asArrayRef(), types);
}
HLO_INFER(CollectiveBroadcastOp) {
  // collective_broadcast_c3: the result has the operand type.
  return inferOperandTypes(location, getOperationName(),
                           adaptor.getOperand().getType(), types);
}
#undef HLO_INFER
