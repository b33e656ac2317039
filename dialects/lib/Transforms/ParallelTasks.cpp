//===- ParallelTasks.cpp - outermost parallel loops as pool tasks ---------===//
//
// `xla-cpu-parallel-tasks`: each outermost `scf.parallel` loop (no results)
// of a function whose estimated work is large enough becomes a call of the
// runtime ABI
//
//   void xla_parallel_for(void (*task)(void *ctx, int64_t begin, int64_t end),
//                         void *ctx, int64_t iterations, int64_t cost);
//
// where `task` is a new private function running iterations [begin, end) of
// the loop's first dimension (the other dimensions whole, sequentially) and
// `ctx` points to a stack struct holding every value the loop uses from
// outside (memref descriptors, indices, scalars), in their LLVM types;
// `unrealized_conversion_cast`s bridge the two type systems and fold away
// in `reconcile-unrealized-casts`. `cost` is the estimated number of
// operations of one iteration; the runtime (runtime/src/pool.rs) runs small
// loops inline and cuts big ones into one contiguous chunk per thread.
//
// The loop itself goes into a second function, `<task>_body`, which takes
// the captured values as arguments; the task unpacks the context and calls
// it. The body lists in `xla.noalias_arguments` the LLVM argument positions
// (after FuncToLLVM expands each memref into its descriptor's fields) of the
// allocated and aligned pointers of every captured memref that overlaps no
// other captured memref that either of them writes (see `noaliasCaptures`);
// `xla-mark-noalias` marks them `noalias`. Without that, LLVM sees pointers
// loaded from the context and must assume that a store to an output may
// change an input: it reloads a gather's row index for every element and
// does not vectorize the copy of the row.
//
// Constants the loop uses are cloned into the body rather than passed, so
// the body keeps static trip counts and strides. Loops that allocate heap
// memory (memref.alloc) stay sequential: tasks never allocate, so an
// allocation failure happens only on the calling thread.
//
// Runs after `lower-affine` (affine-parallelize makes the outermost
// independent loop of each linalg loop nest an affine.parallel, lowered to
// scf.parallel) and before the conversions to the LLVM dialect. Loops whose
// iteration count is static and whose whole work is below the pass's
// minimum cost (the runtime's default threshold, 2^16 operations) stay as
// they are: they would run inline anyway.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

using namespace mlir;

namespace {

/// The runtime's entry point (runtime/csrc/guard.c).
constexpr const char *kParallelFor = "xla_parallel_for";
/// The trip count assumed for loops whose bounds are not constants.
constexpr int64_t kUnknownTripCount = 16;

int64_t saturatingMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  if (a > INT64_MAX / b)
    return INT64_MAX;
  return a * b;
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  return a > INT64_MAX - b ? INT64_MAX : a + b;
}

std::optional<int64_t> tripCount(Value lower, Value upper, Value step) {
  std::optional<int64_t> l = getConstantIntValue(lower);
  std::optional<int64_t> u = getConstantIntValue(upper);
  std::optional<int64_t> s = getConstantIntValue(step);
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  return *u <= *l ? 0 : (*u - *l + *s - 1) / *s;
}

int64_t regionCost(Region &region);

/// Estimated operations of one execution of `op`, its regions included
/// (loops multiplied by their trip counts).
int64_t opCost(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->hasTrait<OpTrait::IsTerminator>())
    return 0;
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    int64_t trips =
        tripCount(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())
            .value_or(kUnknownTripCount);
    return saturatingAdd(1, saturatingMul(trips, regionCost(loop.getRegion())));
  }
  if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
    int64_t trips = 1;
    for (auto [l, u, s] : llvm::zip(loop.getLowerBound(), loop.getUpperBound(),
                                    loop.getStep()))
      trips = saturatingMul(trips, tripCount(l, u, s).value_or(kUnknownTripCount));
    return saturatingAdd(1, saturatingMul(trips, regionCost(loop.getRegion())));
  }
  int64_t cost = 1;
  int64_t repeat = isa<scf::WhileOp>(op) ? kUnknownTripCount : 1;
  for (Region &region : op->getRegions())
    cost = saturatingAdd(cost, saturatingMul(repeat, regionCost(region)));
  return cost;
}

int64_t regionCost(Region &region) {
  int64_t cost = 0;
  for (Block &block : region)
    for (Operation &op : block)
      cost = saturatingAdd(cost, opCost(&op));
  return cost;
}

/// Where a memref's memory comes from: a base (a `memref.alloc`/`alloca`
/// result, a block argument, or a global by name) and, when it is known, the
/// byte range within the base. An unknown base (null and no global) means
/// anything.
struct Origin {
  Value base;
  StringAttr global;
  std::optional<std::pair<int64_t, int64_t>> bytes; // nullopt: anywhere
  bool known() const { return base || global; }
};

/// The byte size of a memref of static shape and identity layout.
std::optional<int64_t> staticBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::nullopt;
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  return type.getNumElements() * (element.getIntOrFloatBitWidth() / 8);
}

/// Follows views (subview, view, casts, reshapes, transposes) back to the
/// memory they are carved from. A `memref.view` at a constant byte shift of
/// a static size gives a range; a subview, cast or reshape stays within its
/// source (a subview forgets the range: it may start elsewhere); a
/// `reinterpret_cast` may reach anywhere in its source.
Origin originOf(Value value) {
  std::optional<std::pair<int64_t, int64_t>> bytes;
  while (true) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return {value, {}, bytes};
    if (isa<memref::AllocOp, memref::AllocaOp>(def))
      return {value, {}, bytes};
    if (auto global = dyn_cast<memref::GetGlobalOp>(def))
      return {{}, global.getNameAttr().getAttr(), bytes};
    if (auto view = dyn_cast<memref::ViewOp>(def)) {
      std::optional<int64_t> shift = getConstantIntValue(view.getByteShift());
      std::optional<int64_t> size = staticBytes(view.getType());
      if (!shift)
        bytes.reset();
      else if (bytes)
        bytes = std::make_pair(bytes->first + *shift, bytes->second + *shift);
      else if (size)
        bytes = std::make_pair(*shift, *shift + *size);
      value = view.getSource();
      continue;
    }
    if (isa<memref::ReinterpretCastOp>(def)) {
      bytes.reset();
      value = def->getOperand(0);
      continue;
    }
    if (isa<memref::SubViewOp>(def)) {
      // A range known so far is relative to the subview's first element.
      bytes.reset();
      value = def->getOperand(0);
      continue;
    }
    if (isa<memref::CastOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
            memref::TransposeOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    return {};
  }
}

/// For each symbol of the module, the functions that use it (a call, a
/// `func.constant`, ...), collected once per pass run.
using SymbolUsers = llvm::DenseMap<StringAttr, llvm::SmallPtrSet<Operation *, 2>>;

/// nullopt when the uses cannot all be known (an unknown op that may be a
/// symbol table).
std::optional<SymbolUsers> collectSymbolUsers(ModuleOp module) {
  SymbolUsers users;
  // The region, not the module op: on a symbol table op, getSymbolUses
  // only reads the op's own attributes.
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(&module.getBodyRegion());
  if (!uses)
    return std::nullopt;
  for (const SymbolTable::SymbolUse &use : *uses) {
    Operation *user = use.getUser();
    auto function = isa<func::FuncOp>(user)
                        ? cast<func::FuncOp>(user)
                        : user->getParentOfType<func::FuncOp>();
    users[use.getSymbolRef().getRootReference()].insert(
        function ? function.getOperation() : module.getOperation());
  }
  return users;
}

/// Whether the arguments of `function` are distinct buffers (or buffers
/// that are only read): an entry point (public, used by no function of
/// the module), or its buffer-assignment body `<entry>.planned` used only
/// by the entry. This is the calling convention that `xla-mark-noalias`
/// states for entry points: results overlap nothing, arguments are read.
bool distinctArguments(func::FuncOp function, ModuleOp module,
                       const std::optional<SymbolUsers> &known) {
  if (!known)
    return false;
  const SymbolUsers &users = *known;
  auto usersOf = [&](func::FuncOp f) -> const llvm::SmallPtrSet<Operation *, 2> * {
    auto found = users.find(f.getNameAttr());
    return found == users.end() ? nullptr : &found->second;
  };
  auto isEntry = [&](func::FuncOp f) {
    return f && f.isPublic() && !f.isExternal() && !usersOf(f);
  };
  if (isEntry(function))
    return true;
  StringRef name = function.getName();
  if (!name.consume_back(".planned"))
    return false;
  auto entry = module.lookupSymbol<func::FuncOp>(name);
  if (!isEntry(entry))
    return false;
  const llvm::SmallPtrSet<Operation *, 2> *planned = usersOf(function);
  return planned && planned->size() == 1 &&
         planned->contains(entry.getOperation());
}

/// Whether two memrefs certainly occupy disjoint memory.
bool disjoint(const Origin &a, const Origin &b, Block *functionEntry,
              bool argumentsDistinct) {
  if (!a.known() || !b.known())
    return false;
  auto isArgument = [&](Value v) {
    auto argument = dyn_cast_or_null<BlockArgument>(v);
    return argument && argument.getOwner() == functionEntry;
  };
  auto isAllocation = [](Value v) {
    return v && v.getDefiningOp() &&
           isa<memref::AllocOp, memref::AllocaOp>(v.getDefiningOp());
  };
  auto rangesDisjoint = [&] {
    return a.bytes && b.bytes &&
           (a.bytes->second <= b.bytes->first ||
            b.bytes->second <= a.bytes->first);
  };
  if (a.global || b.global) {
    if (a.global && b.global)
      return a.global != b.global || rangesDisjoint();
    // A global against an allocation of this function, or against an
    // argument of an entry point (the caller's buffers).
    Value other = a.global ? b.base : a.base;
    return isAllocation(other) || (isArgument(other) && argumentsDistinct);
  }
  if (a.base == b.base)
    return rangesDisjoint();
  if (isAllocation(a.base) || isAllocation(b.base))
    return (isAllocation(a.base) || isArgument(a.base)) &&
           (isAllocation(b.base) || isArgument(b.base));
  return isArgument(a.base) && isArgument(b.base) && argumentsDistinct;
}

/// Whether ops inside `region` may write (or otherwise use in ways not
/// known to be reads: anything but loads, `memref.dim` and views) the
/// memory of `memref`, through views included.
bool mayWrite(Value memref, Region &region) {
  for (OpOperand &use : memref.getUses()) {
    Operation *user = use.getOwner();
    if (!region.isAncestor(user->getParentRegion()))
      continue;
    if (isa<memref::SubViewOp, memref::ViewOp, memref::CastOp,
            memref::ReinterpretCastOp, memref::ExpandShapeOp,
            memref::CollapseShapeOp, memref::TransposeOp>(user)) {
      if (mayWrite(user->getResult(0), region))
        return true;
      continue;
    }
    if (isa<memref::LoadOp, memref::DimOp, vector::LoadOp,
            vector::TransferReadOp, vector::MaskedLoadOp, vector::GatherOp>(
            user))
      continue;
    return true;
  }
  return false;
}

/// For each captured value, whether its memory can be declared `noalias`
/// in the loop's body: a memref that overlaps no other captured memref, or
/// that only overlaps memrefs that the loop (like it) only reads. Nothing is
/// when a captured value is neither a memref nor a plain number (it could
/// point to memory too), or when the loop calls a function that is not
/// `llvm.readnone` or writes a global it takes itself.
SmallVector<bool> noaliasCaptures(ArrayRef<Value> captures, scf::ParallelOp loop,
                                  func::FuncOp function, bool argumentsDistinct) {
  SmallVector<bool> result(captures.size(), false);
  for (Value value : captures) {
    Type type = value.getType();
    if (!isa<MemRefType>(type) && !type.isIntOrIndexOrFloat())
      return result;
  }
  // Memory the loop reaches other than through its captured values: a call
  // of a function that may access memory (it could reach any global), or a
  // global it takes itself. Nothing is marked if the loop calls such a
  // function or writes such a global; a captured global that the loop also
  // takes itself is not marked (below) if either is written.
  llvm::SmallDenseSet<Attribute> innerGlobals;
  bool opaque = false;
  loop.getRegion().walk([&](Operation *op) {
    if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
      innerGlobals.insert(global.getNameAttr().getAttr());
      opaque |= mayWrite(global.getResult(), loop.getRegion());
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      auto callee = dyn_cast_or_null<func::FuncOp>(call.resolveCallable());
      opaque |= !callee || !callee->hasAttr("llvm.readnone");
    }
  });
  if (opaque)
    return result;
  Block *functionEntry = &function.getBody().front();
  SmallVector<Origin> origins;
  SmallVector<bool> written;
  for (Value value : captures) {
    bool memref = isa<MemRefType>(value.getType());
    origins.push_back(memref ? originOf(value) : Origin{});
    written.push_back(memref && mayWrite(value, loop.getRegion()));
  }
  for (auto [i, a] : llvm::enumerate(captures)) {
    if (!isa<MemRefType>(a.getType()))
      continue;
    bool alone = !(origins[i].global && written[i] &&
                   innerGlobals.contains(origins[i].global));
    for (auto [j, b] : llvm::enumerate(captures)) {
      if (!alone)
        break;
      if (i == j || !isa<MemRefType>(b.getType()))
        continue;
      if ((written[i] || written[j]) &&
          !disjoint(origins[i], origins[j], functionEntry, argumentsDistinct)) {
        alone = false;
        break;
      }
    }
    result[i] = alone;
  }
  return result;
}

struct ParallelTasks
    : public PassWrapper<ParallelTasks, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelTasks)

  explicit ParallelTasks(int64_t minCost) : minCost(minCost) {}

  /// Loops with a static iteration count and less estimated work than this
  /// stay sequential.
  int64_t minCost;

  StringRef getArgument() const final { return "xla-cpu-parallel-tasks"; }
  StringRef getName() const final { return "XlaCpuParallelTasks"; }
  StringRef getDescription() const final {
    return "Run each large outermost scf.parallel loop as tasks on the "
           "runtime's thread pool (xla_parallel_for)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, func::FuncDialect, arith::ArithDialect,
                    scf::SCFDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> loops;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
        if (loop.getNumResults() == 0 && loop->getParentOfType<func::FuncOp>())
          loops.push_back(loop);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (loops.empty())
      return;

    LLVMTypeConverter converter(&getContext());
    SymbolTable symbols(module);
    // Which functions' arguments are distinct buffers, decided before any
    // task is added.
    std::optional<SymbolUsers> users = collectSymbolUsers(module);
    llvm::DenseMap<Operation *, bool> distinct;
    for (scf::ParallelOp loop : loops) {
      auto function = loop->getParentOfType<func::FuncOp>();
      if (!distinct.count(function))
        distinct[function] = distinctArguments(function, module, users);
    }
    unsigned counter = 0;
    for (scf::ParallelOp loop : loops)
      outline(loop, converter, symbols, counter,
              distinct.lookup(loop->getParentOfType<func::FuncOp>()));
  }

  /// The declaration of xla_parallel_for, made on first use.
  func::FuncOp runtimeFunction(SymbolTable &symbols, FunctionType taskType) {
    if (auto existing = symbols.lookup<func::FuncOp>(kParallelFor))
      return existing;
    MLIRContext *context = &getContext();
    auto pointer = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    OpBuilder builder(context);
    auto function = func::FuncOp::create(
        builder, UnknownLoc::get(context), kParallelFor,
        builder.getFunctionType({taskType, pointer, i64, i64}, {}));
    function.setPrivate();
    symbols.insert(function, symbols.getOp()->getRegion(0).front().begin());
    return function;
  }

  void outline(scf::ParallelOp loop, LLVMTypeConverter &converter,
               SymbolTable &symbols, unsigned &counter,
               bool argumentsDistinct) {
    MLIRContext *context = &getContext();
    Location loc = loop.getLoc();

    // Estimated work: one iteration of dimension 0 covers the others whole.
    int64_t perIteration = regionCost(loop.getRegion());
    for (unsigned d = 1; d < loop.getNumLoops(); ++d)
      perIteration = saturatingMul(
          perIteration, tripCount(loop.getLowerBound()[d], loop.getUpperBound()[d],
                                  loop.getStep()[d])
                            .value_or(kUnknownTripCount));
    perIteration = std::max<int64_t>(perIteration, 1);
    std::optional<int64_t> iterations = tripCount(
        loop.getLowerBound()[0], loop.getUpperBound()[0], loop.getStep()[0]);
    if (iterations && (*iterations < 2 ||
                       saturatingMul(*iterations, perIteration) < minCost))
      return;

    // Tasks never allocate from the heap: an allocation failure then only
    // ever happens on the thread that called the entry point, whose guard
    // (JIT) or status (AOT) reports it.
    bool allocates = loop.getRegion()
                         .walk([](Operation *op) {
                           return isa<memref::AllocOp, memref::ReallocOp>(op)
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         })
                         .wasInterrupted();
    if (allocates)
      return;

    // What the loop uses from outside: its bounds and the values its body
    // uses. Constants are cloned into the task instead.
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(loop.getRegion(), used);
    for (Value operand : loop->getOperands())
      used.insert(operand);
    SmallVector<Value> captures;
    SmallVector<Operation *> constants;
    SmallVector<Type> fieldTypes;
    for (Value value : used) {
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>() &&
          def->getNumOperands() == 0 && def->getNumRegions() == 0) {
        constants.push_back(def);
        continue;
      }
      Type converted = converter.convertType(value.getType());
      if (!converted || !LLVM::isCompatibleType(converted))
        return; // a value the task could not receive: stays sequential
      captures.push_back(value);
      fieldTypes.push_back(converted);
    }

    auto function = loop->getParentOfType<func::FuncOp>();
    auto pointer = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    auto taskType = FunctionType::get(context, {pointer, i64, i64}, {});
    func::FuncOp runtime = runtimeFunction(symbols, taskType);
    auto contextType = LLVM::LLVMStructType::getLiteral(context, fieldTypes);

    // The task: unpack the context and call the body.
    OpBuilder builder(context);
    builder.setInsertionPointAfter(function);
    auto task = func::FuncOp::create(
        builder, loc,
        (function.getName() + "_parallel" + std::to_string(counter++)).str(),
        taskType);
    task.setPrivate();
    symbols.insert(task); // renames it if the name is taken

    // The body: the captured values as arguments, then the loop over
    // [begin, end) of dimension 0.
    SmallVector<Type> bodyInputs;
    for (Value value : captures)
      bodyInputs.push_back(value.getType());
    bodyInputs.push_back(i64);
    bodyInputs.push_back(i64);
    builder.setInsertionPointAfter(task);
    auto body = func::FuncOp::create(builder, loc, (task.getName() + "_body").str(),
                                     FunctionType::get(context, bodyInputs, {}));
    body.setPrivate();
    symbols.insert(body);
    SmallVector<bool> noalias =
        noaliasCaptures(captures, loop, function, argumentsDistinct);
    SmallVector<int64_t> positions;
    int64_t position = 0;
    for (auto [index, value] : llvm::enumerate(captures)) {
      // FuncToLLVM passes a ranked memref as its descriptor's fields:
      // allocated and aligned pointers, offset, sizes, strides.
      if (auto memref = dyn_cast<MemRefType>(value.getType())) {
        if (noalias[index]) {
          positions.push_back(position);
          positions.push_back(position + 1);
        }
        position += 3 + 2 * memref.getRank();
      } else {
        position += 1;
      }
    }
    if (!positions.empty())
      body->setAttr("xla.noalias_arguments",
                    builder.getDenseI64ArrayAttr(positions));
    Block *bodyEntry = body.addEntryBlock();
    builder.setInsertionPointToStart(bodyEntry);
    IRMapping mapping;
    for (Operation *constant : constants)
      builder.clone(*constant, mapping);
    for (auto [index, value] : llvm::enumerate(captures))
      mapping.map(value, bodyEntry->getArgument(index));
    auto clone = cast<scf::ParallelOp>(builder.clone(*loop, mapping));
    {
      Value lower = clone.getLowerBound()[0];
      Value step = clone.getStep()[0];
      auto index = builder.getIndexType();
      auto at = [&](Value iteration) -> Value {
        Value i = arith::IndexCastOp::create(builder, loc, index, iteration);
        Value offset = arith::MulIOp::create(builder, loc, i, step);
        return arith::AddIOp::create(builder, loc, lower, offset);
      };
      builder.setInsertionPoint(clone);
      unsigned count = captures.size();
      Value begin = at(bodyEntry->getArgument(count));
      Value end = at(bodyEntry->getArgument(count + 1));
      unsigned loops = clone.getNumLoops();
      clone->setOperand(0, begin);
      clone->setOperand(loops, end);
    }
    builder.setInsertionPointToEnd(bodyEntry);
    func::ReturnOp::create(builder, loc);

    Block *entry = task.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    SmallVector<Value> arguments;
    Value contextPointer = entry->getArgument(0);
    for (auto [index, value] : llvm::enumerate(captures)) {
      auto field = LLVM::GEPOp::create(
          builder, loc, pointer, contextType, contextPointer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
      Value loaded =
          LLVM::LoadOp::create(builder, loc, fieldTypes[index], field);
      arguments.push_back(
          UnrealizedConversionCastOp::create(builder, loc, value.getType(), loaded)
              .getResult(0));
    }
    arguments.push_back(entry->getArgument(1));
    arguments.push_back(entry->getArgument(2));
    func::CallOp::create(builder, loc, body, arguments);
    func::ReturnOp::create(builder, loc);

    // The call: the context on the stack (allocated once, in the entry
    // block, so loops around the call do not grow the stack), filled before
    // each call.
    Block &functionEntry = function.getBody().front();
    builder.setInsertionPointToStart(&functionEntry);
    Value one = LLVM::ConstantOp::create(builder, loc, i64,
                                         builder.getI64IntegerAttr(1));
    Value storage =
        LLVM::AllocaOp::create(builder, loc, pointer, contextType, one);
    builder.setInsertionPoint(loop);
    for (auto [index, value] : llvm::enumerate(captures)) {
      Value converted =
          UnrealizedConversionCastOp::create(builder, loc, fieldTypes[index], value)
              .getResult(0);
      auto field = LLVM::GEPOp::create(
          builder, loc, pointer, contextType, storage,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
      LLVM::StoreOp::create(builder, loc, converted, field);
    }
    // iterations = max(0, ceil((upper - lower) / step)), as i64.
    Value span = arith::SubIOp::create(builder, loc, loop.getUpperBound()[0],
                                       loop.getLowerBound()[0]);
    Value count =
        arith::CeilDivSIOp::create(builder, loc, span, loop.getStep()[0]);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    count = arith::MaxSIOp::create(builder, loc, count, zero);
    Value count64 = arith::IndexCastOp::create(builder, loc, i64, count);
    Value cost = arith::ConstantIntOp::create(builder, loc, i64, perIteration);
    Value taskPointer = func::ConstantOp::create(
        builder, loc, taskType, SymbolRefAttr::get(task.getNameAttr()));
    func::CallOp::create(builder, loc, runtime,
                         ValueRange{taskPointer, storage, count64, cost});
    loop.erase();
  }
};

} // namespace

extern "C" MlirPass xlaCreateParallelTasksPass(int64_t minCost) {
  return wrap(static_cast<Pass *>(new ParallelTasks(minCost)));
}
