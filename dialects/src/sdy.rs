//! The `sdy` (Shardy) sharding annotations of multi-device programs, read as
//! plain data.
//!
//! JAX exports a program for several devices with
//! - `sdy.mesh @mesh = <["x"=2, "y"=2]>` symbols at module level (read with
//!   [`read_mesh_op`], all of a module with [`read_meshes`]; attributes
//!   `sym_name` and `mesh`);
//! - `#sdy.sharding<@mesh, [{"x"}, {}]>` on function arguments and results
//!   (argument/result attribute `sdy.sharding`; [`read_sharding`]), on
//!   `sdy.sharding_constraint` / `sdy.reshard` (attribute `sharding`), and
//!   `#sdy.sharding_per_value<[...]>` on other ops (attribute `sdy.sharding`,
//!   one per result; [`read_sharding_list`]);
//! - `sdy.manual_computation` regions (shard_map, pmap), whose attributes
//!   are `in_shardings` and `out_shardings` (one sharding per operand /
//!   result, on the global types; [`read_sharding_list`]) and `manual_axes`
//!   ([`read_manual_axes`]). The body's block arguments and `sdy.return`
//!   operands have the per-device (local) types: each dimension divided by
//!   the sizes of the manual axes sharding it.
//!
//! The dialect's verifier has already checked what these readers return:
//! mesh symbols resolve, axis names exist and are used once per sharding,
//! one dimension sharding per tensor dimension, local types consistent.
//! The readers go through the C API (`include/xla-c/Sdy.h`), not text.

use melior::ir::{
    Attribute, AttributeLike, BlockLike, Module,
    operation::{OperationLike, OperationRef},
};
use mlir_sys::{
    MlirAttribute, MlirStringRef, mlirAttributeIsAFlatSymbolRef, mlirAttributeIsAString, mlirFlatSymbolRefAttrGetValue,
    mlirStringAttrGetValue,
};

use crate::ffi;

/// One axis of a device mesh.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeshAxis {
    pub name: String,
    pub size: i64,
}

/// A device mesh: the devices as an array of shape `axes[..].size`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mesh {
    pub axes: Vec<MeshAxis>,
    /// The device at each row-major position of the mesh; `None`: device
    /// `d` at position `d`. (`Some(vec![d])` with no axes: a maximal mesh,
    /// everything on device `d`.)
    pub device_ids: Option<Vec<i64>>,
}

/// A reference to a mesh axis, or to a sub-axis `"x":(pre_size)size` of it:
/// the axis viewed as `pre_size x size x rest`, the middle part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AxisRef {
    pub name: String,
    /// `(pre_size, size)` for a sub-axis; `None` for the whole axis.
    pub sub_axis: Option<(i64, i64)>,
}

/// How one tensor dimension is split: over `axes`, major to minor. A closed
/// dimension (`{"x"}`) must not be split further; an open one (`{"x", ?}`)
/// leaves further splitting to propagation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DimSharding {
    pub axes: Vec<AxisRef>,
    pub closed: bool,
}

/// The mesh a sharding is over: the name of an `sdy.mesh` of the module, or
/// an inline mesh.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeshRef {
    Symbol(String),
    Inline(Mesh),
}

/// The sharding of one tensor: one [`DimSharding`] per dimension, and the
/// axes it is explicitly replicated over. (Priorities and unreduced axes:
/// [`read_dim_priorities`], [`read_unreduced_axes`].)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sharding {
    pub mesh: MeshRef,
    pub dims: Vec<DimSharding>,
    pub replicated: Vec<AxisRef>,
}

fn string(s: MlirStringRef) -> String {
    if s.length == 0 {
        return String::new();
    }
    // SAFETY: MLIR string refs point to `length` valid bytes.
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

fn axis_ref(raw: MlirAttribute) -> AxisRef {
    // SAFETY: `raw` is an #sdy.axis_ref taken from a sharding.
    unsafe {
        let size = ffi::xlaSdyAxisRefGetSize(raw);
        AxisRef {
            name: string(ffi::xlaSdyAxisRefGetName(raw)),
            sub_axis: (size != 0).then(|| (ffi::xlaSdyAxisRefGetPreSize(raw), size)),
        }
    }
}

fn mesh(raw: MlirAttribute) -> Mesh {
    // SAFETY: `raw` is an #sdy.mesh (checked by the callers).
    unsafe {
        let axes = (0..ffi::xlaSdyMeshGetNumAxes(raw))
            .map(|i| MeshAxis {
                name: string(ffi::xlaSdyMeshGetAxisName(raw, i)),
                size: ffi::xlaSdyMeshGetAxisSize(raw, i),
            })
            .collect();
        let count = ffi::xlaSdyMeshGetNumDeviceIds(raw);
        let device_ids = (count > 0).then(|| (0..count).map(|i| ffi::xlaSdyMeshGetDeviceId(raw, i)).collect());
        Mesh { axes, device_ids }
    }
}

/// The raw #sdy.sharding, if `attr` is one.
fn as_sharding(attr: MlirAttribute) -> Option<MlirAttribute> {
    // SAFETY: the query accepts any attribute.
    (!attr.ptr.is_null() && unsafe { ffi::xlaSdyAttrIsATensorSharding(attr) }).then_some(attr)
}

fn sharding(raw: MlirAttribute) -> Sharding {
    // SAFETY: `raw` is an #sdy.sharding (checked by the callers); its mesh is
    // a FlatSymbolRefAttr or an #sdy.mesh (the attribute's invariant).
    unsafe {
        let mesh_or_ref = ffi::xlaSdyTensorShardingGetMeshOrRef(raw);
        let mesh = if mlirAttributeIsAFlatSymbolRef(mesh_or_ref) {
            MeshRef::Symbol(string(mlirFlatSymbolRefAttrGetValue(mesh_or_ref)))
        } else {
            MeshRef::Inline(mesh(mesh_or_ref))
        };
        let dims = (0..ffi::xlaSdyTensorShardingGetNumDims(raw))
            .map(|i| {
                let dim = ffi::xlaSdyTensorShardingGetDim(raw, i);
                DimSharding {
                    axes: (0..ffi::xlaSdyDimShardingGetNumAxes(dim))
                        .map(|j| axis_ref(ffi::xlaSdyDimShardingGetAxis(dim, j)))
                        .collect(),
                    closed: ffi::xlaSdyDimShardingIsClosed(dim),
                }
            })
            .collect();
        let replicated = (0..ffi::xlaSdyTensorShardingGetNumReplicated(raw))
            .map(|i| axis_ref(ffi::xlaSdyTensorShardingGetReplicated(raw, i)))
            .collect();
        Sharding { mesh, dims, replicated }
    }
}

/// An `#sdy.sharding<...>` (e.g. a function argument's `sdy.sharding`, or
/// the `sharding` of `sdy.sharding_constraint`); `None` for any other
/// attribute.
pub fn read_sharding(attr: Attribute) -> Option<Sharding> {
    as_sharding(attr.to_raw()).map(sharding)
}

/// A list of shardings, one per value: `sdy.manual_computation`'s
/// `in_shardings` / `out_shardings`, or an op's `sdy.sharding =
/// #sdy.sharding_per_value<[...]>`; `None` for any other attribute.
pub fn read_sharding_list(attr: Attribute) -> Option<Vec<Sharding>> {
    let raw = attr.to_raw();
    // SAFETY: the query accepts any attribute; the accessors get a
    // sharding_per_value.
    unsafe {
        if raw.ptr.is_null() || !ffi::xlaSdyAttrIsATensorShardingPerValue(raw) {
            return None;
        }
        Some(
            (0..ffi::xlaSdyTensorShardingPerValueGetNum(raw))
                .map(|i| sharding(ffi::xlaSdyTensorShardingPerValueGet(raw, i)))
                .collect(),
        )
    }
}

/// An inline `#sdy.mesh<[...]>` attribute (or the `mesh` of `sdy.mesh`).
pub fn read_mesh(attr: Attribute) -> Option<Mesh> {
    let raw = attr.to_raw();
    // SAFETY: the query accepts any attribute.
    (!raw.ptr.is_null() && unsafe { ffi::xlaSdyAttrIsAMesh(raw) }).then(|| mesh(raw))
}

/// `sdy.mesh @name = <...>`: the symbol name and the mesh; `None` for any
/// other op.
pub fn read_mesh_op(op: OperationRef) -> Option<(String, Mesh)> {
    if op.name().as_string_ref().as_str().ok()? != "sdy.mesh" {
        return None;
    }
    let sym_name = op.attribute("sym_name").ok()?.to_raw();
    // SAFETY: the query accepts any attribute.
    if !unsafe { mlirAttributeIsAString(sym_name) } {
        return None;
    }
    // SAFETY: `sym_name` is a string attribute.
    let name = string(unsafe { mlirStringAttrGetValue(sym_name) });
    Some((name, read_mesh(op.attribute("mesh").ok()?)?))
}

/// Every `sdy.mesh` of a module, in order: `(symbol name, mesh)`, to
/// resolve [`MeshRef::Symbol`].
pub fn read_meshes(module: &Module) -> Vec<(String, Mesh)> {
    let mut meshes = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        meshes.extend(read_mesh_op(op));
        next = op.next_in_block();
    }
    meshes
}

/// The `manual_axes` of an `sdy.manual_computation`, in order; `None` for
/// any other op.
pub fn read_manual_axes(op: OperationRef) -> Option<Vec<String>> {
    if op.name().as_string_ref().as_str().ok()? != "sdy.manual_computation" {
        return None;
    }
    let raw = op.attribute("manual_axes").ok()?.to_raw();
    // SAFETY: the query accepts any attribute; the accessors get manual_axes.
    unsafe {
        if !ffi::xlaSdyAttrIsAManualAxes(raw) {
            return None;
        }
        Some((0..ffi::xlaSdyManualAxesGetNum(raw)).map(|i| string(ffi::xlaSdyManualAxesGet(raw, i))).collect())
    }
}

/// The priority (`{"x"}p0`: `Some(0)`) of each dimension sharding of an
/// `#sdy.sharding`; `None` if `attr` is not one.
pub fn read_dim_priorities(attr: Attribute) -> Option<Vec<Option<i64>>> {
    let raw = as_sharding(attr.to_raw())?;
    // SAFETY: `raw` is an #sdy.sharding.
    unsafe {
        Some(
            (0..ffi::xlaSdyTensorShardingGetNumDims(raw))
                .map(|i| {
                    let priority = ffi::xlaSdyDimShardingGetPriority(ffi::xlaSdyTensorShardingGetDim(raw, i));
                    (priority >= 0).then_some(priority)
                })
                .collect(),
        )
    }
}

/// The `unreduced={...}` axes of an `#sdy.sharding`: over them every device
/// holds a partial value, the tensor being their sum. `None` if `attr` is
/// not a sharding.
pub fn read_unreduced_axes(attr: Attribute) -> Option<Vec<AxisRef>> {
    let raw = as_sharding(attr.to_raw())?;
    // SAFETY: `raw` is an #sdy.sharding.
    unsafe {
        Some(
            (0..ffi::xlaSdyTensorShardingGetNumUnreduced(raw))
                .map(|i| axis_ref(ffi::xlaSdyTensorShardingGetUnreduced(raw, i)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{RegionLike, attribute::ArrayAttribute};

    const MODULE_2D: &str = r#"
module @jit__lambda attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x4xf32>) {
      %1 = "stablehlo.reduce_scatter"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %2 : tensor<f32>
      }) : (tensor<4x4xf32>) -> tensor<4x2xf32>
      sdy.return %1 : tensor<4x2xf32>
    } : (tensor<8x8xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
"#;

    fn axis(name: &str) -> AxisRef {
        AxisRef { name: name.into(), sub_axis: None }
    }

    fn dim(names: &[&str]) -> DimSharding {
        DimSharding { axes: names.iter().map(|n| axis(n)).collect(), closed: true }
    }

    fn on_mesh(dims: Vec<DimSharding>) -> Sharding {
        Sharding { mesh: MeshRef::Symbol("mesh".into()), dims, replicated: vec![] }
    }

    #[test]
    fn reads_the_2d_shard_map_example() {
        let context = crate::create_context();
        let module = Module::parse(&context, MODULE_2D).expect("the JAX module parses");
        assert!(module.as_operation().verify());
        let body = module.body();

        let mesh_op = body.first_operation().expect("sdy.mesh");
        let (name, mesh) = read_mesh_op(mesh_op).expect("an sdy.mesh");
        assert_eq!(name, "mesh");
        assert_eq!(
            mesh,
            Mesh {
                axes: vec![MeshAxis { name: "x".into(), size: 2 }, MeshAxis { name: "y".into(), size: 2 }],
                device_ids: None,
            }
        );

        assert_eq!(read_meshes(&module), vec![("mesh".to_string(), mesh.clone())]);

        let func = mesh_op.next_in_block().expect("func.func");
        assert_eq!(read_mesh_op(func), None);
        // Argument and result shardings (function argument attributes).
        let arg_attrs = func.attribute("arg_attrs").expect("arg_attrs");
        let arg0 = ArrayAttribute::try_from(arg_attrs).unwrap().element(0).unwrap();
        let arg0_sharding = unsafe {
            Attribute::from_raw(mlir_sys::mlirDictionaryAttrGetElementByName(
                arg0.to_raw(),
                mlir_sys::mlirStringRefCreateFromCString(c"sdy.sharding".as_ptr()),
            ))
        };
        assert_eq!(read_sharding(arg0_sharding), Some(on_mesh(vec![dim(&["x"]), dim(&[])])));
        assert_eq!(read_dim_priorities(arg0_sharding), Some(vec![None, None]));
        assert_eq!(read_unreduced_axes(arg0_sharding), Some(vec![]));
        assert_eq!(read_sharding_list(arg0_sharding), None);

        let entry = func.region(0).unwrap().first_block().unwrap();
        let manual = entry.first_operation().expect("sdy.manual_computation");
        assert_eq!(manual.name().as_string_ref().as_str().unwrap(), "sdy.manual_computation");
        assert_eq!(read_manual_axes(manual), Some(vec!["x".to_string(), "y".to_string()]));
        assert_eq!(
            read_sharding_list(manual.attribute("in_shardings").unwrap()),
            Some(vec![on_mesh(vec![dim(&["x"]), dim(&["y"])])])
        );
        assert_eq!(
            read_sharding_list(manual.attribute("out_shardings").unwrap()),
            Some(vec![on_mesh(vec![dim(&["y"]), dim(&["x"])])])
        );
        assert_eq!(read_manual_axes(mesh_op), None);
        assert_eq!(read_sharding(manual.attribute("in_shardings").unwrap()), None);
    }

    #[test]
    fn reads_open_dimensions_sub_axes_inline_meshes_and_unreduced_axes() {
        let context = crate::create_context();
        let source = r#"
sdy.mesh @m = <["a"=4, "b"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @f(%x: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %0 = sdy.sharding_constraint %x <@m, [{"a":(1)2, ?}, {?}, {}p1], replicated={"a":(2)2}, unreduced={"b"}> : tensor<8x8x8xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["z"=2]>, [{"z"}, {}, {}]>]>} : tensor<8x8x8xf32>
  return %1 : tensor<8x8x8xf32>
}
"#;
        let module = Module::parse(&context, source).expect("parses");
        assert!(module.as_operation().verify());
        let mesh_op = module.body().first_operation().unwrap();
        let (_, mesh) = read_mesh_op(mesh_op).unwrap();
        assert_eq!(mesh.device_ids, Some(vec![7, 6, 5, 4, 3, 2, 1, 0]));

        let func = mesh_op.next_in_block().unwrap();
        let constraint = func.region(0).unwrap().first_block().unwrap().first_operation().unwrap();
        let attr = constraint.attribute("sharding").unwrap();
        let sharding = read_sharding(attr).unwrap();
        assert_eq!(
            sharding.dims,
            vec![
                DimSharding { axes: vec![AxisRef { name: "a".into(), sub_axis: Some((1, 2)) }], closed: false },
                DimSharding { axes: vec![], closed: false },
                DimSharding { axes: vec![], closed: true },
            ]
        );
        assert_eq!(sharding.replicated, vec![AxisRef { name: "a".into(), sub_axis: Some((2, 2)) }]);
        assert_eq!(read_dim_priorities(attr), Some(vec![None, None, Some(1)]));
        assert_eq!(read_unreduced_axes(attr), Some(vec![axis("b")]));

        let add = constraint.next_in_block().unwrap();
        let list = read_sharding_list(add.attribute("sdy.sharding").unwrap()).unwrap();
        assert_eq!(
            list[0].mesh,
            MeshRef::Inline(Mesh { axes: vec![MeshAxis { name: "z".into(), size: 2 }], device_ids: None })
        );
        assert_eq!(list[0].dims[0], dim(&["z"]));
    }
}
