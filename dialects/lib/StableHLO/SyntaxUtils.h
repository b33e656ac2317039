//===- SyntaxUtils.h - shared pieces of the custom op syntax --------------===//
//
// Internal to lib/StableHLO: helpers used by the parsers and printers of
// several op families.
//
//===----------------------------------------------------------------------===//
#ifndef XLA_LIB_STABLEHLO_SYNTAXUTILS_H
#define XLA_LIB_STABLEHLO_SYNTAXUTILS_H

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

} // namespace xla::stablehlo

#endif // XLA_LIB_STABLEHLO_SYNTAXUTILS_H
