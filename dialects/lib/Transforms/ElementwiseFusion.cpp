//===- ElementwiseFusion.cpp - elementwise linalg fusion in rounds --------===//
//
// `xla-fuse-elementwise-rounds`: producer/consumer fusion of element-wise
// `linalg.generic` ops on tensors (upstream's `linalg::fuseElementwiseOps`,
// with the same control as `linalg-fuse-elementwise-ops`: the producer's
// results have exactly one use), applied in rounds of disjoint pairs.
//
// Why: the greedy pattern driver of `linalg-fuse-elementwise-ops` fuses a
// chain v1 -> v2 -> ... -> vN one op at a time, and each fusion clones the
// whole body fused so far, so a chain of N ops costs O(N^2) (20,000 adds:
// minutes). Here each round fuses a set of pairs in which no op takes part
// twice (a matching of producer -> consumer edges), so a chain halves every
// round: log2(N) rounds, each cloning every body once, O(N log N) in all.
// The fixpoint is the same (every single-use element-wise edge fused), so
// the upstream pass that runs afterwards finds (almost) nothing left to fuse
// and only does its reshape propagation, constant folding and clean-up.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

using namespace mlir;

namespace {

struct ElementwiseFusionRounds
    : public PassWrapper<ElementwiseFusionRounds, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ElementwiseFusionRounds)

  StringRef getArgument() const final { return "xla-fuse-elementwise-rounds"; }
  StringRef getDescription() const final {
    return "Fuse single-use element-wise linalg.generic producers into their "
           "consumers in rounds of disjoint pairs (O(N log N) on chains)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }

  /// One round: picks disjoint (producer, consumer) pairs in program order
  /// and fuses them. Returns whether anything was fused.
  bool fuseOneRound(IRRewriter &rewriter) {
    llvm::DenseSet<Operation *> taken;
    SmallVector<std::pair<Operation *, OpOperand *>> pairs;
    getOperation()->walk([&](linalg::GenericOp consumer) {
      if (taken.contains(consumer))
        return;
      for (OpOperand &operand : consumer->getOpOperands()) {
        Operation *producer = operand.get().getDefiningOp();
        if (!producer || taken.contains(producer) || !producer->hasOneUse() ||
            !isa<linalg::GenericOp>(producer) ||
            !linalg::areElementwiseOpsFusable(&operand))
          continue;
        taken.insert(producer);
        taken.insert(consumer);
        pairs.push_back({consumer, &operand});
        return;
      }
    });
    bool changed = false;
    for (auto [consumer, operand] : pairs) {
      Operation *producer = operand->get().getDefiningOp();
      rewriter.setInsertionPoint(consumer);
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, operand);
      if (failed(fused))
        continue;
      for (auto [original, replacement] : fused->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          return use.getOwner() != producer;
        });
      rewriter.eraseOp(consumer);
      if (producer->use_empty())
        rewriter.eraseOp(producer);
      changed = true;
    }
    return changed;
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    while (fuseOneRound(rewriter)) {
    }
  }
};

} // namespace

extern "C" MlirPass xlaCreateElementwiseFusionRoundsPass() {
  return wrap(static_cast<Pass *>(new ElementwiseFusionRounds()));
}
