//===- SplitFunctions.cpp - very large functions as bounded pieces --------===//
//
// `xla-split-large-functions`: a function body (or the body of a region
// nested in it: an scf.if branch, a loop body) of more than `maxOps`
// operations, or holding more than `maxLoops` loops, is cut into
// consecutive chunks of at most about `maxOps` operations and `maxLoops`
// loops, and each chunk becomes a private function marked `noinline`
// (`passthrough = ["noinline"]`, which FuncToLLVM carries over) plus a
// `func.call` in its place. Works bottom-up: the regions nested in an
// operation are split first, so an operation counts with what is left of
// its regions, and a deep nest of ifs becomes a chain of functions each
// holding a bounded number of levels.
//
// Why: the passes that run per function after it (affine-scalrep,
// convert-scf-to-cf's block splitting, and above all LLVM's -O3 pipeline:
// GVN, SROA, loop passes) grow faster than linearly with the size of one
// function; on bounded functions the whole compile grows linearly with the
// program. Functions at or below the thresholds are left untouched, so the
// code of normal programs does not change.
//
// Bodies of control flow whose operations nest deeper than a third
// threshold are outlined whole (see `maxDepth` below). The pass also runs
// on linalg on tensors, right after inlining
// (`xla-split-large-functions-on-tensors`, the CPU pipeline): there it cuts
// function bodies only (regions whole, no depth cut), and constants and
// other operand-free pure ops (`tensor.empty`) are cloned into each piece
// that uses them. Regions stay whole on tensors because a call inside
// control flow is costly or impossible for one-shot bufferization: inside a
// function bufferized without the in-place analysis (a deep one) upstream
// crashes on it, and with the analysis, pieces that pass an argument
// through to their results (`scf.if` branches returning it) join the alias
// sets of a whole chain of calls (1,000 nested scalar ifs cut every 16
// levels: 23 s in the analysis, 0.8 s without the cut). Pieces and their
// calls carry `no_inline` for MLIR's inliner besides LLVM's `noinline`.
//
// Loops are counted besides operations because LLVM's cost is not one per
// operation: a block of a few hundred small loops (a deep nest of ifs on
// one predicate, which canonicalization merges into one scf.if around all
// the levels' element-wise loops) has fewer than `maxOps` operations, but
// -O3 unrolls the loops into one long straight-line piece of loads and
// stores, and GVN's memory dependence queries on it grow quadratically. A
// loop here is an operation with the LoopLikeOpInterface (scf/affine
// loops) or a linalg structured op (on buffers, each becomes a loop nest);
// loops nested in a loop count too.
//
//   func.func @main(...) { op1 ... opN return }   (N > maxOps)
// becomes
//   func.func @main(...) { %r = call @main_split0(...) ... return }
//   func.func private @main_split0(...) attributes {passthrough =
//       ["noinline"]} { op1 ... opK return ... }
//
// A chunk's arguments are the values it uses from outside (constants
// without operands are cloned instead, so the piece keeps static sizes);
// its results the values it defines that are used after it. Stack
// allocations (memref.alloca, llvm.alloca, memref.alloca_scope) are never
// moved, as an outlined allocation would die with its function; they end
// the chunk. Runs on buffers, after bufferization and before the loops
// (xla-cpu-codegen), so every piece's memrefs are passed as descriptors.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

using namespace mlir;

namespace {

/// Chunks smaller than this fraction of both thresholds stay where they are
/// (a call and its argument passing would cost more than they save).
constexpr int64_t kMinChunkFraction = 8;

/// Constants, and other side-effect-free ops without operands or regions
/// (`tensor.empty` of a static shape: on tensors, every chunk gets its own
/// instead of receiving one as an argument and returning it).
bool isClonableConstant(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->getNumResults() > 0 &&
         (op->hasTrait<OpTrait::ConstantLike>() || isMemoryEffectFree(op));
}

bool isLoop(Operation *op) {
  return isa<LoopLikeOpInterface, linalg::LinalgOp>(op);
}

/// What a block (or an operation with its regions) holds: operations,
/// loops among them, and how deep they nest (a block of operations without
/// regions: 1).
struct Size {
  int64_t ops = 0;
  int64_t loops = 0;
  int64_t depth = 0;
  /// Side by side: counts add up, depth is the deeper one.
  Size &operator+=(Size other) {
    ops += other.ops;
    loops += other.loops;
    depth = std::max(depth, other.depth);
    return *this;
  }
  /// `nested` inside this operation: one level deeper.
  void addNested(Size nested) {
    ops += nested.ops;
    loops += nested.loops;
    depth = std::max(depth, nested.depth + 1);
  }
};

// Blocks whose operations nest deeper than `maxDepth` (default 16, see
// split_functions.rs) are outlined whole when they are the body of control
// flow (an scf.if branch, a loop body), so no function nests much deeper.
// Upstream passes walk from an operation up to its ancestors (dominance,
// the greedy rewriter's scope, region liveness, the verifier's
// isolated-from-above check) or over all that it holds
// (`wouldOpBeTriviallyDead`): a cost of the depth for each operation,
// quadratic on a deep nest of ifs. The default stays below
// xla-one-shot-bufferize's threshold for skipping the in-place analysis
// (32), so cut functions keep it.

/// Whether the operations of `block` may move into a function of their
/// own: the body of structured control flow (not a function body, and not
/// the payload of a linalg op, which must stay scalar code in place).
bool isCuttable(Block &block) {
  Operation *parent = block.getParentOp();
  return parent && !isa<func::FuncOp, linalg::LinalgOp>(parent) &&
         isa<RegionBranchOpInterface, LoopLikeOpInterface>(parent);
}

bool isStackAllocation(Operation *op) {
  return isa<memref::AllocaOp, memref::AllocaScopeOp, LLVM::AllocaOp>(op);
}

struct SplitFunctions
    : public PassWrapper<SplitFunctions, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitFunctions)

  SplitFunctions(int64_t maxOps, int64_t maxLoops, int64_t maxDepth,
                 bool onTensors)
      : maxOps(std::max<int64_t>(maxOps, 1)),
        maxLoops(std::max<int64_t>(maxLoops, 1)),
        maxDepth(std::max<int64_t>(maxDepth, 2)), onTensors(onTensors) {}

  /// Blocks of more operations than this (nested ones included) are split.
  int64_t maxOps;
  /// Blocks of more loops than this (nested ones included) are split too.
  int64_t maxLoops;
  /// Control-flow bodies nesting deeper than this are outlined whole.
  int64_t maxDepth;
  /// Whether this is the instance that runs on linalg on tensors (only its
  /// name differs).
  bool onTensors;

  bool exceeds(Size size) const {
    return size.ops > maxOps || size.loops > maxLoops;
  }

  /// Whether `op` may move into another function: not a terminator, and
  /// no stack allocation inside (it would die with the function).
  static bool isMovable(Operation *op) {
    return !op->hasTrait<OpTrait::IsTerminator>() &&
           !op->walk([](Operation *inner) {
                return isStackAllocation(inner) ? WalkResult::interrupt()
                                                : WalkResult::advance();
              }).wasInterrupted();
  }

  StringRef getArgument() const final {
    return onTensors ? "xla-split-large-functions-on-tensors"
                     : "xla-split-large-functions";
  }
  StringRef getName() const final { return "XlaSplitLargeFunctions"; }
  StringRef getDescription() const final {
    return "Outline chunks of functions larger than a threshold into private "
           "noinline functions, so per-function passes see bounded functions";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (!function.isExternal())
        functions.push_back(function);
    SymbolTable symbols(module);
    for (func::FuncOp function : functions) {
      unsigned counter = 0;
      Operation *last = function;
      for (Block &block : function.getBody())
        splitBlock(block, function, symbols, counter, last);
    }
  }

  /// What `block` holds, nested operations included.
  static Size measure(Block &block) {
    Size total;
    for (Operation &op : block)
      total += measure(&op);
    return total;
  }
  static Size measure(Operation *op) {
    Size size{1, isLoop(op) ? 1 : 0, 1};
    for (Region &region : op->getRegions())
      for (Block &nested : region)
        size.addNested(measure(nested));
    return size;
  }

  /// Splits the regions nested in `block`'s operations, then `block` itself
  /// if it is still larger than a threshold; returns its size after.
  Size splitBlock(Block &block, func::FuncOp function, SymbolTable &symbols,
                  unsigned &counter, Operation *&last) {
    SmallVector<std::pair<Operation *, Size>> sizes;
    Size total;
    for (Operation &op : block) {
      Size size{1, isLoop(&op) ? 1 : 0, 1};
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          size.addNested(
              onTensors ? measure(nested)
                        : splitBlock(nested, function, symbols, counter, last));
      sizes.push_back({&op, size});
      total += size;
    }
    if (!exceeds(total))
      return cutIfDeep(block, total, function, symbols, counter, last);
    shortenLifetimes(block);
    llvm::DenseMap<Operation *, Size> sizeOf(sizes.begin(), sizes.end());
    sizes.clear();
    for (Operation &op : block) // the order after shortenLifetimes
      sizes.push_back({&op, sizeOf.lookup(&op)});

    // Greedy chunks of consecutive operations, each at most maxOps
    // operations and maxLoops loops (or one operation larger than that,
    // whose regions are already bounded).
    SmallVector<SmallVector<Operation *>> chunks;
    SmallVector<Size> chunkSizes;
    SmallVector<Operation *> current;
    Size currentSize;
    auto flush = [&] {
      if (!current.empty()) {
        chunks.push_back(current);
        chunkSizes.push_back(currentSize);
      }
      current.clear();
      currentSize = Size();
    };
    for (auto [op, size] : sizes) {
      if (!isMovable(op)) {
        flush();
        continue;
      }
      Size grown = currentSize;
      grown += size;
      if (exceeds(grown))
        flush();
      current.push_back(op);
      currentSize += size;
    }
    flush();

    Size after = total;
    for (auto [chunk, size] : llvm::zip(chunks, chunkSizes)) {
      if (size.ops * kMinChunkFraction < maxOps &&
          size.loops * kMinChunkFraction < maxLoops)
        continue;
      if (outline(chunk, function, symbols, counter, last)) {
        after.ops -= size.ops - 1;
        after.loops -= size.loops;
      }
    }
    after.depth = measure(block).depth;
    return cutIfDeep(block, after, function, symbols, counter, last);
  }

  /// If `block` (of size `size`) nests deeper than maxDepth and may be
  /// cut, its movable operations become one function; returns its size
  /// after.
  Size cutIfDeep(Block &block, Size size, func::FuncOp function,
                 SymbolTable &symbols, unsigned &counter, Operation *&last) {
    if (onTensors || size.depth <= maxDepth || !isCuttable(block))
      return size;
    // Everything but the terminator, or nothing: an unmovable operation (a
    // stack allocation) leaves the block as it is.
    SmallVector<Operation *> chunk;
    for (Operation &op : block.without_terminator()) {
      if (!isMovable(&op))
        return size;
      chunk.push_back(&op);
    }
    if (chunk.empty() || !outline(chunk, function, symbols, counter, last))
      return size;
    return measure(block);
  }

  /// Before a block is cut: buffers live as briefly as the block allows, so
  /// that few values cross from one chunk to the next (bufferization puts
  /// allocations early and deallocations late: every buffer would become a
  /// result of the chunk that allocates it). Allocations move down to just
  /// before their first user in the block; deallocations of buffers
  /// allocated in the block move up to just after the last user of the
  /// buffer or of any memref derived from it (an operation that uses an
  /// alias may return one: its memref results, and those of the operation
  /// whose region yields one, count as aliases).
  void shortenLifetimes(Block &block) {
    SmallVector<memref::AllocOp> allocations;
    SmallVector<memref::DeallocOp> deallocations;
    for (Operation &op : block) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        allocations.push_back(alloc);
      else if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
        deallocations.push_back(dealloc);
    }
    for (memref::AllocOp alloc : allocations) {
      Operation *first = nullptr;
      for (Operation *user : alloc->getUsers()) {
        Operation *ancestor = block.findAncestorOpInBlock(*user);
        if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
          first = ancestor;
      }
      if (first && first != alloc->getNextNode())
        alloc->moveBefore(first);
    }
    for (memref::DeallocOp dealloc : deallocations) {
      Value buffer = dealloc.getMemref();
      Operation *def = buffer.getDefiningOp();
      if (!def || def->getBlock() != &block)
        continue;
      Operation *last = def;
      SmallVector<Value> work{buffer};
      llvm::SmallPtrSet<Value, 8> seen{buffer};
      bool escapes = false;
      auto addAliases = [&](Operation *op) {
        for (Value result : op->getResults())
          if ((isa<BaseMemRefType>(result.getType()) ||
               isa<memref::ExtractAlignedPointerAsIndexOp,
                   memref::ExtractStridedMetadataOp>(op)) &&
              seen.insert(result).second)
            work.push_back(result);
      };
      while (!work.empty() && !escapes) {
        Value value = work.pop_back_val();
        for (Operation *user : value.getUsers()) {
          if (user == dealloc)
            continue;
          Operation *ancestor = block.findAncestorOpInBlock(*user);
          if (!ancestor || ancestor->hasTrait<OpTrait::IsTerminator>()) {
            escapes = true; // leaves the block: stays where it is
            break;
          }
          if (last->isBeforeInBlock(ancestor))
            last = ancestor;
          addAliases(user);
          if (user->hasTrait<OpTrait::IsTerminator>() && user->getParentOp())
            addAliases(user->getParentOp());
        }
      }
      if (!escapes && last->isBeforeInBlock(dealloc))
        dealloc->moveAfter(last);
    }
  }

  /// Moves the consecutive operations `chunk` into a new private function
  /// (placed after `last`, the function's previous piece) and calls it in
  /// their place.
  bool outline(ArrayRef<Operation *> chunk, func::FuncOp function,
               SymbolTable &symbols, unsigned &counter, Operation *&last) {
    Block *block = chunk.front()->getBlock();
    // Every operation in the chunk, nested ones included: a lookup instead
    // of a walk up from each operation (on a deep nest, that walk was a
    // cost of the depth for each use of an outside value).
    llvm::DenseSet<Operation *> inside;
    for (Operation *op : chunk)
      op->walk([&](Operation *inner) { inside.insert(inner); });
    auto isInside = [&](Operation *op) { return inside.contains(op); };
    auto definedInside = [&](Value value) {
      if (Operation *def = value.getDefiningOp())
        return isInside(def);
      Block *owner = cast<BlockArgument>(value).getOwner();
      return owner != block && owner->getParentOp() &&
             isInside(owner->getParentOp());
    };

    // Inputs: values used inside and defined outside (constants cloned).
    llvm::SetVector<Value> inputs;
    llvm::SetVector<Operation *> constants;
    for (Operation *op : chunk)
      op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands()) {
          if (definedInside(operand))
            continue;
          Operation *def = operand.getDefiningOp();
          if (def && isClonableConstant(def))
            constants.insert(def);
          else
            inputs.insert(operand);
        }
      });
    MLIRContext *context = function.getContext();
    OpBuilder builder(context);
    // Outputs: results used after the chunk. A constant used after it is
    // cloned there instead.
    SmallVector<Value> outputs;
    for (Operation *op : chunk) {
      if (isClonableConstant(op)) {
        if (llvm::all_of(op->getUsers(),
                         [&](Operation *user) { return isInside(user); }))
          continue;
        builder.setInsertionPoint(chunk.front());
        Operation *clone = builder.clone(*op);
        for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
          from.replaceUsesWithIf(to, [&](OpOperand &use) {
            return !isInside(use.getOwner());
          });
        continue;
      }
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(),
                         [&](Operation *user) { return !isInside(user); }))
          outputs.push_back(result);
    }

    Location loc = chunk.front()->getLoc();
    SmallVector<Type> inputTypes, outputTypes;
    for (Value value : inputs)
      inputTypes.push_back(value.getType());
    for (Value value : outputs)
      outputTypes.push_back(value.getType());

    builder.setInsertionPointAfter(last);
    auto piece = func::FuncOp::create(
        builder, loc,
        (function.getName() + "_split" + std::to_string(counter++)).str(),
        FunctionType::get(context, inputTypes, outputTypes));
    piece.setPrivate();
    piece->setAttr("passthrough",
                   builder.getArrayAttr({builder.getStringAttr("noinline")}));
    // And for MLIR's inliner, when the split runs on tensors before it.
    piece.setNoInline(true);
    symbols.insert(piece); // renames it if the name is taken
    last = piece;
    Block *entry = piece.addEntryBlock();

    // The call, then the operations moved into the piece.
    builder.setInsertionPoint(chunk.front());
    auto call = func::CallOp::create(builder, loc, piece, inputs.getArrayRef());
    call.setNoInline(true);
    builder.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (Operation *constant : constants) {
      Operation *clone = builder.clone(*constant);
      for (auto [from, to] :
           llvm::zip(constant->getResults(), clone->getResults()))
        from.replaceUsesWithIf(to, [&](OpOperand &use) {
          return isInside(use.getOwner());
        });
    }
    for (auto [index, input] : llvm::enumerate(inputs)) {
      Value value = input;
      value.replaceUsesWithIf(entry->getArgument(index), [&](OpOperand &use) {
        return isInside(use.getOwner());
      });
    }
    for (auto [value, result] : llvm::zip(outputs, call.getResults()))
      value.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !isInside(use.getOwner());
      });
    for (Operation *op : chunk)
      op->moveBefore(entry, entry->end());
    builder.setInsertionPointToEnd(entry);
    func::ReturnOp::create(builder, loc, outputs);
    return true;
  }
};

} // namespace

extern "C" MlirPass xlaCreateSplitFunctionsPass(int64_t maxOps,
                                               int64_t maxLoops,
                                               int64_t maxDepth,
                                               bool onTensors) {
  return wrap(static_cast<Pass *>(
      new SplitFunctions(maxOps, maxLoops, maxDepth, onTensors)));
}
