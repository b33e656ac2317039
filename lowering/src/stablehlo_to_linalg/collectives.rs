//! Collectives, process ids and host transfers, for a program that runs as
//! one process (one replica, one partition): every process group has the
//! single member 0, so each collective reduces to what that member computes
//! alone.
//!
//! ```mlir
//! %id = stablehlo.replica_id : tensor<ui32>        // also partition_id
//! // becomes (signedness legalization made the type tensor<i32>)
//! %id = arith.constant dense<0> : tensor<i32>
//!
//! %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({ add })
//!        : (tensor<4xf32>) -> tensor<4xf32>
//! // becomes %x: a reduction over one member (the computation is not run).
//! // all_gather, reduce_scatter, all_to_all (split_count 1) and
//! // collective_broadcast also return their operands unchanged.
//!
//! %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>}>
//! // becomes %x when the pair (0, 0) is listed, else (no process sends to 0)
//! %r = arith.constant dense<0.0> : tensor<4xf32>
//! ```
//!
//! A program written for several processes is rejected rather than run
//! with wrong results: a module attribute `mhlo.num_replicas` or
//! `mhlo.num_partitions` above 1, a process group naming a process other
//! than 0, or a result shape that only more processes could produce
//! (all_gather growing its operand, reduce_scatter shrinking it).
//!
//! `ragged_all_to_all` with its one member sends to itself: the result is
//! `output` with, for each update `u` of the tables (1-D `[U]` or 2-D
//! `[1, U]`), the rows `input[input_offsets[u] ..][.. send_sizes[u]]`
//! copied to rows `output_offsets[u] ..`, in table order (a later update
//! overwrites an earlier one). [`ragged_updates`] builds the copy loops,
//! shared with the program over several devices (`spmd.rs`):
//!
//! ```mlir
//! %r = scf.for %j = 0 to G iter_args(%o0 = %output) {         // sending member
//!   scf.for %u = 0 to U iter_args(%o1 = %o0) {                 // its updates for me
//!     // io, n, oo = input_offsets / send_sizes / output_offsets[%j, me * U + %u]
//!     scf.for %k = max(0, -io, -oo) to min(n, I - io, O - oo) iter_args(%o2 = %o1) {
//!       %row = tensor.extract_slice %inputs[%j, io + %k, 0...] [1, 1, T...]
//!       tensor.insert_slice %row into %o2[oo + %k, 0...] [1, T...] } } }
//! ```
//!
//! Out-of-range rows are skipped, never clamped: row `k` of an update is
//! copied only when its source row `io + k` is a row of the input and its
//! destination `oo + k` a row of the output (negative sizes copy nothing).
//! So offsets and sizes that the spec leaves undefined still read and
//! write only inside the tensors. The offsets and sizes are first clamped
//! to [-2^62, 2^62] so the bounds arithmetic cannot wrap; that changes
//! only updates whose offsets or size exceed 2^62 in magnitude, which the
//! spec does not define anyway (its offsets are non-negative and each
//! update fits its tensors). Overlapping updates write in order: member 0's
//! first, each member's in table order. `recv_sizes` is not read (it
//! restates what the senders' tables say).
//!
//! `infeed`, `outfeed`, and `send`/`recv` with `is_host_transfer` move data
//! to or from the host while the program runs: `host_transfer.rs` lowers
//! them. `send`/`recv` between devices are reported as errors (neither the
//! one-process lowering nor `spmd.rs` implements them).

use super::{Rewrite, emit::Emitter};
use crate::builders::{self, BuildResult, append, element_type, static_shape, zeros_tensor};
use melior::ir::{
    AttributeLike, Location, OperationRef, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};

/// The ops of this family.
pub const COLLECTIVE_OPS: &[&str] = &[
    "stablehlo.replica_id",
    "stablehlo.partition_id",
    "stablehlo.all_reduce",
    "stablehlo.all_gather",
    "stablehlo.reduce_scatter",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.ragged_all_to_all",
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
];

/// The values of an `I64ElementsAttr` (`replica_groups`,
/// `source_target_pairs`), row-major, with the number of columns.
pub(super) fn i64_elements(op: OperationRef, name: &str) -> BuildResult<(Vec<i64>, usize)> {
    let attribute = op.attribute(name).map_err(|_| format!("missing attribute {name}"))?;
    let raw = attribute.to_raw();
    // SAFETY: the isa checks come before the element and type queries; the
    // verifier made the attribute a rank-2 i64 elements attribute.
    unsafe {
        if !mlir_sys::mlirAttributeIsADenseIntElements(raw) {
            return Err(format!("{name} is not a dense integer attribute").into());
        }
        let ty = mlir_sys::mlirAttributeGetType(raw);
        let rank = mlir_sys::mlirShapedTypeGetRank(ty);
        let columns = if rank >= 2 { mlir_sys::mlirShapedTypeGetDimSize(ty, 1).max(0) as usize } else { 1 };
        let count = mlir_sys::mlirElementsAttrGetNumElements(raw);
        let values = (0..count).map(|i| mlir_sys::mlirDenseElementsAttrGetInt64Value(raw, i as isize)).collect();
        Ok((values, columns))
    }
}

/// Rejects a module compiled for more than one replica or partition.
fn check_single_process(op: OperationRef) -> BuildResult<()> {
    let (replicas, partitions) = super::spmd::devices_of(op);
    for (name, count) in [("mhlo.num_replicas", replicas), ("mhlo.num_partitions", partitions)] {
        if count > 1 {
            return Err(format!("the module is compiled for {name} = {count}, but programs run as one process").into());
        }
    }
    Ok(())
}

/// Checks that `replica_groups` only name process 0 (-1 pads uneven groups)
/// and returns whether process 0 belongs to a group (true for no groups:
/// then all processes form one).
fn check_groups(op: OperationRef) -> BuildResult<bool> {
    let (ids, _) = i64_elements(op, "replica_groups")?;
    if let Some(other) = ids.iter().find(|&&id| id > 0) {
        return Err(format!("replica_groups name process {other}, but programs run as one process (id 0)").into());
    }
    Ok(ids.is_empty() || ids.contains(&0))
}

/// Checks that each result has the type of its operand.
fn check_same_types<'c, 'a>(op: OperationRef<'c, 'a>, why: &str) -> BuildResult<Vec<Value<'c, 'a>>> {
    let operands: Vec<Value> = op.operands().collect();
    for (operand, result) in operands.iter().zip(op.results()) {
        static_shape(result.r#type())?;
        if operand.r#type() != result.r#type() {
            return Err(format!(
                "result type {} differs from operand type {}: {why}, but programs run as one process",
                result.r#type(),
                operand.r#type()
            ).into());
        }
    }
    Ok(operands)
}

/// The operands of an all_reduce or reduce_scatter of one process, each
/// converted to its result's element type when the computation works in a
/// wider one (all_reduce_c5: the element type is promotable to the
/// computation's); otherwise as [`check_same_types`].
fn promoted_operands<'c, 'a>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, 'a>, why: &str) -> BuildResult<Vec<Value<'c, 'a>>> {
    let mut values: Vec<Value<'c, 'a>> = Vec::new();
    for (operand, result) in op.operands().zip(op.results()) {
        let (from, to) = (operand.r#type(), result.r#type());
        if from != to && static_shape(from)? == static_shape(to)? && element_type(from)? != element_type(to)? {
            values.push(super::pointwise::convert_value(rewrite, op, operand, to)?);
        } else {
            check_same_types(op, why)?;
            values.push(operand);
        }
    }
    Ok(values)
}

/// Replaces `op`'s single result by zeros of its type.
fn replace_with_zeros<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let ty: Type = op.result(0)?.r#type();
    let zeros = rewrite.rewriter.insert(zeros_tensor(rewrite.context, op.location(), ty)?);
    let value: Value = zeros.result(0)?.into();
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}

fn bool_attribute(op: OperationRef, name: &str) -> bool {
    op.attribute(name).ok().is_some_and(|a| {
        // SAFETY: the isa check comes first.
        unsafe { mlir_sys::mlirAttributeIsABool(a.to_raw()) && mlir_sys::mlirBoolAttrGetValue(a.to_raw()) }
    })
}

/// Lowers one op of this family (see the module documentation).
pub fn lower_collective<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    match name.as_str() {
        "stablehlo.send" | "stablehlo.recv" if !bool_attribute(op, "is_host_transfer") => {
            return Err(format!("{name} between devices needs a communication runtime, not available").into());
        }
        "stablehlo.send" | "stablehlo.recv" | "stablehlo.infeed" | "stablehlo.outfeed" => {
            return super::host_transfer::lower(rewrite, op);
        }
        _ => {}
    }
    check_single_process(op)?;
    match name.as_str() {
        "stablehlo.replica_id" | "stablehlo.partition_id" => replace_with_zeros(rewrite, op),
        "stablehlo.all_reduce" => {
            check_groups(op)?;
            let operands = promoted_operands(rewrite, op, "all_reduce keeps shapes")?;
            rewrite.rewriter.replace_op_with_values(op, &operands);
            Ok(())
        }
        "stablehlo.all_gather" => {
            check_groups(op)?;
            let operands = check_same_types(op, "all_gather over several processes grows the operand")?;
            rewrite.rewriter.replace_op_with_values(op, &operands);
            Ok(())
        }
        "stablehlo.reduce_scatter" => {
            check_groups(op)?;
            let operands = promoted_operands(rewrite, op, "reduce_scatter over several processes shrinks the operand")?;
            rewrite.rewriter.replace_op_with_values(op, &operands);
            Ok(())
        }
        "stablehlo.all_to_all" => {
            check_groups(op)?;
            let split_count = op.attribute("split_count").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value());
            if split_count != Some(1) {
                return Err(format!(
                    "all_to_all with split_count = {} needs that many processes, but programs run as one process",
                    split_count.map_or("?".into(), |n| n.to_string())
                ).into());
            }
            let operands = check_same_types(op, "all_to_all keeps shapes with split_count 1")?;
            rewrite.rewriter.replace_op_with_values(op, &operands);
            Ok(())
        }
        "stablehlo.collective_permute" => {
            let (pairs, columns) = i64_elements(op, "source_target_pairs")?;
            let operands = check_same_types(op, "collective_permute keeps shapes")?;
            if columns == 2 && pairs.chunks(2).any(|pair| pair == [0, 0]) {
                rewrite.rewriter.replace_op_with_values(op, &operands);
                Ok(())
            } else {
                // No pair sends to process 0 from process 0, the only one.
                replace_with_zeros(rewrite, op)
            }
        }
        "stablehlo.collective_broadcast" => {
            let in_group = check_groups(op)?;
            let operands = check_same_types(op, "collective_broadcast keeps shapes")?;
            if in_group {
                rewrite.rewriter.replace_op_with_values(op, &operands);
                Ok(())
            } else {
                replace_with_zeros(rewrite, op)
            }
        }
        "stablehlo.ragged_all_to_all" => {
            check_groups(op)?;
            lower_ragged_one_process(rewrite, op)
        }
        other => Err(format!("'{other}' is not a collective").into()),
    }
}

fn tensor_type<'c>(shape: &[i64], element: Type<'c>) -> Type<'c> {
    RankedTensorType::new(&shape.iter().map(|&d| d as u64).collect::<Vec<_>>(), element, None).into()
}

/// Offsets and sizes are clamped to +-2^62 before the bounds arithmetic
/// (see the module documentation).
const RAGGED_LIMIT: i64 = 1 << 62;

/// The copy loops of `ragged_all_to_all` (see the module documentation):
/// `output` (`[O, T...]`) with the rows that each of the `G` members sends
/// to the member at `position` (an index value) written in, member 0's
/// updates first. `inputs` is `[G, I, T...]` (member `j`'s input at `j`),
/// `tables` are member `j`'s `input_offsets`, `send_sizes` and
/// `output_offsets`, each `[G, G * U]` (row `j` flattened member-major:
/// its updates for member `p` at `p * U ..`).
pub(super) fn ragged_updates<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    output: Value<'c, 'c>,
    inputs: Value<'c, 'c>,
    tables: [Value<'c, 'c>; 3],
    position: Value<'c, 'c>,
) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let output_shape = static_shape(output.r#type())?;
    let input_shape = static_shape(inputs.r#type())?;
    let table_shape = static_shape(tables[0].r#type())?;
    let (members, input_rows, output_rows) = (input_shape[0], input_shape[1], output_shape[0]);
    if members <= 0 || table_shape.len() != 2 || table_shape[0] != members || table_shape[1] % members != 0 {
        return Err(format!("internal error: ragged tables {table_shape:?} for {members} members").into());
    }
    let updates = table_shape[1] / members;
    let trailing = &output_shape[1..];
    let element = element_type(output.r#type())?;
    let mut row_shape = vec![1];
    row_shape.extend_from_slice(trailing);
    let row_type = tensor_type(&row_shape, element);
    let mut read_sizes = vec![1, 1];
    read_sizes.extend_from_slice(trailing);
    let zero = rewrite.index(location, 0)?;
    let count = rewrite.index(location, members)?;
    let one = rewrite.index(location, 1)?;
    let outer = builders::scf_for(location, [zero, count, one], &[output], |block, member, state| {
        let e = Emitter::new(context, location, block);
        let (zero, count) = (e.index(0)?, e.index(updates)?);
        e.for_loop(zero, count, &[state[0]], |block, update, state| {
            let e = Emitter::new(context, location, block);
            let first = e.binary("arith.muli", position, e.index(updates)?)?;
            let entry = e.add(first, update)?;
            let read = |table: Value<'c, 'c>| -> BuildResult<_> {
                let value = e.extract_index(table, &[member, entry])?;
                e.clamp(value, -RAGGED_LIMIT, RAGGED_LIMIT)
            };
            let (from, size, to) = (read(tables[0])?, read(tables[1])?, read(tables[2])?);
            let zero = e.index(0)?;
            // Rows k of the update with 0 <= from + k < I and 0 <= to + k < O.
            let low = e.binary("arith.maxsi", e.binary("arith.subi", zero, from)?, e.binary("arith.subi", zero, to)?)?;
            let low = e.binary("arith.maxsi", low, zero)?;
            let high = e.binary("arith.subi", e.index(input_rows)?, from)?;
            let high = e.binary("arith.minsi", high, e.binary("arith.subi", e.index(output_rows)?, to)?)?;
            let high = e.binary("arith.minsi", high, size)?;
            e.for_loop(low, high, &[state[0]], |block, k, state| {
                let e = Emitter::new(context, location, block);
                let zero = e.index(0)?;
                let mut read_at = vec![member, e.add(from, k)?];
                read_at.extend(trailing.iter().map(|_| zero));
                let row = append(block, builders::extract_slice_at(location, inputs, &read_at, &read_sizes, row_type)?)?;
                let mut write_at = vec![e.add(to, k)?];
                write_at.extend(trailing.iter().map(|_| zero));
                Ok(vec![append(block, builders::insert_slice_at(location, row, state[0], &write_at, &row_shape)?)?])
            })
        })
    })?;
    rewrite.insert_value(outer)
}

/// `value` (`[N, ...]`) as `[1, N, ...]`.
fn with_unit_member<'c>(rewrite: &Rewrite<'c, '_>, location: Location<'c>, value: Value<'c, 'c>) -> BuildResult<Value<'c, 'c>> {
    let shape = static_shape(value.r#type())?;
    let mut expanded = vec![1];
    expanded.extend_from_slice(&shape);
    let mut groups = vec![vec![0, 1]];
    groups.extend((2..=shape.len()).map(|d| vec![d]));
    let ty = tensor_type(&expanded, element_type(value.r#type())?);
    rewrite.insert_value(builders::expand_shape(location, value, groups, &expanded, ty)?)
}

/// `ragged_all_to_all` in a program of one process: the process is member
/// 0 of a group of one and sends to itself.
fn lower_ragged_one_process<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let operands: Vec<Value<'c, 'c>> = op
        .operands()
        // SAFETY: the operands outlive the rewrite.
        .map(|v| unsafe { crate::builders::detach(v) })
        .collect();
    let table_shape = static_shape(operands[2].r#type())?;
    static_shape(operands[1].r#type())?;
    if table_shape.len() == 2 && table_shape[0] != 1 {
        return Err(format!(
            "offset and size tables with {} rows need that many processes, but programs run as one process",
            table_shape[0]
        ).into());
    }
    let inputs = with_unit_member(rewrite, location, operands[0])?;
    let mut tables = Vec::new();
    for &table in &operands[2..5] {
        tables.push(if table_shape.len() == 1 { with_unit_member(rewrite, location, table)? } else { table });
    }
    let position = rewrite.index(location, 0)?;
    let result = ragged_updates(rewrite, location, operands[1], inputs, [tables[0], tables[1], tables[2]], position)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `@xla.ragged_updates(output, inputs, input_offsets, send_sizes,
/// output_offsets, position)`, the local half of `ragged_all_to_all` over
/// several devices (`spmd.rs`): [`ragged_updates`] with the gathered
/// inputs and tables, `position` a `tensor<i64>`.
pub fn lower_ragged_updates<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let operands: Vec<Value<'c, 'c>> = op
        .operands()
        // SAFETY: the operands outlive the rewrite.
        .map(|v| unsafe { crate::builders::detach(v) })
        .collect();
    if operands.len() != 6 {
        return Err("internal error: @xla.ragged_updates takes 6 operands".into());
    }
    let position = rewrite.insert_value(builders::tensor_extract(location, operands[5], &[])?)?;
    let position = rewrite.insert_value(builders::scalar(location, "arith.index_cast", &[position], Type::index(rewrite.context))?)?;
    let result = ragged_updates(rewrite, location, operands[0], operands[1], [operands[2], operands[3], operands[4]], position)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
