//===- SdyOps.h - sdy (Shardy) dialect -----------------------------------===//
#ifndef XLA_DIALECT_SDY_SDYOPS_H
#define XLA_DIALECT_SDY_SDYOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "xla/Dialect/Sdy/SdyDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/Sdy/SdyAttrs.h.inc"

namespace xla::sdy {
/// Axis names unique, sizes positive, `device_ids` a permutation.
llvm::LogicalResult verifyMesh(MeshAttr mesh,
                               llvm::function_ref<mlir::InFlightDiagnostic()> emitError);
/// `[<@mesh, [...]>, ...]`: manual_computation's in/out_shardings.
mlir::ParseResult parseShardingList(mlir::AsmParser &parser, TensorShardingPerValueAttr &result);
void printShardingList(mlir::AsmPrinter &printer, TensorShardingPerValueAttr list);
/// `{"x", "y"}`: manual_computation's manual_axes.
mlir::ParseResult parseManualAxesBody(mlir::AsmParser &parser, ManualAxesAttr &result);
void printManualAxesBody(mlir::AsmPrinter &printer, ManualAxesAttr axes);
} // namespace xla::sdy

#define GET_OP_CLASSES
#include "xla/Dialect/Sdy/SdyOps.h.inc"

#endif // XLA_DIALECT_SDY_SDYOPS_H
