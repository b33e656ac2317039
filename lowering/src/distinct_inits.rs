//! `xla-distinct-inits`: the linalg ops whose `outs` operand is one shared
//! `tensor.empty` or tensor `arith.constant` share it in groups of at most
//! [`GROUP`], each group with its own copy of the op.
//!
//! CSE (run on tensors before bufferization) merges all identical
//! `tensor.empty` ops of a function into one, and all reductions starting
//! from the same constant share it as their init. One-shot bufferization's
//! analysis then sees one alias set holding the results of every op that
//! writes into the shared value, and checks each in-place write against all
//! of them: a program of N element-wise ops took O(N^2)-O(N^3) time
//! (5,000 ops: 7.6 s). With groups the alias sets stay bounded. Sharing is
//! not free to drop altogether: writers into one `tensor.empty` reuse each
//! other's buffers when the previous contents are dead (one init per writer
//! gave the JAX MLP 6 mallocs instead of 2), so groups keep that reuse
//! among neighbours; programs with at most [`GROUP`] writers per init are
//! unchanged.
//!
//! ```mlir
//! // before
//! %e = tensor.empty() : tensor<16xf32>
//! %1 = linalg.generic ... outs(%e : tensor<16xf32>)
//! %2 = linalg.generic ... outs(%e : tensor<16xf32>)
//! ... (16 writers of %e in all, then)
//! %17 = linalg.generic ... outs(%e : tensor<16xf32>)
//! // after
//! %e = tensor.empty() : tensor<16xf32>
//! %e_0 = tensor.empty() : tensor<16xf32>
//! %1 = linalg.generic ... outs(%e : tensor<16xf32>)
//! ... (writers 2-16 of %e)
//! %17 = linalg.generic ... outs(%e_0 : tensor<16xf32>)
//! ```
//!
//! Runs right before bufferization.

use melior::{
    ir::{
        AttributeLike, OperationRef, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use std::collections::HashMap;

fn name_of(raw: mlir_sys::MlirOperation) -> String {
    // SAFETY: `raw` is a live operation.
    let op = unsafe { OperationRef::from_raw(raw) };
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// The number of `outs` operands of a linalg op with `operandSegmentSizes`
/// = [inputs, outputs]; None for other ops.
fn output_count(op: OperationRef) -> Option<usize> {
    let segments = op.attribute("operandSegmentSizes").ok()?;
    // SAFETY: the attribute is live; only read.
    unsafe {
        let raw = segments.to_raw();
        if !mlir_sys::mlirAttributeIsADenseI32Array(raw) || mlir_sys::mlirDenseArrayGetNumElements(raw) != 2 {
            return None;
        }
        Some(mlir_sys::mlirDenseI32ArrayGetElement(raw, 1) as usize)
    }
}

/// Users of one init value that share one copy of its producer: writers
/// into a shared `tensor.empty` can reuse each other's buffers (a write is
/// in place when the previous contents are dead), which this keeps within a
/// group, while bounding the alias sets the analysis compares.
pub const GROUP: usize = 16;

/// Splits the users of each shared `tensor.empty` / constant init into
/// groups of [`GROUP`] (program order); the first group keeps the original
/// op, each further group gets a clone inserted right after it.
pub fn split_shared_inits(module: OperationRef) {
    let mut inits: Vec<(mlir_sys::MlirOperation, usize, mlir_sys::MlirValue)> = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if !op.name().as_string_ref().as_str().is_ok_and(|n| n.starts_with("linalg.")) {
            return WalkResult::Advance;
        }
        let Some(outputs) = output_count(op) else { return WalkResult::Advance };
        let total = op.operand_count();
        for index in total.saturating_sub(outputs)..total {
            let Ok(value) = op.operand(index) else { continue };
            inits.push((op.to_raw(), index, value.to_raw()));
        }
        WalkResult::Advance
    });
    // Per shared value: how many init uses seen so far, and the copy that
    // the current group uses.
    let mut seen: HashMap<usize, (usize, mlir_sys::MlirValue)> = HashMap::new();
    for (user, index, value) in inits {
        // SAFETY: `value` is a live value; only inspected.
        let producer = unsafe {
            if !mlir_sys::mlirValueIsAOpResult(value) {
                continue;
            }
            mlir_sys::mlirOpResultGetOwner(value)
        };
        let name = name_of(producer);
        if name != "tensor.empty" && name != "arith.constant" {
            continue;
        }
        let entry = seen.entry(value.ptr as usize).or_insert((0, value));
        if entry.0 > 0 && entry.0 % GROUP == 0 {
            // SAFETY: `producer` is live; the clone goes right after it (so
            // it dominates every use the original dominates) and has the
            // same result type.
            entry.1 = unsafe {
                let clone = mlir_sys::mlirOperationClone(producer);
                let block = mlir_sys::mlirOperationGetBlock(producer);
                mlir_sys::mlirBlockInsertOwnedOperationAfter(block, producer, clone);
                mlir_sys::mlirOperationGetResult(clone, 0)
            };
        }
        entry.0 += 1;
        if entry.1.ptr != value.ptr {
            // SAFETY: `user` is live and `index` one of its operands; the
            // new value has the operand's type and dominates `user`.
            unsafe { mlir_sys::mlirOperationSetOperand(user, index as isize, entry.1) };
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_distinct_inits_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| split_shared_inits(module),
        "XlaDistinctInits",
        "xla-distinct-inits",
        "Share each tensor.empty / constant used as a linalg init among at most 16 writers",
        "builtin.module",
    )
}
