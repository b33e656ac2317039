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
// When the fusion planner (`xla-plan-fusion`, lowering/src/fusion_plan/)
// ran on the StableHLO program, every op's location carries its group,
// `NameLoc("xla.fusion.f<F>.g<G>", ...)`, or `xla.fusion.f<F>.dup` for a
// producer the plan recomputes in each consumer. Then a producer is fused
// into a consumer only if both are in the same group of the same function;
// a duplicated producer is first cloned once per consumer (each clone has
// one use). Ops without a tag, with several groups (CSE merged them), or
// from different functions (brought together by `inline`, which the planner
// does not see) keep the rule above, except that where either op carries a
// tag (the planner ran) a producer is not fused into an operand its
// consumer reads repeatedly (a contraction's operand), as the planner would
// have refused: the MLP's bias-add and ReLU, written as a called function,
// were recomputed in the next dot's inner loop once per column tile.
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
#include "llvm/ADT/StringExtras.h"

#include <optional>

#include <utility>

using namespace mlir;

namespace {

/// The most operations (terminator included) a fused body may have.
constexpr size_t kMaxFusedOps = 1024;

size_t bodySize(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic ? generic.getBody()->getOperations().size() : 0;
}

/// The planner's tag of an op, read from its location.
struct PlanTag {
  /// (function, group) pairs found (several after CSE merged ops).
  llvm::SmallVector<std::pair<int64_t, int64_t>, 2> groups;
  /// Functions whose plan duplicates this op.
  llvm::SmallVector<int64_t, 1> duplicated;
};

void collectTags(Location loc, PlanTag &tag) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    StringRef text = name.getName().strref();
    if (text.consume_front("xla.fusion.f")) {
      auto [function, rest] = text.split('.');
      int64_t f, g;
      if (!function.getAsInteger(10, f)) {
        if (rest == "dup")
          tag.duplicated.push_back(f);
        else if (rest.consume_front("g") && !rest.getAsInteger(10, g))
          tag.groups.push_back({f, g});
      }
    }
    collectTags(name.getChildLoc(), tag);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      collectTags(part, tag);
  } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    collectTags(call.getCallee(), tag);
  }
}

PlanTag tagOf(Operation *op) {
  PlanTag tag;
  collectTags(op->getLoc(), tag);
  llvm::sort(tag.groups);
  tag.groups.erase(std::unique(tag.groups.begin(), tag.groups.end()),
                   tag.groups.end());
  return tag;
}

/// Whether the plan decides this pair: true/false when both ops carry one
/// group of the same function (or the producer is duplicated by that
/// function's plan), nullopt when the planner did not see the pair.
std::optional<bool> plannedFusion(Operation *producer, Operation *consumer) {
  PlanTag p = tagOf(producer), c = tagOf(consumer);
  if (c.groups.size() != 1)
    return std::nullopt;
  int64_t function = c.groups[0].first;
  if (llvm::is_contained(p.duplicated, function))
    return true;
  if (p.groups.size() != 1 || p.groups[0].first != function)
    return std::nullopt;
  return p.groups[0] == c.groups[0];
}

bool hasPlanTag(Operation *op) {
  PlanTag tag = tagOf(op);
  return !tag.groups.empty() || !tag.duplicated.empty();
}

/// Whether the consumer reads each element of this operand several times:
/// it has a reduction loop (a contraction) and the operand's indexing map
/// leaves out one of its loops (a matmul's left operand omits the output
/// column loop). A producer fused there is recomputed per read (once per
/// output column tile in the contraction kernels).
bool readsOperandRepeatedly(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::GenericOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return false;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    if (!map.isFunctionOfDim(d))
      return true;
  return false;
}

/// The control of every rewrite that merges two ops: the planner's decision
/// where it made one, the producer's results have a single use (upstream's
/// default), and the merged body stays within kMaxFusedOps. Where the
/// planner ran but did not see the pair (ops of different functions brought
/// together by `inline`), its structural rule still holds: no producer is
/// fused into an operand its consumer reads repeatedly (the planner refuses
/// producers into contractions).
bool mayFuse(OpOperand *fusedOperand) {
  Operation *producer = fusedOperand->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  std::optional<bool> planned =
      plannedFusion(producer, fusedOperand->getOwner());
  if (planned == false)
    return false;
  if (!planned &&
      (hasPlanTag(producer) || hasPlanTag(fusedOperand->getOwner())) &&
      readsOperandRepeatedly(fusedOperand))
    return false;
  return bodySize(producer) + bodySize(fusedOperand->getOwner()) <=
         kMaxFusedOps;
}

/// Gives each use of a duplicated producer (a generic the plan recomputes
/// in its consumers) that the plan lets fuse a clone of its own.
void cloneDuplicatedProducers(Operation *root, IRRewriter &rewriter) {
  SmallVector<linalg::GenericOp> producers;
  root->walk([&](linalg::GenericOp op) {
    if (!tagOf(op).duplicated.empty() && !op->hasOneUse() &&
        op->getNumResults() == 1)
      producers.push_back(op);
  });
  for (linalg::GenericOp producer : producers) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : producer->getResult(0).getUses())
      if (isa<linalg::GenericOp>(use.getOwner()) &&
          plannedFusion(producer, use.getOwner()) == true &&
          linalg::areElementwiseOpsFusable(&use))
        uses.push_back(&use);
    // The original keeps one use (the first, or those that do not fuse).
    bool keepsOther = uses.size() < static_cast<size_t>(std::distance(
                                        producer->getUses().begin(),
                                        producer->getUses().end()));
    for (size_t i = keepsOther ? 0 : 1; i < uses.size(); ++i) {
      rewriter.setInsertionPoint(producer);
      Operation *clone = rewriter.clone(*producer);
      uses[i]->set(clone->getResult(0));
    }
  }
}

struct FuseElementwise
    : public PassWrapper<FuseElementwise, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseElementwise)

  StringRef getArgument() const final { return "xla-fuse-elementwise"; }
  StringRef getDescription() const final {
    return "Fuse element-wise linalg.generic ops (single-use producers, "
           "bodies of at most 1024 ops; the planner's groups where it ran), "
           "first in rounds of disjoint pairs";
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
    cloneDuplicatedProducers(getOperation(), rewriter);
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
