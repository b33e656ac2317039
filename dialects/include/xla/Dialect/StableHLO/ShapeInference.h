//===- ShapeInference.h - StableHLO shape functions ----------------------===//
//
// The one place where the result types of StableHLO ops are computed from
// their operands and attributes. The same functions serve
// - `inferReturnTypes` (InferTypeOpInterface), which builders reach through
//   the C API (`mlirOperationStateEnableResultTypeInference`, melior's
//   `OperationBuilder::enable_result_type_inference`), and
// - verification: the `HLOInferredResultTypes` trait runs them at the op's
//   location and compares the declared result types with the inferred ones.
//
// Every function checks what it relies on (ranks, indices, counts) before
// using it, and reports a broken rule at `location` as
// "'stablehlo.<op>' op <rule>", the text Operation::emitOpError would give,
// with the StableHLO spec constraint ids (e.g. transpose_c1) in the comments.
// Without a location nothing is reported; the function just fails.
//
// Dimensions are `?` (ShapedType::kDynamic) where the operands do not fix
// them; a declared result type may be more static than the inferred one
// (see isCompatibleInferredType).
//
//===----------------------------------------------------------------------===//
#ifndef XLA_DIALECT_STABLEHLO_SHAPEINFERENCE_H
#define XLA_DIALECT_STABLEHLO_SHAPEINFERENCE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace xla::stablehlo {

using mlir::ArrayRef;
using mlir::Location;
using mlir::LogicalResult;
using mlir::RegionRange;
using mlir::SmallVectorImpl;
using mlir::Type;
using mlir::TypeRange;
using OptLoc = std::optional<mlir::Location>;

//===----------------------------------------------------------------------===//
// Reporting and compatibility
//===----------------------------------------------------------------------===//

/// Starts an error "'<opName>' op " at `location`; inactive (streams into
/// nothing, still converts to failure()) without a location.
mlir::InFlightDiagnostic emitShapeError(OptLoc location, llvm::StringRef opName);

/// Whether `declared` may stand for `inferred`: the same type, or ranked
/// tensors of the same rank whose dimensions agree where both are static (a
/// declared static size refines an inferred `?`), with equal element types
/// unless `checkElementType` is false; tuples element by element.
bool isCompatibleInferredType(Type declared, Type inferred,
                              bool checkElementType = true);
/// isCompatibleInferredType over two ranges of equal length.
bool isCompatibleInferredTypes(TypeRange declared, TypeRange inferred);
/// As isCompatibleInferredTypes, but element types are free (ops whose
/// result element type is the user's choice, e.g. dot_general's
/// preferred element type).
bool isCompatibleInferredShapes(TypeRange declared, TypeRange inferred);

/// Compares `op`'s result types with `inferred` using `compatible` and
/// reports the first mismatch as "result type X does not match the inferred
/// type Y".
LogicalResult verifyInferredResultTypes(mlir::Operation *op, TypeRange inferred,
                                        bool (*compatible)(TypeRange, TypeRange));

/// The more static of two compatible shapes (dimension by dimension).
llvm::SmallVector<int64_t> mergeShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b);

//===----------------------------------------------------------------------===//
// Element-wise ops
//===----------------------------------------------------------------------===//

/// Whether values of element type `from` promote to `to` (the spec's
/// is_promotable, used by the reductions of all_reduce and reduce_scatter).
bool isPromotable(mlir::Type from, mlir::Type to);

/// Element-wise ops (unary, binary, ternary): all operands have compatible
/// shapes and, when `sameElementType`, one element type; the result has the
/// most static of the operand shapes and `resultElement` (the first
/// operand's element type when null).
LogicalResult inferElementwiseOp(OptLoc location, llvm::StringRef opName,
                                 TypeRange operands, Type resultElement,
                                 bool sameElementType,
                                 SmallVectorImpl<Type> &results);
/// abs_c1, real_c2, imag_c2: complex<T> gives T, a real type stays.
Type complexPartType(Type element);
/// compare_c1/c2: operands of one element type and compatible shapes; the
/// result is i1 of that shape.
LogicalResult inferCompareOp(OptLoc location, Type lhs, Type rhs,
                             SmallVectorImpl<Type> &results);
/// complex_c1/c2: real operands of one type; complex of it.
LogicalResult inferComplexOp(OptLoc location, Type lhs, Type rhs,
                             SmallVectorImpl<Type> &results);
/// select_c1/c2/c3: pred is a scalar or has the branches' shape; the
/// branches have one type, which the result has.
LogicalResult inferSelectOp(OptLoc location, Type pred, Type onTrue,
                            Type onFalse, SmallVectorImpl<Type> &results);
/// clamp_c1/c2/c3: min and max are scalars or have the operand's shape, and
/// its element type; the result has the operand's type.
LogicalResult inferClampOp(OptLoc location, Type min, Type operand, Type max,
                           SmallVectorImpl<Type> &results);

//===----------------------------------------------------------------------===//
// Contractions, reductions, data movement
//===----------------------------------------------------------------------===//

/// dot_general_c1..c13: batch dims, then lhs free dims, then rhs free dims;
/// the element type is lhs's (a declared result may choose another).
LogicalResult inferDotGeneralOp(OptLoc location, Type lhs, Type rhs,
                                ArrayRef<int64_t> lhsBatching,
                                ArrayRef<int64_t> rhsBatching,
                                ArrayRef<int64_t> lhsContracting,
                                ArrayRef<int64_t> rhsContracting,
                                std::optional<size_t> precisionCount,
                                SmallVectorImpl<Type> &results);
/// dot (deprecated): vector.vector -> scalar, matrix.vector -> vector,
/// matrix.matrix -> matrix, contracting lhs's last with rhs's first dim.
LogicalResult inferDotOp(OptLoc location, Type lhs, Type rhs,
                         SmallVectorImpl<Type> &results);
/// reduce_c1..c7: one result per input, of the init value's element type
/// and the input shape without `dimensions`. `body` (may be null) is
/// checked when given.
LogicalResult inferReduceOp(OptLoc location, TypeRange inputs,
                            TypeRange initValues, ArrayRef<int64_t> dimensions,
                            mlir::Region *body, SmallVectorImpl<Type> &results);
/// transpose_c1/c2: result dim i is operand dim permutation[i].
LogicalResult inferTransposeOp(OptLoc location, Type operand,
                               ArrayRef<int64_t> permutation,
                               SmallVectorImpl<Type> &results);
/// reverse_c1..c3: unique dimensions in range; the operand's type.
LogicalResult inferReverseOp(OptLoc location, Type operand,
                             ArrayRef<int64_t> dimensions,
                             SmallVectorImpl<Type> &results);
/// slice_c2..c5: ceil((limit - start) / stride) per dimension.
LogicalResult inferSliceOp(OptLoc location, Type operand,
                           ArrayRef<int64_t> starts, ArrayRef<int64_t> limits,
                           ArrayRef<int64_t> strides,
                           SmallVectorImpl<Type> &results);
/// concatenate_c1..c6: the sizes along `dimension` add up.
LogicalResult inferConcatenateOp(OptLoc location, TypeRange inputs,
                                 int64_t dimension,
                                 SmallVectorImpl<Type> &results);
/// pad_c1..c4: low + high + n + (n - 1) * interior per dimension; edge
/// padding may be negative.
LogicalResult inferPadOp(OptLoc location, Type operand, Type paddingValue,
                         ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                         ArrayRef<int64_t> interior,
                         SmallVectorImpl<Type> &results);
/// broadcast (deprecated): broadcast_sizes ++ operand dims.
LogicalResult inferBroadcastOp(OptLoc location, Type operand,
                               ArrayRef<int64_t> sizes,
                               SmallVectorImpl<Type> &results);
/// tuple_c1: the tuple of the operand types.
LogicalResult inferTupleOp(OptLoc location, mlir::MLIRContext *context,
                           TypeRange operands, SmallVectorImpl<Type> &results);
/// get_tuple_element_c1/c2: element `index` of the tuple.
LogicalResult inferGetTupleElementOp(OptLoc location, Type tuple,
                                     int64_t index,
                                     SmallVectorImpl<Type> &results);
/// optimization_barrier, while (while_c3), sort (sort_c1): the results have
/// the operand types. Sort also needs operands of one shape.
LogicalResult inferOperandTypes(OptLoc location, llvm::StringRef opName,
                                TypeRange operands,
                                SmallVectorImpl<Type> &results);
/// if_c2/c3, case_c3/c4: the types the first branch returns (every branch
/// must return compatible types; the most static of them is taken).
LogicalResult inferBranchesOp(OptLoc location, llvm::StringRef opName,
                              RegionRange branches,
                              SmallVectorImpl<Type> &results);
/// map_c1..c7: operands of one shape; the result has it, with the element
/// type the computation returns.
LogicalResult inferMapOp(OptLoc location, TypeRange operands,
                         ArrayRef<int64_t> dimensions, mlir::Region *body,
                         SmallVectorImpl<Type> &results);

//===----------------------------------------------------------------------===//
// Linear algebra, indexing, collectives and the rest
//===----------------------------------------------------------------------===//

/// get_dimension_size_c1: `dimension` in range; the result is tensor<i32>.
LogicalResult inferGetDimensionSizeOp(OptLoc location, Type operand,
                                      int64_t dimension,
                                      SmallVectorImpl<Type> &results);
/// cholesky_c1..c3: a batch of square matrices; the result has a's type.
LogicalResult inferCholeskyOp(OptLoc location, Type a,
                              SmallVectorImpl<Type> &results);
/// triangular_solve_c1..c4: a square, matching b's side; b's type.
LogicalResult inferTriangularSolveOp(OptLoc location, Type a, Type b,
                                     bool leftSide,
                                     SmallVectorImpl<Type> &results);
/// reduce_precision_c1..c3: exponent_bits >= 1, mantissa_bits >= 0; the
/// operand's type.
LogicalResult inferReducePrecisionOp(OptLoc location, Type operand,
                                     int64_t exponentBits, int64_t mantissaBits,
                                     SmallVectorImpl<Type> &results);
/// dynamic_slice_c2..c5: one scalar start index per dimension, 0 <=
/// slice_sizes <= operand dims; the result has shape slice_sizes.
LogicalResult inferDynamicSliceOp(OptLoc location, Type operand,
                                  TypeRange startIndices,
                                  ArrayRef<int64_t> sliceSizes,
                                  SmallVectorImpl<Type> &results);
/// dynamic_update_slice_c1..c4: the update fits the operand; its type.
LogicalResult inferDynamicUpdateSliceOp(OptLoc location, Type operand,
                                        Type update, TypeRange startIndices,
                                        SmallVectorImpl<Type> &results);
/// fft_c1..c5 with `inverse`/`real` giving FFT, IFFT, RFFT, IRFFT: RFFT
/// maps float to complex and the last dimension n to n / 2 + 1, IRFFT the
/// reverse (last dimension fft_length's last), FFT/IFFT keep the type.
LogicalResult inferFftOp(OptLoc location, Type operand, bool inverse,
                         bool real, ArrayRef<int64_t> fftLength,
                         SmallVectorImpl<Type> &results);
/// batch_norm_*_c1..: feature_index in range, one element type, the
/// `features` inputs have the feature dimension's size, the `fullSize` ones
/// the operand type. The results are the operand type, then
/// `featureResults` vectors of the feature size.
LogicalResult inferBatchNormOp(
    OptLoc location, llvm::StringRef opName, Type operand, int64_t featureIndex,
    ArrayRef<std::pair<llvm::StringRef, Type>> features,
    ArrayRef<std::pair<llvm::StringRef, Type>> fullSize,
    unsigned featureResults, SmallVectorImpl<Type> &results);

//===----------------------------------------------------------------------===//
// Windows and convolutions
//===----------------------------------------------------------------------===//

/// A window's parameters, one entry per dimension (defaults filled in).
struct WindowParams {
  llvm::SmallVector<int64_t> dimensions, strides, baseDilations,
      windowDilations, low, high;
};
/// Reads and checks window attributes (reduce_window_c4..c12,
/// select_and_scatter_c4..c8): one entry per dimension, sizes, strides and
/// dilations at least 1, padding of shape [rank, 2].
mlir::FailureOr<WindowParams>
readWindow(OptLoc location, llvm::StringRef opName, int64_t rank,
           std::optional<ArrayRef<int64_t>> dimensions,
           std::optional<ArrayRef<int64_t>> strides,
           std::optional<ArrayRef<int64_t>> baseDilations,
           std::optional<ArrayRef<int64_t>> windowDilations,
           mlir::DenseIntElementsAttr padding);
/// reduce_window_c16: per dimension, the number of window positions in the
/// base-dilated, padded input: (padded - dilated window) / stride + 1, or 0
/// when the window does not fit; `?` stays `?`.
llvm::SmallVector<int64_t> windowedShape(ArrayRef<int64_t> shape,
                                         const WindowParams &window);
/// reduce_window_c1..c16: inputs of one shape, rank-0 init values of their
/// element types; results of the windowed shape and the init types.
LogicalResult inferReduceWindowOp(OptLoc location, TypeRange inputs,
                                  TypeRange initValues,
                                  const WindowParams &window,
                                  SmallVectorImpl<Type> &results);

/// The dimension numbers of a convolution, as plain values.
struct ConvDims {
  int64_t inputBatch, inputFeature;
  ArrayRef<int64_t> inputSpatial;
  int64_t kernelInputFeature, kernelOutputFeature;
  ArrayRef<int64_t> kernelSpatial;
  int64_t outputBatch, outputFeature;
  ArrayRef<int64_t> outputSpatial;
};
/// convolution_c1..c27: dimension numbers in range and distinct, window
/// attributes sized by the spatial rank, group counts dividing the batch and
/// feature sizes; the result has batch / batch_group_count, the kernel's
/// output features and, per spatial dimension, the window positions in the
/// lhs-dilated, padded input for the rhs-dilated kernel at the strides. The
/// element type is lhs's (a declared result may choose another).
LogicalResult inferConvolutionOp(
    OptLoc location, Type lhs, Type rhs, const ConvDims &dims,
    std::optional<ArrayRef<int64_t>> strides,
    mlir::DenseIntElementsAttr padding,
    std::optional<ArrayRef<int64_t>> lhsDilation,
    std::optional<ArrayRef<int64_t>> rhsDilation,
    std::optional<size_t> reversalCount, int64_t featureGroups,
    int64_t batchGroups, std::optional<size_t> precisionCount,
    SmallVectorImpl<Type> &results);

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

/// `dims` sorted (if `sorted`), unique and each in [0, bound), or an error
/// naming the attribute field `name`.
LogicalResult checkDimensionList(OptLoc location, llvm::StringRef opName,
                                 llvm::StringRef name, ArrayRef<int64_t> dims,
                                 int64_t bound, bool sorted);

/// #stablehlo.gather's fields, as plain values.
struct GatherDims {
  ArrayRef<int64_t> offsetDims, collapsedSliceDims, operandBatchingDims,
      startIndicesBatchingDims, startIndexMap;
  int64_t indexVectorDim;
};
/// gather_c1..c22: the dimension numbers fit the operand and the indices;
/// the result interleaves the batch dimensions of start_indices (all but
/// index_vector_dim) with the slice dimensions kept (not collapsed or
/// batching) at offset_dims, with the operand's element type.
LogicalResult inferGatherOp(OptLoc location, Type operand, Type startIndices,
                            const GatherDims &dims, ArrayRef<int64_t> sliceSizes,
                            SmallVectorImpl<Type> &results);

} // namespace xla::stablehlo

#endif // XLA_DIALECT_STABLEHLO_SHAPEINFERENCE_H
