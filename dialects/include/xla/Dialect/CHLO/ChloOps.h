//===- ChloOps.h - the CHLO ops JAX emits --------------------------------===//
#ifndef XLA_DIALECT_CHLO_CHLOOPS_H
#define XLA_DIALECT_CHLO_CHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
// scaled_dot uses #stablehlo.dot, scan ends with stablehlo.return, and both
// infer their result types with the HLOInferredResultTypes trait.
#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "xla/Dialect/CHLO/ChloDialect.h.inc"
#include "xla/Dialect/CHLO/ChloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/CHLO/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "xla/Dialect/CHLO/ChloOps.h.inc"

#endif // XLA_DIALECT_CHLO_CHLOOPS_H
