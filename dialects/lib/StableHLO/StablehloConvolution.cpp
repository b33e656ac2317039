//===- StablehloConvolution.cpp - convolution and #stablehlo.conv --------===//
//
// The compact dimension-number syntax `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`,
// the `window = {...}` syntax, and the verifier with shape inference
// (convolution_c1..c27, the structural ones).
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace xla::stablehlo;

//===----------------------------------------------------------------------===//
// ConvDimensionNumbersAttr
//===----------------------------------------------------------------------===//

namespace {
/// One bracketed group: which position holds `b`/`f` (or `i`/`o`) and the
/// position of each spatial dimension.
struct DimGroup {
  int64_t first = -1, second = -1;
  SmallVector<int64_t> spatial;
};
} // namespace

static ParseResult parseDimGroup(AsmParser &parser, char firstKey, char secondKey,
                                 DimGroup &group) {
  SmallVector<std::pair<int64_t, SMLoc>> spatial;
  int64_t position = 0;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t number;
        OptionalParseResult integer = parser.parseOptionalInteger(number);
        if (integer.has_value()) {
          if (failed(*integer))
            return failure();
          spatial.push_back({number, loc});
        } else {
          StringRef key;
          if (parser.parseKeyword(&key))
            return failure();
          int64_t *slot = key.size() == 1 && key[0] == firstKey    ? &group.first
                          : key.size() == 1 && key[0] == secondKey ? &group.second
                                                                   : nullptr;
          if (!slot)
            return parser.emitError(loc) << "expected '" << firstKey << "', '" << secondKey
                                         << "' or a spatial dimension number, got '" << key << "'";
          if (*slot != -1)
            return parser.emitError(loc) << "'" << key << "' appears twice";
          *slot = position;
        }
        ++position;
        return success();
      }))
    return failure();
  if (group.first == -1 || group.second == -1)
    return parser.emitError(parser.getCurrentLocation())
           << "expected both '" << firstKey << "' and '" << secondKey << "' in the dimension list";
  group.spatial.assign(spatial.size(), -1);
  for (auto &[number, loc] : spatial) {
    if (number < 0 || number >= static_cast<int64_t>(spatial.size()) || group.spatial[number] != -1)
      return parser.emitError(loc) << "spatial dimensions must be 0.." << spatial.size() - 1
                                   << ", each once";
    group.spatial[number] = 0;
  }
  // Positions of spatial dims in order 0, 1, ...
  position = 0;
  SmallVector<int64_t> positions(spatial.size());
  int64_t index = 0;
  for (int64_t p = 0; p < static_cast<int64_t>(spatial.size()) + 2; ++p) {
    if (p == group.first || p == group.second)
      continue;
    positions[spatial[index++].first] = p;
  }
  group.spatial = positions;
  return success();
}

static ParseResult parseConvDims(AsmParser &parser, ConvDimensionNumbersAttr &result) {
  DimGroup input, kernel, output;
  if (parseDimGroup(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseDimGroup(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseDimGroup(parser, 'b', 'f', output))
    return failure();
  result = ConvDimensionNumbersAttr::get(parser.getContext(), input.first, input.second,
                                         input.spatial, kernel.first, kernel.second,
                                         kernel.spatial, output.first, output.second,
                                         output.spatial);
  return success();
}

static void printDimGroup(AsmPrinter &printer, int64_t first, char firstKey,
                          int64_t second, char secondKey, ArrayRef<int64_t> spatial) {
  int64_t rank = spatial.size() + 2;
  SmallVector<std::string> labels(rank, "?");
  if (first >= 0 && first < rank)
    labels[first] = std::string(1, firstKey);
  if (second >= 0 && second < rank)
    labels[second] = std::string(1, secondKey);
  for (auto [i, position] : llvm::enumerate(spatial))
    if (position >= 0 && position < rank)
      labels[position] = std::to_string(i);
  printer << '[';
  llvm::interleaveComma(labels, printer);
  printer << ']';
}

static void printConvDims(AsmPrinter &printer, ConvDimensionNumbersAttr dims) {
  printDimGroup(printer, dims.getInputBatchDimension(), 'b', dims.getInputFeatureDimension(), 'f',
                dims.getInputSpatialDimensions());
  printer << 'x';
  printDimGroup(printer, dims.getKernelInputFeatureDimension(), 'i',
                dims.getKernelOutputFeatureDimension(), 'o', dims.getKernelSpatialDimensions());
  printer << "->";
  printDimGroup(printer, dims.getOutputBatchDimension(), 'b', dims.getOutputFeatureDimension(), 'f',
                dims.getOutputSpatialDimensions());
}

// `raw input_batch_dimension = 0, ..., output_spatial_dimensions = [1, 2]`
// after the `<`: the field-by-field form StableHLO also reads, every
// scalar field required, the spatial lists empty when left out, a comma
// allowed after the last field. Whether the numbers form permutations is
// the convolution verifier's business (convolution_c13..c25), as for the
// compact form.
static Attribute parseRawConvDims(AsmParser &parser) {
  int64_t inputBatch = 0, inputFeature = 0, kernelInput = 0, kernelOutput = 0, outputBatch = 0,
          outputFeature = 0;
  SmallVector<int64_t> inputSpatial, kernelSpatial, outputSpatial;
  DimensionField fields[] = {{"input_batch_dimension", nullptr, &inputBatch},
                             {"input_feature_dimension", nullptr, &inputFeature},
                             {"input_spatial_dimensions", &inputSpatial},
                             {"kernel_input_feature_dimension", nullptr, &kernelInput},
                             {"kernel_output_feature_dimension", nullptr, &kernelOutput},
                             {"kernel_spatial_dimensions", &kernelSpatial},
                             {"output_batch_dimension", nullptr, &outputBatch},
                             {"output_feature_dimension", nullptr, &outputFeature},
                             {"output_spatial_dimensions", &outputSpatial}};
  SmallVector<bool> seen;
  SMLoc loc = parser.getCurrentLocation();
  if (parseDimensionFieldsAfterLess(parser, "conv", fields, seen))
    return {};
  for (auto [field, present] : llvm::zip(fields, seen))
    if (field.scalar && !present) {
      parser.emitError(loc) << "#stablehlo.conv<raw ...> needs " << field.name;
      return {};
    }
  return ConvDimensionNumbersAttr::get(parser.getContext(), inputBatch, inputFeature, inputSpatial,
                                       kernelInput, kernelOutput, kernelSpatial, outputBatch,
                                       outputFeature, outputSpatial);
}

// `<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (a comma may follow the
// groups, as one may follow the last field of #stablehlo.scatter) or
// `<raw field = ..., ...>`.
Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw")))
    return parseRawConvDims(parser);
  ConvDimensionNumbersAttr result;
  if (parseConvDims(parser, result))
    return {};
  (void)parser.parseOptionalComma();
  if (parser.parseGreater())
    return {};
  return result;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printConvDims(printer, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ConvolutionOp syntax
//===----------------------------------------------------------------------===//

// (%lhs, %rhs) dim_numbers = ..., window = {stride = [..], pad = [[l, h], ..],
//   lhs_dilate = [..], rhs_dilate = [..], reverse = [..]} {attrs} : type
ParseResult ConvolutionOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *context = parser.getContext();
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  ConvDimensionNumbersAttr dims;
  if (parser.parseOperandList(operands, 2, AsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dim_numbers") || parser.parseEqual() || parseConvDims(parser, dims))
    return failure();
  auto &properties = result.getOrAddProperties<Properties>();
  properties.dimension_numbers = dims;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("window") || parser.parseEqual() || parser.parseLBrace())
      return failure();
    if (failed(parser.parseOptionalRBrace())) {
      llvm::StringSet<> seenKeys;
      do {
        SMLoc loc = parser.getCurrentLocation();
        StringRef key;
        if (parser.parseKeyword(&key) || parser.parseEqual())
          return failure();
        if (!seenKeys.insert(key).second)
          return parser.emitError(loc) << "window field '" << key << "' appears twice";
        if (key == "reverse") {
          SmallVector<bool> flags;
          if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
                StringRef word;
                SMLoc wordLoc = parser.getCurrentLocation();
                if (parser.parseKeyword(&word))
                  return failure();
                if (word != "true" && word != "false")
                  return parser.emitError(wordLoc) << "expected true or false";
                flags.push_back(word == "true");
                return success();
              }))
            return failure();
          properties.window_reversal = DenseBoolArrayAttr::get(context, flags);
        } else if (key == "pad") {
          SmallVector<int64_t> values;
          int64_t rows = 0;
          if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                SMLoc pairLoc = parser.getCurrentLocation();
                if (parseIntList(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(pairLoc) << "expected [low, high]";
                values.append(pair);
                ++rows;
                return success();
              }))
            return failure();
          auto type = RankedTensorType::get({rows, 2}, IntegerType::get(context, 64));
          properties.padding = DenseIntElementsAttr::get(type, values);
        } else {
          SmallVector<int64_t> values;
          if (parseIntList(parser, values))
            return failure();
          auto attr = DenseI64ArrayAttr::get(context, values);
          if (key == "stride")
            properties.window_strides = attr;
          else if (key == "lhs_dilate")
            properties.lhs_dilation = attr;
          else if (key == "rhs_dilate")
            properties.rhs_dilation = attr;
          else
            return parser.emitError(loc) << "unknown window field '" << key
                                         << "' (expected stride, pad, lhs_dilate, rhs_dilate or reverse)";
        }
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRBrace())
        return failure();
    }
  }
  SMLoc typeLoc;
  FunctionType type;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      (typeLoc = parser.getCurrentLocation(), parser.parseType(type)))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(typeLoc) << "expected a functional type with 2 inputs and 1 result";
  if (parser.resolveOperands(operands, type.getInputs(), typeLoc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void ConvolutionOp::print(OpAsmPrinter &printer) {
  printer << '(' << getLhs() << ", " << getRhs() << ") dim_numbers = ";
  printConvDims(printer, getDimensionNumbers());
  bool any = getWindowStrides() || getPadding() || getLhsDilation() || getRhsDilation() ||
             getWindowReversal();
  if (any) {
    printer << ", window = {";
    bool first = true;
    auto field = [&](StringRef name) -> OpAsmPrinter & {
      printer << (first ? "" : ", ") << name << " = ";
      first = false;
      return printer;
    };
    if (auto strides = getWindowStrides()) {
      field("stride");
      printIntList(printer, *strides);
    }
    if (auto padding = getPadding()) {
      field("pad") << '[';
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (size_t i = 0; i + 1 < values.size(); i += 2)
        printer << (i ? ", " : "") << '[' << values[i] << ", " << values[i + 1] << ']';
      printer << ']';
    }
    if (auto dilation = getLhsDilation()) {
      field("lhs_dilate");
      printIntList(printer, *dilation);
    }
    if (auto dilation = getRhsDilation()) {
      field("rhs_dilate");
      printIntList(printer, *dilation);
    }
    if (auto reversal = getWindowReversal()) {
      field("reverse") << '[';
      llvm::interleaveComma(*reversal, printer, [&](bool flag) { printer << (flag ? "true" : "false"); });
      printer << ']';
    }
    printer << '}';
  }
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"dimension_numbers", "window_strides", "padding",
                                 "lhs_dilation", "rhs_dilation", "window_reversal"});
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

//===----------------------------------------------------------------------===//
// ConvolutionOp verification
//===----------------------------------------------------------------------===//

// ConvolutionOp is verified by its shape function, inferConvolutionOp
// (ShapeInference.cpp).
