//===- SiblingFusion.cpp - sibling reductions as one loop nest -----------===//
//
// `xla-fuse-siblings`: realizes the planner's sibling (multi-output)
// fusion. `xla-plan-fusion` tags two reductions over the same dimensions of
// same-shaped inputs that read a common input and do not depend on each
// other (a row sum and a row maximum of `x`; E[x] and E[x*x] of a fast
// layernorm) with one sibling tag, `NameLoc("xla.fusion.f<F>.s<S>", ...)`.
// After element-wise fusion each is a `linalg.generic`; this pass merges
// the tagged generics of a block into one generic with the results of both:
// the common input is read once per element, both bodies run in one loop
// nest.
//
// A tagged pair is merged when both are generics on tensors with the same
// iterator types and the same static loop ranges, they read one input
// value through the same indexing map, and neither depends on the other
// (through any op of the block, nested regions included). The ops between
// the two that the later one needs (its fills) move before the earlier
// one, which is where the merged op goes; they must be free of memory
// effects. Each decision adds a line to the fusion report
// (`--report=fusion`): `siblings fused: ...` or `siblings not fused: ...:
// reason`.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;

namespace {

using ReportFn = void (*)(const char *, size_t);

/// The sibling tags `(function, set)` of a location (several once ops were
/// fused or merged).
void collectSiblingTags(Location loc,
                        llvm::SmallVectorImpl<std::pair<int64_t, int64_t>> &tags) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    StringRef text = name.getName().strref();
    if (text.consume_front("xla.fusion.f")) {
      auto [function, rest] = text.split('.');
      int64_t f, s;
      if (!function.getAsInteger(10, f) && rest.consume_front("s") &&
          !rest.getAsInteger(10, s))
        tags.push_back({f, s});
    }
    collectSiblingTags(name.getChildLoc(), tags);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      collectSiblingTags(part, tags);
  } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    collectSiblingTags(call.getCallee(), tags);
  }
}

/// The first source line of a location, for the report.
std::optional<unsigned> lineOf(Location loc) {
  if (auto file = dyn_cast<FileLineColRange>(loc))
    return file.getStartLine();
  if (auto name = dyn_cast<NameLoc>(loc))
    return lineOf(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return lineOf(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (auto line = lineOf(part))
        return line;
  return std::nullopt;
}

std::string label(Operation *op) {
  std::string text = "reduction";
  if (auto line = lineOf(op->getLoc()))
    text += "@" + std::to_string(*line);
  return text;
}

/// Values an op uses, its nested regions' uses of values defined outside
/// it included.
void usedValues(Operation *op, llvm::SmallVectorImpl<Value> &values) {
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands())
      if (inner == op || !op->isAncestor(operand.getParentBlock()->getParentOp()))
        values.push_back(operand);
  });
}

bool memoryEffectFree(Operation *op) {
  bool free = true;
  op->walk([&](Operation *inner) {
    if (!isMemoryEffectFree(inner))
      free = false;
  });
  return free;
}

/// Why `a` and `b` (a before b in one block) cannot be one generic, or
/// nothing; `toMove` gets the ops between them that `b` needs.
std::optional<std::string> refusal(linalg::GenericOp a, linalg::GenericOp b,
                                   llvm::SmallVectorImpl<Operation *> &toMove) {
  if (!a.hasPureTensorSemantics() || !b.hasPureTensorSemantics())
    return "not on tensors";
  if (a.getIteratorTypesArray() != b.getIteratorTypesArray())
    return "different loops";
  SmallVector<int64_t> rangesA = a.getStaticLoopRanges();
  SmallVector<int64_t> rangesB = b.getStaticLoopRanges();
  if (rangesA != rangesB || llvm::any_of(rangesA, ShapedType::isDynamic))
    return "different or dynamic loop ranges";
  bool common = false;
  for (OpOperand *x : a.getDpsInputOperands())
    for (OpOperand *y : b.getDpsInputOperands())
      if (x->get() == y->get() &&
          a.getMatchingIndexingMap(x) == b.getMatchingIndexingMap(y))
        common = true;
  if (!common)
    return "no input read the same way by both";
  // Ops between a and b that depend on a.
  llvm::DenseSet<Operation *> afterA{a};
  for (Operation *op = a->getNextNode(); op && op != b.getOperation();
       op = op->getNextNode()) {
    SmallVector<Value> used;
    usedValues(op, used);
    for (Value v : used)
      if (Operation *def = v.getDefiningOp(); def && afterA.contains(def))
        afterA.insert(op);
  }
  // What b needs from between them.
  llvm::SetVector<Operation *> needed;
  SmallVector<Value> worklist;
  usedValues(b, worklist);
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != a->getBlock())
      continue;
    if (def == a.getOperation() || afterA.contains(def))
      return "one depends on the other";
    if (!a->isBeforeInBlock(def) || needed.contains(def))
      continue;
    if (!memoryEffectFree(def))
      return "the later one needs an op with side effects between them";
    needed.insert(def);
    usedValues(def, worklist);
  }
  toMove.assign(needed.begin(), needed.end());
  llvm::sort(toMove, [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  return std::nullopt;
}

/// One generic computing `a` and `b`, at `a`'s place; replaces both.
linalg::GenericOp merge(IRRewriter &rewriter, linalg::GenericOp a,
                        linalg::GenericOp b) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> inputMaps;
  SmallVector<Type> inputArgTypes;
  auto addInput = [&](linalg::GenericOp op, OpOperand *operand) -> unsigned {
    AffineMap map = op.getMatchingIndexingMap(operand);
    for (unsigned i = 0; i < inputs.size(); ++i)
      if (inputs[i] == operand->get() && inputMaps[i] == map)
        return i;
    inputs.push_back(operand->get());
    inputMaps.push_back(map);
    inputArgTypes.push_back(op.getMatchingBlockArgument(operand).getType());
    return inputs.size() - 1;
  };
  SmallVector<unsigned> slotsA, slotsB;
  for (OpOperand *operand : a.getDpsInputOperands())
    slotsA.push_back(addInput(a, operand));
  for (OpOperand *operand : b.getDpsInputOperands())
    slotsB.push_back(addInput(b, operand));

  SmallVector<Value> outputs;
  SmallVector<AffineMap> maps = inputMaps;
  SmallVector<Type> argTypes = inputArgTypes, resultTypes;
  rewriter.setInsertionPoint(a);
  for (linalg::GenericOp op : {a, b})
    for (OpOperand &init : op.getDpsInitsMutable()) {
      Value value = init.get();
      // Two results starting from one filled tensor (CSE merged equal
      // fills) would be one buffer written twice: bufferization would copy
      // it. The fill is cloned instead.
      if (llvm::is_contained(outputs, value))
        if (Operation *def = value.getDefiningOp();
            def && isa<linalg::LinalgOp>(def) && def->getNumResults() == 1 &&
            memoryEffectFree(def))
          value = rewriter.clone(*def)->getResult(0);
      outputs.push_back(value);
      maps.push_back(op.getMatchingIndexingMap(&init));
      argTypes.push_back(op.getMatchingBlockArgument(&init).getType());
      resultTypes.push_back(init.get().getType());
    }

  Location loc = rewriter.getFusedLoc({a.getLoc(), b.getLoc()});
  auto merged = rewriter.create<linalg::GenericOp>(
      loc, resultTypes, inputs, outputs, maps, a.getIteratorTypesArray());
  SmallVector<Location> argLocs(argTypes.size(), loc);
  Block *body = rewriter.createBlock(&merged.getRegion(), {}, argTypes, argLocs);
  SmallVector<Value> yields;
  unsigned outputBase = inputs.size();
  auto cloneBody = [&](linalg::GenericOp op, ArrayRef<unsigned> slots) {
    IRMapping mapping;
    Block *old = op.getBody();
    for (auto [i, slot] : llvm::enumerate(slots))
      mapping.map(old->getArgument(i), body->getArgument(slot));
    for (unsigned i = 0; i < op.getNumDpsInits(); ++i)
      mapping.map(old->getArgument(slots.size() + i),
                  body->getArgument(outputBase++));
    for (Operation &inner : old->without_terminator())
      rewriter.clone(inner, mapping);
    for (Value v : old->getTerminator()->getOperands())
      yields.push_back(mapping.lookupOrDefault(v));
  };
  rewriter.setInsertionPointToStart(body);
  cloneBody(a, slotsA);
  cloneBody(b, slotsB);
  rewriter.create<linalg::YieldOp>(loc, yields);

  unsigned countA = a->getNumResults();
  rewriter.replaceOp(a, merged->getResults().take_front(countA));
  rewriter.replaceOp(b, merged->getResults().drop_front(countA));
  return merged;
}

struct FuseSiblings : public PassWrapper<FuseSiblings, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseSiblings)

  FuseSiblings(ReportFn report) : report(report) {}

  StringRef getArgument() const final { return "xla-fuse-siblings"; }
  StringRef getDescription() const final {
    return "Merge the generics of sibling reductions that xla-plan-fusion "
           "tagged (same loops, a common input, independent) into one "
           "multi-result generic (linalg on tensors)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }

  void say(const std::string &line) {
    if (report)
      report(line.data(), line.size());
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Tagged generics per block, in order.
    llvm::MapVector<Block *, SmallVector<linalg::GenericOp>> byBlock;
    getOperation()->walk([&](linalg::GenericOp op) {
      // The lowering of a reduction may build other generics at its
      // location (its initial value's broadcast): reductions only.
      if (op.getNumReductionLoops() == 0)
        return;
      SmallVector<std::pair<int64_t, int64_t>> tags;
      collectSiblingTags(op->getLoc(), tags);
      if (!tags.empty())
        byBlock[op->getBlock()].push_back(op);
    });
    for (auto &[block, ops] : byBlock) {
      SmallVector<bool> gone(ops.size(), false);
      for (size_t i = 0; i < ops.size(); ++i) {
        if (gone[i])
          continue;
        for (size_t j = i + 1; j < ops.size(); ++j) {
          if (gone[j])
            continue;
          SmallVector<std::pair<int64_t, int64_t>> tagsA, tagsB;
          collectSiblingTags(ops[i]->getLoc(), tagsA);
          collectSiblingTags(ops[j]->getLoc(), tagsB);
          if (!llvm::any_of(tagsA, [&](auto t) { return llvm::is_contained(tagsB, t); }))
            continue;
          linalg::GenericOp a = ops[i], b = ops[j];
          if (b->isBeforeInBlock(a))
            std::swap(a, b);
          std::string pair = label(a) + " + " + label(b);
          SmallVector<Operation *> toMove;
          if (auto why = refusal(a, b, toMove)) {
            say("  siblings not fused: " + pair + ": " + *why + "\n");
            continue;
          }
          for (Operation *op : toMove)
            op->moveBefore(a);
          linalg::GenericOp merged = merge(rewriter, a, b);
          say("  siblings fused: " + pair + " (one loop nest, " +
              std::to_string(merged->getNumResults()) + " results)\n");
          ops[i] = merged;
          gone[j] = true;
        }
      }
    }
  }

  ReportFn report;
};

} // namespace

extern "C" MlirPass xlaCreateFuseSiblingsPass(ReportFn report) {
  return wrap(static_cast<Pass *>(new FuseSiblings(report)));
}
