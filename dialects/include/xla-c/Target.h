/*===- xla-c/Target.h - CPU features of a compile target -----------------===*
 *
 * The LLVM C API creates target machines but cannot say which features a
 * named CPU has. The contraction kernels pick their vector width from the
 * CPU that the code is compiled for (`--target-cpu`), not from the host.
 *
 *===---------------------------------------------------------------------===*/
#ifndef XLA_C_TARGET_H
#define XLA_C_TARGET_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether CPU `cpu` of target triple `triple` (an empty triple: LLVM's
 * default, the host's) has the subtarget feature `feature` (e.g. "avx512f",
 * without a sign): 1 if it has, 0 if not, -1 if LLVM has no target for the
 * triple, -2 if the target does not know the CPU name. The x86 target is
 * registered on first use. */
int xlaTargetCpuHasFeature(const char *triple, const char *cpu,
                           const char *feature);

#ifdef __cplusplus
}
#endif

#endif // XLA_C_TARGET_H
