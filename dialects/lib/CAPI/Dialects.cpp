//===- Dialects.cpp - C API registration of the project's dialects -------===//
#include "xla-c/Dialects.h"

#include "mlir/CAPI/Registration.h"
#include "xla/Dialect/CHLO/ChloOps.h"
#include "xla/Dialect/Check/CheckOps.h"
#include "xla/Dialect/StableHLO/StablehloOps.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(StableHLO, stablehlo,
                                      xla::stablehlo::StableHLODialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CHLO, chlo, xla::chlo::CHLODialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Check, check, xla::check::CheckDialect)
