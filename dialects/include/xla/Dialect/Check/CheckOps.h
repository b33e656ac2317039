//===- CheckOps.h - self-checking execution tests ------------------------===//
#ifndef XLA_DIALECT_CHECK_CHECKOPS_H
#define XLA_DIALECT_CHECK_CHECKOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "xla/Dialect/Check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "xla/Dialect/Check/CheckOps.h.inc"

#endif // XLA_DIALECT_CHECK_CHECKOPS_H
