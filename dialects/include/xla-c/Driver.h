/*===- xla-c/Driver.h - source buffers and diagnostics for the drivers --===*
 *
 * The MLIR C API parses strings but has no source manager: diagnostics come
 * without the offending source line, and there is no way to check
 * `expected-error` annotations. A source session owns one buffer (a whole
 * file or one `// -----` chunk of it), parses it into a module (wrapping bare
 * top-level ops in an implicit module, as mlir-opt does), and reports every
 * diagnostic emitted while it is open in mlir-opt's format
 * (`file:line:col: error: ...` plus the source line), or, in verify mode,
 * checks them against the buffer's `expected-*` annotations.
 *
 *===---------------------------------------------------------------------===*/
#ifndef XLA_C_DRIVER_H
#define XLA_C_DRIVER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct XlaSourceSession {
  void *ptr;
} XlaSourceSession;

/* Opens a session over a copy of `buffer`, named `name` in locations. While it
 * is open, it is the context's diagnostic handler. */
XlaSourceSession xlaSourceSessionCreate(MlirContext context,
                                        MlirStringRef buffer,
                                        MlirStringRef name,
                                        bool verifyDiagnostics);

/* Parses and verifies the buffer as a module. Returns a null operation on
 * failure (the reason has been reported as a diagnostic). The caller owns the
 * result. */
MlirOperation xlaSourceSessionParseModule(XlaSourceSession session);

/* In verify mode: whether every emitted diagnostic was expected and every
 * expectation was met (mismatches are reported). Otherwise: success. */
MlirLogicalResult xlaSourceSessionVerify(XlaSourceSession session);

/* Closes the session and removes its diagnostic handler. */
void xlaSourceSessionDestroy(XlaSourceSession session);

/* The registered pass or pass pipeline `name` (what mlir-opt offers as
 * `--NAME`) with `options`, as the textual pipeline of a module pass
 * manager with implicit nesting: a pass restricted to one kind of op is
 * nested under it, as in mlir-opt (`builtin.module(func.func(NAME))`).
 * Returns 1 and calls `callback` with that text; -1 when the options are
 * invalid (`callback` gets the reason); 0 when no such pass or pipeline is
 * registered. */
int xlaRegisteredPassPipeline(MlirStringRef name, MlirStringRef options,
                              MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* XLA_C_DRIVER_H */
