//===- SdyOps.td - sdy (Shardy) dialect: meshes and shardings ------------===//
//
// The subset of OpenXLA Shardy's `sdy` dialect that JAX emits for
// multi-device programs: device meshes, sharding attributes, sharding
// constraints, and manual computations (shard_map / pmap bodies). Written
// for this project: it parses, verifies and prints these ops; the
// partitioner that consumes them reads them through the C API
// (xla-c/Sdy.h) and `xla_dialects::sdy`.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_SDY_OPS
#define XLA_SDY_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::xla::sdy";
  let summary = "Device meshes and tensor shardings (the syntax of OpenXLA Shardy).";
  let description = [{
    JAX exports multi-device programs with `sdy.mesh` symbols, `#sdy.sharding`
    attributes on function arguments and results, `sdy.sharding_constraint`
    ops and `sdy.manual_computation` regions. This dialect gives them a
    structure (and checks it) so that a partitioner can read them.
  }];
  let useDefaultAttributePrinterParser = 1;
  // `sdy.sharding` / `sdy.sharding_rule` on other ops, function arguments
  // and results are checked against the values they describe.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

include "xla/Dialect/Sdy/SdyAttrs.td"

// (In the examples below `} ]` is spaced apart because `}]` would end the
// TableGen code block; the printed form has no space.)

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol]> {
  let summary = "A named device mesh, at module level.";
  let description = [{
    ```mlir
    sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {...}}
    ```
    Shardings refer to it by name (`<@mesh, ...>`). Axis names are unique
    and sizes positive; explicit `device_ids` are a permutation of
    `0..N-1` for N the product of the sizes (or one id for the empty mesh).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_MeshAttr:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
  let hasVerifier = 1;
}

def Sdy_ShardingConstraintOp : Sdy_Op<"sharding_constraint",
    [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "The value, with its sharding fixed at this point.";
  let description = [{
    ```mlir
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x", "y"}, {} ]> : tensor<8x8xf32>
    ```
    Open dimensions (`?`) leave the choice to propagation
    (`with_sharding_constraint` with `P.UNCONSTRAINED`).
  }];
  let arguments = (ins AnyType:$input, Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReshardOp : Sdy_Op<"reshard", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "The value, moved to another sharding (communication).";
  let description = [{
    ```mlir
    %1 = sdy.reshard %0 <@mesh, [{"y"}, {"x"} ]> : tensor<8x8xf32>
    ```
  }];
  let arguments = (ins AnyType:$input, Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">,
     IsolatedFromAbove]> {
  let summary = "A per-device body over manual mesh axes (shard_map, pmap).";
  let description = [{
    ```mlir
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"} ]>]
        out_shardings=[<@mesh, [{"y"}, {"x"} ]>] manual_axes={"x", "y"}
        (%arg1: tensor<4x4xf32>) {
      ...
      sdy.return %1 : tensor<4x2xf32>
    } : (tensor<8x8xf32>) -> tensor<8x4xf32>
    ```
    Attributes: `in_shardings` and `out_shardings` (TensorShardingPerValue:
    one sharding per operand and per result, on the global types),
    `manual_axes` (ManualAxes). The body runs on every device with *local*
    values: a block argument's dimension `d` is the operand's dimension `d`
    divided by the product of the sizes of the manual axes in
    `in_shardings[i]`'s dimension `d`; likewise `sdy.return`'s operands are
    the local results. Collectives inside the body address devices
    explicitly. Axes that are not manual stay for the partitioner
    (partially manual `shard_map`); in each dimension the manual axes come
    first.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$tensors,
                       Sdy_TensorShardingPerValueAttr:$in_shardings,
                       Sdy_TensorShardingPerValueAttr:$out_shardings,
                       Sdy_ManualAxesAttr:$manual_axes);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, Terminator, ReturnLike,
    HasParent<"ManualComputationOp">]> {
  let summary = "The local results of a manual computation's body.";
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // XLA_SDY_OPS
