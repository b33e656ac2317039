//===- Sdy.cpp - C API of the sdy (Shardy) attributes --------------------===//
#include "xla-c/Sdy.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "xla/Dialect/Sdy/SdyOps.h"

using namespace mlir;
using namespace xla::sdy;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Sdy, sdy, xla::sdy::SdyDialect)

template <typename T> static T get(MlirAttribute attr) { return cast<T>(unwrap(attr)); }

bool xlaSdyAttrIsAMesh(MlirAttribute attr) { return isa<MeshAttr>(unwrap(attr)); }
intptr_t xlaSdyMeshGetNumAxes(MlirAttribute mesh) { return get<MeshAttr>(mesh).getAxes().size(); }
MlirStringRef xlaSdyMeshGetAxisName(MlirAttribute mesh, intptr_t i) {
  return wrap(get<MeshAttr>(mesh).getAxes()[i].getName());
}
int64_t xlaSdyMeshGetAxisSize(MlirAttribute mesh, intptr_t i) {
  return get<MeshAttr>(mesh).getAxes()[i].getSize();
}
intptr_t xlaSdyMeshGetNumDeviceIds(MlirAttribute mesh) {
  return get<MeshAttr>(mesh).getDeviceIds().size();
}
int64_t xlaSdyMeshGetDeviceId(MlirAttribute mesh, intptr_t i) {
  return get<MeshAttr>(mesh).getDeviceIds()[i];
}

MlirStringRef xlaSdyAxisRefGetName(MlirAttribute ref) { return wrap(get<AxisRefAttr>(ref).getName()); }
int64_t xlaSdyAxisRefGetPreSize(MlirAttribute ref) { return get<AxisRefAttr>(ref).getPreSize(); }
int64_t xlaSdyAxisRefGetSize(MlirAttribute ref) { return get<AxisRefAttr>(ref).getSize(); }

intptr_t xlaSdyDimShardingGetNumAxes(MlirAttribute dim) {
  return get<DimensionShardingAttr>(dim).getAxes().size();
}
MlirAttribute xlaSdyDimShardingGetAxis(MlirAttribute dim, intptr_t i) {
  return wrap(Attribute(get<DimensionShardingAttr>(dim).getAxes()[i]));
}
bool xlaSdyDimShardingIsClosed(MlirAttribute dim) {
  return get<DimensionShardingAttr>(dim).getIsClosed();
}
int64_t xlaSdyDimShardingGetPriority(MlirAttribute dim) {
  return get<DimensionShardingAttr>(dim).getPriority().value_or(-1);
}

bool xlaSdyAttrIsATensorSharding(MlirAttribute attr) {
  return isa<TensorShardingAttr>(unwrap(attr));
}
MlirAttribute xlaSdyTensorShardingGetMeshOrRef(MlirAttribute sharding) {
  return wrap(get<TensorShardingAttr>(sharding).getMeshOrRef());
}
intptr_t xlaSdyTensorShardingGetNumDims(MlirAttribute sharding) {
  return get<TensorShardingAttr>(sharding).getDimShardings().size();
}
MlirAttribute xlaSdyTensorShardingGetDim(MlirAttribute sharding, intptr_t i) {
  return wrap(Attribute(get<TensorShardingAttr>(sharding).getDimShardings()[i]));
}
intptr_t xlaSdyTensorShardingGetNumReplicated(MlirAttribute sharding) {
  return get<TensorShardingAttr>(sharding).getReplicatedAxes().size();
}
MlirAttribute xlaSdyTensorShardingGetReplicated(MlirAttribute sharding, intptr_t i) {
  return wrap(Attribute(get<TensorShardingAttr>(sharding).getReplicatedAxes()[i]));
}
intptr_t xlaSdyTensorShardingGetNumUnreduced(MlirAttribute sharding) {
  return get<TensorShardingAttr>(sharding).getUnreducedAxes().size();
}
MlirAttribute xlaSdyTensorShardingGetUnreduced(MlirAttribute sharding, intptr_t i) {
  return wrap(Attribute(get<TensorShardingAttr>(sharding).getUnreducedAxes()[i]));
}

bool xlaSdyAttrIsATensorShardingPerValue(MlirAttribute attr) {
  return isa<TensorShardingPerValueAttr>(unwrap(attr));
}
intptr_t xlaSdyTensorShardingPerValueGetNum(MlirAttribute list) {
  return get<TensorShardingPerValueAttr>(list).getShardings().size();
}
MlirAttribute xlaSdyTensorShardingPerValueGet(MlirAttribute list, intptr_t i) {
  return wrap(Attribute(get<TensorShardingPerValueAttr>(list).getShardings()[i]));
}

bool xlaSdyAttrIsAManualAxes(MlirAttribute attr) { return isa<ManualAxesAttr>(unwrap(attr)); }
intptr_t xlaSdyManualAxesGetNum(MlirAttribute axes) {
  return get<ManualAxesAttr>(axes).getAxes().size();
}
MlirStringRef xlaSdyManualAxesGet(MlirAttribute axes, intptr_t i) {
  return wrap(get<ManualAxesAttr>(axes).getAxes()[i].getValue());
}
