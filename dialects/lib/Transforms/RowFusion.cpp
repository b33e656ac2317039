//===- RowFusion.cpp - one pass over memory per row -----------------------===//
//
// `xla-fuse-rows`: the input fusion of row reductions "as one pass per row
// where the row fits" (softmax, layernorm, logsumexp). After element-wise
// fusion, softmax is three loop nests over the whole input: the row maxima,
// the sums of exp(x - max), and exp(x - max) / sum. Each reads the input
// from memory when it does not fit in the caches. This pass tiles the last
// of them (the root: an element-wise generic) by blocks of rows and fuses
// the reductions and element-wise ops it depends on into the same
// `scf.forall` (upstream's tile-and-fuse through TilingInterface): each
// block of rows is read from memory once and then from the L1/L2 cache.
// The blocks are independent, so the loop runs on the thread pool
// (`scf-forall-to-parallel`, `xla-cpu-parallel-tasks`).
//
// A root is taken when its result is at least kMinBytes (smaller tensors
// stay in the caches anyway), its rows (the innermost dimension) are at
// most kMaxRowBytes, and the ops it depends on (in its block) include a
// reduction of the innermost dimension only. A producer is fused only when
// every user of it is the root or another fused op (nothing is computed
// twice for users outside the loop) and the root's tile needs only part of
// it: a reduction over the rows (a column sum) read by every tile is left
// outside and computed once. Blocks hold about kTileBytes of each row-wide
// tensor, a divisor of the row count (static shapes).
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

constexpr int64_t kMinBytes = 512 * 1024;
constexpr int64_t kMaxRowBytes = 64 * 1024;
constexpr int64_t kTileBytes = 16 * 1024;

int64_t elementBytes(Type type) {
  return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
}

bool allProjectedPermutations(linalg::GenericOp op) {
  return llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation(/*allowZeroInResults=*/true);
  });
}

/// All loops parallel (a fill has no inputs).
bool isElementwise(linalg::GenericOp op) {
  return op.getNumLoops() == op.getNumParallelLoops() &&
         allProjectedPermutations(op);
}

/// Parallel loops, then one reduction loop (the innermost): a row reduction.
bool isRowReduction(linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();
  if (loops < 2 || op.getNumReductionLoops() != 1 ||
      !allProjectedPermutations(op))
    return false;
  return op.getIteratorTypesArray()[loops - 1] == utils::IteratorType::reduction;
}

/// Whether `op` is a candidate root: element-wise, identity output map,
/// statically shaped, rank >= 2, large enough, rows that fit.
bool isRootCandidate(linalg::GenericOp op) {
  if (!isElementwise(op) || op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isIntOrFloat() ||
      !op.getIndexingMapsArray().back().isIdentity())
    return false;
  int64_t bytes = type.getNumElements() * elementBytes(type.getElementType());
  int64_t row = type.getShape().back() * elementBytes(type.getElementType());
  return bytes >= kMinBytes && row <= kMaxRowBytes && row > 0;
}

/// The ops that may be fused into `root`'s loop: linalg generics of its
/// block that it depends on (element-wise or row reductions), minus those
/// with a user outside the set, until none is left.
llvm::SetVector<Operation *> fusableProducers(linalg::GenericOp root) {
  llvm::SetVector<Operation *> set;
  SmallVector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      auto producer = operand.getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->getBlock() != root->getBlock() ||
          set.contains(producer))
        continue;
      if (!isElementwise(producer) && !isRowReduction(producer))
        continue;
      set.insert(producer);
      worklist.push_back(producer);
    }
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::to_vector(set)) {
      bool outside = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return user != root.getOperation() && !set.contains(user);
      });
      if (outside) {
        set.remove(op);
        changed = true;
      }
    }
  }
  return set;
}

/// The largest divisor of `extent` that is at most `limit` (at least 1).
int64_t divisorAtMost(int64_t extent, int64_t limit) {
  for (int64_t d = std::min(extent, std::max<int64_t>(limit, 1)); d > 1; --d)
    if (extent % d == 0)
      return d;
  return 1;
}

/// Whether `slice` takes less than its whole source along some dimension.
bool isPartial(tensor::ExtractSliceOp slice) {
  auto source = slice.getSourceType();
  auto sizes = slice.getStaticSizes();
  for (auto [size, extent] : llvm::zip(sizes, source.getShape()))
    if (ShapedType::isDynamic(size) || size != extent)
      return true;
  return false;
}

LogicalResult fuseRows(RewriterBase &rewriter, linalg::GenericOp root) {
  llvm::SetVector<Operation *> fusable = fusableProducers(root);
  bool hasReduction = llvm::any_of(fusable, [](Operation *op) {
    return isRowReduction(cast<linalg::GenericOp>(op));
  });
  if (!hasReduction)
    return failure();
  auto type = cast<RankedTensorType>(root->getResult(0).getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rowBytes = shape.back() * elementBytes(type.getElementType());
  SmallVector<OpFoldResult> tiles;
  for (size_t d = 0; d + 2 < shape.size(); ++d)
    tiles.push_back(rewriter.getIndexAttr(1));
  tiles.push_back(rewriter.getIndexAttr(
      divisorAtMost(shape[shape.size() - 2], kTileBytes / rowBytes)));
  tiles.push_back(rewriter.getIndexAttr(0));

  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(tiles);
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp slice, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fusable.contains(producer.getOwner()) || !isPartial(slice))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  // The blocks write their rows where they read them when a tensor of the
  // result's type that only this loop reads, at the same index, is at
  // hand (attention's scores): bufferization then computes the result in
  // its buffer instead of a new one. Function arguments are read-only.
  OpOperand &init = root.getDpsInitsMutable()[0];
  Value inPlace;
  if (init.get().getDefiningOp<tensor::EmptyOp>()) {
    SmallVector<Operation *> readers(fusable.begin(), fusable.end());
    readers.push_back(root);
    for (Operation *op : readers) {
      auto generic = cast<linalg::GenericOp>(op);
      Value candidate;
      for (OpOperand *input : generic.getDpsInputOperands()) {
        Value value = input->get();
        if (value.getType() != type || !value.getDefiningOp() ||
            fusable.contains(value.getDefiningOp()) ||
            !generic.getMatchingIndexingMap(input).isIdentity())
          continue;
        // Read only here, and everywhere at the index it is written (so a
        // block reads its own rows only).
        bool onlyHere = llvm::all_of(value.getUses(), [&](OpOperand &use) {
          Operation *user = use.getOwner();
          if (user != root.getOperation() && !fusable.contains(user))
            return false;
          auto reader = cast<linalg::GenericOp>(user);
          return reader.isDpsInput(&use) &&
                 reader.getMatchingIndexingMap(&use).isIdentity();
        });
        if (onlyHere) {
          candidate = value;
          break;
        }
      }
      if (candidate) {
        rewriter.modifyOpInPlace(root, [&] { init.set(candidate); });
        inPlace = candidate;
        break;
      }
    }
  }
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
  if (failed(result))
    return failure();
  // The blocks read the tensor they write through the loop's shared
  // output, so that bufferization sees each block read its rows before it
  // writes them (else it copies the tensor first).
  if (inPlace && !result->loops.empty()) {
    if (auto forall = dyn_cast<scf::ForallOp>(result->loops.front().getOperation())) {
      Value shared = forall.getRegionIterArgs().front();
      rewriter.replaceUsesWithIf(inPlace, shared, [&](OpOperand &use) {
        return forall->isProperAncestor(use.getOwner()) &&
               isa<tensor::ExtractSliceOp>(use.getOwner());
      });
    }
  }
  for (OpResult original : root->getResults()) {
    auto it = result->replacements.find(original);
    if (it == result->replacements.end())
      return root.emitError("internal error: xla-fuse-rows lost a result");
    rewriter.replaceAllUsesWith(original, it->second);
  }
  // The fused producers die with the root (every user was in the loop):
  // the caller erases what is dead.
  rewriter.eraseOp(root);
  return success();
}

/// Erases the side-effect-free ops without uses under `root` (the slices of
/// fused producers left behind, then the producers), until none is left.
void eraseDeadOps(RewriterBase &rewriter, Operation *root) {
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (op != root && isOpTriviallyDead(op))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead)) {
      rewriter.eraseOp(op);
      erased = true;
    }
  }
}

struct FuseRows : public PassWrapper<FuseRows, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseRows)

  explicit FuseRows(bool enabled) : enabled(enabled) {}
  /// Off (`--fusion=off` or `greedy`): the pass changes nothing.
  bool enabled;

  StringRef getArgument() const final { return "xla-fuse-rows"; }
  StringRef getName() const final { return "XlaFuseRows"; }
  StringRef getDescription() const final {
    return "Row reductions and the element-wise ops around them (softmax, "
           "layernorm) in one scf.forall over blocks of rows: one pass over "
           "memory per row (linalg on tensors, after element-wise fusion)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, tensor::TensorDialect,
                    affine::AffineDialect, arith::ArithDialect>();
  }

  void runOnOperation() override {
    if (!enabled)
      return;
    IRRewriter rewriter(&getContext());
    llvm::DenseSet<Operation *> refused;
    while (true) {
      // The last candidate first: the end of a chain (softmax's division)
      // is the root, the ops before it are fused into its loop.
      linalg::GenericOp root;
      getOperation()->walk([&](linalg::GenericOp op) {
        if (!refused.contains(op) && isRootCandidate(op) &&
            !op->getParentOfType<scf::ForallOp>())
          root = op;
      });
      if (!root)
        return;
      refused.insert(root);
      Operation *parent = root->getParentOp();
      if (succeeded(fuseRows(rewriter, root))) {
        eraseDeadOps(rewriter, parent);
        // A producer fused for two of its users in the loop is cloned
        // once per user: CSE leaves one copy per block of rows.
        DominanceInfo dominance;
        eliminateCommonSubExpressions(rewriter, dominance, parent);
      }
    }
  }
};

} // namespace

extern "C" MlirPass xlaCreateFuseRowsPass(bool enabled) {
  return wrap(static_cast<Pass *>(new FuseRows(enabled)));
}
