//===- StablehloAttrs.cpp - result_accuracy, dot_algorithm, bounds -------===//
//
// Verification of #stablehlo.result_accuracy and #stablehlo.dot_algorithm
// (their syntax is the declarative `struct(params)` of StablehloAttrs.td),
// and the syntax and checks of #stablehlo.bounds, the tensor encoding of
// bounded dynamism.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"

using namespace mlir;
using namespace xla::stablehlo;

//===----------------------------------------------------------------------===//
// ResultAccuracyAttr
//===----------------------------------------------------------------------===//

// The spec's result_accuracy rules: non-negative tolerances, and no
// tolerance at all unless the mode is TOLERANCE.
LogicalResult ResultAccuracyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         APFloat atol, APFloat rtol, int64_t ulps,
                                         ResultAccuracyModeAttr mode) {
  if (atol.isNegative() || atol.isNaN() || rtol.isNegative() || rtol.isNaN() || ulps < 0)
    return emitError() << "#stablehlo.result_accuracy needs non-negative atol, rtol and ulps, got atol = "
                       << atol.convertToDouble() << ", rtol = " << rtol.convertToDouble()
                       << ", ulps = " << ulps;
  if (!mode)
    return emitError() << "#stablehlo.result_accuracy needs a mode";
  if (mode.getValue() != ResultAccuracyMode::TOLERANCE &&
      (!atol.isZero() || !rtol.isZero() || ulps != 0))
    return emitError() << "#stablehlo.result_accuracy with mode "
                       << stringifyResultAccuracyMode(mode.getValue())
                       << " takes no tolerances (atol, rtol and ulps must be 0)";
  return success();
}

//===----------------------------------------------------------------------===//
// DotAlgorithmAttr
//===----------------------------------------------------------------------===//

// dot_general_c22..c24 (the algorithm's counts are positive); the precision
// and accumulation types are float types.
LogicalResult DotAlgorithmAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                       Type lhsPrecision, Type rhsPrecision, Type accumulation,
                                       int64_t lhsComponents, int64_t rhsComponents,
                                       int64_t primitiveOperations, bool) {
  for (auto [name, type] : {std::make_pair("lhs_precision_type", lhsPrecision),
                            std::make_pair("rhs_precision_type", rhsPrecision),
                            std::make_pair("accumulation_type", accumulation)})
    if (!isa_and_present<FloatType>(type))
      return emitError() << "#stablehlo.dot_algorithm " << name << " must be a float type, got " << type;
  for (auto [name, count] : {std::make_pair("lhs_component_count", lhsComponents),
                             std::make_pair("rhs_component_count", rhsComponents),
                             std::make_pair("num_primitive_operations", primitiveOperations)})
    if (count <= 0)
      return emitError() << "#stablehlo.dot_algorithm " << name << " must be positive, got " << count;
  return success();
}

//===----------------------------------------------------------------------===//
// TypeExtensionsAttr (#stablehlo.bounds)
//===----------------------------------------------------------------------===//

// <16, ?>: one bound per dimension, `?` for none.
Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          bounds.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t bound;
        if (parser.parseInteger(bound))
          return failure();
        bounds.push_back(bound);
        return success();
      }))
    return {};
  return TypeExtensionsAttr::get(parser.getContext(), bounds);
}

// `<bounds = [16, ?]>` after `type_extensions`: StableHLO's long spelling
// of the same attribute (printed back as `#stablehlo.bounds<16, ?>`).
// `bounds` is its only field and may be followed by a comma.
Attribute xla::stablehlo::parseTypeExtensionsLongForm(AsmParser &parser) {
  SmallVector<int64_t> bounds;
  if (parser.parseLess())
    return {};
  SMLoc fieldLoc = parser.getCurrentLocation();
  StringRef field;
  if (parser.parseKeyword(&field))
    return {};
  if (field != "bounds") {
    parser.emitError(fieldLoc) << "unknown field '" << field
                               << "' in #stablehlo.type_extensions (expected bounds)";
    return {};
  }
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          bounds.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t bound;
        if (parser.parseInteger(bound))
          return failure();
        bounds.push_back(bound);
        return success();
      }))
    return {};
  (void)parser.parseOptionalComma();
  if (parser.parseGreater())
    return {};
  return TypeExtensionsAttr::get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getBounds(), printer, [&](int64_t bound) {
    if (ShapedType::isDynamic(bound))
      printer << '?';
    else
      printer << bound;
  });
  printer << '>';
}

// The bounds fit the tensor type: one per dimension, `?` on the static
// dimensions, non-negative bounds on the dynamic ones.
LogicalResult TypeExtensionsAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                                 function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> bounds = getBounds();
  if (bounds.size() != shape.size())
    return emitError() << "#stablehlo.bounds has " << bounds.size() << " bounds, but the tensor has rank "
                       << shape.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(shape, bounds))) {
    auto [size, bound] = pair;
    if (ShapedType::isDynamic(bound))
      continue;
    if (!ShapedType::isDynamic(size))
      return emitError() << "#stablehlo.bounds gives static dimension " << i << " (size " << size
                         << ") the bound " << bound << "; a static dimension takes '?'";
    if (bound < 0)
      return emitError() << "#stablehlo.bounds gives dimension " << i << " the negative bound " << bound;
  }
  return success();
}
