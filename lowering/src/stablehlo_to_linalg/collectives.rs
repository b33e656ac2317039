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
//! `send`, `recv`, `infeed` and `outfeed` move data to or from the host or
//! another device while the program runs; there is no runtime for that, so
//! they are reported as errors.

use super::Rewrite;
use crate::builders::{BuildResult, static_shape, zeros_tensor};
use melior::ir::{
    AttributeLike, OperationRef, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::OperationLike,
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
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
];

/// The values of an `I64ElementsAttr` (`replica_groups`,
/// `source_target_pairs`), row-major, with the number of columns.
fn i64_elements(op: OperationRef, name: &str) -> BuildResult<(Vec<i64>, usize)> {
    let attribute = op.attribute(name).map_err(|_| format!("missing attribute {name}"))?;
    let raw = attribute.to_raw();
    // SAFETY: the isa checks come before the element and type queries; the
    // verifier made the attribute a rank-2 i64 elements attribute.
    unsafe {
        if !mlir_sys::mlirAttributeIsADenseIntElements(raw) {
            return Err(format!("{name} is not a dense integer attribute"));
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
    let mut parent = op.parent_operation();
    while let Some(ancestor) = parent {
        if ancestor.name().as_string_ref().as_str().ok() == Some("builtin.module") {
            for name in ["mhlo.num_replicas", "mhlo.num_partitions"] {
                let count = ancestor.attribute(name).ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value());
                if let Some(count) = count.filter(|&n| n > 1) {
                    return Err(format!("the module is compiled for {name} = {count}, but programs run as one process"));
                }
            }
        }
        parent = ancestor.parent_operation();
    }
    Ok(())
}

/// Checks that `replica_groups` only name process 0 (-1 pads uneven groups)
/// and returns whether process 0 belongs to a group (true for no groups:
/// then all processes form one).
fn check_groups(op: OperationRef) -> BuildResult<bool> {
    let (ids, _) = i64_elements(op, "replica_groups")?;
    if let Some(other) = ids.iter().find(|&&id| id > 0) {
        return Err(format!("replica_groups name process {other}, but programs run as one process (id 0)"));
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
            ));
        }
    }
    Ok(operands)
}

/// Replaces `op`'s single result by zeros of its type.
fn replace_with_zeros<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let ty: Type = op.result(0).map_err(|e| e.to_string())?.r#type();
    let zeros = rewrite.rewriter.insert(zeros_tensor(rewrite.context, op.location(), ty)?);
    let value: Value = zeros.result(0).map_err(|e| e.to_string())?.into();
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
    let name = op.name().as_string_ref().as_str().map_err(|e| e.to_string())?.to_owned();
    match name.as_str() {
        "stablehlo.send" | "stablehlo.recv" if !bool_attribute(op, "is_host_transfer") => {
            return Err(format!("{name} between devices needs a communication runtime, not available"));
        }
        "stablehlo.send" | "stablehlo.recv" | "stablehlo.infeed" | "stablehlo.outfeed" => {
            return Err(format!("{name} needs a host transfer runtime, not available"));
        }
        _ => {}
    }
    check_single_process(op)?;
    match name.as_str() {
        "stablehlo.replica_id" | "stablehlo.partition_id" => replace_with_zeros(rewrite, op),
        "stablehlo.all_reduce" => {
            check_groups(op)?;
            let operands = check_same_types(op, "all_reduce keeps shapes")?;
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
            let operands = check_same_types(op, "reduce_scatter over several processes shrinks the operand")?;
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
                ));
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
        other => Err(format!("'{other}' is not a collective")),
    }
}
