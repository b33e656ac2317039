/*===- xla-c/Sdy.h - C API of the sdy (Shardy) attributes ---------------===*/
/*
 * Read access to the sdy attributes, for the Rust reader
 * (dialects/src/sdy.rs) and through it the partitioner. Indices are not
 * checked: stay below the matching ...GetNum... count. Strings point into
 * the context's storage and live as long as it.
 *
 * Attribute names of sdy.manual_computation: `in_shardings`,
 * `out_shardings` (TensorShardingPerValue), `manual_axes` (ManualAxes).
 * sdy.mesh: `sym_name` (string), `mesh` (Mesh). sdy.sharding_constraint and
 * sdy.reshard: `sharding` (TensorSharding).
 */
#ifndef XLA_C_SDY_H
#define XLA_C_SDY_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__sdy__() */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Sdy, sdy);

/* #sdy.mesh: axes (name, size) and explicit device ids (none: iota). */
MLIR_CAPI_EXPORTED bool xlaSdyAttrIsAMesh(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t xlaSdyMeshGetNumAxes(MlirAttribute mesh);
MLIR_CAPI_EXPORTED MlirStringRef xlaSdyMeshGetAxisName(MlirAttribute mesh, intptr_t i);
MLIR_CAPI_EXPORTED int64_t xlaSdyMeshGetAxisSize(MlirAttribute mesh, intptr_t i);
MLIR_CAPI_EXPORTED intptr_t xlaSdyMeshGetNumDeviceIds(MlirAttribute mesh);
MLIR_CAPI_EXPORTED int64_t xlaSdyMeshGetDeviceId(MlirAttribute mesh, intptr_t i);

/* An axis reference: name, and for a sub-axis "x":(pre)size its pre-size
 * and size (size 0: the full axis). */
MLIR_CAPI_EXPORTED MlirStringRef xlaSdyAxisRefGetName(MlirAttribute ref);
MLIR_CAPI_EXPORTED int64_t xlaSdyAxisRefGetPreSize(MlirAttribute ref);
MLIR_CAPI_EXPORTED int64_t xlaSdyAxisRefGetSize(MlirAttribute ref);

/* A dimension sharding: axes, closed (no `?`), priority (-1: none). */
MLIR_CAPI_EXPORTED intptr_t xlaSdyDimShardingGetNumAxes(MlirAttribute dim);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyDimShardingGetAxis(MlirAttribute dim, intptr_t i);
MLIR_CAPI_EXPORTED bool xlaSdyDimShardingIsClosed(MlirAttribute dim);
MLIR_CAPI_EXPORTED int64_t xlaSdyDimShardingGetPriority(MlirAttribute dim);

/* #sdy.sharding: the mesh (a FlatSymbolRefAttr or an inline #sdy.mesh),
 * dimension shardings, replicated and unreduced axes. */
MLIR_CAPI_EXPORTED bool xlaSdyAttrIsATensorSharding(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyTensorShardingGetMeshOrRef(MlirAttribute sharding);
MLIR_CAPI_EXPORTED intptr_t xlaSdyTensorShardingGetNumDims(MlirAttribute sharding);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyTensorShardingGetDim(MlirAttribute sharding, intptr_t i);
MLIR_CAPI_EXPORTED intptr_t xlaSdyTensorShardingGetNumReplicated(MlirAttribute sharding);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyTensorShardingGetReplicated(MlirAttribute sharding, intptr_t i);
MLIR_CAPI_EXPORTED intptr_t xlaSdyTensorShardingGetNumUnreduced(MlirAttribute sharding);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyTensorShardingGetUnreduced(MlirAttribute sharding, intptr_t i);

/* #sdy.sharding_per_value (also manual_computation's in/out_shardings). */
MLIR_CAPI_EXPORTED bool xlaSdyAttrIsATensorShardingPerValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t xlaSdyTensorShardingPerValueGetNum(MlirAttribute list);
MLIR_CAPI_EXPORTED MlirAttribute xlaSdyTensorShardingPerValueGet(MlirAttribute list, intptr_t i);

/* #sdy.manual_axes */
MLIR_CAPI_EXPORTED bool xlaSdyAttrIsAManualAxes(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t xlaSdyManualAxesGetNum(MlirAttribute axes);
MLIR_CAPI_EXPORTED MlirStringRef xlaSdyManualAxesGet(MlirAttribute axes, intptr_t i);

#ifdef __cplusplus
}
#endif

#endif /* XLA_C_SDY_H */
