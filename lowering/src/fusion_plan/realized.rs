//! `xla-report-loop-nests`: what fusion realized, measured on the IR rather
//! than estimated from the plan. Runs after `xla-fuse-elementwise` (linalg
//! on tensors) and adds one line per function to the fusion report: the
//! loop nests left (linalg ops) and the bytes they move, each reading every
//! distinct tensor operand that its body reads once and writing its results
//! once, beside the
//! minimum (the function's arguments read once and its results written
//! once). `bench/memory.py` prints the ratio of the two.
//!
//! ```text
//! loop nests of @main after fusion: 3, est. bytes moved 16781312 (minimum 8388608: 2.00x)
//! ```
//!
//! Only the IR is read; nothing is changed. Views (`tensor.extract_slice`,
//! reshapes) count as free, since bufferization makes them views; copies
//! that bufferization adds are not counted.

use melior::{
    ir::{
        OperationRef, Type, ValueLike,
        attribute::DenseI64ArrayAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use std::collections::HashSet;
use std::fmt::Write;

/// Bytes of a statically shaped tensor; `None` for other types.
fn tensor_bytes(ty: Type) -> Option<u64> {
    super::graph::tensor_size(ty).map(|(_, bytes)| bytes)
}

/// The iterations of an `scf.forall` with static bounds (1 otherwise).
fn trip_count(op: OperationRef) -> u64 {
    let array = |name: &str| {
        op.attribute(name)
            .ok()
            .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
            .map(|a| (0..a.len()).map(|k| a.element(k).unwrap_or(i64::MIN)).collect::<Vec<i64>>())
    };
    let (Some(lower), Some(upper), Some(step)) = (array("staticLowerBound"), array("staticUpperBound"), array("staticStep")) else {
        return 1;
    };
    let mut trips = 1u64;
    for ((l, u), s) in lower.iter().zip(&upper).zip(&step) {
        if *l == i64::MIN || *u == i64::MIN || *s <= 0 || u < l {
            return 1;
        }
        trips = trips.saturating_mul(((u - l + s - 1) / s) as u64);
    }
    trips
}

/// Bytes an `scf.forall` moves: per iteration, each distinct slice it
/// extracts from a tensor defined outside it (not a `tensor.empty`) and
/// each slice it inserts; a slice that is the whole tensor once.
fn forall_bytes(forall: OperationRef) -> u64 {
    let (mut per_iteration, mut once) = (0u64, 0u64);
    let mut seen = HashSet::new();
    forall.walk(WalkOrder::PreOrder, |op| {
        let name = crate::op_name(&op);
        if name == "tensor.extract_slice" {
            let Ok(source) = op.operand(0) else { return WalkResult::Advance };
            // SAFETY: a live value; an op result has a live owner.
            let outside = unsafe {
                let raw = source.to_raw();
                let parent = if mlir_sys::mlirValueIsAOpResult(raw) {
                    mlir_sys::mlirOperationGetParentOperation(mlir_sys::mlirOpResultGetOwner(raw))
                } else {
                    mlir_sys::mlirBlockGetParentOperation(mlir_sys::mlirBlockArgumentGetOwner(raw))
                };
                // Defined outside: its defining op's (or block's) parent is
                // not the forall or inside it.
                let mut at = parent;
                let mut inside = false;
                while !at.ptr.is_null() {
                    if at.ptr == forall.to_raw().ptr {
                        inside = true;
                        break;
                    }
                    at = mlir_sys::mlirOperationGetParentOperation(at);
                }
                // A slice of a tensor.empty is an init, not a read.
                let empty = mlir_sys::mlirValueIsAOpResult(raw)
                    && crate::op_name(&OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw))) == "tensor.empty";
                !inside && !empty
            };
            // Identical slices were merged by CSE: one per distinct op. A
            // slice that is the whole tensor (a layernorm's scale) is read
            // once and then stays in the cache.
            if outside && seen.insert(op.to_raw().ptr as usize) {
                let bytes = op.result(0).ok().and_then(|r| tensor_bytes(r.r#type())).unwrap_or(0);
                if op.result(0).is_ok_and(|r| r.r#type() == source.r#type()) {
                    once = once.saturating_add(bytes);
                } else {
                    per_iteration = per_iteration.saturating_add(bytes);
                }
            }
        } else if name == "tensor.parallel_insert_slice" {
            per_iteration = per_iteration.saturating_add(op.operand(0).ok().and_then(|v| tensor_bytes(v.r#type())).unwrap_or(0));
        }
        WalkResult::Advance
    });
    per_iteration.saturating_mul(trip_count(forall)).saturating_add(once)
}

/// (loop nests, bytes moved, minimum bytes) of one function.
fn measure(function: OperationRef) -> (usize, u64, u64) {
    let mut nests = 0usize;
    let mut moved = 0u64;
    function.walk(WalkOrder::PreOrder, |op| {
        let name = crate::op_name(&op);
        if name == "scf.forall" {
            // Blocks of rows (`xla-fuse-rows`): one loop nest whose tiles
            // stay in the cache; it moves the slices it takes of tensors
            // from outside and the slices it inserts, once per iteration.
            nests += 1;
            moved = moved.saturating_add(forall_bytes(op));
            return WalkResult::Skip;
        }
        if !name.starts_with("linalg.") || name == "linalg.yield" || name == "linalg.index" {
            return WalkResult::Advance;
        }
        nests += 1;
        // Each distinct operand whose block argument the body reads (an
        // init that is only written, like a tensor.empty, is not read).
        let body = op.region(0).ok().and_then(|r| melior::ir::RegionLike::first_block(&r));
        let mut seen = HashSet::new();
        for (k, operand) in op.operands().enumerate() {
            let read = match &body {
                Some(block) if melior::ir::BlockLike::argument_count(block) == op.operand_count() => {
                    melior::ir::BlockLike::argument(block, k).is_ok_and(|a| crate::use_count(a.to_raw()) > 0)
                }
                _ => true,
            };
            if read && seen.insert(operand.to_raw().ptr as usize) {
                moved = moved.saturating_add(tensor_bytes(operand.r#type()).unwrap_or(0));
            }
        }
        // Results are written.
        for result in op.results() {
            moved = moved.saturating_add(tensor_bytes(result.r#type()).unwrap_or(0));
        }
        WalkResult::Skip
    });
    let mut minimum = 0u64;
    if let Ok(region) = function.region(0) {
        if let Some(block) = melior::ir::RegionLike::first_block(&region) {
            for k in 0..melior::ir::BlockLike::argument_count(&block) {
                if let Ok(argument) = melior::ir::BlockLike::argument(&block, k) {
                    minimum = minimum.saturating_add(tensor_bytes(argument.r#type()).unwrap_or(0));
                }
            }
            if let Some(terminator) = melior::ir::BlockLike::terminator(&block) {
                for operand in terminator.operands() {
                    minimum = minimum.saturating_add(tensor_bytes(operand.r#type()).unwrap_or(0));
                }
            }
        }
    }
    (nests, moved, minimum)
}

fn report(module: OperationRef) {
    let mut text = String::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) != "func.func" {
            return WalkResult::Advance;
        }
        let name = op
            .attribute("sym_name")
            .ok()
            .and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok())
            .map(|s| s.value().to_owned())
            .unwrap_or_default();
        let (nests, moved, minimum) = measure(op);
        if nests > 0 {
            let ratio = if minimum > 0 { format!(": {:.2}x", moved as f64 / minimum as f64) } else { String::new() };
            let _ = writeln!(text, "loop nests of @{name} after fusion: {nests}, est. bytes moved {moved} (minimum {minimum}{ratio})");
        }
        WalkResult::Skip
    });
    if !text.is_empty() {
        super::append_report(&text);
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_report_loop_nests_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| report(module),
        "XlaReportLoopNests",
        "xla-report-loop-nests",
        "Add each function's loop nests after fusion and the bytes they move (every distinct operand read once, results written once) to the fusion report",
        "builtin.module",
    )
}
