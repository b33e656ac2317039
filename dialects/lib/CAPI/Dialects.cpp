//===- Dialects.cpp - C API registration of the project's dialects -------===//
#include "xla-c/Dialects.h"

#include "mlir/CAPI/Registration.h"
#include "xla/Dialect/StableHLO/StablehloOps.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(StableHLO, stablehlo,
                                      xla::stablehlo::StableHLODialect)
