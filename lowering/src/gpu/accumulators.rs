//! `xla-gpu-promote-accumulators`: in kernels, the accumulator of a
//! reduction loop lives in a register instead of memory.
//!
//! A reduction loop nest (of `reduce`, `dot_general`, `convolution`, ...) as
//! `convert-linalg-to-parallel-loops` writes it loads the output element,
//! combines it with an input element and stores it back in every iteration:
//! two global memory accesses per multiply-add that LLVM cannot remove (it
//! does not know that the output buffer overlaps no input). This pass turns
//! the pair into a loop-carried value, innermost loop first, so the whole
//! nest loads the output element once and stores it once:
//!
//! ```mlir
//! // before
//! scf.for %k = %c0 to %c8 step %c1 {
//!   %a = memref.load %A[%i, %k] : memref<4x8xf32>
//!   %acc = memref.load %C[%i, %j] : memref<4x16xf32>
//!   %sum = arith.addf %acc, %a : f32
//!   memref.store %sum, %C[%i, %j] : memref<4x16xf32>
//! }
//! // after
//! %init = memref.load %C[%i, %j] : memref<4x16xf32>
//! %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (f32) {
//!   %a = memref.load %A[%i, %k] : memref<4x8xf32>
//!   %sum = arith.addf %acc, %a : f32
//!   scf.yield %sum : f32
//! }
//! memref.store %r, %C[%i, %j] : memref<4x16xf32>
//! ```
//!
//! Conditions, checked on each `scf.for`: its body (directly, not under
//! another op) holds exactly one `memref.store` to the memref and exactly
//! one `memref.load` of it, before the store, both at the same indices,
//! which are defined outside the loop; nothing else in the loop writes
//! memory or has unknown effects (only arith, math, complex, index, affine,
//! `llvm.intr`, memref loads and views and nested `scf` control flow are
//! allowed); and every other memref the loop loads from comes from a
//! different buffer (traced through views to a different function argument,
//! allocation or global). Buffers of different function arguments do not
//! overlap where one is written (the calling convention: results are
//! distinct out-parameters, inputs are only read), and bufferization never
//! makes a reduction write into a buffer that it also reads.

use super::{name, internal};
use crate::builders::{BuildResult, memref_store, scf_for};
use melior::ir::{
    AttributeLike, BlockLike, BlockRef, OperationRef, RegionLike, Value, ValueLike,
    operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
    block::BlockArgument,
};
use melior::pass::{ExternalPass, Pass};

pub(crate) fn same(a: Value, b: Value) -> bool {
    a.to_raw().ptr == b.to_raw().ptr
}

/// Whether `op` is `ancestor` or nested in it.
pub(crate) fn is_within(op: OperationRef, ancestor: OperationRef) -> bool {
    let mut current = Some(op);
    while let Some(op) = current {
        if op == ancestor {
            return true;
        }
        current = op.parent_operation();
    }
    false
}

/// Whether `value` is defined outside `op` (so it is invariant in it).
pub(crate) fn defined_outside(value: Value, op: OperationRef) -> bool {
    if let Ok(result) = OperationResult::try_from(value) {
        return !is_within(result.owner(), op);
    }
    if BlockArgument::try_from(value).is_err() {
        return false;
    }
    // SAFETY: `value` is a live block argument; its block and that block's
    // parent op (if any) are live.
    let owner = unsafe {
        let block = mlir_sys::mlirBlockArgumentGetOwner(value.to_raw());
        OperationRef::from_option_raw(mlir_sys::mlirBlockGetParentOperation(block))
    };
    owner.is_some_and(|owner| !is_within(owner, op))
}

/// The buffer a memref value views: through view-like ops to a function
/// argument, an allocation or a global (raw pointer of that value or op).
pub(crate) fn root(value: Value) -> usize {
    let mut value = value;
    loop {
        let Ok(result) = OperationResult::try_from(value) else { return value.to_raw().ptr as usize };
        let op = result.owner();
        match name(&op).as_str() {
            "memref.subview" | "memref.cast" | "memref.collapse_shape" | "memref.expand_shape" | "memref.reinterpret_cast"
            | "memref.transpose" | "memref.view" | "memref.memory_space_cast" | "memref.assume_alignment" => {
                match op.operand(0) {
                    Ok(source) => value = source,
                    Err(_) => return value.to_raw().ptr as usize,
                }
            }
            "memref.get_global" => {
                // Every get_global of one global is the same buffer.
                return op.attribute("name").map(|a| a.to_raw().ptr as usize).unwrap_or(value.to_raw().ptr as usize);
            }
            _ => return value.to_raw().ptr as usize,
        }
    }
}

/// Ops that neither write memory nor have unknown effects.
pub(crate) fn harmless(op: &str) -> bool {
    const PREFIXES: &[&str] = &["arith.", "math.", "complex.", "index.", "affine.apply", "llvm.intr.", "scf."];
    const MEMREF: &[&str] = &[
        "memref.load", "memref.subview", "memref.cast", "memref.collapse_shape", "memref.expand_shape",
        "memref.reinterpret_cast", "memref.get_global", "memref.dim", "memref.extract_strided_metadata",
    ];
    // LLVM intrinsics that touch memory (memcpy, memset, masked loads and
    // stores, ...) are not harmless.
    let memory_intrinsic = op.starts_with("llvm.intr.") && (op.contains("mem") || op.contains("load") || op.contains("store"));
    (PREFIXES.iter().any(|p| op.starts_with(p)) && !memory_intrinsic) || MEMREF.contains(&op) || op == "ub.poison"
}

/// The load/store pair to promote out of `lp`, if there is one.
/// `other_stores`: stores to other buffers (traced to a different root)
/// may stay in the loop (the CPU's multi-result reductions).
fn candidate<'c, 'a>(
    lp: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    other_stores: bool,
) -> Option<(OperationRef<'c, 'a>, OperationRef<'c, 'a>)> {
    // Stores directly in the body.
    let mut stores = Vec::new();
    let mut op = body.first_operation();
    while let Some(current) = op {
        if name(&current) == "memref.store" {
            stores.push(current);
        }
        op = current.next_in_block();
    }
    'stores: for store in stores {
        let operands: Vec<Value> = store.operands().collect();
        let (memref, indices) = (operands[1], &operands[2..]);
        if !defined_outside(memref, lp) || !indices.iter().all(|&i| defined_outside(i, lp)) {
            continue;
        }
        let buffer = root(memref);
        let mut load = None;
        let mut fine = true;
        lp.walk(WalkOrder::PreOrder, |inner| {
            if inner == lp {
                return WalkResult::Advance;
            }
            let op_name = name(&inner);
            if inner == store {
                return WalkResult::Advance;
            }
            if other_stores && op_name == "memref.store" && inner.operand(1).is_ok_and(|m| root(m) != buffer) {
                return WalkResult::Advance;
            }
            if !harmless(&op_name) {
                fine = false;
                return WalkResult::Interrupt;
            }
            if op_name == "memref.load" {
                let Ok(source) = inner.operand(0) else {
                    fine = false;
                    return WalkResult::Interrupt;
                };
                if root(source) == buffer {
                    let load_indices: Vec<Value> = inner.operands().skip(1).collect();
                    let matches = same(source, memref)
                        && load_indices.len() == indices.len()
                        && load_indices.iter().zip(indices).all(|(a, b)| same(*a, *b))
                        && inner.block().is_some_and(|b| b == body)
                        && inner.is_before_in_block(store)
                        && load.is_none();
                    if !matches {
                        fine = false;
                        return WalkResult::Interrupt;
                    }
                    load = Some(inner.to_raw());
                }
            }
            WalkResult::Advance
        });
        if !fine {
            continue 'stores;
        }
        if let Some(load) = load {
            // SAFETY: found in the live loop above.
            return Some((unsafe { OperationRef::from_raw(load) }, store));
        }
    }
    None
}

/// Promotes one accumulator of `lp`; the loop that replaces it, if it did.
pub(crate) fn promote<'c, 'a>(lp: OperationRef<'c, 'a>, other_stores: bool) -> BuildResult<Option<OperationRef<'c, 'a>>> {
    let body = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
    if body.next_in_region().is_some() {
        return Ok(None);
    }
    let Some((load, store)) = candidate(lp, body, other_stores) else { return Ok(None) };
    let location = lp.location();
    let block = lp.block().ok_or("internal error: scf.for outside a block")?;
    // The initial value, loaded before the loop (a clone of the load).
    // SAFETY: `load` is live; the clone is a new detached op.
    let initial = block.insert_operation_before(lp, unsafe { load.to_ref() }.clone());
    let initial_value: Value = initial.result(0).map_err(internal)?.into();
    let operands: Vec<Value> = lp.operands().collect();
    let mut iter_args: Vec<Value> = operands[3..].to_vec();
    iter_args.push(initial_value);
    let old_count = operands.len() - 3;
    let new = block.insert_operation_before(
        lp,
        scf_for(location, [operands[0], operands[1], operands[2]], &iter_args, |_, _, arguments| Ok(arguments.to_vec()))?,
    );
    let new_body = new.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
    let new_yield = new_body.terminator().ok_or("internal error: scf.for without terminator")?;
    let old_yield = body.terminator().ok_or("internal error: scf.for without terminator")?;
    let mut yielded: Vec<Value> = old_yield.operands().collect();
    yielded.push(store.operand(0).map_err(internal)?);
    let accumulator: Value = new_body.argument(old_count + 1).map_err(internal)?.into();
    // SAFETY: all ops and values are live; the body moves into a loop at
    // the same place with the same arguments (plus the accumulator), the
    // load's value is replaced by the accumulator and the store by the
    // yield, then the old ops are destroyed without remaining uses.
    unsafe {
        let load_value = load.result(0).map_err(internal)?;
        mlir_sys::mlirValueReplaceAllUsesOfWith(load_value.to_raw(), accumulator.to_raw());
        mlir_sys::mlirOperationDestroy(load.to_raw());
        mlir_sys::mlirOperationDestroy(store.to_raw());
        while let Some(op) = body.first_operation() {
            if op == old_yield {
                break;
            }
            mlir_sys::mlirOperationMoveBefore(op.to_raw(), new_yield.to_raw());
        }
        let raw: Vec<mlir_sys::MlirValue> = yielded.iter().map(|v| v.to_raw()).collect();
        mlir_sys::mlirOperationSetOperands(new_yield.to_raw(), raw.len() as isize, raw.as_ptr());
        for i in 0..=old_count {
            let old = body.argument(i).map_err(internal)?;
            let replacement = new_body.argument(i).map_err(internal)?;
            mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), replacement.to_raw());
        }
        for i in 0..old_count {
            let old = lp.result(i).map_err(internal)?;
            let replacement = new.result(i).map_err(internal)?;
            mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), replacement.to_raw());
        }
    }
    // The final value goes back to memory after the loop.
    let result: Value = new.result(old_count).map_err(internal)?.into();
    let place: Vec<Value> = initial.operands().collect();
    block.insert_operation_after(new, memref_store(location, result, place[0], &place[1..])?);
    // SAFETY: the old loop's results and block arguments have no uses left.
    unsafe { mlir_sys::mlirOperationDestroy(lp.to_raw()) };
    Ok(Some(new))
}

/// Promotes accumulators in one kernel until none is left (innermost
/// loops first, so a nest promotes level by level).
fn promote_in(launch: OperationRef) -> BuildResult<()> {
    loop {
        let mut loops = Vec::new();
        launch.walk(WalkOrder::PostOrder, |op| {
            if name(&op) == "scf.for" {
                loops.push(op.to_raw());
            }
            WalkResult::Advance
        });
        let mut changed = false;
        for raw in loops {
            // SAFETY: collected above; the IR is unchanged until a promotion
            // succeeds, after which the walk starts again.
            let lp = unsafe { OperationRef::from_raw(raw) };
            if promote(lp, false)?.is_some() {
                changed = true;
                break;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_promote_accumulators_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut launches = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                if name(&op) == "gpu.launch" {
                    launches.push(op.to_raw());
                    return WalkResult::Skip;
                }
                WalkResult::Advance
            });
            for raw in launches {
                // SAFETY: collected above; kernels are not nested.
                let launch = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = promote_in(launch) {
                    crate::diagnostics::emit_error(launch.location(), &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuPromoteAccumulators",
        "xla-gpu-promote-accumulators",
        "In kernels, carry the accumulator of a reduction loop in a register (one load before and one store after the loop) instead of memory",
        "builtin.module",
    )
}
