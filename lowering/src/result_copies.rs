//! `xla-elide-result-copies`: a result computed in a temporary buffer and
//! copied into its out-parameter at the end is computed in the
//! out-parameter instead.
//!
//! `buffer-results-to-out-params{hoist-static-allocs}` writes a result
//! straight into its out-parameter only when the returned value is itself
//! an allocation. A result carried by a loop (the stacked output of a
//! `lax.scan`, a `fori_loop`'s state) is a loop result when that pass runs;
//! canonicalization later folds it back to the buffer the loop updates in
//! place, and what is left is a temporary plus a `memref.copy` of it into
//! the out-parameter. This pass removes both: when, in a function's entry
//! block,
//!
//! - `memref.copy %t, %out` copies a `memref.alloc` of the entry block
//!   (static shape) into a block argument `%out` of the same type,
//! - the copy is `%out`'s only use, and
//! - nothing after the copy in the block uses `%t`,
//!
//! every use of `%t` becomes a use of `%out`, and the allocation and the
//! copy are erased. Out-parameters are caller-allocated, write-only for
//! compiled code and distinct from its inputs (the calling convention), so
//! writing the result there early is the same as copying it there last.
//! Runs before buffer deallocation, so the temporary has no dealloc yet.
//!
//! ```mlir
//! // before
//! %ys = memref.alloc() : memref<16x256xf32>
//! linalg.fill ... outs(%ys) ; scf.while ... { ... memref.subview %ys ... }
//! memref.copy %ys, %out : memref<16x256xf32> to memref<16x256xf32>
//! // after
//! linalg.fill ... outs(%out) ; scf.while ... { ... memref.subview %out ... }
//! ```

use melior::{
    ir::{BlockLike, OperationRef, RegionLike, ValueLike, operation::OperationLike},
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirOperation, MlirValue};

/// Whether `op` or an op nested in it has `value` as an operand.
fn uses(op: MlirOperation, value: MlirValue) -> bool {
    // SAFETY: `op` is a live operation of the function being processed.
    let op = unsafe { OperationRef::from_raw(op) };
    let mut found = false;
    op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
        // SAFETY: `nested` is live during the walk.
        let count = unsafe { mlir_sys::mlirOperationGetNumOperands(nested.to_raw()) };
        for i in 0..count {
            // SAFETY: `i` is below the operand count.
            if unsafe { mlir_sys::mlirOperationGetOperand(nested.to_raw(), i) }.ptr == value.ptr {
                found = true;
                return melior::ir::operation::WalkResult::Interrupt;
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    found
}

/// The number of uses of `value`.
fn use_count(value: MlirValue) -> usize {
    let mut count = 0;
    // SAFETY: walking the use list of a live value.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value);
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            count += 1;
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    count
}

/// Elides the copies of one function (its entry block); returns how many.
fn elide_in_function(function: OperationRef) -> usize {
    let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
        return 0; // a declaration
    };
    let mut elided = 0;
    let mut next = block.first_operation().map(|op| op.to_raw());
    while let Some(raw) = next {
        // SAFETY: `raw` is an op of the live block; the following op is read
        // before this one may be erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        next = op.next_in_block().map(|o| o.to_raw());
        if crate::op_name(&op) != "memref.copy" || op.operand_count() != 2 {
            continue;
        }
        let (Ok(source), Ok(target)) = (op.operand(0), op.operand(1)) else { continue };
        let (source, target) = (source.to_raw(), target.to_raw());
        // SAFETY: queries on live values and ops.
        unsafe {
            // The target: an argument of this block, used only here.
            if !mlir_sys::mlirValueIsABlockArgument(target)
                || mlir_sys::mlirBlockArgumentGetOwner(target).ptr != block.to_raw().ptr
                || use_count(target) != 1
            {
                continue;
            }
            // The source: a static allocation of this block, same type.
            if !mlir_sys::mlirValueIsAOpResult(source) {
                continue;
            }
            let alloc = mlir_sys::mlirOpResultGetOwner(source);
            let alloc_ref = OperationRef::from_raw(alloc);
            if crate::op_name(&alloc_ref) != "memref.alloc"
                || alloc_ref.operand_count() != 0
                || mlir_sys::mlirOperationGetBlock(alloc).ptr != block.to_raw().ptr
                || !mlir_sys::mlirTypeEqual(mlir_sys::mlirValueGetType(source), mlir_sys::mlirValueGetType(target))
            {
                continue;
            }
            // Nothing after the copy reads or writes the temporary.
            let mut later = mlir_sys::mlirOperationGetNextInBlock(raw);
            let mut used_later = false;
            while !later.ptr.is_null() {
                if uses(later, source) {
                    used_later = true;
                    break;
                }
                later = mlir_sys::mlirOperationGetNextInBlock(later);
            }
            if used_later {
                continue;
            }
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirOperationDestroy(raw);
            mlir_sys::mlirValueReplaceAllUsesOfWith(source, target);
            mlir_sys::mlirOperationRemoveFromParent(alloc);
            mlir_sys::mlirOperationDestroy(alloc);
        }
        elided += 1;
    }
    elided
}

/// Runs over every `func.func` of `module`; returns the copies elided.
pub fn elide_result_copies(module: OperationRef) -> usize {
    let mut functions = Vec::new();
    module.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) == "func.func" {
            functions.push(op.to_raw());
            return melior::ir::operation::WalkResult::Skip;
        }
        melior::ir::operation::WalkResult::Advance
    });
    functions
        .into_iter()
        // SAFETY: collected from the live module; functions are not erased.
        .map(|raw| elide_in_function(unsafe { OperationRef::from_raw(raw) }))
        .sum()
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_elide_result_copies_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            elide_result_copies(module);
        },
        "XlaElideResultCopies",
        "xla-elide-result-copies",
        "Compute a result in its out-parameter when it was computed in a temporary that is only copied there at the end",
        "builtin.module",
    )
}
