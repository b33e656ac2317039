//===- Inlining.h - inlining of the stablehlo and chlo dialects -----------===//
//
// One DialectInlinerInterface for both dialects (each registers it).
//
//===----------------------------------------------------------------------===//
#ifndef XLA_DIALECTS_STABLEHLO_INLINING_H
#define XLA_DIALECTS_STABLEHLO_INLINING_H

#include "mlir/Transforms/InliningUtils.h"

namespace xla::stablehlo {

// Calls of functions whose bodies hold our ops can be inlined (the
// front end inlines JAX's private helpers before fusion planning, so that
// fusion sees across them). Ops carry no state tied to their function; a
// callee body is one block, so it may also go into one of our ops' regions.
struct HloInlinerInterface : public mlir::DialectInlinerInterface {
  using mlir::DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(mlir::Operation *, mlir::Operation *, bool) const final { return true; }
  bool isLegalToInline(mlir::Region *, mlir::Region *src, bool, mlir::IRMapping &) const final {
    return src->hasOneBlock();
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool, mlir::IRMapping &) const final {
    return true;
  }
};

} // namespace xla::stablehlo

#endif // XLA_DIALECTS_STABLEHLO_INLINING_H
