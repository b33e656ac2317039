//! Collectives and process ids of a program over several devices: each
//! becomes data movement through the runtime's exchange ABI
//! (`runtime/src/devices.rs`) plus ordinary tensor code.
//!
//! A module is for several devices when `mhlo.num_replicas ×
//! mhlo.num_partitions > 1`; device `d` is replica `d / P`, partition
//! `d % P` (P partitions). Every device runs the same code; the process
//! groups of each collective are resolved here, at compile time, into
//! flattened device ids (StableHLO's `cross_replica`,
//! `cross_partition`, `cross_replica_and_partition` and `flattened_ids`
//! modes), checked (each id exists, each device in exactly one group), and
//! passed to the runtime as a constant table.
//!
//! The expansion runs first (before control flow becomes scf), as
//! StableHLO plus two custom calls that the main phase lowers:
//!
//! ```mlir
//! %r = "stablehlo.all_gather"(%x) {all_gather_dim = 1, replica_groups = [[0, 1]] ...} : (tensor<2x3xf32>) -> tensor<2x6xf32>
//! // becomes
//! %g = stablehlo.custom_call @xla.exchange(%x) {xla.kind = 0, xla.table = dense<[0, 1]>, xla.group_size = 2}
//!        : (tensor<2x3xf32>) -> tensor<2x2x3xf32>        // [member, ...]
//! %t = stablehlo.transpose %g, dims = [1, 0, 2]          // member next to dim 1
//! %r = stablehlo.reshape %t : (tensor<2x2x3xf32>) -> tensor<2x6xf32>
//! ```
//!
//! - `all_to_all`: the operand split along `split_dimension` into `G`
//!   chunks (reshape + transpose, chunk index first), exchanged (kind 1),
//!   and the received chunks concatenated along `concat_dimension`.
//! - `reduce_scatter`: the same split and exchange, then the `G` received
//!   chunks folded with the computation.
//! - `all_reduce`: when the element count divides by `G`, a reduce-scatter
//!   of the flattened operand then an all-gather of the reduced chunks (each
//!   device reduces 1/G of the elements; traffic 2× the operand as in a
//!   ring); otherwise an all-gather and a fold. Each operand of a variadic
//!   all_reduce is reduced on its own (the computation is binary).
//! - `collective_permute`: exchange kind 2 with the pairs (zeros where no
//!   pair targets a device); `collective_broadcast`: G - 1 exchanges of
//!   kind 2, round k from each group's first member to its k-th, each
//!   device keeping its round's data (zeros for the devices in no group).
//! - `ragged_all_to_all`: an all-gather of every member's `input` and of
//!   its `input_offsets`, `send_sizes` and `output_offsets` (each
//!   flattened to `[G * U]`), then `@xla.ragged_updates`, which the main
//!   phase lowers to copy loops (`collectives.rs`, `ragged_updates`): for
//!   each member `j` and update `u`, the rows that `j` sends to this
//!   device (entry `me * U + u` of `j`'s tables, `me` this device's
//!   position in its group, read from a constant table by device id) are
//!   copied into `output`, out-of-range rows skipped. Simple rather than
//!   lean: every device receives every member's whole input.
//! - `replica_id` / `partition_id`: `@xla.device_id` divided / reduced by P.
//!
//! The fold is a `linalg.generic` that applies the computation (inlined as
//! scalar ops) to the members' values in group order: member 0's value
//! combined with member 1's, the result with member 2's, ... — so results
//! are bitwise the same on every run and every communicator.
//!
//! The main phase lowers `@xla.exchange` to a call of
//! `xla_collective(kind, send, send_bytes, recv, recv_bytes, table,
//! table_len, group_size, site, site_len)` (site: the op's name and
//! location, for messages and the runtime's check that every device is at
//! the same op) on the operand's buffer (`bufferization.to_buffer`)
//! and a fresh result buffer (`memref.alloc` + `bufferization.to_tensor
//! restrict`), pointers passed as integers; `@xla.device_id` to a call of
//! `xla_device_id()`.

use super::{Rewrite, reduce::scalarize_region};
use crate::builders::{self, BuildResult, static_shape};
use xla_dialects::stablehlo::ComparisonDirection;
use melior::{
    Context,
    ir::{
        Attribute, AttributeLike, BlockLike, Location, OperationRef, RegionLike, Type, Value,
        ValueLike,
        attribute::{IntegerAttribute, StringAttribute},
        operation::OperationLike,
        r#type::{IntegerType, RankedTensorType},
    },
};

/// The runtime's exchange entry point (`runtime/src/devices.rs`).
pub const COLLECTIVE: &str = "xla_collective";
/// The runtime's device id entry point.
pub const DEVICE_ID: &str = "xla_device_id";

const EXCHANGE_TARGET: &str = "xla.exchange";
const DEVICE_ID_TARGET: &str = "xla.device_id";
/// The local copy loops of `ragged_all_to_all` (`collectives.rs`).
pub const RAGGED_UPDATES_TARGET: &str = "xla.ragged_updates";

/// The most devices a module may be written for (each in-process device
/// is a thread).
pub const MAX_DEVICES: i64 = 4096;

/// The ops that the expansion rewrites.
pub const EXPANDED_OPS: &[&str] = &[
    "stablehlo.replica_id",
    "stablehlo.partition_id",
    "stablehlo.all_reduce",
    "stablehlo.all_gather",
    "stablehlo.reduce_scatter",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.ragged_all_to_all",
];

/// (replicas, partitions) of the module `op` is in (1 where not stated).
pub fn devices_of(op: OperationRef) -> (i64, i64) {
    let mut current = Some(op);
    // The outermost module (a nested one inherits).
    let mut found = (1, 1);
    while let Some(ancestor) = current {
        if ancestor.name().as_string_ref().as_str().ok() == Some("builtin.module") {
            let read = |name: &str| {
                ancestor.attribute(name).ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value().max(1)).unwrap_or(1)
            };
            found = (read("mhlo.num_replicas"), read("mhlo.num_partitions"));
        }
        current = ancestor.parent_operation();
    }
    found
}

/// Declares the runtime entry points in `module` (a `builtin.module` op).
pub fn declare_runtime(context: &Context, module: OperationRef) -> BuildResult<()> {
    let body = module.region(0)?.first_block().ok_or("empty module")?;
    let i64_type: Type = IntegerType::new(context, 64).into();
    for (name, inputs, results) in [(COLLECTIVE, vec![i64_type; 10], vec![]), (DEVICE_ID, vec![], vec![i64_type])] {
        body.insert_operation(0, builders::func_declaration(context, name, &inputs, &results));
    }
    Ok(())
}

/// The values of a rank-2 i64 elements attribute, as rows.
fn rows(op: OperationRef, name: &str) -> BuildResult<Vec<Vec<i64>>> {
    if op.attribute(name).is_err() {
        return Ok(vec![]);
    }
    let (values, columns) = super::collectives::i64_elements(op, name)?;
    if columns == 0 {
        return Ok(vec![]);
    }
    Ok(values.chunks(columns).map(<[i64]>::to_vec).collect())
}

/// Whether `op` has the unit (or true boolean) attribute `name`.
fn flag(op: OperationRef, name: &str) -> bool {
    op.attribute(name).ok().is_some_and(|a| {
        // SAFETY: isa checks first.
        unsafe { !mlir_sys::mlirAttributeIsABool(a.to_raw()) || mlir_sys::mlirBoolAttrGetValue(a.to_raw()) }
    })
}

/// Whether `op` has a channel (`channel_handle` with handle > 0).
fn has_channel(op: OperationRef) -> bool {
    op.attribute("channel_handle").ok().and_then(xla_dialects::channel_handle).is_some_and(|(handle, _)| handle > 0)
}

/// StableHLO's process group modes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

/// The mode of `op` (spec: all_gather / all_reduce / reduce_scatter use
/// the channel and `use_global_device_ids`; all_to_all,
/// collective_permute and collective_broadcast the channel only).
fn mode_of(op: OperationRef, name: &str) -> BuildResult<Mode> {
    let channel = has_channel(op);
    let global = flag(op, "use_global_device_ids");
    match name {
        "stablehlo.all_gather" | "stablehlo.all_reduce" | "stablehlo.reduce_scatter" => match (channel, global) {
            (false, false) => Ok(Mode::CrossReplica),
            (true, false) => Ok(Mode::CrossReplicaAndPartition),
            (true, true) => Ok(Mode::FlattenedIds),
            (false, true) => Err("use_global_device_ids needs a channel_handle with a positive handle".into()),
        },
        _ => Ok(if channel { Mode::CrossPartition } else { Mode::CrossReplica }),
    }
}

/// The process groups of `op` as flattened device ids (see the module
/// docs), checked: every id exists and every device is in one group (at
/// most one unless `cover`: collective_broadcast leaves devices out).
fn device_groups(op: OperationRef, name: &str, replicas: i64, partitions: i64, cover: bool) -> BuildResult<Vec<Vec<i64>>> {
    let mode = mode_of(op, name)?;
    let (space, what) = match mode {
        Mode::CrossReplica | Mode::CrossReplicaAndPartition => (replicas, "replica"),
        Mode::CrossPartition => (partitions, "partition"),
        Mode::FlattenedIds => (replicas * partitions, "device"),
    };
    let mut groups = rows(op, "replica_groups")?;
    if groups.is_empty() {
        groups = vec![(0..space).collect()];
    }
    for group in &groups {
        for &id in group {
            if id == -1 {
                return Err("replica_groups padded with -1 (groups of unequal sizes) are not supported over several devices".into());
            }
            if id < 0 || id >= space {
                return Err(format!(
                    "replica_groups name {what} {id}, but the module has {space} {what}s (mhlo.num_replicas = {replicas}, mhlo.num_partitions = {partitions})"
                ).into());
            }
        }
    }
    let mut devices = Vec::new();
    match mode {
        Mode::CrossReplica => {
            for p in 0..partitions {
                for group in &groups {
                    devices.push(group.iter().map(|r| r * partitions + p).collect());
                }
            }
        }
        Mode::CrossPartition => {
            for r in 0..replicas {
                for group in &groups {
                    devices.push(group.iter().map(|p| r * partitions + p).collect());
                }
            }
        }
        Mode::CrossReplicaAndPartition => {
            for group in &groups {
                // Spec: for each partition, the group's replicas in order.
                devices.push((0..partitions).flat_map(|p| group.iter().map(move |r| r * partitions + p)).collect());
            }
        }
        Mode::FlattenedIds => devices = groups,
    }
    let mut seen = vec![0usize; (replicas * partitions) as usize];
    for &id in devices.iter().flatten() {
        seen[id as usize] += 1;
    }
    if let Some(device) = seen.iter().position(|&n| n > 1 || (cover && n == 0)) {
        let how = if seen[device] == 0 { "in no group" } else { "in several groups" };
        return Err(format!("replica_groups put device {device} {how} ({mode:?} mode)").into());
    }
    Ok(devices)
}

/// The source-target pairs of a collective_permute as device ids.
fn device_pairs(op: OperationRef, replicas: i64, partitions: i64) -> BuildResult<Vec<i64>> {
    let mode = mode_of(op, "stablehlo.collective_permute")?;
    let space = if mode == Mode::CrossPartition { partitions } else { replicas };
    let pairs = rows(op, "source_target_pairs")?;
    let mut table = Vec::new();
    let copies = if mode == Mode::CrossPartition { replicas } else { partitions };
    for pair in &pairs {
        if pair.len() != 2 {
            return Err("source_target_pairs must have two columns".into());
        }
        if let Some(bad) = pair.iter().find(|&&id| id < 0 || id >= space) {
            return Err(format!("source_target_pairs name process {bad}, but there are {space}").into());
        }
    }
    for copy in 0..copies {
        for pair in &pairs {
            for &id in pair {
                table.push(if mode == Mode::CrossPartition { copy * partitions + id } else { id * partitions + copy });
            }
        }
    }
    Ok(table)
}

/// Builds StableHLO before the matched op.
struct Emit<'a, 'c, 'r> {
    rewrite: &'a Rewrite<'c, 'r>,
    location: Location<'c>,
    /// The collective op being expanded, for the runtime's messages and its
    /// check that all devices are at the same op: "stablehlo.all_reduce at
    /// prog.mlir:7:10".
    site: String,
}

impl<'c> Emit<'_, 'c, '_> {
    fn tensor_type(&self, shape: &[i64], element: Type<'c>) -> Type<'c> {
        let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
        RankedTensorType::new(&dims, element, None).into()
    }

    fn op(&self, name: &str, operands: &[Value<'c, '_>], result: Type<'c>, attributes: &[(&str, Attribute<'c>)]) -> BuildResult<Value<'c, 'c>> {
        let context = self.rewrite.context;
        self.rewrite.insert_value(builders::hlo_op(context, self.location, name, operands, &[result], attributes)?)
    }

    fn reshape(&self, value: Value<'c, '_>, shape: &[i64]) -> BuildResult<Value<'c, 'c>> {
        let element = builders::element_type(value.r#type())?;
        self.op("stablehlo.reshape", &[value], self.tensor_type(shape, element), &[])
    }

    fn transpose(&self, value: Value<'c, '_>, permutation: &[i64]) -> BuildResult<Value<'c, 'c>> {
        let shape = static_shape(value.r#type())?;
        if permutation.iter().enumerate().all(|(i, &p)| p == i as i64) {
            // SAFETY: the value lives in the IR that outlives the rewrite.
            return Ok(unsafe { crate::builders::detach(value) });
        }
        let element = builders::element_type(value.r#type())?;
        let permuted: Vec<i64> = permutation.iter().map(|&p| shape[p as usize]).collect();
        self.op(
            "stablehlo.transpose",
            &[value],
            self.tensor_type(&permuted, element),
            &[("permutation", builders::i64_array_attribute(self.rewrite.context, permutation))],
        )
    }

    /// `@xla.exchange` of `value` into a tensor of `shape`.
    fn exchange(&self, kind: i64, value: Value<'c, '_>, shape: &[i64], table: &[i64], group_size: i64) -> BuildResult<Value<'c, 'c>> {
        let context = self.rewrite.context;
        let element = builders::element_type(value.r#type())?;
        let site: Attribute = StringAttribute::new(context, &self.site).into();
        self.rewrite.insert_value(builders::hlo_op(
            context,
            self.location,
            "stablehlo.custom_call",
            &[value],
            &[self.tensor_type(shape, element)],
            &[
                ("call_target_name", StringAttribute::new(context, EXCHANGE_TARGET).into()),
                ("xla.kind", builders::i64_attribute(context, kind)),
                ("xla.table", builders::dense_i64_attribute(context, table, &[table.len() as i64])?),
                ("xla.group_size", builders::i64_attribute(context, group_size)),
                ("xla.site", site),
            ],
        )?)
    }

    /// `value` (shape S) split along `dim` into `count` chunks, chunk index
    /// first: shape [count, S with S[dim] / count].
    fn split(&self, value: Value<'c, '_>, dim: usize, count: i64) -> BuildResult<Value<'c, 'c>> {
        let shape = static_shape(value.r#type())?;
        if shape[dim] % count != 0 {
            return Err(format!("dimension {dim} of size {} does not split into {count} chunks", shape[dim]).into());
        }
        let mut split = shape.clone();
        split[dim] /= count;
        split.insert(dim, count);
        let reshaped = self.reshape(value, &split)?;
        let mut permutation: Vec<i64> = vec![dim as i64];
        permutation.extend((0..split.len() as i64).filter(|&d| d != dim as i64));
        self.transpose(reshaped, &permutation)
    }

    /// The inverse: [count, T] with the chunk index merged into `dim` of T
    /// (chunk k at offset k · T[dim]).
    fn concat(&self, value: Value<'c, '_>, dim: usize) -> BuildResult<Value<'c, 'c>> {
        let shape = static_shape(value.r#type())?;
        let count = shape[0];
        let rank = shape.len() - 1;
        let mut permutation: Vec<i64> = (1..=dim as i64).collect();
        permutation.push(0);
        permutation.extend(dim as i64 + 1..=rank as i64);
        let moved = self.transpose(value, &permutation)?;
        let mut result: Vec<i64> = shape[1..].to_vec();
        result[dim] *= count;
        self.reshape(moved, &result)
    }

    /// Folds `values[i]` (each [G, S]) over their first dimension with
    /// `computation` (arguments: the k accumulators then the k new
    /// values), member 0 first: k results of shape S.
    fn fold(&self, values: &[Value<'c, 'c>], computation: melior::ir::BlockRef<'c, '_>) -> BuildResult<Vec<Value<'c, 'c>>> {
        let context = self.rewrite.context;
        let shape = static_shape(values[0].r#type())?;
        let members = shape[0] as usize;
        let rank = shape.len() - 1;
        let dims = builders::dims(context, 0..rank);
        let mut inputs = Vec::new();
        let mut maps = Vec::new();
        for value in values {
            for member in 0..members {
                inputs.push(*value);
                let mut results = vec![builders::Affine::constant(context, member as i64)];
                results.extend(dims.iter().copied());
                maps.push(builders::affine_map(context, rank, &results)?);
            }
        }
        let mut inits = Vec::new();
        let mut result_types = Vec::new();
        for value in values {
            let element = builders::element_type(value.r#type())?;
            let ty = self.tensor_type(&shape[1..], element);
            inits.push(self.rewrite.insert_value(builders::tensor_empty(self.location, ty)?)?);
            result_types.push(ty);
            maps.push(builders::identity_map(context, rank));
        }
        let k = values.len();
        let iterators = vec![builders::Iterator::Parallel; rank];
        let generic = builders::generic_multi(context, self.location, &inputs, &inits, maps, &iterators, &result_types, |block, args| {
            let mut accumulators: Vec<Value> = (0..k).map(|i| args[i * members]).collect();
            for member in 1..members {
                let mut arguments = accumulators.clone();
                arguments.extend((0..k).map(|i| args[i * members + member]));
                accumulators = scalarize_region(context, computation, block, &arguments)?;
            }
            Ok(accumulators)
        })?;
        self.rewrite.insert_values(generic)
    }
}

fn i64_attribute(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing attribute {name}")).map_err(crate::error::LowerError::from)
}

/// Expands one op of [`EXPANDED_OPS`] in a module for several devices.
pub fn expand<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let (replicas, partitions) = devices_of(op);
    if replicas.saturating_mul(partitions) > MAX_DEVICES {
        return Err(format!(
            "the module is written for {replicas} × {partitions} devices; at most {MAX_DEVICES} are supported"
        ).into());
    }
    let site = format!("{name} at {}", location_text(op.location()));
    let emit = Emit { rewrite, location: op.location(), site };
    let operands: Vec<Value> = op.operands().collect();
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let replace = |values: Vec<Value<'c, 'c>>| {
        rewrite.rewriter.replace_op_with_values(op, &values);
        Ok(())
    };
    match name.as_str() {
        "stablehlo.replica_id" | "stablehlo.partition_id" => {
            let context = rewrite.context;
            let i64_tensor = emit.tensor_type(&[], IntegerType::new(context, 64).into());
            let id = emit.op("stablehlo.custom_call", &[], i64_tensor, &[("call_target_name", StringAttribute::new(context, DEVICE_ID_TARGET).into())])?;
            let divisor = rewrite.insert_value(builders::hlo_int_constant(context, emit.location, &[partitions], i64_tensor)?)?;
            let part = if name == "stablehlo.replica_id" { "stablehlo.divide" } else { "stablehlo.remainder" };
            let value = emit.op(part, &[id, divisor], i64_tensor, &[])?;
            let converted = emit.op("stablehlo.convert", &[value], result_types[0], &[])?;
            replace(vec![converted])
        }
        "stablehlo.all_gather" => {
            let groups = device_groups(op, &name, replicas, partitions, true)?;
            let members = groups[0].len() as i64;
            let table: Vec<i64> = groups.concat();
            let dim = i64_attribute(op, "all_gather_dim")? as usize;
            let mut results = Vec::new();
            for (operand, result_type) in operands.iter().zip(&result_types) {
                let shape = static_shape(operand.r#type())?;
                let mut expected = shape.clone();
                expected[dim] *= members;
                if static_shape(*result_type)? != expected {
                    return Err(format!("the result must be {expected:?} for process groups of {members}").into());
                }
                let mut gathered_shape = vec![members];
                gathered_shape.extend(&shape);
                let gathered = emit.exchange(0, *operand, &gathered_shape, &table, members)?;
                results.push(emit.concat(gathered, dim)?);
            }
            replace(results)
        }
        "stablehlo.all_to_all" => {
            let groups = device_groups(op, &name, replicas, partitions, true)?;
            let members = groups[0].len() as i64;
            let table: Vec<i64> = groups.concat();
            let split_dim = i64_attribute(op, "split_dimension")? as usize;
            let concat_dim = i64_attribute(op, "concat_dimension")? as usize;
            let split_count = i64_attribute(op, "split_count")?;
            if split_count != members {
                return Err(format!("split_count = {split_count}, but the process groups have {members} members").into());
            }
            let mut results = Vec::new();
            for (operand, result_type) in operands.iter().zip(&result_types) {
                let chunks = emit.split(*operand, split_dim, members)?;
                let shape = static_shape(chunks.r#type())?;
                let received = emit.exchange(1, chunks, &shape, &table, members)?;
                let value = emit.concat(received, concat_dim)?;
                if value.r#type() != *result_type {
                    return Err(format!("the result type must be {}", value.r#type()).into());
                }
                results.push(value);
            }
            replace(results)
        }
        "stablehlo.reduce_scatter" => {
            let groups = device_groups(op, &name, replicas, partitions, true)?;
            let members = groups[0].len() as i64;
            let table: Vec<i64> = groups.concat();
            let dim = i64_attribute(op, "scatter_dimension")? as usize;
            let computation = op.region(0)?.first_block().ok_or("reduce_scatter without computation")?;
            let chunks = emit.split(operands[0], dim, members)?;
            let shape = static_shape(chunks.r#type())?;
            let received = emit.exchange(1, chunks, &shape, &table, members)?;
            let reduced = emit.fold(&[received], computation)?;
            replace(reduced)
        }
        "stablehlo.all_reduce" => {
            let groups = device_groups(op, &name, replicas, partitions, true)?;
            let members = groups[0].len() as i64;
            let table: Vec<i64> = groups.concat();
            let computation = op.region(0)?.first_block().ok_or("all_reduce without computation")?;
            // Each operand is reduced on its own with the (binary) computation.
            let mut results = Vec::new();
            for operand in &operands {
                let shape = static_shape(operand.r#type())?;
                let count: i64 = shape.iter().product();
                if count % members == 0 && count >= members {
                    // Reduce-scatter of the flattened operand, then all-gather.
                    let flat = emit.reshape(*operand, &[members, count / members])?;
                    let received = emit.exchange(1, flat, &[members, count / members], &table, members)?;
                    let reduced = emit.fold(&[received], computation)?;
                    let gathered = emit.exchange(0, reduced[0], &[members, count / members], &table, members)?;
                    results.push(emit.reshape(gathered, &shape)?);
                } else {
                    let mut gathered_shape = vec![members];
                    gathered_shape.extend(&shape);
                    let gathered = emit.exchange(0, *operand, &gathered_shape, &table, members)?;
                    results.extend(emit.fold(&[gathered], computation)?);
                }
            }
            replace(results)
        }
        "stablehlo.collective_permute" => {
            let table = device_pairs(op, replicas, partitions)?;
            let shape = static_shape(operands[0].r#type())?;
            replace(vec![emit.exchange(2, operands[0], &shape, &table, 2)?])
        }
        "stablehlo.collective_broadcast" => {
            // Devices in no group receive zeros (spec). Round k (1 ≤ k < G)
            // is a permute from each group's first member to its k-th: a
            // source sends to one target per exchange (as every
            // communicator expects); each device then keeps what reached
            // it in its round (its position in its group), the first
            // members their own operand.
            let groups = device_groups(op, &name, replicas, partitions, false)?;
            let size = groups.iter().map(Vec::len).max().unwrap_or(0);
            let mut position = vec![-1i64; (replicas * partitions) as usize];
            for group in &groups {
                for (k, &member) in group.iter().enumerate() {
                    position[member as usize] = k as i64;
                }
            }
            let context = rewrite.context;
            let i64_type: Type = IntegerType::new(context, 64).into();
            let scalar = emit.tensor_type(&[], i64_type);
            let id = emit.op("stablehlo.custom_call", &[], scalar, &[("call_target_name", StringAttribute::new(context, DEVICE_ID_TARGET).into())])?;
            let table_type = emit.tensor_type(&[position.len() as i64], i64_type);
            let table = rewrite.insert_value(builders::hlo_int_constant(context, emit.location, &position, table_type)?)?;
            let mine = emit.op(
                "stablehlo.dynamic_slice",
                &[table, id],
                emit.tensor_type(&[1], i64_type),
                &[("slice_sizes", builders::i64_array_attribute(context, &[1]))],
            )?;
            let mine = emit.reshape(mine, &[])?;
            let is = |k: i64| -> BuildResult<Value<'c, 'c>> {
                let constant = rewrite.insert_value(builders::hlo_int_constant(context, emit.location, &[k], scalar)?)?;
                let i1: Type = IntegerType::new(context, 1).into();
                emit.op("stablehlo.compare", &[mine, constant], emit.tensor_type(&[], i1), &[("comparison_direction", ComparisonDirection::EQ.attribute(context))])
            };
            let shape = static_shape(operands[0].r#type())?;
            let rounds: Vec<Vec<i64>> = if size <= 1 {
                vec![vec![]] // one exchange without pairs: zeros everywhere
            } else {
                (1..size).map(|k| groups.iter().filter(|g| g.len() > k).flat_map(|g| [g[0], g[k]]).collect()).collect()
            };
            let mut result = None;
            for (index, pairs) in rounds.iter().enumerate() {
                let received = emit.exchange(2, operands[0], &shape, pairs, 2)?;
                result = Some(match result {
                    None => received,
                    Some(previous) => {
                        let here = is(index as i64 + 1)?;
                        emit.op("stablehlo.select", &[here, received, previous], operands[0].r#type(), &[])?
                    }
                });
            }
            let result = result.ok_or("internal error: no exchange")?;
            let first = is(0)?;
            replace(vec![emit.op("stablehlo.select", &[first, operands[0], result], operands[0].r#type(), &[])?])
        }
        "stablehlo.ragged_all_to_all" => {
            let context = rewrite.context;
            let groups = device_groups(op, &name, replicas, partitions, true)?;
            let members = groups[0].len() as i64;
            let table: Vec<i64> = groups.concat();
            let table_shape = static_shape(operands[2].r#type())?;
            let entries: i64 = table_shape.iter().product();
            if (table_shape.len() == 2 && table_shape[0] != members) || entries % members != 0 {
                return Err(format!(
                    "offset and size tables of shape {table_shape:?} do not hold the same number of updates for each of {members} group members"
                ).into());
            }
            let input_shape = static_shape(operands[0].r#type())?;
            static_shape(operands[1].r#type())?;
            let mut gathered_shape = vec![members];
            gathered_shape.extend(&input_shape);
            let inputs = emit.exchange(0, operands[0], &gathered_shape, &table, members)?;
            let mut tables = Vec::new();
            for &operand in &operands[2..5] {
                let flat = if table_shape.len() == 1 { operand } else { emit.reshape(operand, &[entries])? };
                tables.push(emit.exchange(0, flat, &[members, entries], &table, members)?);
            }
            // This device's position in its group.
            let mut positions = vec![0; (replicas * partitions) as usize];
            for group in &groups {
                for (position, &device) in group.iter().enumerate() {
                    positions[device as usize] = position as i64;
                }
            }
            let i64_type: Type = IntegerType::new(context, 64).into();
            let scalar = emit.tensor_type(&[], i64_type);
            let id = emit.op("stablehlo.custom_call", &[], scalar, &[("call_target_name", StringAttribute::new(context, DEVICE_ID_TARGET).into())])?;
            let positions_type = emit.tensor_type(&[positions.len() as i64], i64_type);
            let positions = rewrite.insert_value(builders::hlo_int_constant(context, emit.location, &positions, positions_type)?)?;
            let position = emit.op(
                "stablehlo.dynamic_slice",
                &[positions, id],
                emit.tensor_type(&[1], i64_type),
                &[("slice_sizes", builders::i64_array_attribute(context, &[1]))],
            )?;
            let position = emit.reshape(position, &[])?;
            let updated = emit.op(
                "stablehlo.custom_call",
                &[operands[1], inputs, tables[0], tables[1], tables[2], position],
                result_types[0],
                &[("call_target_name", StringAttribute::new(context, RAGGED_UPDATES_TARGET).into())],
            )?;
            replace(vec![updated])
        }
        other => Err(format!("'{other}' is not expanded").into()),
    }
}

/// A rank-1 `tensor<N x T>` view of `value` (a collapse, or an expand of
/// a rank-0 tensor).
fn flatten<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, value: Value<'c, '_>) -> BuildResult<Value<'c, 'c>> {
    let shape = static_shape(value.r#type())?;
    let element = builders::element_type(value.r#type())?;
    let count: i64 = shape.iter().product();
    let flat: Type = RankedTensorType::new(&[count as u64], element, None).into();
    match shape.len() {
        // SAFETY: the value lives in the IR that outlives the rewrite.
        1 => Ok(unsafe { crate::builders::detach(value) }),
        0 => rewrite.insert_value(builders::expand_shape(location, value, vec![], &[1], flat)?),
        rank => rewrite.insert_value(builders::collapse_shape(location, value, vec![(0..rank).collect()], flat)?),
    }
}

/// The inverse of [`flatten`]: `value` (rank 1) as a tensor of `ty`.
fn unflatten<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, value: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Value<'c, 'c>> {
    let shape = static_shape(ty)?;
    match shape.len() {
        // SAFETY: as in `flatten`.
        1 => Ok(unsafe { crate::builders::detach(value) }),
        0 => rewrite.insert_value(builders::collapse_shape(location, value, vec![], ty)?),
        rank => rewrite.insert_value(builders::expand_shape(location, value, vec![(0..rank).collect()], &shape, ty)?),
    }
}

/// The address of `memref`'s first element, as an i64.
pub(super) fn address<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, memref: Value<'c, '_>) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let index = rewrite.insert_value(builders::extract_aligned_pointer(location, memref)?)?;
    rewrite.insert_value(melior::dialect::arith::index_cast(index, IntegerType::new(context, 64).into(), location))
}

/// `bufferization.to_buffer %tensor read_only` as an identity-layout memref.
pub(super) fn read_buffer<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, tensor: Value<'c, '_>) -> BuildResult<Value<'c, 'c>> {
    let shape = static_shape(tensor.r#type())?;
    let element = builders::element_type(tensor.r#type())?;
    let memref: Type = melior::ir::r#type::MemRefType::new(element, &shape, None, None).into();
    rewrite.insert_value(builders::to_buffer_read_only(location, tensor, memref)?)
}

pub(super) fn i64_constant<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, value: i64) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let ty: Type = IntegerType::new(context, 64).into();
    rewrite.insert_value(builders::constant(context, location, IntegerAttribute::new(ty, value).into(), ty)?)
}

/// `bytes` as a constant buffer (at least one byte: no empty tensor), for
/// the runtime's messages.
pub(super) fn byte_buffer<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, bytes: &[u8]) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let i8_type: Type = IntegerType::new(context, 8).into();
    let mut elements: Vec<Attribute> = bytes.iter().map(|&b| IntegerAttribute::new(i8_type, b as i64).into()).collect();
    if elements.is_empty() {
        elements.push(IntegerAttribute::new(i8_type, 0).into());
    }
    let ty: Type = RankedTensorType::new(&[elements.len() as u64], i8_type, None).into();
    let value = melior::ir::attribute::DenseElementsAttribute::new(ty, &elements)?;
    let constant = rewrite.insert_value(builders::constant(context, location, value.into(), ty)?)?;
    read_buffer(rewrite, location, constant)
}

/// `file:line:col` of a location (its printed form without `loc(...)`,
/// quotes and the fusion planner's group tag), for the runtime's messages.
pub(super) fn location_text(location: Location) -> String {
    let text = crate::fusion_plan::untagged(location).to_string();
    let inner = text.strip_prefix("loc(").and_then(|t| t.strip_suffix(')')).unwrap_or(&text);
    inner.replace('"', "")
}

/// Lowers `@xla.exchange` (see the module docs).
pub fn lower_exchange<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let kind = i64_attribute(op, "xla.kind")?;
    let group_size = i64_attribute(op, "xla.group_size")?;
    let table_attribute = op.attribute("xla.table").map_err(|_| "missing xla.table".to_string())?;
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let element = builders::element_type(result_type)?;
    let element_bytes = crate::type_sizes::element_bytes(element).ok_or("an element type without a byte size")? as i64;
    let send_count: i64 = static_shape(operand.r#type())?.iter().product();
    let recv_count: i64 = static_shape(result_type)?.iter().product();

    let send = read_buffer(rewrite, location, flatten(rewrite, location, operand)?)?;
    let table_type = table_attribute.r#type();
    let table_len = static_shape(table_type)?[0];
    let table = rewrite.insert_value(builders::constant(context, location, table_attribute, table_type)?)?;
    let table = read_buffer(rewrite, location, table)?;
    let site_text = op.attribute("xla.site").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned()).unwrap_or_default();
    let site_len = site_text.len() as i64;
    let site = byte_buffer(rewrite, location, site_text.as_bytes())?;
    let recv_type: Type = melior::ir::r#type::MemRefType::new(element, &[recv_count], None, None).into();
    let recv = rewrite.insert_value(builders::memref_alloc(location, recv_type)?)?;
    let arguments = [
        i64_constant(rewrite, location, kind)?,
        address(rewrite, location, send)?,
        i64_constant(rewrite, location, send_count * element_bytes)?,
        address(rewrite, location, recv)?,
        i64_constant(rewrite, location, recv_count * element_bytes)?,
        address(rewrite, location, table)?,
        i64_constant(rewrite, location, table_len)?,
        i64_constant(rewrite, location, group_size)?,
        address(rewrite, location, site)?,
        i64_constant(rewrite, location, site_len)?,
    ];
    rewrite.insert_values(builders::call(context, location, COLLECTIVE, &arguments, &[]))?;
    let flat_type: Type = RankedTensorType::new(&[recv_count as u64], element, None).into();
    let received = rewrite.insert_value(builders::to_tensor_restrict_writable(location, recv, flat_type)?)?;
    let result = unflatten(rewrite, location, received, result_type)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `@xla.device_id`: `tensor<i64>` from `xla_device_id()`.
pub fn lower_device_id<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let id = rewrite.insert_value(builders::call(context, location, DEVICE_ID, &[], &[i64_type]))?;
    let result_type = op.result(0)?.r#type();
    let tensor = rewrite.insert_value(builders::tensor_from_elements(location, &[id], result_type)?)?;
    rewrite.rewriter.replace_op_with_values(op, &[tensor]);
    Ok(())
}
