//===- SdyAttrs.td - sdy (Shardy) attributes -----------------------------===//
//
// The sharding attributes JAX attaches to multi-device programs. Each has a
// custom syntax, written to print exactly what JAX (through Shardy) prints,
// so that modules round-trip as text:
//
//   mesh                 <["x"=2, "y"=2]>, <[]>, <["a"=2], device_ids=[1, 0]>
//   sharding             <@mesh, [{"x"}, {"y", ?}, {?}, {}p1], replicated={"z"}, unreduced={"w"}>
//   sharding_per_value   <[<@mesh, [{"x"}, {}]>, ...]>
//   manual_axes          {"x", "y"}
//   op_sharding_rule     <([i, j], [j, k])->([i, k]) {i=2, j=4, k=8} reduction={j}, custom>
//
// Inside ops (sdy.mesh, sdy.sharding_constraint, sdy.manual_computation) the
// attributes appear without their `#sdy.name` prefix.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_SDY_ATTRS
#define XLA_SDY_ATTRS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

class Sdy_Attr<string name, string attrMnemonic> : AttrDef<Sdy_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def Sdy_MeshAxisAttr : Sdy_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "A named axis of a device mesh and its size: `\"x\"=2`.";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
}

def Sdy_MeshAttr : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "A device mesh: named axes, optionally an explicit device order.";
  let description = [{
    The devices form an array whose shape is the axis sizes, in order. Without
    `device_ids` device `d` sits at row-major position `d`; with it, the
    list gives the device at each row-major position (kept as written, also
    when it is `0..N-1`). `<[]>` (no axes) is the empty mesh;
    `<[], device_ids=[3]>` a maximal mesh (one device).
  }];
  let parameters = (ins ArrayRefParameter<"MeshAxisAttr", "axes">:$axes,
                        ArrayRefParameter<"int64_t", "device ids">:$device_ids);
  let extraClassDeclaration = [{
    /// The axis named `name`, or null.
    MeshAxisAttr getAxis(::llvm::StringRef name) const;
    /// The number of devices (the product of the axis sizes).
    int64_t getTotalSize() const;
  }];
}

def Sdy_AxisRefAttr : Sdy_Attr<"AxisRef", "axis_ref"> {
  let summary = "A mesh axis, or a sub-axis of it: `\"x\"`, `\"x\":(2)4`.";
  let description = [{
    `"x":(pre)size` is the sub-axis of size `size` that follows the first
    `pre` devices' worth of axis `"x"` (the axis viewed as `pre x size x
    rest`). `size == 0` stands for the full axis (no sub-axis).
  }];
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$pre_size, "int64_t":$size);
  let extraClassDeclaration = [{
    bool isSubAxis() const { return getSize() != 0; }
    /// The number of devices along this axis reference, given the mesh.
    int64_t getDeviceCount(MeshAttr mesh) const;
  }];
}

def Sdy_DimensionShardingAttr : Sdy_Attr<"DimensionSharding", "dimension_sharding"> {
  let summary = "How one tensor dimension is split: `{\"x\", \"y\"}`, `{\"x\", ?}`, `{?}`, `{}p0`.";
  let description = [{
    The dimension is split over the listed axes, major to minor. A closed
    dimension (no `?`) must not be split further by propagation; an open one
    (`?`) may be. The optional priority `pN` orders propagation (lower first).
  }];
  let parameters = (ins ArrayRefParameter<"AxisRefAttr", "axes">:$axes,
                        "bool":$is_closed,
                        OptionalParameter<"std::optional<int64_t>">:$priority);
}

def Sdy_TensorShardingAttr : Sdy_Attr<"TensorSharding", "sharding"> {
  let summary = "The sharding of one tensor over a mesh: `<@mesh, [{\"x\"}, {}]>`.";
  let description = [{
    `mesh_or_ref` is a `FlatSymbolRefAttr` naming an `sdy.mesh` of the
    enclosing module, or an inline `MeshAttr` (written `mesh<[...]>`). One
    dimension sharding per tensor dimension. `replicated` lists axes the
    tensor is explicitly replicated over; `unreduced` axes over which each
    device holds a partial value still to be summed.
  }];
  let parameters = (ins "::mlir::Attribute":$mesh_or_ref,
                        ArrayRefParameter<"DimensionShardingAttr", "dimensions">:$dim_shardings,
                        ArrayRefParameter<"AxisRefAttr", "replicated axes">:$replicated_axes,
                        ArrayRefParameter<"AxisRefAttr", "unreduced axes">:$unreduced_axes);
  let extraClassDeclaration = [{
    /// The mesh, inline or looked up from `anchor` (null if the symbol does
    /// not name an sdy.mesh).
    MeshAttr getMesh(::mlir::Operation *anchor) const;
    /// Checks the sharding against the mesh and, when it is a ranked
    /// tensor, `type`; reports through `emitError`.
    ::llvm::LogicalResult verifyFor(::mlir::Type type, ::mlir::Operation *anchor,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def Sdy_TensorShardingPerValueAttr : Sdy_Attr<"TensorShardingPerValue", "sharding_per_value"> {
  let summary = "One sharding per value (an op's results): `<[<@mesh, [...]>, ...]>`.";
  let parameters = (ins ArrayRefParameter<"TensorShardingAttr", "shardings">:$shardings);
}

def Sdy_ManualAxesAttr : Sdy_Attr<"ManualAxes", "manual_axes"> {
  let summary = "The mesh axes a manual computation's body handles itself: `{\"x\", \"y\"}`.";
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr", "axis names">:$axes);
  let extraClassDeclaration = [{
    bool contains(::llvm::StringRef name) const;
  }];
}

def Sdy_OpShardingRuleAttr : Sdy_Attr<"OpShardingRule", "op_sharding_rule"> {
  let summary = "How an op's operand and result dimensions correspond (factors).";
  let description = [{
    `([i, j], [j, k])->([i, k]) {i=2, j=4, k=8}`: each tensor dimension is
    the product of one or more factors (`[ij]`: a dimension made of factors
    `i` then `j`), named `i`..`z`, then `z_1`, `z_2`, ... by factor index.
    Optional factor lists `reduction`, `need_replication`, `permutation`,
    `blocked_propagation`, and `custom` (a rule a frontend attached to a
    custom call). Stored as factor indices:
    `operand_mappings`/`result_mappings` are arrays (one per tensor) of
    arrays (one per dimension) of `DenseI64ArrayAttr`s (the factors).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "factor sizes">:$factor_sizes,
                        "::mlir::ArrayAttr":$operand_mappings,
                        "::mlir::ArrayAttr":$result_mappings,
                        ArrayRefParameter<"int64_t">:$reduction_factors,
                        ArrayRefParameter<"int64_t">:$need_replication_factors,
                        ArrayRefParameter<"int64_t">:$permutation_factors,
                        ArrayRefParameter<"int64_t">:$blocked_propagation_factors,
                        "bool":$is_custom_rule);
}

#endif // XLA_SDY_ATTRS
