//===- ElementwiseFusion.cpp - bounded, near-linear elementwise fusion ----===//
//
// `xla-fuse-elementwise`: the project's replacement for upstream's
// `linalg-fuse-elementwise-ops`, with the same rewrites (producer/consumer
// fusion of element-wise `linalg.generic` ops on tensors when the producer's
// results have one use, reshape propagation by expansion, constant folding,
// the linalg/tensor/affine canonicalizations those enable) and two changes
// that make its cost grow linearly with the program:
//
// 1. Fusion first runs in rounds of disjoint producer/consumer pairs (a
//    matching), so a chain v1 -> v2 -> ... -> vN halves every round. The
//    greedy driver alone fuses one op at a time and re-clones the body fused
//    so far at every step: O(N^2) for a chain (20,000 adds: minutes).
// 2. A fused body holds at most kMaxFusedOps operations. Without a bound a
//    chain of N ops becomes one loop whose body has N operations, and LLVM
//    is quadratic on such blocks (the loop vectorizer's VPlan and the
//    machine scheduler walk per-value use lists: 50,000 adds took 16 s in
//    LLVM). Fused ops of real programs are far smaller (the largest in
//    test/examples, polygamma after CHLO decomposition, has 359
//    operations), so the bound only splits degenerate
//    chains, each piece still a long fused loop.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

using namespace mlir;

namespace {

/// The most operations (terminator included) a fused body may have.
constexpr size_t kMaxFusedOps = 1024;

size_t bodySize(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic ? generic.getBody()->getOperations().size() : 0;
}

/// The control of every rewrite that merges two ops: the producer's results
/// have a single use (upstream's default) and the merged body stays within
/// kMaxFusedOps.
bool mayFuse(OpOperand *fusedOperand) {
  Operation *producer = fusedOperand->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  return bodySize(producer) + bodySize(fusedOperand->getOwner()) <=
         kMaxFusedOps;
}

struct FuseElementwise
    : public PassWrapper<FuseElementwise, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseElementwise)

  StringRef getArgument() const final { return "xla-fuse-elementwise"; }
  StringRef getDescription() const final {
    return "Fuse element-wise linalg.generic ops (single-use producers, "
           "bodies of at most 1024 ops), first in rounds of disjoint pairs";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, linalg::LinalgDialect,
                    tensor::TensorDialect>();
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
        if (!producer || taken.contains(producer) ||
            !isa<linalg::GenericOp>(producer) || !mayFuse(&operand) ||
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
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);
    while (fuseOneRound(rewriter)) {
    }

    // What is left: fusions the rounds enabled or missed (e.g. across
    // reshapes), reshape propagation, constant folding and clean-up.
    RewritePatternSet patterns(context);
    linalg::ControlFusionFn control = mayFuse;
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, control);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace

extern "C" MlirPass xlaCreateFuseElementwisePass() {
  return wrap(static_cast<Pass *>(new FuseElementwise()));
}
