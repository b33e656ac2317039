//! `xla-spmd-partition`: programs written for several devices, as JAX
//! exports them, become one SPMD program that every device runs on the
//! *global* arrays.
//!
//! JAX states the split of data over devices in two forms:
//!
//! - Shardy (jax ≥ 0.7's default): `sdy.mesh @mesh = <["x"=2, "y"=2]>`, and
//!   for `shard_map`/`pmap` an `sdy.manual_computation(%global) in_shardings=[...]
//!   out_shardings=[...] manual_axes={...} (%local: ...) { body }` whose body
//!   is per-device code on local shapes;
//! - GSPMD (`jax_use_shardy_partitioner=False`): custom calls
//!   `@Sharding {mhlo.sharding = "{devices=[4,1]<=[4]}"}` followed by
//!   `@SPMDFullToShardShape` around the call of the per-device body, and
//!   `@SPMDShardToFullShape` after it.
//!
//! Both become plain StableHLO:
//!
//! ```mlir
//! %local = sdy.manual_computation(%g) in_shardings=[<@mesh, [{"i"}, {}]>] ... (%a: tensor<2x3xf32>) { body }
//! // becomes, on device p (= stablehlo.partition_id):
//! %offsets = stablehlo.constant dense<[0, 2, 4, 6]> : tensor<4xi64>   // row offset of each device
//! %row = stablehlo.dynamic_slice %offsets, %p, sizes = [1] ...         // then reshaped to a scalar
//! %a = stablehlo.dynamic_slice %g, %row, %zero, sizes = [2, 3]
//! body (inlined)
//! %global = stablehlo.all_gather(%result) {all_gather_dim = 0, replica_groups = [[0, 1, 2, 3]], ...}
//! ```
//!
//! A device's part of an argument is a slice at offsets read from a table
//! indexed by the partition id (built here from the mesh, its device order
//! and the sharding, so any device order works); a result is assembled by
//! one all_gather per sharded dimension over the devices that differ only
//! in that dimension's tile, in tile order; dimensions not sharded over a
//! manual axis are already whole. Code outside manual computations runs on
//! the global arrays, on every device (the same values everywhere): a
//! correct program, not yet a split of its work — `jax.jit` programs with
//! only sharding annotations (`sdy.sharding`, `mhlo.sharding`) thus run
//! whole on each device. `sdy.sharding_constraint`, `sdy.reshard` and
//! `@Sharding` are the identity; `sdy.mesh` ops are erased.
//!
//! Device ids are partition ids: a manual computation in a module with
//! `mhlo.num_replicas > 1` is refused.

use crate::op_name;
use crate::builders::{self, BuildResult, static_shape};
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Location, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::StringAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{IntegerType, RankedTensorType},
    },
    pass::{ExternalPass, Pass},
};
use xla_dialects::sdy;

/// How a global array is split over the devices of a program.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiling {
    /// Per dimension, the number of tiles.
    pub tiles: Vec<i64>,
    /// Per device, its tile coordinate in each dimension.
    pub coords: Vec<Vec<i64>>,
    /// Per dimension and device, what identifies the devices that hold the
    /// same data apart from that dimension (gather groups).
    pub keys: Vec<Vec<Vec<i64>>>,
}

impl Tiling {
    fn check(&self, shape: &[i64], what: &str) -> BuildResult<Vec<i64>> {
        if self.tiles.len() != shape.len() {
            return Err(format!("{what}: a sharding of rank {} for a value of rank {}", self.tiles.len(), shape.len()).into());
        }
        shape
            .iter()
            .zip(&self.tiles)
            .enumerate()
            .map(|(d, (&size, &tiles))| {
                if size % tiles != 0 {
                    Err(format!("{what}: dimension {d} of size {size} is not divisible by its {tiles} tiles").into())
                } else {
                    Ok(size / tiles)
                }
            })
            .collect()
    }

    /// The gather groups of dimension `dim`: devices with equal keys, each
    /// group in tile order.
    fn groups(&self, dim: usize) -> Vec<Vec<i64>> {
        let mut groups: Vec<(Vec<i64>, Vec<i64>)> = Vec::new();
        for (device, key) in self.keys[dim].iter().enumerate() {
            match groups.iter_mut().find(|(k, _)| k == key) {
                Some((_, members)) => members.push(device as i64),
                None => groups.push((key.clone(), vec![device as i64])),
            }
        }
        groups
            .into_iter()
            .map(|(_, mut members)| {
                members.sort_by_key(|&d| self.coords[d as usize][dim]);
                members
            })
            .collect()
    }

    /// From a Shardy sharding over `mesh`, counting only `manual` axes.
    pub fn from_sdy(sharding: &sdy::Sharding, mesh: &sdy::Mesh, manual: &[String]) -> BuildResult<Self> {
        let sizes: Vec<i64> = mesh.axes.iter().map(|a| a.size).collect();
        let devices: i64 = sizes.iter().product();
        let axis_index = |name: &str| {
            mesh.axes.iter().position(|a| a.name == name).ok_or_else(|| format!("axis \"{name}\" is not in the mesh"))
        };
        // Mesh position of each device.
        let mut position = vec![0i64; devices as usize];
        match &mesh.device_ids {
            Some(ids) => {
                if ids.len() != devices as usize {
                    return Err(format!("the mesh lists {} device ids for {devices} devices", ids.len()).into());
                }
                for (pos, &id) in ids.iter().enumerate() {
                    if id < 0 || id >= devices {
                        return Err(format!("the mesh names device {id}, but it has {devices}").into());
                    }
                    position[id as usize] = pos as i64;
                }
            }
            None => position.iter_mut().enumerate().for_each(|(d, p)| *p = d as i64),
        }
        let mesh_coords = |device: usize| -> Vec<i64> {
            let mut rest = position[device];
            let mut coords = vec![0; sizes.len()];
            for a in (0..sizes.len()).rev() {
                coords[a] = rest % sizes[a];
                rest /= sizes[a];
            }
            coords
        };
        // Per dimension, the (axis, pre-size, size) refs that split it.
        let mut refs: Vec<Vec<(usize, i64, i64)>> = Vec::new();
        for dim in &sharding.dims {
            let mut these = Vec::new();
            for axis in &dim.axes {
                if !manual.contains(&axis.name) {
                    continue;
                }
                let index = axis_index(&axis.name)?;
                let (pre, size) = axis.sub_axis.unwrap_or((1, sizes[index]));
                these.push((index, pre, size));
            }
            refs.push(these);
        }
        let tiles: Vec<i64> = refs.iter().map(|r| r.iter().map(|&(_, _, size)| size).product()).collect();
        let mut coords = Vec::new();
        let mut residuals = Vec::new();
        for device in 0..devices as usize {
            let mesh = mesh_coords(device);
            let mut per_dim = Vec::new();
            let mut residual_per_dim = Vec::new();
            for these in &refs {
                let mut coord = 0;
                let mut residual = mesh.clone();
                for &(axis, pre, size) in these {
                    let digit = (mesh[axis] / pre) % size;
                    coord = coord * size + digit;
                    residual[axis] -= digit * pre;
                }
                per_dim.push(coord);
                residual_per_dim.push(residual);
            }
            coords.push(per_dim);
            residuals.push(residual_per_dim);
        }
        let keys = (0..refs.len())
            .map(|dim| {
                (0..devices as usize)
                    .map(|device| {
                        let mut key: Vec<i64> = coords[device].iter().enumerate().filter(|&(d, _)| d != dim).map(|(_, &c)| c).collect();
                        key.extend(&residuals[device][dim]);
                        key
                    })
                    .collect()
            })
            .collect();
        Ok(Self { tiles, coords, keys })
    }

    /// From an HLO sharding string (`{devices=[2,1,2]<=[2,2]T(1,0)
    /// last_tile_dim_replicate}`, `{replicated}`, ...) for a value of `rank`
    /// on `devices` devices.
    pub fn from_hlo(text: &str, rank: usize, devices: i64) -> BuildResult<Self> {
        let bad = |why: &str| format!("unsupported mhlo.sharding \"{text}\": {why}");
        let inner = text.trim().strip_prefix('{').and_then(|t| t.strip_suffix('}')).ok_or_else(|| bad("not in braces"))?.trim();
        if inner == "replicated" || inner.starts_with("maximal") || inner.is_empty() {
            let coords = vec![vec![0; rank]; devices as usize];
            let keys = (0..rank).map(|_| (0..devices).map(|d| vec![d]).collect()).collect();
            return Ok(Self { tiles: vec![1; rank], coords, keys });
        }
        let rest = inner.strip_prefix("devices=[").ok_or_else(|| bad("expected devices=[...]"))?;
        let close = rest.find(']').ok_or_else(|| bad("unclosed ["))?;
        let parse_list = |list: &str| -> BuildResult<Vec<i64>> {
            list.split(',').map(|v| v.trim().parse::<i64>().map_err(|_| crate::error::LowerError::from(bad("a malformed number")))).collect()
        };
        let dims = parse_list(&rest[..close])?;
        if dims.iter().any(|&d| d < 1) {
            return Err(bad("a tile count is not positive").into());
        }
        let mut rest = rest[close + 1..].trim_start();
        let count = dims.iter().try_fold(1i64, |n, &d| n.checked_mul(d)).ok_or_else(|| bad("too many tiles"))?;
        if count != devices {
            return Err(bad(&format!("it assigns {count} devices, the program has {devices}")).into());
        }
        let assignment: Vec<i64> = if let Some(iota) = rest.strip_prefix("<=[") {
            let close = iota.find(']').ok_or_else(|| bad("unclosed <=["))?;
            let reshape = parse_list(&iota[..close])?;
            rest = iota[close + 1..].trim_start();
            let mut permutation: Vec<usize> = (0..reshape.len()).collect();
            if let Some(t) = rest.strip_prefix("T(") {
                let close = t.find(')').ok_or_else(|| bad("unclosed T("))?;
                permutation = parse_list(&t[..close])?.into_iter().map(|p| p as usize).collect();
                rest = t[close + 1..].trim_start();
            }
            if reshape.iter().any(|&d| d < 1) {
                return Err(bad("an iota dimension is not positive").into());
            }
            if permutation.len() != reshape.len() || reshape.iter().try_fold(1i64, |n, &d| n.checked_mul(d)) != Some(count) {
                return Err(bad("iota shapes do not agree").into());
            }
            let mut seen = vec![false; permutation.len()];
            for &p in &permutation {
                if p >= seen.len() || std::mem::replace(&mut seen[p], true) {
                    return Err(bad("the transpose is not a permutation").into());
                }
            }
            // iota(count).reshape(reshape).transpose(permutation), flattened.
            let transposed: Vec<i64> = permutation.iter().map(|&p| reshape[p]).collect();
            let mut values = Vec::with_capacity(count as usize);
            for flat in 0..count {
                let mut index = vec![0i64; transposed.len()];
                let mut r = flat;
                for a in (0..transposed.len()).rev() {
                    index[a] = r % transposed[a];
                    r /= transposed[a];
                }
                let mut source = vec![0i64; reshape.len()];
                for (a, &p) in permutation.iter().enumerate() {
                    source[p] = index[a];
                }
                values.push(source.iter().zip(&reshape).fold(0, |acc, (&i, &n)| acc * n + i));
            }
            values
        } else {
            let end = rest.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(rest.len());
            let values = parse_list(&rest[..end])?;
            rest = rest[end..].trim_start();
            values
        };
        if assignment.len() != count as usize || count != devices {
            return Err(bad(&format!("it assigns {} devices, the program has {devices}", assignment.len())).into());
        }
        let extra = if rest.starts_with("last_tile_dim_replicate") {
            1
        } else if let Some(list) = rest.strip_prefix("last_tile_dims={") {
            list.split('}').next().unwrap_or("").split(',').count()
        } else if rest.is_empty() {
            0
        } else {
            return Err(bad(&format!("unknown '{rest}'")).into());
        };
        if dims.len() != rank + extra {
            return Err(bad(&format!("{} tile dimensions for a value of rank {rank}", dims.len())).into());
        }
        let mut coords = vec![vec![0i64; rank]; devices as usize];
        let mut full = vec![vec![0i64; dims.len()]; devices as usize];
        let mut placed = vec![false; devices as usize];
        for (flat, &device) in assignment.iter().enumerate() {
            if device < 0 || device >= devices {
                return Err(bad(&format!("device {device} does not exist")).into());
            }
            if std::mem::replace(&mut placed[device as usize], true) {
                return Err(bad(&format!("device {device} is assigned twice")).into());
            }
            let mut r = flat as i64;
            for a in (0..dims.len()).rev() {
                full[device as usize][a] = r % dims[a];
                r /= dims[a];
            }
            coords[device as usize] = full[device as usize][..rank].to_vec();
        }
        let keys = (0..rank)
            .map(|dim| {
                (0..devices as usize)
                    .map(|d| full[d].iter().enumerate().filter(|&(a, _)| a != dim).map(|(_, &c)| c).collect())
                    .collect()
            })
            .collect();
        Ok(Self { tiles: dims[..rank].to_vec(), coords, keys })
    }
}

/// Inserts StableHLO ops before `anchor`.
struct Builder<'c, 'a> {
    context: &'c Context,
    anchor: OperationRef<'c, 'a>,
    location: Location<'c>,
}

impl<'c, 'a> Builder<'c, 'a> {
    fn insert(&self, op: melior::ir::Operation<'c>) -> BuildResult<Value<'c, 'a>> {
        let block = self.anchor.block().ok_or("internal error: op outside a block")?;
        let inserted = block.insert_operation_before(self.anchor, op);
        let value: Value = inserted.result(0)?.into();
        // SAFETY: the op is in the IR, which outlives this builder.
        Ok(unsafe { crate::builders::detach(value) })
    }

    fn tensor(&self, shape: &[i64], element: Type<'c>) -> Type<'c> {
        let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
        RankedTensorType::new(&dims, element, None).into()
    }

    fn hlo(&self, name: &str, operands: &[Value<'c, '_>], result: Type<'c>, attributes: &[(&str, Attribute<'c>)]) -> BuildResult<Value<'c, 'a>> {
        self.insert(builders::hlo_op(self.context, self.location, name, operands, &[result], attributes)?)
    }

    /// This device's partition id as `tensor<i64>`.
    fn partition_id(&self) -> BuildResult<Value<'c, 'a>> {
        let ui32 = self.tensor(&[], IntegerType::unsigned(self.context, 32).into());
        let id = self.hlo("stablehlo.partition_id", &[], ui32, &[])?;
        self.hlo("stablehlo.convert", &[id], self.tensor(&[], IntegerType::new(self.context, 64).into()), &[])
    }

    /// The slice of `global` that device `partition` holds under `tiling`.
    fn local_part(&self, global: Value<'c, '_>, tiling: &Tiling, partition: Value<'c, '_>, what: &str) -> BuildResult<Value<'c, 'a>> {
        let shape = static_shape(global.r#type())?;
        let local = tiling.check(&shape, what)?;
        let i64_type: Type = IntegerType::new(self.context, 64).into();
        let scalar = self.tensor(&[], i64_type);
        let devices = tiling.coords.len();
        let mut starts = Vec::new();
        for (dim, &size) in local.iter().enumerate() {
            if tiling.tiles[dim] == 1 {
                starts.push(self.insert(builders::hlo_int_constant(self.context, self.location, &[0], scalar)?)?);
                continue;
            }
            let offsets: Vec<i64> = tiling.coords.iter().map(|c| c[dim] * size).collect();
            let table_type = self.tensor(&[devices as i64], i64_type);
            let table = self.insert(builders::hlo_int_constant(self.context, self.location, &offsets, table_type)?)?;
            let one = self.hlo(
                "stablehlo.dynamic_slice",
                &[table, partition],
                self.tensor(&[1], i64_type),
                &[("slice_sizes", builders::i64_array_attribute(self.context, &[1]))],
            )?;
            starts.push(self.hlo("stablehlo.reshape", &[one], scalar, &[])?);
        }
        let mut operands = vec![global];
        operands.extend(starts.iter().map(|v| -> Value { *v }));
        let element = builders::element_type(global.r#type())?;
        self.hlo("stablehlo.dynamic_slice", &operands, self.tensor(&local, element), &[("slice_sizes", builders::i64_array_attribute(self.context, &local))])
    }

    /// The global array whose part on each device is `local`.
    fn assemble(&self, local: Value<'c, '_>, tiling: &Tiling, what: &str, global_type: Type<'c>) -> BuildResult<Value<'c, 'a>> {
        let global_shape = static_shape(global_type)?;
        let expected = tiling.check(&global_shape, what)?;
        let mut shape = static_shape(local.r#type())?;
        if shape != expected {
            return Err(format!("{what}: the local shape {shape:?} is not the global {global_shape:?} split by the sharding").into());
        }
        let element = builders::element_type(local.r#type())?;
        // SAFETY: the value is in the IR, which outlives this builder.
        let mut value: Value<'c, 'a> = unsafe { crate::builders::detach(local) };
        for dim in 0..shape.len() {
            if tiling.tiles[dim] == 1 {
                continue;
            }
            let groups = tiling.groups(dim);
            let flat: Vec<i64> = groups.concat();
            let replica_groups = builders::dense_i64_attribute(self.context, &flat, &[groups.len() as i64, groups[0].len() as i64])?;
            shape[dim] *= tiling.tiles[dim];
            value = self.hlo(
                "stablehlo.all_gather",
                &[value],
                self.tensor(&shape, element),
                &[
                    ("all_gather_dim", builders::i64_attribute(self.context, dim as i64)),
                    ("replica_groups", replica_groups),
                    ("channel_handle", xla_dialects::channel_handle_attribute(self.context, 1, 1)),
                    ("use_global_device_ids", builders::unit_attribute(self.context)),
                ],
            )?;
        }
        Ok(value)
    }
}

fn replace_all_uses(of: Value, with: Value) {
    // SAFETY: both values are live and of the same type.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(of.to_raw(), with.to_raw()) }
}

fn erase(op: OperationRef) {
    // SAFETY: the op has no remaining uses of its results; it is destroyed once.
    unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) }
}

/// The (replicas, partitions) of the module.
fn module_devices(module: OperationRef) -> (i64, i64) {
    crate::stablehlo_to_linalg::spmd::devices_of(module)
}

/// Lowers one `sdy.manual_computation`.
fn lower_manual(context: &Context, op: OperationRef, meshes: &[(String, sdy::Mesh)], partitions: i64) -> BuildResult<()> {
    let location = op.location();
    let in_shardings = op.attribute("in_shardings").ok().and_then(sdy::read_sharding_list).ok_or("manual_computation without in_shardings")?;
    let out_shardings = op.attribute("out_shardings").ok().and_then(sdy::read_sharding_list).ok_or("manual_computation without out_shardings")?;
    let manual = sdy::read_manual_axes(op).unwrap_or_default();
    let mesh_of = |sharding: &sdy::Sharding| -> BuildResult<sdy::Mesh> {
        match &sharding.mesh {
            sdy::MeshRef::Inline(mesh) => Ok(mesh.clone()),
            sdy::MeshRef::Symbol(name) => {
                meshes.iter().find(|(n, _)| n == name).map(|(_, m)| m.clone()).ok_or_else(|| format!("no sdy.mesh named @{name}")).map_err(crate::error::LowerError::from)
            }
        }
    };
    let tiling = |sharding: &sdy::Sharding| -> BuildResult<Tiling> {
        let mesh = mesh_of(sharding)?;
        let devices: i64 = mesh.axes.iter().map(|a| a.size).product();
        if devices != partitions {
            return Err(format!("the mesh has {devices} devices, but the module has mhlo.num_partitions = {partitions}").into());
        }
        Tiling::from_sdy(sharding, &mesh, &manual)
    };
    let builder = Builder { context, anchor: op, location };
    let body = op.region(0)?.first_block().ok_or("manual_computation without a body")?;
    let operands: Vec<Value> = op.operands().collect();
    if operands.len() != in_shardings.len() || op.result_count() != out_shardings.len() {
        return Err("manual_computation: the shardings do not match the operands and results".into());
    }
    let partition = builder.partition_id()?;
    for (index, (operand, sharding)) in operands.iter().zip(&in_shardings).enumerate() {
        let local = builder.local_part(*operand, &tiling(sharding)?, partition, &format!("operand {index}"))?;
        let argument: Value = body.argument(index)?.into();
        if argument.r#type() != local.r#type() {
            return Err(format!("operand {index}: the body takes {}, the sharding gives {}", argument.r#type(), local.r#type()).into());
        }
        replace_all_uses(argument, local);
    }
    // Move the body before the op.
    let terminator = body.terminator().ok_or("manual_computation body without terminator")?;
    while let Some(inner) = body.first_operation() {
        if inner == terminator {
            break;
        }
        // SAFETY: both ops are live; `inner` moves out of the body.
        unsafe { mlir_sys::mlirOperationMoveBefore(inner.to_raw(), op.to_raw()) };
    }
    let locals: Vec<Value> = terminator.operands().collect();
    for (index, (local, sharding)) in locals.iter().zip(&out_shardings).enumerate() {
        let result: Value = op.result(index)?.into();
        let global = builder.assemble(*local, &tiling(sharding)?, &format!("result {index}"), result.r#type())?;
        replace_all_uses(result, global);
    }
    erase(op);
    Ok(())
}

fn string_attribute(op: OperationRef, name: &str) -> Option<String> {
    op.attribute(name).ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

fn custom_call_target(op: OperationRef) -> Option<String> {
    (op_name(&op) == "stablehlo.custom_call").then(|| string_attribute(op, "call_target_name")).flatten()
}

/// Lowers a GSPMD `@SPMDFullToShardShape` / `@SPMDShardToFullShape`.
fn lower_gspmd(context: &Context, op: OperationRef, partitions: i64) -> BuildResult<()> {
    let target = custom_call_target(op).unwrap_or_default();
    let operand: Value = op.operand(0)?;
    let result: Value = op.result(0)?.into();
    let builder = Builder { context, anchor: op, location: op.location() };
    if target == "SPMDFullToShardShape" {
        // The tiling is that of the @Sharding op that produces the operand.
        // SAFETY: `operand` is a live value; its owner is asked for only
        // when it is an op result.
        if unsafe { !mlir_sys::mlirValueIsAOpResult(operand.to_raw()) } {
            return Err("SPMDFullToShardShape of a block argument (expected a @Sharding custom_call)".into());
        }
        // SAFETY: the owner of a live op result.
        let producer = unsafe { OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(operand.to_raw())) };
        let sharding = string_attribute(producer, "mhlo.sharding").ok_or("SPMDFullToShardShape's operand has no mhlo.sharding")?;
        let rank = static_shape(operand.r#type())?.len();
        let tiling = Tiling::from_hlo(&sharding, rank, partitions)?;
        let partition = builder.partition_id()?;
        let local = builder.local_part(operand, &tiling, partition, "SPMDFullToShardShape")?;
        if local.r#type() != result.r#type() {
            return Err(format!("the result type must be {}", local.r#type()).into());
        }
        replace_all_uses(result, local);
    } else {
        let sharding = string_attribute(op, "mhlo.sharding").ok_or("SPMDShardToFullShape without mhlo.sharding")?;
        let rank = static_shape(result.r#type())?.len();
        let tiling = Tiling::from_hlo(&sharding, rank, partitions)?;
        let global = builder.assemble(operand, &tiling, "SPMDShardToFullShape", result.r#type())?;
        replace_all_uses(result, global);
    }
    erase(op);
    Ok(())
}

const SHARDING: &str = "sdy.sharding";

/// Removes `sdy.sharding` from `op` and, for a function, from its argument
/// and result attributes.
fn strip_sharding_attributes(context: &Context, op: OperationRef) {
    let name = std::ffi::CString::new(SHARDING).expect("no NUL");
    // SAFETY: `op` is live; the names outlive the calls; every attribute
    // accessor is called on an attribute of the kind it expects.
    unsafe {
        let key = mlir_sys::mlirStringRefCreateFromCString(name.as_ptr());
        mlir_sys::mlirOperationRemoveAttributeByName(op.to_raw(), key);
        if op_name(&op) != "func.func" {
            return;
        }
        for list in ["arg_attrs", "res_attrs"] {
            let list_name = std::ffi::CString::new(list).expect("no NUL");
            let list_key = mlir_sys::mlirStringRefCreateFromCString(list_name.as_ptr());
            let array = mlir_sys::mlirOperationGetAttributeByName(op.to_raw(), list_key);
            if array.ptr.is_null() || !mlir_sys::mlirAttributeIsAArray(array) {
                continue;
            }
            let mut dictionaries = Vec::new();
            for i in 0..mlir_sys::mlirArrayAttrGetNumElements(array) {
                let dictionary = mlir_sys::mlirArrayAttrGetElement(array, i);
                if !mlir_sys::mlirAttributeIsADictionary(dictionary) {
                    dictionaries.push(dictionary);
                    continue;
                }
                let mut entries = Vec::new();
                for j in 0..mlir_sys::mlirDictionaryAttrGetNumElements(dictionary) {
                    let entry = mlir_sys::mlirDictionaryAttrGetElement(dictionary, j);
                    let entry_name = mlir_sys::mlirIdentifierStr(entry.name);
                    let text = std::slice::from_raw_parts(entry_name.data.cast::<u8>(), entry_name.length);
                    if text != SHARDING.as_bytes() {
                        entries.push(entry);
                    }
                }
                dictionaries.push(mlir_sys::mlirDictionaryAttrGet(context.to_raw(), entries.len() as isize, entries.as_ptr()));
            }
            let rebuilt = mlir_sys::mlirArrayAttrGet(context.to_raw(), dictionaries.len() as isize, dictionaries.as_ptr());
            mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), list_key, rebuilt);
        }
    }
}

fn collect(module: OperationRef, wanted: impl Fn(OperationRef) -> bool) -> Vec<mlir_sys::MlirOperation> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if wanted(op) {
            found.push(op.to_raw());
        }
        WalkResult::Advance
    });
    found
}

/// Runs the rewrite on `module`; errors are reported at the op.
fn partition(context: &Context, module: OperationRef) -> bool {
    let (replicas, partitions) = module_devices(module);
    let mut ok = true;
    let mut report = |op: OperationRef, message: String| {
        crate::diagnostics::emit_error(op.location(), &message);
        ok = false;
    };
    // Meshes.
    let mut meshes = Vec::new();
    for raw in collect(module, |op| op_name(&op) == "sdy.mesh") {
        // SAFETY: collected from the live module above.
        let op = unsafe { OperationRef::from_raw(raw) };
        if let Some(mesh) = sdy::read_mesh_op(op) {
            meshes.push(mesh);
        }
    }
    // Manual computations, innermost first (post-order).
    let mut manual = collect(module, |op| op_name(&op) == "sdy.manual_computation");
    manual.reverse();
    for raw in manual {
        // SAFETY: collected above; inner ones are processed (and erased)
        // before the outer ones that contain them.
        let op = unsafe { OperationRef::from_raw(raw) };
        if replicas > 1 {
            report(op, format!("a manual computation in a module with mhlo.num_replicas = {replicas} is not supported (devices are partitions)"));
            return false;
        }
        if let Err(message) = lower_manual(context, op, &meshes, partitions) {
            report(op, format!("cannot partition 'sdy.manual_computation': {message}"));
            return false;
        }
    }
    // GSPMD.
    for raw in collect(module, |op| {
        matches!(custom_call_target(op).as_deref(), Some("SPMDFullToShardShape" | "SPMDShardToFullShape"))
    }) {
        // SAFETY: collected above; each is erased once.
        let op = unsafe { OperationRef::from_raw(raw) };
        if replicas > 1 {
            report(op, format!("a manual computation in a module with mhlo.num_replicas = {replicas} is not supported (devices are partitions)"));
            return false;
        }
        if let Err(message) = lower_gspmd(context, op, partitions) {
            report(op, format!("cannot partition '{}': {message}", custom_call_target(op).unwrap_or_default()));
            return false;
        }
    }
    // Sharding annotations name the meshes, which go: drop them.
    for raw in collect(module, |_| true) {
        // SAFETY: collected above; only attributes change.
        strip_sharding_attributes(context, unsafe { OperationRef::from_raw(raw) });
    }
    // Identities and meshes.
    for raw in collect(module, |op| {
        matches!(op_name(&op).as_str(), "sdy.sharding_constraint" | "sdy.reshard" | "sdy.mesh")
            || custom_call_target(op).as_deref() == Some("Sharding")
    }) {
        // SAFETY: collected above.
        let op = unsafe { OperationRef::from_raw(raw) };
        if op.result_count() == 1 && op.operand_count() >= 1 {
            let (Ok(operand), Ok(result)) = (op.operand(0), op.result(0)) else { continue };
            replace_all_uses(result.into(), operand);
        }
        erase(op);
    }
    ok
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_spmd_partition_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            // SAFETY: the module's context outlives the pass run.
            let context = crate::context_of(module.context());
            if !partition(context, module) {
                pass.signal_failure();
            }
        },
        "XlaSpmdPartition",
        "xla-spmd-partition",
        "Turn JAX's multi-device programs (Shardy manual computations, GSPMD custom calls) into one SPMD program on global arrays",
        "builtin.module",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_hlo_shardings_are_errors() {
        for text in [
            "{devices=[4,1]<=[2,2]T(1,-2147483648)}",
            "{devices=[4,1]<=[2,2]T(0,0)}",
            "{devices=[-4,-1]<=[4]}",
            "{devices=[4,1]<=[-2,-2]}",
            "{devices=[9223372036854775807,2]<=[4]}",
            "{devices=[4,1]0,1,1,3}",
        ] {
            assert!(Tiling::from_hlo(text, 2, 4).is_err(), "{text}");
        }
    }

    #[test]
    fn hlo_iota_with_transpose_and_replication() {
        // devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate: assignment
        // [[0, 2]], [[1, 3]] -> device 0 and 2 hold row tile 0.
        let t = Tiling::from_hlo("{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}", 2, 4).unwrap();
        assert_eq!(t.tiles, vec![2, 1]);
        assert_eq!(t.coords, vec![vec![0, 0], vec![1, 0], vec![0, 0], vec![1, 0]]);
        assert_eq!(t.groups(0), vec![vec![0, 1], vec![2, 3]]);
        let t = Tiling::from_hlo("{devices=[4,1]<=[4]}", 2, 4).unwrap();
        assert_eq!(t.groups(0), vec![vec![0, 1, 2, 3]]);
        let t = Tiling::from_hlo("{devices=[2,2]3,2,1,0}", 2, 4).unwrap();
        assert_eq!(t.coords[3], vec![0, 0]);
        assert!(Tiling::from_hlo("{devices=[3,1]<=[3]}", 2, 4).is_err());
        assert_eq!(Tiling::from_hlo("{replicated}", 1, 4).unwrap().tiles, vec![1]);
    }

    #[test]
    fn sdy_two_axes() {
        let mesh = sdy::Mesh {
            axes: vec![sdy::MeshAxis { name: "x".into(), size: 2 }, sdy::MeshAxis { name: "y".into(), size: 2 }],
            device_ids: None,
        };
        let axis = |n: &str| sdy::AxisRef { name: n.into(), sub_axis: None };
        let sharding = sdy::Sharding {
            mesh: sdy::MeshRef::Symbol("mesh".into()),
            dims: vec![sdy::DimSharding { axes: vec![axis("y")], closed: true }, sdy::DimSharding { axes: vec![axis("x")], closed: true }],
            replicated: vec![],
        };
        let t = Tiling::from_sdy(&sharding, &mesh, &["x".into(), "y".into()]).unwrap();
        // device d = 2x + y: dim 0 tile = y, dim 1 tile = x.
        assert_eq!(t.coords, vec![vec![0, 0], vec![1, 0], vec![0, 1], vec![1, 1]]);
        assert_eq!(t.groups(0), vec![vec![0, 1], vec![2, 3]]);
        assert_eq!(t.groups(1), vec![vec![0, 2], vec![1, 3]]);
        // Only "x" sharding dim 0 (a P("x") result replicated over "y").
        let sharding = sdy::Sharding {
            mesh: sdy::MeshRef::Symbol("mesh".into()),
            dims: vec![sdy::DimSharding { axes: vec![axis("x")], closed: true }],
            replicated: vec![],
        };
        let t = Tiling::from_sdy(&sharding, &mesh, &["x".into(), "y".into()]).unwrap();
        assert_eq!(t.groups(0), vec![vec![0, 2], vec![1, 3]]);
    }
}
