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

/// (loop nests, bytes moved, minimum bytes) of one function.
fn measure(function: OperationRef) -> (usize, u64, u64) {
    let mut nests = 0usize;
    let mut moved = 0u64;
    function.walk(WalkOrder::PreOrder, |op| {
        let name = crate::op_name(&op);
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
