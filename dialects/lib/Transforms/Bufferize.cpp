//===- Bufferize.cpp - one-shot bufferization that stays fast when deep ---===//
//
// `xla-one-shot-bufferize`: upstream's `one-shot-bufferize` with the CPU and
// GPU pipelines' options, run through a nested pass manager whose options
// are chosen per module:
//
// - normally, the in-place analysis decides which tensor writes may reuse
//   their operand's buffer (few copies);
// - when ops nest deeper than kDeepNesting (a chain of `stablehlo.if`
//   inside each other's branches, say), `copy-before-write`: every write
//   goes to a fresh buffer, no analysis. The analysis's conflict checks
//   grow with the product of the nesting depth and the number of writes
//   (13.7 s at 100 nested ifs each doing tensor work, against 0.03 s with
//   copy-before-write, 2-core VM), while real programs (the 60 JAX
//   examples nest at most 6 deep) never reach the threshold, so they keep
//   the analysis and its in-place updates.
//
// Correctness does not depend on the choice: copy-before-write only adds
// copies.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

using namespace mlir;

namespace {

/// Nesting depth (ops inside ops) from which the analysis is skipped.
constexpr unsigned kDeepNesting = 32;

/// The deepest nesting of ops under `root`: an op directly in `root`'s
/// regions is at depth 1.
unsigned nestingDepth(Operation *root) {
  llvm::DenseMap<Operation *, unsigned> depth;
  depth[root] = 0;
  unsigned deepest = 0;
  // Pre-order: every op's parent is visited before it.
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return;
    unsigned d = depth.lookup(op->getParentOp()) + 1;
    if (op->getNumRegions() > 0)
      depth[op] = d;
    deepest = std::max(deepest, d);
  });
  return deepest;
}

std::string pipeline(bool copyBeforeWrite) {
  std::string text = "one-shot-bufferize{bufferize-function-boundaries "
                     "allow-return-allocs-from-loops "
                     "function-boundary-type-conversion=identity-layout-map";
  if (copyBeforeWrite)
    text += " copy-before-write";
  return text + "}";
}

struct OneShotBufferize
    : PassWrapper<OneShotBufferize, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(OneShotBufferize)

  StringRef getArgument() const override { return "xla-one-shot-bufferize"; }
  StringRef getDescription() const override {
    return "one-shot-bufferize with the pipelines' options; copy-before-write "
           "when ops nest deeper than 32 levels";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager manager(ModuleOp::getOperationName());
    if (succeeded(parsePassPipeline(pipeline(false), manager)))
      manager.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool deep = nestingDepth(getOperation()) > kDeepNesting;
    OpPassManager manager(ModuleOp::getOperationName());
    if (failed(parsePassPipeline(pipeline(deep), manager))) {
      getOperation().emitError("xla-one-shot-bufferize: cannot build the "
                               "one-shot-bufferize pipeline");
      return signalPassFailure();
    }
    if (failed(runPipeline(manager, getOperation())))
      signalPassFailure();
  }
};

} // namespace

extern "C" MlirPass xlaCreateOneShotBufferizePass() {
  return wrap(static_cast<Pass *>(new OneShotBufferize()));
}
