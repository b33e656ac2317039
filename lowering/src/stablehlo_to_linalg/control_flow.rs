//! `while`, `if`, `case` and `optimization_barrier` → scf on tensors.
//!
//! These run first, as their own phase of `stablehlo-legalize-to-linalg`:
//! the regions move (not copied) into the scf op, so the StableHLO ops inside
//! them are then ordinary top-level tensor ops for the other patterns.
//!
//! ```mlir
//! %r = stablehlo.while(%i = %c0) : tensor<i32> cond { ...; stablehlo.return %p : tensor<i1> }
//!                                               do { ...; stablehlo.return %n : tensor<i32> }
//! // becomes
//! %r = scf.while (%i = %c0) : (tensor<i32>) -> tensor<i32> {
//!   ...; %b = tensor.extract %p[] : tensor<i1>; scf.condition(%b) %i : tensor<i32>
//! } do { ^bb0(%i: tensor<i32>): ...; scf.yield %n : tensor<i32> }
//!
//! %r = "stablehlo.case"(%k) ({ A }, { B }, { C })
//! // becomes (an index outside [0, 3) runs the last branch, as XLA's Conditional does)
//! %r = scf.index_switch %k' -> T case 0 { A } case 1 { B } default { C }
//!
//! %r = "stablehlo.if"(%p) ({ A }, { B })   // becomes   scf.if %p' -> T { A } else { B }
//! %r:2 = stablehlo.optimization_barrier %a, %b  // becomes %a, %b (nothing to do on one device)
//! ```

use super::Rewrite;
use crate::builders::{BuildResult, scalar, tensor_extract, terminator, with_empty_regions};
use melior::ir::{
    BlockLike, OperationRef, RegionLike, RegionRef, Type, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
};

/// The control-flow ops this phase rewrites.
pub const CONTROL_FLOW_OPS: &[&str] =
    &["stablehlo.while", "stablehlo.if", "stablehlo.case", "stablehlo.optimization_barrier"];

/// Moves the body of `from` into the empty region `to`.
fn take_body(to: RegionRef, from: RegionRef) {
    // SAFETY: both regions are live; `to` is empty and owned by a new op,
    // `from` belongs to the op being replaced, which is erased afterwards.
    unsafe { mlir_sys::mlirRegionTakeBody(to.to_raw(), from.to_raw()) }
}

/// Replaces the `stablehlo.return` that ends the single block of `region`
/// with `name(prefix..., returned values...)`. `prefix` builds leading
/// operands (scf.condition's i1) from the returned values, inside the block.
fn replace_return<'c>(
    region: RegionRef<'c, '_>,
    name: &str,
    condition: bool,
) -> BuildResult<()> {
    let block = region.first_block().ok_or("region has no block")?;
    let old = block.terminator().ok_or("region has no terminator")?;
    if old.name().as_string_ref().as_str().ok() != Some("stablehlo.return") {
        return Err("region does not end with stablehlo.return".into());
    }
    let location = old.location();
    let returned: Vec<Value> = old.operands().collect();
    let operands: Vec<Value> = if condition {
        // scf.condition(%pred) %state...: the state is the region's arguments.
        let extract = block.insert_operation_before(old, tensor_extract(location, returned[0], &[])?);
        let pred: Value = extract.result(0)?.into();
        let mut operands = vec![pred];
        for i in 0..block.argument_count() {
            operands.push(block.argument(i)?.into());
        }
        operands
    } else {
        returned
    };
    block.insert_operation_before(old, terminator(location, name, &operands)?);
    // SAFETY: `old` has no uses (a terminator) and is not referenced again.
    unsafe { mlir_sys::mlirOperationDestroy(old.to_raw()) };
    Ok(())
}

/// A rank-0 tensor operand as a scalar `index` (for scf.index_switch) or
/// `i1` (for scf.if), extracted just before `op`.
fn scalar_operand<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>, as_index: bool) -> BuildResult<Value<'c, 'c>> {
    let location = op.location();
    let tensor: Value = op.operand(0)?;
    let extract = rewrite.rewriter.insert(tensor_extract(location, tensor, &[])?);
    let value: Value = extract.result(0)?.into();
    if !as_index {
        // SAFETY: the value lives in the IR, which outlives this rewrite.
        return Ok(unsafe { crate::builders::detach(value) });
    }
    rewrite.insert_value(scalar(location, "arith.index_cast", &[value], Type::index(rewrite.context))?)
}

/// Lowers one control-flow op (see the module documentation).
pub fn lower_control_flow<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let operands: Vec<Value> = op.operands().collect();
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    for ty in operands.iter().map(|v| v.r#type()).chain(result_types.iter().copied()) {
        crate::builders::static_shape(ty)?;
    }
    let replacement = match name.as_str() {
        "stablehlo.optimization_barrier" => {
            rewrite.rewriter.replace_op_with_values(op, &operands);
            return Ok(());
        }
        "stablehlo.while" => {
            let new = rewrite.rewriter.insert(with_empty_regions(
                context, location, "scf.while", &operands, &result_types, &[], 2,
            )?);
            for (i, (terminator_name, condition)) in [("scf.condition", true), ("scf.yield", false)].into_iter().enumerate() {
                let to = new.region(i)?;
                take_body(to, op.region(i)?);
                replace_return(to, terminator_name, condition)?;
            }
            // A while loop may not terminate; StableHLO gives it no other
            // effect, so without this marker a loop whose results fold away
            // (a constant-true condition around a body that returns its
            // argument) would be erased and the program would return.
            let before = new.region(0)?;
            let block = before.first_block().ok_or("scf.while without a condition block")?;
            let condition = block.terminator().ok_or("scf.while condition without a terminator")?;
            block.insert_operation_before(condition, crate::builders::side_effect_marker(location)?);
            new
        }
        "stablehlo.if" => {
            let pred = scalar_operand(rewrite, op, false)?;
            let new = rewrite.rewriter.insert(with_empty_regions(
                context, location, "scf.if", &[pred], &result_types, &[], 2,
            )?);
            for i in 0..2 {
                let to = new.region(i)?;
                take_body(to, op.region(i)?);
                replace_return(to, "scf.yield", false)?;
            }
            new
        }
        "stablehlo.case" => {
            let branches = op.region_count();
            if branches == 1 {
                // A single branch always runs: inline it.
                let region = op.region(0)?;
                let block = region.first_block().ok_or("case branch has no block")?;
                let ret = block.terminator().ok_or("case branch has no terminator")?;
                let values: Vec<Value> = ret.operands().collect();
                let mut next = block.first_operation();
                while let Some(inner) = next {
                    next = inner.next_in_block();
                    if inner == ret {
                        break;
                    }
                    // SAFETY: both ops are live and in the same function.
                    unsafe { mlir_sys::mlirOperationMoveBefore(inner.to_raw(), op.to_raw()) };
                }
                // SAFETY: the values are defined by ops now before `op`.
                let values: Vec<Value> = values.iter().map(|v| unsafe { crate::builders::detach(*v) }).collect();
                rewrite.rewriter.replace_op_with_values(op, &values);
                return Ok(());
            }
            let index = scalar_operand(rewrite, op, true)?;
            let cases: Vec<i64> = (0..branches as i64 - 1).collect();
            let cases: melior::ir::Attribute = DenseI64ArrayAttribute::new(context, &cases).into();
            let new = rewrite.rewriter.insert(with_empty_regions(
                context, location, "scf.index_switch", &[index], &result_types, &[("cases", cases)], branches,
            )?);
            // Region 0 of scf.index_switch is the default: the last branch.
            for i in 0..branches {
                let to = new.region(if i == branches - 1 { 0 } else { i + 1 })?;
                take_body(to, op.region(i)?);
                replace_return(to, "scf.yield", false)?;
            }
            new
        }
        other => return Err(format!("'{other}' is not a control-flow op").into()),
    };
    let results: Vec<Value> = replacement.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}

