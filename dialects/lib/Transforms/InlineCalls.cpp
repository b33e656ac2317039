//===- InlineCalls.cpp - inline calls before fusion planning -------------===//
//
// `xla-inline-calls`: MLIR's inliner, without its per-callee
// canonicalization, run on the StableHLO module before fusion planning, so
// that the planner sees across JAX's private helpers (`_take`, `_where`,
// `log_softmax`, ...).
//
// A module that holds an op of an unregistered dialect is left alone: the
// inliner's call graph cannot tell whether such an op with regions is a
// symbol table, and upstream's release build then dereferences an empty
// symbol-use list (a crash found by xla-fuzz). Such a module is refused
// with a located error by the StableHLO lowering that follows.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

struct InlineCalls
    : public PassWrapper<InlineCalls, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InlineCalls)

  StringRef getArgument() const final { return "xla-inline-calls"; }
  StringRef getName() const final { return "XlaInlineCalls"; }
  StringRef getDescription() const final {
    return "Inline calls (no canonicalization of callees), unless the module "
           "holds ops of unregistered dialects";
  }

  void runOnOperation() override {
    bool unregistered = getOperation()
                            ->walk([](Operation *op) {
                              return op->isRegistered() ? WalkResult::advance()
                                                        : WalkResult::interrupt();
                            })
                            .wasInterrupted();
    if (unregistered)
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    // An empty default pipeline: callees are not canonicalized.
    pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

} // namespace

extern "C" MlirPass xlaCreateInlineCallsPass() {
  return wrap(static_cast<Pass *>(new InlineCalls()));
}
