//===- KeepVectorVariants.cpp - keep vector variants alive for LLVM ------===//
//
// `xla-keep-vector-variants`: a function may name vector versions of itself
// in its `vector-function-abi-variant` attribute (LLVM's vector function
// ABI, `_ZGV_LLVM_N8vv_scalar(vector)`), which LLVM's loop vectorizer calls
// in place of the scalar function when it vectorizes a loop by that width.
// Nothing calls the vector functions before then, so LLVM's global
// optimizations would delete them first. This pass lists every such
// vector function of the module in `@llvm.compiler.used`, which keeps a
// symbol alive through optimization without exporting it. Runs on the
// LLVM dialect; a module without such attributes is left as it is.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kVariantAttribute = "vector-function-abi-variant";

/// The vector function names of a `vector-function-abi-variant` value: a
/// comma-separated list of `_ZGV...(name)`.
void variantNames(StringRef value, llvm::SetVector<StringRef> &names) {
  while (!value.empty()) {
    auto [mapping, rest] = value.split(',');
    size_t open = mapping.find('(');
    if (open != StringRef::npos && mapping.ends_with(")"))
      names.insert(mapping.slice(open + 1, mapping.size() - 1));
    value = rest;
  }
}

struct KeepVectorVariants
    : public PassWrapper<KeepVectorVariants, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KeepVectorVariants)

  StringRef getArgument() const final { return "xla-keep-vector-variants"; }
  StringRef getName() const final { return "XlaKeepVectorVariants"; }
  StringRef getDescription() const final {
    return "List the vector functions named by vector-function-abi-variant "
           "attributes in @llvm.compiler.used, so LLVM keeps them until the "
           "loop vectorizer calls them";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SetVector<StringRef> names;
    for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
      ArrayAttr passthrough = function.getPassthroughAttr();
      if (!passthrough)
        continue;
      for (Attribute entry : passthrough) {
        auto pair = dyn_cast<ArrayAttr>(entry);
        if (!pair || pair.size() != 2)
          continue;
        auto key = dyn_cast<StringAttr>(pair[0]);
        auto value = dyn_cast<StringAttr>(pair[1]);
        if (key && value && key.getValue() == kVariantAttribute)
          variantNames(value.getValue(), names);
      }
    }
    SmallVector<StringRef> kept;
    for (StringRef name : names) {
      if (module.lookupSymbol<LLVM::LLVMFuncOp>(name)) {
        kept.push_back(name);
      } else {
        module.emitError() << "vector variant @" << name
                           << " named by a vector-function-abi-variant "
                              "attribute is not a function of the module";
        return signalPassFailure();
      }
    }
    if (kept.empty())
      return;
    if (module.lookupSymbol("llvm.compiler.used")) {
      module.emitError() << "xla-keep-vector-variants: the module already "
                            "has an @llvm.compiler.used";
      return signalPassFailure();
    }
    MLIRContext *context = &getContext();
    Location location = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto pointer = LLVM::LLVMPointerType::get(context);
    auto array = LLVM::LLVMArrayType::get(pointer, kept.size());
    auto global = LLVM::GlobalOp::create(builder, location, array,
                                         /*isConstant=*/false,
                                         LLVM::Linkage::Appending,
                                         "llvm.compiler.used", Attribute());
    global.setSection(StringRef("llvm.metadata"));
    builder.createBlock(&global.getInitializerRegion());
    Value list = LLVM::UndefOp::create(builder, location, array);
    for (auto [index, name] : llvm::enumerate(kept)) {
      Value address = LLVM::AddressOfOp::create(builder, location, pointer, name);
      list = LLVM::InsertValueOp::create(builder, location, list, address,
                                         ArrayRef<int64_t>{int64_t(index)});
    }
    LLVM::ReturnOp::create(builder, location, list);
  }
};

} // namespace

extern "C" MlirPass xlaCreateKeepVectorVariantsPass() {
  return wrap(static_cast<Pass *>(new KeepVectorVariants()));
}
