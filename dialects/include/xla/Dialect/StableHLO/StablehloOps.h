//===- StablehloOps.h - StableHLO-compatible dialect ---------------------===//
#ifndef XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H
#define XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "xla/Dialect/StableHLO/StablehloDialect.h.inc"
#include "xla/Dialect/StableHLO/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "xla/Dialect/StableHLO/StablehloTypes.h.inc"

#define GET_OP_CLASSES
#include "xla/Dialect/StableHLO/StablehloOps.h.inc"

#endif // XLA_DIALECT_STABLEHLO_STABLEHLOOPS_H
