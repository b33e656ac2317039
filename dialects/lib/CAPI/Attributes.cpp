//===- Attributes.cpp - C API to read the project's attributes ------------===//
//
// Passes written in Rust read our dialects' structured attributes through
// these functions, never by printing and re-parsing them.
//
//===----------------------------------------------------------------------===//
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
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

} // extern "C"
