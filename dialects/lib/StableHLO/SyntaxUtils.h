//===- SyntaxUtils.h - shared pieces of the custom op syntax --------------===//
//
// Internal to lib/StableHLO: helpers used by the parsers and printers of
// several op families.
//
//===----------------------------------------------------------------------===//
#ifndef XLA_LIB_STABLEHLO_SYNTAXUTILS_H
#define XLA_LIB_STABLEHLO_SYNTAXUTILS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

namespace xla::stablehlo {
using mlir::ArrayRef;
using mlir::AsmParser;
using mlir::AsmPrinter;
using mlir::ParseResult;
using mlir::SmallVectorImpl;

/// `[1, 2, 3]`
inline ParseResult parseIntList(AsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t value;
    if (parser.parseInteger(value))
      return mlir::failure();
    values.push_back(value);
    return mlir::success();
  });
}

inline void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}


/// One `name = value` field of a structured attribute: an int list, or a
/// single integer when `scalar` is set.
struct DimensionField {
  llvm::StringRef name;
  llvm::SmallVector<int64_t> *list = nullptr;
  int64_t *scalar = nullptr;
};

/// `<name = [..], other = 3, ...>`: fields in any order, each at most once,
/// list fields may be left out (empty), a comma may follow the last field
/// (`<index_vector_dim = 1,>`, as StableHLO's struct parser accepts).
/// Scalar fields not seen keep their value; `seen` reports which fields
/// appeared.
/// The fields and the closing `>` of parseDimensionFields, for callers that
/// read the `<` (and a keyword after it) themselves.
inline ParseResult parseDimensionFieldsAfterLess(AsmParser &parser,
                                                 llvm::StringRef attrName,
                                                 llvm::MutableArrayRef<DimensionField> fields,
                                                 llvm::SmallVectorImpl<bool> &seen) {
  seen.assign(fields.size(), false);
  if (mlir::succeeded(parser.parseOptionalGreater()))
    return mlir::success();
  do {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return mlir::failure();
    auto it = llvm::find_if(fields, [&](const DimensionField &f) { return f.name == key; });
    if (it == fields.end())
      return parser.emitError(loc) << "unknown field '" << key << "' in #stablehlo." << attrName;
    size_t index = it - fields.begin();
    if (seen[index])
      return parser.emitError(loc) << "field '" << key << "' appears twice in #stablehlo." << attrName;
    seen[index] = true;
    if (it->scalar ? parser.parseInteger(*it->scalar) : parseIntList(parser, *it->list))
      return mlir::failure();
    if (mlir::failed(parser.parseOptionalComma()))
      break;
    if (mlir::succeeded(parser.parseOptionalGreater()))
      return mlir::success();
  } while (true);
  return parser.parseGreater();
}

inline ParseResult parseDimensionFields(AsmParser &parser,
                                        llvm::StringRef attrName,
                                        llvm::MutableArrayRef<DimensionField> fields,
                                        llvm::SmallVectorImpl<bool> &seen) {
  if (parser.parseLess())
    return mlir::failure();
  return parseDimensionFieldsAfterLess(parser, attrName, fields, seen);
}

/// Prints `<a = [..], b = 1>`, leaving out empty lists.
inline void printDimensionFields(
    AsmPrinter &printer,
    ArrayRef<std::pair<llvm::StringRef, ArrayRef<int64_t>>> lists,
    ArrayRef<std::pair<llvm::StringRef, int64_t>> scalars) {
  printer << '<';
  bool first = true;
  for (auto &[name, values] : lists) {
    if (values.empty())
      continue;
    printer << (first ? "" : ", ") << name << " = ";
    first = false;
    printIntList(printer, values);
  }
  for (auto &[name, value] : scalars) {
    printer << (first ? "" : ", ") << name << " = " << value;
    first = false;
  }
  printer << '>';
}


/// `[2, ?, 3]` for diagnostics (`?` for a dynamic size).
inline std::string listText(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleave(
      values, os,
      [&](int64_t v) {
        if (mlir::ShapedType::isDynamic(v))
          os << '?';
        else
          os << v;
      },
      ", ");
  os << ']';
  return text;
}

/// `(tensor<f32>, tensor<i32>)` for diagnostics.
inline std::string typesText(mlir::TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(types, os);
  os << ')';
  return text;
}

/// Whether two dimension sizes can be equal (either may be dynamic).
inline bool compatibleDim(int64_t a, int64_t b) {
  return mlir::ShapedType::isDynamic(a) || mlir::ShapedType::isDynamic(b) || a == b;
}

} // namespace xla::stablehlo

#endif // XLA_LIB_STABLEHLO_SYNTAXUTILS_H
