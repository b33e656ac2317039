//===- Attributes.cpp - C API to read the project's attributes ------------===//
//
// Passes written in Rust read and build our dialects' structured attributes
// through these functions, never by printing or parsing their text.
//
//===----------------------------------------------------------------------===//
#include "mlir/CAPI/AffineExpr.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "xla/Dialect/CHLO/ChloOps.h"
#include "xla/Dialect/StableHLO/StablehloOps.h"

#include <cstdint>

extern "C" {

/// The `handle` and `type` of a `#stablehlo.channel_handle`; false (and
/// nothing written) for any other attribute.
bool xlaChannelHandleGet(MlirAttribute attribute, int64_t *handle, int64_t *type) {
  auto channel = llvm::dyn_cast_or_null<xla::stablehlo::ChannelHandleAttr>(unwrap(attribute));
  if (!channel)
    return false;
  *handle = channel.getHandle();
  *type = channel.getType();
  return true;
}

/// The precision and accumulation types and the operation counts of a
/// `#stablehlo.dot_algorithm` (`counts` = lhs components, rhs components,
/// primitive operations); false (and nothing written) for any other
/// attribute.
bool xlaDotAlgorithmGet(MlirAttribute attribute, MlirType *lhsPrecision, MlirType *rhsPrecision,
                        MlirType *accumulation, int64_t *counts, bool *allowImpreciseAccumulation) {
  auto algorithm = llvm::dyn_cast_or_null<xla::stablehlo::DotAlgorithmAttr>(unwrap(attribute));
  if (!algorithm)
    return false;
  *lhsPrecision = wrap(algorithm.getLhsPrecisionType());
  *rhsPrecision = wrap(algorithm.getRhsPrecisionType());
  *accumulation = wrap(algorithm.getAccumulationType());
  counts[0] = algorithm.getLhsComponentCount();
  counts[1] = algorithm.getRhsComponentCount();
  counts[2] = algorithm.getNumPrimitiveOperations();
  *allowImpreciseAccumulation = algorithm.getAllowImpreciseAccumulation();
  return true;
}

/// A `#stablehlo.channel_handle<handle = ..., type = ...>`.
MlirAttribute xlaChannelHandleAttrGet(MlirContext context, int64_t handle, int64_t type) {
  return wrap(xla::stablehlo::ChannelHandleAttr::get(unwrap(context), handle, type));
}

/// Whether `type` is `!stablehlo.token`.
bool xlaTypeIsAToken(MlirType type) { return llvm::isa<xla::stablehlo::TokenType>(unwrap(type)); }

/// The `!stablehlo.token` type.
MlirType xlaTokenTypeGet(MlirContext context) { return wrap(xla::stablehlo::TokenType::get(unwrap(context))); }

// The bits of `arith::FastMathFlags` that the Rust side names.
static_assert(static_cast<uint32_t>(mlir::arith::FastMathFlags::reassoc) == 1, "reassoc bit");
static_assert(static_cast<uint32_t>(mlir::arith::FastMathFlags::contract) == 32, "contract bit");

/// `#arith.fastmath<...>` with `flags` (the bits of `arith::FastMathFlags`).
MlirAttribute xlaArithFastMathAttrGet(MlirContext context, uint32_t flags) {
  return wrap(mlir::arith::FastMathFlagsAttr::get(unwrap(context), static_cast<mlir::arith::FastMathFlags>(flags)));
}

/// The `arith::FastMathFlags` bits of a `#arith.fastmath<...>`; -1 for any
/// other attribute.
int64_t xlaArithFastMathAttrGetFlags(MlirAttribute attribute) {
  auto flags = llvm::dyn_cast_or_null<mlir::arith::FastMathFlagsAttr>(unwrap(attribute));
  return flags ? static_cast<int64_t>(flags.getValue()) : -1;
}

/// 1 for `#linalg.iterator_type<reduction>`, 0 for `parallel`, -1 for any
/// other attribute.
int xlaLinalgIteratorTypeIsReduction(MlirAttribute attribute) {
  auto iterator = llvm::dyn_cast_or_null<mlir::linalg::IteratorTypeAttr>(unwrap(attribute));
  if (!iterator)
    return -1;
  return iterator.getValue() == mlir::utils::IteratorType::reduction ? 1 : 0;
}

/// `#linalg.iterator_type<reduction>` or, with `reduction` false,
/// `#linalg.iterator_type<parallel>`.
MlirAttribute xlaLinalgIteratorTypeAttrGet(MlirContext context, bool reduction) {
  return wrap(mlir::linalg::IteratorTypeAttr::get(
      unwrap(context), reduction ? mlir::utils::IteratorType::reduction : mlir::utils::IteratorType::parallel));
}

/// The attributes of an `nvvm.mma.sync` of shape m16n8k16 with A row-major,
/// B column-major and both of f16 or (`bf16`) bf16, written to `out` in the
/// order layoutA, layoutB, multiplicandAPtxType, multiplicandBPtxType, shape.
void xlaNvvmMmaM16N8K16Attributes(MlirContext context, bool bf16, MlirAttribute *out) {
  mlir::MLIRContext *ctx = unwrap(context);
  auto type = mlir::NVVM::MMATypesAttr::get(ctx, bf16 ? mlir::NVVM::MMATypes::bf16 : mlir::NVVM::MMATypes::f16);
  out[0] = wrap(mlir::NVVM::MMALayoutAttr::get(ctx, mlir::NVVM::MMALayout::row));
  out[1] = wrap(mlir::NVVM::MMALayoutAttr::get(ctx, mlir::NVVM::MMALayout::col));
  out[2] = wrap(type);
  out[3] = wrap(type);
  out[4] = wrap(mlir::NVVM::MMAShapeAttr::get(ctx, 16, 8, 16));
}

/// The attributes of an `nvvm.ldmatrix` of 8x8 matrices of 16-bit elements,
/// transposed (`.trans`, layout col) or not (layout row), written to `out`
/// in the order layout, shape, eltType.
void xlaNvvmLdMatrixAttributes(MlirContext context, bool transposed, MlirAttribute *out) {
  mlir::MLIRContext *ctx = unwrap(context);
  out[0] = wrap(mlir::NVVM::MMALayoutAttr::get(ctx, transposed ? mlir::NVVM::MMALayout::col : mlir::NVVM::MMALayout::row));
  out[1] = wrap(mlir::NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8));
  out[2] = wrap(mlir::NVVM::LdStMatrixEltTypeAttr::get(ctx, mlir::NVVM::LdStMatrixEltType::B16));
}

/// `#gpu<shuffle_mode xor>`: the mode of a butterfly `gpu.shuffle`.
MlirAttribute xlaGpuShuffleModeXorGet(MlirContext context) {
  return wrap(mlir::gpu::ShuffleModeAttr::get(unwrap(context), mlir::gpu::ShuffleMode::XOR));
}

/// `#llvm.loop_annotation<unroll = <disable = true>>`: LLVM's unroller
/// leaves the loop alone (`llvm.loop.unroll.disable`).
MlirAttribute xlaLLVMLoopUnrollDisabledGet(MlirContext context) {
  mlir::MLIRContext *ctx = unwrap(context);
  auto unroll = mlir::LLVM::LoopUnrollAttr::get(ctx, mlir::BoolAttr::get(ctx, true), {}, {}, {}, {}, {}, {});
  return wrap(mlir::LLVM::LoopAnnotationAttr::get(ctx, {}, {}, {}, unroll, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}));
}

/// `#vector.kind<or>`: the combining kind of a `vector.reduction` that
/// ORs the lanes (whether any lane of an i1 vector is set).
MlirAttribute xlaVectorCombiningKindOrGet(MlirContext context) {
  return wrap(mlir::vector::CombiningKindAttr::get(unwrap(context), mlir::vector::CombiningKind::OR));
}

/// Whether an `#llvm.linkage<...>` is `external`; false for any other
/// linkage or attribute.
bool xlaLLVMLinkageIsExternal(MlirAttribute attribute) {
  auto linkage = llvm::dyn_cast_or_null<mlir::LLVM::LinkageAttr>(unwrap(attribute));
  return linkage && linkage.getLinkage() == mlir::LLVM::linkage::Linkage::External;
}

/// A StableHLO enum attribute (`#stablehlo<comparison_direction LT>`, ...)
/// of the enum whose mnemonic is `mnemonic`, holding the case numbered
/// `value`; null for an unknown mnemonic or case.
MlirAttribute xlaStablehloEnumAttrGet(MlirContext context, MlirStringRef mnemonic, int32_t value) {
  namespace hlo = xla::stablehlo;
  mlir::MLIRContext *ctx = unwrap(context);
  llvm::StringRef name = unwrap(mnemonic);
  uint32_t v = static_cast<uint32_t>(value);
  mlir::Attribute result;
  if (name == "comparison_direction") {
    if (auto e = hlo::symbolizeComparisonDirection(v)) result = hlo::ComparisonDirectionAttr::get(ctx, *e);
  } else if (name == "comparison_type") {
    if (auto e = hlo::symbolizeComparisonType(v)) result = hlo::ComparisonTypeAttr::get(ctx, *e);
  } else if (name == "precision") {
    if (auto e = hlo::symbolizePrecision(v)) result = hlo::PrecisionAttr::get(ctx, *e);
  } else if (name == "fft_type") {
    if (auto e = hlo::symbolizeFftType(v)) result = hlo::FftTypeAttr::get(ctx, *e);
  } else if (name == "rng_distribution") {
    if (auto e = hlo::symbolizeRngDistribution(v)) result = hlo::RngDistributionAttr::get(ctx, *e);
  } else if (name == "rng_algorithm") {
    if (auto e = hlo::symbolizeRngAlgorithm(v)) result = hlo::RngAlgorithmAttr::get(ctx, *e);
  } else if (name == "transpose") {
    if (auto e = hlo::symbolizeTranspose(v)) result = hlo::TransposeAttr::get(ctx, *e);
  }
  return wrap(result);
}

/// The case number of a StableHLO enum attribute of the enum whose
/// mnemonic is `mnemonic`; false (and nothing written) for any other
/// attribute.
bool xlaStablehloEnumAttrGetValue(MlirAttribute attribute, MlirStringRef mnemonic, int32_t *value) {
  namespace hlo = xla::stablehlo;
  mlir::Attribute attr = unwrap(attribute);
  llvm::StringRef name = unwrap(mnemonic);
  auto read = [&](auto typed) {
    if (!typed)
      return false;
    *value = static_cast<int32_t>(typed.getValue());
    return true;
  };
  // CHLO's comparison enums (chlo.broadcast_compare) have the same cases
  // and numbers as StableHLO's, so they read as these too.
  if (name == "comparison_direction")
    return read(llvm::dyn_cast_or_null<hlo::ComparisonDirectionAttr>(attr)) ||
           read(llvm::dyn_cast_or_null<xla::chlo::ComparisonDirectionAttr>(attr));
  if (name == "comparison_type")
    return read(llvm::dyn_cast_or_null<hlo::ComparisonTypeAttr>(attr)) ||
           read(llvm::dyn_cast_or_null<xla::chlo::ComparisonTypeAttr>(attr));
  if (name == "precision")
    return read(llvm::dyn_cast_or_null<hlo::PrecisionAttr>(attr));
  if (name == "fft_type")
    return read(llvm::dyn_cast_or_null<hlo::FftTypeAttr>(attr));
  if (name == "rng_distribution")
    return read(llvm::dyn_cast_or_null<hlo::RngDistributionAttr>(attr));
  if (name == "rng_algorithm")
    return read(llvm::dyn_cast_or_null<hlo::RngAlgorithmAttr>(attr));
  if (name == "transpose")
    return read(llvm::dyn_cast_or_null<hlo::TransposeAttr>(attr));
  return false;
}

/// A `#stablehlo.dot<...>` from its four dimension lists.
MlirAttribute xlaDotDimensionNumbersGet(MlirContext context, const int64_t *lhsBatching, intptr_t numLhsBatching,
                                        const int64_t *rhsBatching, intptr_t numRhsBatching,
                                        const int64_t *lhsContracting, intptr_t numLhsContracting,
                                        const int64_t *rhsContracting, intptr_t numRhsContracting) {
  return wrap(xla::stablehlo::DotDimensionNumbersAttr::get(
      unwrap(context), llvm::ArrayRef<int64_t>(lhsBatching, numLhsBatching),
      llvm::ArrayRef<int64_t>(rhsBatching, numRhsBatching), llvm::ArrayRef<int64_t>(lhsContracting, numLhsContracting),
      llvm::ArrayRef<int64_t>(rhsContracting, numRhsContracting)));
}

/// The number of entries in list `which` (0 lhs batching, 1 rhs batching,
/// 2 lhs contracting, 3 rhs contracting) of a `#stablehlo.dot<...>`; -1 for
/// any other attribute or list.
intptr_t xlaDotDimensionNumbersGetSize(MlirAttribute attribute, int which) {
  auto dot = llvm::dyn_cast_or_null<xla::stablehlo::DotDimensionNumbersAttr>(unwrap(attribute));
  if (!dot)
    return -1;
  switch (which) {
  case 0: return dot.getLhsBatchingDimensions().size();
  case 1: return dot.getRhsBatchingDimensions().size();
  case 2: return dot.getLhsContractingDimensions().size();
  case 3: return dot.getRhsContractingDimensions().size();
  default: return -1;
  }
}

/// Entry `i` of list `which` (as in `xlaDotDimensionNumbersGetSize`,
/// which bounds `i`).
int64_t xlaDotDimensionNumbersGetElement(MlirAttribute attribute, int which, intptr_t i) {
  auto dot = llvm::cast<xla::stablehlo::DotDimensionNumbersAttr>(unwrap(attribute));
  switch (which) {
  case 0: return dot.getLhsBatchingDimensions()[i];
  case 1: return dot.getRhsBatchingDimensions()[i];
  case 2: return dot.getLhsContractingDimensions()[i];
  default: return dot.getRhsContractingDimensions()[i];
  }
}

/// An integer attribute of the integer type `type` holding the
/// two's-complement value whose 64-bit words, least significant first, are
/// `words` (`numWords` of them; missing high bits are zero, extra ones are
/// dropped); null for a type that is not an integer type.
MlirAttribute xlaIntegerAttrGetFromWords(MlirType type, const uint64_t *words, intptr_t numWords) {
  auto integer = llvm::dyn_cast<mlir::IntegerType>(unwrap(type));
  if (!integer)
    return {nullptr};
  llvm::APInt value(integer.getWidth(), llvm::ArrayRef<uint64_t>(words, numWords));
  return wrap(mlir::IntegerAttr::get(integer, value));
}

/// A CHLO enum attribute (`#chlo<comparison_direction LT>`, ...) of the
/// enum whose mnemonic is `mnemonic` (`comparison_direction`,
/// `comparison_type` or `precision`), holding the case numbered `value`;
/// null for an unknown mnemonic or case.
MlirAttribute xlaChloEnumAttrGet(MlirContext context, MlirStringRef mnemonic, int32_t value) {
  namespace chlo = xla::chlo;
  mlir::MLIRContext *ctx = unwrap(context);
  llvm::StringRef name = unwrap(mnemonic);
  uint32_t v = static_cast<uint32_t>(value);
  mlir::Attribute result;
  if (name == "comparison_direction") {
    if (auto e = chlo::symbolizeComparisonDirection(v)) result = chlo::ComparisonDirectionAttr::get(ctx, *e);
  } else if (name == "comparison_type") {
    if (auto e = chlo::symbolizeComparisonType(v)) result = chlo::ComparisonTypeAttr::get(ctx, *e);
  } else if (name == "precision") {
    if (auto e = chlo::symbolizePrecision(v)) result = chlo::PrecisionAttr::get(ctx, *e);
  }
  return wrap(result);
}

/// A `#stablehlo.gather<...>` from its five lists (`lists[k]` with
/// `sizes[k]` entries, in the order of `xlaGatherDimensionNumbersGetList`)
/// and `index_vector_dim`.
MlirAttribute xlaGatherDimensionNumbersAttrGet(MlirContext context, const int64_t *const *lists, const intptr_t *sizes,
                                               int64_t indexVectorDim) {
  auto at = [&](int k) { return llvm::ArrayRef<int64_t>(lists[k], sizes[k]); };
  return wrap(xla::stablehlo::GatherDimensionNumbersAttr::get(unwrap(context), at(0), at(1), at(2), at(3), at(4),
                                                              indexVectorDim));
}

/// A `#stablehlo.scatter<...>` from its five lists (in the order of
/// `xlaScatterDimensionNumbersGetList`) and `index_vector_dim`.
MlirAttribute xlaScatterDimensionNumbersAttrGet(MlirContext context, const int64_t *const *lists, const intptr_t *sizes,
                                                int64_t indexVectorDim) {
  auto at = [&](int k) { return llvm::ArrayRef<int64_t>(lists[k], sizes[k]); };
  return wrap(xla::stablehlo::ScatterDimensionNumbersAttr::get(unwrap(context), at(0), at(1), at(2), at(3), at(4),
                                                               indexVectorDim));
}

/// A `#stablehlo.conv<...>` from its six non-spatial positions (in the
/// order of `xlaConvDimensionNumbersGetNonSpatial`) and its three spatial
/// lists (input, kernel, output; `spatial[k]` with `sizes[k]` entries).
MlirAttribute xlaConvDimensionNumbersAttrGet(MlirContext context, const int64_t *nonSpatial,
                                             const int64_t *const *spatial, const intptr_t *sizes) {
  auto at = [&](int k) { return llvm::ArrayRef<int64_t>(spatial[k], sizes[k]); };
  return wrap(xla::stablehlo::ConvDimensionNumbersAttr::get(unwrap(context), nonSpatial[0], nonSpatial[1], at(0),
                                                            nonSpatial[2], nonSpatial[3], at(1), nonSpatial[4],
                                                            nonSpatial[5], at(2)));
}

// The dimension lists of the gather, scatter, convolution and ragged_dot
// attributes. Each getter stores in `*data` a pointer to list `which` (the
// attribute's storage, alive as long as its context) and returns its
// length; -1 (and nothing stored) for any other attribute or list number.

static intptr_t list(llvm::ArrayRef<int64_t> values, const int64_t **data) {
  *data = values.data();
  return static_cast<intptr_t>(values.size());
}

/// Lists of a `#stablehlo.gather<...>`: 0 offset_dims, 1
/// collapsed_slice_dims, 2 operand_batching_dims, 3
/// start_indices_batching_dims, 4 start_index_map.
intptr_t xlaGatherDimensionNumbersGetList(MlirAttribute attribute, int which, const int64_t **data) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::GatherDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return -1;
  switch (which) {
  case 0: return list(dims.getOffsetDims(), data);
  case 1: return list(dims.getCollapsedSliceDims(), data);
  case 2: return list(dims.getOperandBatchingDims(), data);
  case 3: return list(dims.getStartIndicesBatchingDims(), data);
  case 4: return list(dims.getStartIndexMap(), data);
  default: return -1;
  }
}

/// The `index_vector_dim` of a `#stablehlo.gather<...>`; false (and nothing
/// written) for any other attribute.
bool xlaGatherDimensionNumbersGetIndexVectorDim(MlirAttribute attribute, int64_t *value) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::GatherDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return false;
  *value = dims.getIndexVectorDim();
  return true;
}

/// Lists of a `#stablehlo.scatter<...>`: 0 update_window_dims, 1
/// inserted_window_dims, 2 input_batching_dims, 3
/// scatter_indices_batching_dims, 4 scatter_dims_to_operand_dims.
intptr_t xlaScatterDimensionNumbersGetList(MlirAttribute attribute, int which, const int64_t **data) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::ScatterDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return -1;
  switch (which) {
  case 0: return list(dims.getUpdateWindowDims(), data);
  case 1: return list(dims.getInsertedWindowDims(), data);
  case 2: return list(dims.getInputBatchingDims(), data);
  case 3: return list(dims.getScatterIndicesBatchingDims(), data);
  case 4: return list(dims.getScatterDimsToOperandDims(), data);
  default: return -1;
  }
}

/// The `index_vector_dim` of a `#stablehlo.scatter<...>`; false (and
/// nothing written) for any other attribute.
bool xlaScatterDimensionNumbersGetIndexVectorDim(MlirAttribute attribute, int64_t *value) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::ScatterDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return false;
  *value = dims.getIndexVectorDim();
  return true;
}

/// The spatial dimension lists of a `#stablehlo.conv<...>`: 0 input, 1
/// kernel, 2 output (entry k: the position of spatial dimension k).
intptr_t xlaConvDimensionNumbersGetSpatial(MlirAttribute attribute, int which, const int64_t **data) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::ConvDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return -1;
  switch (which) {
  case 0: return list(dims.getInputSpatialDimensions(), data);
  case 1: return list(dims.getKernelSpatialDimensions(), data);
  case 2: return list(dims.getOutputSpatialDimensions(), data);
  default: return -1;
  }
}

/// The six non-spatial positions of a `#stablehlo.conv<...>`, in `values`:
/// input batch, input feature, kernel input feature, kernel output feature,
/// output batch, output feature; false (and nothing written) for any other
/// attribute.
bool xlaConvDimensionNumbersGetNonSpatial(MlirAttribute attribute, int64_t *values) {
  auto dims = llvm::dyn_cast_or_null<xla::stablehlo::ConvDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return false;
  values[0] = dims.getInputBatchDimension();
  values[1] = dims.getInputFeatureDimension();
  values[2] = dims.getKernelInputFeatureDimension();
  values[3] = dims.getKernelOutputFeatureDimension();
  values[4] = dims.getOutputBatchDimension();
  values[5] = dims.getOutputFeatureDimension();
  return true;
}

/// Lists of a `#chlo.ragged_dot<...>`: 0 lhs batching, 1 rhs batching, 2
/// lhs contracting, 3 rhs contracting, 4 lhs ragged, 5 rhs group dimensions.
intptr_t xlaRaggedDotDimensionNumbersGetList(MlirAttribute attribute, int which, const int64_t **data) {
  auto dims = llvm::dyn_cast_or_null<xla::chlo::RaggedDotDimensionNumbersAttr>(unwrap(attribute));
  if (!dims)
    return -1;
  switch (which) {
  case 0: return list(dims.getLhsBatchingDimensions(), data);
  case 1: return list(dims.getRhsBatchingDimensions(), data);
  case 2: return list(dims.getLhsContractingDimensions(), data);
  case 3: return list(dims.getRhsContractingDimensions(), data);
  case 4: return list(dims.getLhsRaggedDimensions(), data);
  case 5: return list(dims.getRhsGroupDimensions(), data);
  default: return -1;
  }
}

// Affine expressions combined as the affine-map parser combines them (the
// C++ operators, which simplify: `d0 * 1` is `d0`, a constant moves to the
// right), so that a map built from Rust is the map its text would parse to.
// (`mlirAffineAddExprGet` and friends build the binary expression as given.)

/// `lhs + rhs`.
MlirAffineExpr xlaAffineExprAdd(MlirAffineExpr lhs, MlirAffineExpr rhs) { return wrap(unwrap(lhs) + unwrap(rhs)); }

/// `lhs - rhs` (`lhs + rhs * -1`).
MlirAffineExpr xlaAffineExprSub(MlirAffineExpr lhs, MlirAffineExpr rhs) { return wrap(unwrap(lhs) - unwrap(rhs)); }

/// `lhs * rhs`.
MlirAffineExpr xlaAffineExprMul(MlirAffineExpr lhs, MlirAffineExpr rhs) { return wrap(unwrap(lhs) * unwrap(rhs)); }

/// `lhs floordiv rhs`.
MlirAffineExpr xlaAffineExprFloorDiv(MlirAffineExpr lhs, MlirAffineExpr rhs) {
  return wrap(unwrap(lhs).floorDiv(unwrap(rhs)));
}

} // extern "C"
