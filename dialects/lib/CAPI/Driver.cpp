//===- Driver.cpp - source buffers and diagnostics for the drivers -------===//
#include "xla-c/Driver.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace mlir;

namespace {
struct Session {
  MLIRContext *context;
  llvm::SourceMgr sourceMgr;
  // Exactly one of the two handlers is set; each registers itself with the
  // context on construction and unregisters on destruction.
  std::unique_ptr<SourceMgrDiagnosticHandler> handler;
  std::unique_ptr<SourceMgrDiagnosticVerifierHandler> verifier;
};

Session *unwrapSession(XlaSourceSession session) {
  return static_cast<Session *>(session.ptr);
}
} // namespace

XlaSourceSession xlaSourceSessionCreate(MlirContext context,
                                        MlirStringRef buffer,
                                        MlirStringRef name,
                                        bool verifyDiagnostics) {
  auto *session = new Session();
  session->context = unwrap(context);
  session->sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(buffer), unwrap(name)),
      llvm::SMLoc());
  // As mlir-opt does: in verify mode, diagnostics carry no extra
  // "see current operation" notes that annotations would have to match.
  session->context->printOpOnDiagnostic(!verifyDiagnostics);
  if (verifyDiagnostics)
    session->verifier = std::make_unique<SourceMgrDiagnosticVerifierHandler>(
        session->sourceMgr, session->context);
  else
    session->handler = std::make_unique<SourceMgrDiagnosticHandler>(
        session->sourceMgr, session->context);
  return XlaSourceSession{session};
}

MlirOperation xlaSourceSessionParseModule(XlaSourceSession session) {
  Session *s = unwrapSession(session);
  ParserConfig config(s->context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(s->sourceMgr, config);
  if (!module)
    return MlirOperation{nullptr};
  return wrap(module.release().getOperation());
}

MlirLogicalResult xlaSourceSessionVerify(XlaSourceSession session) {
  Session *s = unwrapSession(session);
  if (!s->verifier)
    return mlirLogicalResultSuccess();
  return wrap(s->verifier->verify());
}

void xlaSourceSessionDestroy(XlaSourceSession session) {
  delete unwrapSession(session);
}
