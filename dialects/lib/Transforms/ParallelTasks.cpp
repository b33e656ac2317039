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
// Constants the loop uses are cloned into the task rather than passed, so
// the task keeps static trip counts and strides. Loops that allocate heap
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
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"
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
    unsigned counter = 0;
    for (scf::ParallelOp loop : loops)
      outline(loop, converter, symbols, counter);
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
               SymbolTable &symbols, unsigned &counter) {
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

    // The task: unpack the context, then the loop over [begin, end) of
    // dimension 0.
    OpBuilder builder(context);
    builder.setInsertionPointAfter(function);
    auto task = func::FuncOp::create(
        builder, loc,
        (function.getName() + "_parallel" + std::to_string(counter++)).str(),
        taskType);
    task.setPrivate();
    symbols.insert(task); // renames it if the name is taken
    Block *entry = task.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (Operation *constant : constants)
      builder.clone(*constant, mapping);
    Value contextPointer = entry->getArgument(0);
    for (auto [index, value] : llvm::enumerate(captures)) {
      auto field = LLVM::GEPOp::create(
          builder, loc, pointer, contextType, contextPointer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
      Value loaded =
          LLVM::LoadOp::create(builder, loc, fieldTypes[index], field);
      Value original =
          UnrealizedConversionCastOp::create(builder, loc, value.getType(), loaded)
              .getResult(0);
      mapping.map(value, original);
    }
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
      Value begin = at(entry->getArgument(1));
      Value end = at(entry->getArgument(2));
      unsigned loops = clone.getNumLoops();
      clone->setOperand(0, begin);
      clone->setOperand(loops, end);
    }
    builder.setInsertionPointToEnd(entry);
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
