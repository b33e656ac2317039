//===- ShareKernels.cpp - identical loop nests compiled once ---------------===//
//
// `xla-share-kernels`: linalg ops on buffers that compute the same thing
// (the same op, attributes, body and operand types; constants they use
// equal) are outlined into one private function, a "kernel", that each of
// them calls with its own buffers. A kernel is compiled once however often
// the program runs it, as XLA compiles one function per distinct fusion.
//
// Why: real programs repeat themselves. A model that unrolls 24 identical
// layers has 24 copies of every fused loop nest, and without this pass each
// copy goes separately through the loop passes and LLVM's -O3 pipeline,
// which dominates compile time (a chain of 5,000 element-wise ops with
// reductions took 3.7 s in LLVM alone). Ops that occur once stay where
// they are, so the code of programs without repetition does not change.
//
//   linalg.generic ins(%a, %b : memref<16xf32>, memref<16xf32>) outs(%t0 ...)
//   ...
//   linalg.generic ins(%t0, %b : memref<16xf32>, memref<16xf32>) outs(%t1 ...)
// becomes
//   func.call @__xla_kernel0(%a, %b, %t0) : (...) -> ()
//   ...
//   func.call @__xla_kernel0(%t0, %b, %t1) : (...) -> ()
//   func.func private @__xla_kernel0(%0: memref<16xf32>, %1: memref<16xf32>,
//       %2: memref<16xf32>) attributes {passthrough = ["noinline"]} {
//     linalg.generic ins(%0, %1 ...) outs(%2 ...) { ... }
//     return
//   }
//
// What a kernel takes: the values its op uses from outside, in the order
// of their first use (the op's operands, then values its body captures);
// a value used twice (an op that updates a buffer in place reads and writes
// the same one) is one argument, so two ops are only shared when they use
// their values in the same pattern. Constants without operands are cloned
// into the kernel and compared by value, so a kernel keeps its constants
// visible to the optimizer. Kernels are `noinline`: LLVM's inliner would
// otherwise copy small ones back into every caller, undoing the saving.
// The cost is a call per execution of the op (a few nanoseconds) and the
// loss of what the caller knew about its buffers (alignment; the `noalias`
// of entry-point arguments).
//
// Runs on buffers, after buffer planning and before
// `xla-split-large-functions` and the loops (`xla-cpu-codegen`).
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>

using namespace mlir;

namespace {

bool isClonableConstant(Operation *op) {
  return op && op->hasTrait<OpTrait::ConstantLike>() &&
         op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// One linalg op on buffers, with what it uses from outside itself.
struct Candidate {
  Operation *op;
  /// Values used from outside, in order of first use (kernel arguments).
  SmallVector<Value> captures;
  llvm::DenseMap<Value, int64_t> captureIndex;
  /// Constants used from outside (cloned into the kernel).
  SmallVector<Operation *> constants;
  llvm::DenseMap<Operation *, int64_t> constantIndex;
  /// Each use of an outside value, in walk order: its capture index, or
  /// -1 - its constant index.
  SmallVector<int64_t> pattern;
  llvm::hash_code hash;
};

bool definedInside(Value value, Operation *op) {
  if (Operation *def = value.getDefiningOp())
    return op->isAncestor(def);
  Operation *owner = cast<BlockArgument>(value).getOwner()->getParentOp();
  return owner && op->isAncestor(owner);
}

llvm::hash_code hashOf(Operation *op) {
  return OperationEquivalence::computeHash(
      op, OperationEquivalence::ignoreHashValue,
      OperationEquivalence::ignoreHashValue,
      OperationEquivalence::IgnoreLocations);
}

/// Fills `candidate`'s captures, constants and use pattern, and its
/// structural hash: the names, attributes, properties and types of the op
/// and of every op nested in it, the pattern, and the constants.
void analyze(Candidate &candidate) {
  Operation *root = candidate.op;
  llvm::hash_code hash = llvm::hash_value(root->getNumRegions());
  root->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    hash = llvm::hash_combine(hash, hashOf(inner));
    for (Value operand : inner->getOperands()) {
      if (definedInside(operand, root))
        continue;
      Operation *def = operand.getDefiningOp();
      if (isClonableConstant(def)) {
        auto [it, inserted] =
            candidate.constantIndex.try_emplace(def, candidate.constants.size());
        if (inserted) {
          candidate.constants.push_back(def);
          hash = llvm::hash_combine(hash, hashOf(def));
        }
        candidate.pattern.push_back(-1 - it->second);
        continue;
      }
      auto [it, inserted] =
          candidate.captureIndex.try_emplace(operand, candidate.captures.size());
      if (inserted)
        candidate.captures.push_back(operand);
      candidate.pattern.push_back(it->second);
    }
  });
  candidate.hash = llvm::hash_combine(
      hash, llvm::hash_combine_range(candidate.pattern.begin(),
                                     candidate.pattern.end()));
}

/// Whether `a` and `b` compute the same thing: equivalent ops (regions
/// included), the same pattern of outside uses, equal constants.
bool equivalent(const Candidate &a, const Candidate &b) {
  if (a.pattern != b.pattern || a.captures.size() != b.captures.size() ||
      a.constants.size() != b.constants.size())
    return false;
  for (auto [lhs, rhs] : llvm::zip(a.constants, b.constants))
    if (!OperationEquivalence::isEquivalentTo(
            lhs, rhs, OperationEquivalence::IgnoreLocations))
      return false;
  llvm::DenseMap<Value, Value> mapped;
  auto check = [&](Value lhs, Value rhs) -> LogicalResult {
    auto it = mapped.find(lhs);
    if (it != mapped.end())
      return success(it->second == rhs);
    // Outside values on both sides: their positions are the pattern's,
    // already compared. An inside value not yet mapped is not the same.
    return success(!definedInside(lhs, a.op) && !definedInside(rhs, b.op));
  };
  auto mark = [&](Value lhs, Value rhs) { mapped[lhs] = rhs; };
  return OperationEquivalence::isEquivalentTo(
      a.op, b.op, check, mark, OperationEquivalence::IgnoreLocations);
}

struct ShareKernels
    : public PassWrapper<ShareKernels, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ShareKernels)

  explicit ShareKernels(int64_t minCopies)
      : minCopies(std::max<int64_t>(minCopies, 2)) {}

  /// Ops that occur fewer times than this stay where they are.
  int64_t minCopies;

  StringRef getArgument() const final { return "xla-share-kernels"; }
  StringRef getName() const final { return "XlaShareKernels"; }
  StringRef getDescription() const final {
    return "Outline identical linalg ops on buffers into one private "
           "noinline function each, called in their place";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::vector<std::unique_ptr<Candidate>> candidates;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      function.walk([&](linalg::LinalgOp op) {
        if (op->getNumResults() != 0 || !op.hasPureBufferSemantics())
          return;
        auto candidate = std::make_unique<Candidate>();
        candidate->op = op;
        analyze(*candidate);
        candidates.push_back(std::move(candidate));
      });
    }

    // Groups of equivalent candidates, in program order of their first
    // member (so kernels are numbered deterministically).
    llvm::DenseMap<llvm::hash_code, SmallVector<unsigned>> groupsByHash;
    SmallVector<SmallVector<Candidate *>> groups;
    for (auto &candidate : candidates) {
      SmallVector<unsigned> &bucket = groupsByHash[candidate->hash];
      bool placed = false;
      for (unsigned index : bucket) {
        if (equivalent(*groups[index].front(), *candidate)) {
          groups[index].push_back(candidate.get());
          placed = true;
          break;
        }
      }
      if (!placed) {
        bucket.push_back(groups.size());
        groups.push_back({candidate.get()});
      }
    }

    SymbolTable symbols(module);
    OpBuilder builder(module.getContext());
    unsigned counter = 0;
    for (SmallVector<Candidate *> &group : groups) {
      if (static_cast<int64_t>(group.size()) < minCopies)
        continue;
      func::FuncOp kernel = createKernel(*group.front(), symbols, builder,
                                         counter++);
      for (Candidate *member : group) {
        builder.setInsertionPoint(member->op);
        func::CallOp::create(builder, member->op->getLoc(), kernel,
                             member->captures);
        member->op->erase();
      }
    }
  }

  /// The kernel of `representative`'s group: a clone of its op taking the
  /// captures as arguments, with its constants cloned in.
  func::FuncOp createKernel(const Candidate &representative,
                            SymbolTable &symbols, OpBuilder &builder,
                            unsigned counter) {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    Location loc = representative.op->getLoc();
    SmallVector<Type> types;
    for (Value value : representative.captures)
      types.push_back(value.getType());
    builder.setInsertionPointToEnd(module.getBody());
    auto kernel = func::FuncOp::create(
        builder, loc, "__xla_kernel" + std::to_string(counter),
        FunctionType::get(context, types, {}));
    kernel.setPrivate();
    kernel->setAttr("passthrough",
                    builder.getArrayAttr({builder.getStringAttr("noinline")}));
    symbols.insert(kernel); // renames it if the name is taken
    Block *entry = kernel.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (Operation *constant : representative.constants)
      builder.clone(*constant, mapping);
    for (auto [capture, argument] :
         llvm::zip(representative.captures, entry->getArguments()))
      mapping.map(capture, argument);
    builder.clone(*representative.op, mapping);
    func::ReturnOp::create(builder, loc);
    return kernel;
  }
};

} // namespace

extern "C" MlirPass xlaCreateShareKernelsPass(int64_t minCopies) {
  return wrap(static_cast<Pass *>(new ShareKernels(minCopies)));
}
