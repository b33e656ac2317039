/*===- xla-c/Dialects.h - C API of the project's dialects ---------------===*/
#ifndef XLA_C_DIALECTS_H
#define XLA_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__stablehlo__() */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(StableHLO, stablehlo);
/* mlirGetDialectHandle__chlo__() */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(CHLO, chlo);
/* mlirGetDialectHandle__check__() */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Check, check);

#ifdef __cplusplus
}
#endif

#endif /* XLA_C_DIALECTS_H */
