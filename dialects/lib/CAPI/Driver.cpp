//===- Driver.cpp - source buffers and diagnostics for the drivers -------===//
#include "xla-c/Driver.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

using namespace mlir;

namespace {
struct Session {
  MLIRContext *context;
  llvm::SourceMgr sourceMgr;
  // Exactly one of the two handlers is set; each registers itself with the
  // context on construction and unregisters on destruction.
  std::unique_ptr<SourceMgrDiagnosticHandler> handler;
  std::unique_ptr<SourceMgrDiagnosticVerifierHandler> verifier;
  // With `handler`: diagnostics located on very long lines, printed without
  // their source line (see `kMaxLineToShow`).
  std::optional<DiagnosticEngine::HandlerID> longLines;
};

// Lines longer than this are not echoed under a diagnostic: a generated or
// hostile file may hold its whole program on one line.
constexpr size_t kMaxLineToShow = 1000;

// The length of the line that `loc` points into, or 0 when it is not a
// location in the session's buffer.
size_t lineLength(llvm::SourceMgr &sourceMgr, Location loc) {
  auto fileLoc = loc->findInstanceOf<FileLineColLoc>();
  if (!fileLoc || fileLoc.getLine() == 0)
    return 0;
  unsigned id = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
  if (fileLoc.getFilename() != buffer->getBufferIdentifier())
    return 0;
  llvm::SMLoc start = sourceMgr.FindLocForLineAndColumn(id, fileLoc.getLine(), 1);
  if (!start.isValid())
    return 0;
  llvm::StringRef rest(start.getPointer(),
                       buffer->getBufferEnd() - start.getPointer());
  return rest.take_until([](char c) { return c == '\n'; }).size();
}

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
  else {
    session->handler = std::make_unique<SourceMgrDiagnosticHandler>(
        session->sourceMgr, session->context);
    // Registered after `handler`, so it sees diagnostics first; it takes
    // only those on over-long lines and leaves the rest to `handler`.
    session->longLines = session->context->getDiagEngine().registerHandler(
        [session](Diagnostic &diag) -> LogicalResult {
          if (lineLength(session->sourceMgr, diag.getLocation()) <=
              kMaxLineToShow)
            return failure();
          session->handler->emitDiagnostic(diag.getLocation(), diag.str(),
                                           diag.getSeverity(),
                                           /*displaySourceLine=*/false);
          for (Diagnostic &note : diag.getNotes())
            session->handler->emitDiagnostic(
                note.getLocation(), note.str(), note.getSeverity(),
                lineLength(session->sourceMgr, note.getLocation()) <=
                    kMaxLineToShow);
          return success();
        });
  }
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
  Session *s = unwrapSession(session);
  if (s->longLines)
    s->context->getDiagEngine().eraseHandler(*s->longLines);
  delete s;
}

int xlaRegisteredPassPipeline(MlirStringRef name, MlirStringRef options,
                              MlirStringCallback callback, void *userData) {
  llvm::StringRef arg = unwrap(name);
  const PassRegistryEntry *entry = PassInfo::lookup(arg);
  if (!entry)
    entry = PassPipelineInfo::lookup(arg);
  if (!entry)
    return 0;
  OpPassManager pm("builtin.module", OpPassManager::Nesting::Implicit);
  std::string text;
  llvm::raw_string_ostream os(text);
  auto reason = [&](const llvm::Twine &message) {
    os << message;
    return failure();
  };
  if (failed(entry->addToPipeline(pm, unwrap(options), reason))) {
    os.flush();
    callback(wrap(llvm::StringRef(text)), userData);
    return -1;
  }
  pm.printAsTextualPipeline(os);
  os.flush();
  callback(wrap(llvm::StringRef(text)), userData);
  return 1;
}
