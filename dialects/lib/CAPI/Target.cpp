//===- Target.cpp - CPU features of a compile target ----------------------===//
//
// See xla-c/Target.h. A subtarget of the named CPU, with no extra features,
// is created and asked for one feature: what LLVM's code generator will
// assume for `--target-cpu=CPU`.
//
//===----------------------------------------------------------------------===//

#include "xla-c/Target.h"

#include "llvm-c/Target.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>
#include <string>

extern "C" int xlaTargetCpuHasFeature(const char *tripleName, const char *cpu,
                                      const char *feature) {
  // Registering a target twice is harmless in LLVM, but the registry is not
  // thread-safe: register once. Only the x86 target is linked with its
  // subtarget tables (the code generator of `xla-translate` supports x86-64
  // triples only); other triples report -1.
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86TargetMC();
  });
  std::string name = tripleName && *tripleName
                         ? std::string(tripleName)
                         : llvm::sys::getDefaultTargetTriple();
  llvm::Triple triple(llvm::Triple::normalize(name));
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return -1;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, cpu, ""));
  if (!info)
    return -1;
  if (!info->isCPUStringValid(cpu))
    return -2;
  return info->checkFeatures(std::string("+") + feature) ? 1 : 0;
}
