//! `xla-parallel-stack-temporaries`: the small temporaries of each
//! iteration of an `scf.parallel` loop (a block of rows of `xla-fuse-rows`:
//! the row maxima, the sums, an `exp(x - max)` tile) on the stack of the
//! thread that runs the iteration, instead of the heap.
//!
//! `xla-cpu-parallel-tasks` keeps a loop that allocates heap memory
//! sequential (tasks never allocate, so that an allocation failure happens
//! on the calling thread only), and buffer assignment leaves the
//! temporaries of parallel bodies alone (each iteration needs its own). So
//! a body's `memref.alloc` of a static shape, at most [`MAX_BYTES`] (all
//! of a body's together at most [`MAX_BODY_BYTES`]), freed in the same
//! body, becomes a `memref.alloca` (same type and alignment; its deallocs
//! are erased), and the body is bracketed by `llvm.intr.stacksave` /
//! `llvm.intr.stackrestore`, so the stack does not grow from iteration to
//! iteration. The loop then runs on the thread pool. Stack bytes are not
//! heap bytes: `--report=memory` does not count them.
//!
//! Runs on buffers, after `scf-forall-to-parallel` and before the loops are
//! lowered. Loops with results (reductions) are left alone.

use crate::op_name;
use melior::{
    dialect::memref,
    ir::{
        BlockLike, Location, OperationRef, RegionLike, Type, TypeLike, ValueLike,
        attribute::IntegerAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{MemRefType, ShapedTypeLike},
    },
    pass::{ExternalPass, Pass},
};
use mlir_sys::MlirOperation;

/// The most bytes one temporary may have to go on the stack.
pub const MAX_BYTES: u64 = 64 * 1024;
/// The most bytes of one body's temporaries on the stack together.
pub const MAX_BODY_BYTES: u64 = 128 * 1024;

/// Bytes of a statically shaped memref of a sized element type.
fn static_bytes(ty: Type) -> Option<u64> {
    let memref = MemRefType::try_from(ty).ok()?;
    let raw = ty.to_raw();
    // SAFETY: shape queries on a live memref type.
    unsafe {
        if !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(raw);
        let mut elements = 1u64;
        for d in 0..rank {
            elements = elements.checked_mul(u64::try_from(mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize)).ok()?)?;
        }
        let element = crate::type_sizes::element_bytes(memref.element())?;
        elements.checked_mul(u64::try_from(element).ok()?)
    }
}

/// The `memref.alloc`s directly in `body` that can go on the stack, with
/// the deallocs of each (all directly in `body`).
fn stack_candidates(body: &melior::ir::BlockRef) -> Vec<(MlirOperation, Vec<MlirOperation>)> {
    let mut found = Vec::new();
    let mut total = 0u64;
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(&op) != "memref.alloc" || op.operand_count() != 0 {
            continue;
        }
        let Ok(result) = op.result(0) else { continue };
        let Some(bytes) = static_bytes(result.r#type()) else { continue };
        if bytes > MAX_BYTES || total + bytes > MAX_BODY_BYTES {
            continue;
        }
        // Every use inside the body (nested too); the deallocs directly in it.
        let mut deallocs = Vec::new();
        let mut contained = true;
        // SAFETY: walking the use list of a live value; owners are live.
        unsafe {
            let mut use_ = mlir_sys::mlirValueGetFirstUse(result.to_raw());
            while !mlir_sys::mlirOpOperandIsNull(use_) {
                let owner = mlir_sys::mlirOpOperandGetOwner(use_);
                let mut at = owner;
                while !at.ptr.is_null() && mlir_sys::mlirOperationGetBlock(at).ptr != body.to_raw().ptr {
                    at = mlir_sys::mlirOperationGetParentOperation(at);
                }
                if at.ptr.is_null() {
                    contained = false;
                }
                if op_name(&OperationRef::from_raw(owner)) == "memref.dealloc" {
                    if mlir_sys::mlirOperationGetBlock(owner).ptr != body.to_raw().ptr {
                        contained = false;
                    }
                    deallocs.push(owner);
                }
                use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
            }
        }
        if contained {
            total += bytes;
            found.push((op.to_raw(), deallocs));
        }
    }
    found
}

fn run(module: OperationRef) -> Result<(), String> {
    let mut loops = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if op_name(&op) == "scf.parallel" && op.result_count() == 0 {
            loops.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let context = crate::context_of(module.context());
    for raw in loops {
        // SAFETY: collected from the live module; this pass erases allocs
        // and deallocs only, never a loop.
        let parallel = unsafe { OperationRef::from_raw(raw) };
        let Some(body) = parallel.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let candidates = stack_candidates(&body);
        if candidates.is_empty() {
            continue;
        }
        let (Some(first), Some(terminator)) = (body.first_operation(), body.terminator()) else { continue };
        let location: Location = parallel.location();
        let save = crate::builders::llvm_stack_save(context, location)?;
        // SAFETY: detached ops handed to the live body block, before its
        // first op and its terminator.
        let saved = unsafe {
            let save = save.into_raw();
            mlir_sys::mlirBlockInsertOwnedOperationBefore(body.to_raw(), first.to_raw(), save);
            mlir_sys::mlirOperationGetResult(save, 0)
        };
        // SAFETY: `saved` is the live result just inserted.
        let restore = crate::builders::llvm_stack_restore(location, unsafe { melior::ir::Value::from_raw(saved) })?;
        // SAFETY: as above.
        unsafe { mlir_sys::mlirBlockInsertOwnedOperationBefore(body.to_raw(), terminator.to_raw(), restore.into_raw()) };
        for (alloc, deallocs) in candidates {
            // SAFETY: `alloc` is a live memref.alloc of the body; its
            // replacement is inserted right before it and takes every use,
            // then the alloc and its deallocs (live, results-free) are
            // destroyed once each.
            unsafe {
                let alloc_op = OperationRef::from_raw(alloc);
                let ty = MemRefType::try_from(alloc_op.result(0).map_err(|e| e.to_string())?.r#type()).map_err(|e| e.to_string())?;
                let alignment = alloc_op.attribute("alignment").ok().and_then(|a| IntegerAttribute::try_from(a).ok());
                let alloca = memref::alloca(context, ty, &[], &[], alignment, alloc_op.location()).into_raw();
                mlir_sys::mlirBlockInsertOwnedOperationBefore(body.to_raw(), alloc, alloca);
                let old = mlir_sys::mlirOperationGetResult(alloc, 0);
                let new = mlir_sys::mlirOperationGetResult(alloca, 0);
                mlir_sys::mlirValueReplaceAllUsesOfWith(old, new);
                for dealloc in deallocs {
                    mlir_sys::mlirOperationDestroy(dealloc);
                }
                mlir_sys::mlirOperationDestroy(alloc);
            }
        }
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_parallel_stack_temporaries_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if let Err(message) = run(module) {
                crate::diagnostics::emit_error(module.location(), &message);
                pass.signal_failure();
            }
        },
        "XlaParallelStackTemporaries",
        "xla-parallel-stack-temporaries",
        "Small static temporaries of each scf.parallel iteration on the stack (alloca, bracketed by stacksave/stackrestore), so the loop can run on the thread pool",
        "builtin.module",
    )
}
