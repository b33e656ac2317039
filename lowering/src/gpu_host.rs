//! `xla-gpu-stage-globals`: kernels never read host globals directly.
//!
//! Bufferized constants are `memref.global`s in host memory, which a GPU
//! cannot read. Host code allocates through the runtime (managed memory,
//! see `xla_runtime::cuda`), so a constant that a `gpu.launch_func` takes as
//! an argument is copied into a fresh allocation right before the launch
//! and freed right after it (launches are synchronous):
//!
//! ```mlir
//! // before
//! %g = memref.get_global @cst : memref<4xf32>
//! gpu.launch_func @k::@k blocks in (...) threads in (...) args(%g : memref<4xf32>)
//! // after
//! %g = memref.get_global @cst : memref<4xf32>
//! %a = memref.alloc() : memref<4xf32>
//! memref.copy %g, %a : memref<4xf32> to memref<4xf32>
//! gpu.launch_func @k::@k blocks in (...) threads in (...) args(%a : memref<4xf32>)
//! memref.dealloc %a : memref<4xf32>
//! ```
//!
//! A kernel argument may also be a view of a global (a `memref.subview`,
//! `memref.cast`, `memref.reinterpret_cast`, `memref.expand_shape`,
//! `memref.collapse_shape` or `memref.transpose` of it, in any chain: a
//! slice or reshape of a constant). Then the whole global is staged and the
//! chain of views is rebuilt on the staged copy, right before the launch.
//! (Seen on an H100: a subview of a constant passed straight to a kernel
//! faulted with `CUDA_ERROR_ILLEGAL_ADDRESS`.)
//!
//! Globals used inside kernel bodies were cloned into the kernel's
//! `gpu.module` by outlining and live in device memory; this pass only
//! handles the host side. Runs after `gpu-kernel-outlining`.

use melior::{
    ir::{
        BlockLike, OperationRef, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::MemRefType,
    },
    pass::{ExternalPass, Pass},
};

/// The op that defines `value`, if it is an op result.
fn owner_of<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    // SAFETY: `value` is live; an op result's owner is a live op.
    unsafe {
        mlir_sys::mlirValueIsAOpResult(value.to_raw())
            .then(|| OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value.to_raw())))
    }
}

/// Ops whose result is a view of their first operand's memory.
const VIEWS: [&str; 6] = [
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.transpose",
];

/// When `value` is a global or a chain of views of one: the global's value
/// and the views, innermost (applied first) first.
fn global_behind<'c, 'a>(mut value: Value<'c, 'a>) -> Option<(Value<'c, 'a>, Vec<OperationRef<'c, 'a>>)> {
    let mut views = Vec::new();
    loop {
        let owner = owner_of(value)?;
        match owner.name().as_string_ref().as_str().ok()? {
            "memref.get_global" => {
                views.reverse();
                return Some((value, views));
            }
            name if VIEWS.contains(&name) => {
                views.push(owner);
                value = owner.operand(0).ok()?;
            }
            _ => return None,
        }
    }
}

fn stage(launch: OperationRef) -> crate::builders::BuildResult<()> {
    let block = launch.block().ok_or("internal error: gpu.launch_func outside a block")?;
    let location = launch.location();
    // SAFETY: the context outlives the pass run that calls this.
    let context = crate::context_of(launch.context());
    let operands: Vec<Value> = launch.operands().collect();
    for (index, operand) in operands.into_iter().enumerate() {
        let Some((global, views)) = global_behind(operand) else {
            continue;
        };
        let ty = MemRefType::try_from(global.r#type())?;
        let alloc = melior::dialect::memref::alloc(context, ty, &[], &[], None, location);
        let alloc = block.insert_operation_before(launch, alloc);
        let copied: Value = alloc.result(0)?.into();
        let copy = crate::builders::memref_copy(location, global, copied)?;
        block.insert_operation_before(launch, copy);
        // The views again, on the copy. Their other operands (offsets,
        // sizes) dominate the original views, which dominate the launch.
        let mut staged = copied;
        for view in views {
            // SAFETY: `view` is live; the clone is a fresh, owned op whose
            // operand 0 (the viewed memref) gets a value of the same type
            // that dominates the launch, before which the clone is inserted.
            let clone = unsafe {
                let clone = melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(view.to_raw()));
                mlir_sys::mlirOperationSetOperand(clone.to_raw(), 0, staged.to_raw());
                clone
            };
            let clone = block.insert_operation_before(launch, clone);
            staged = clone.result(0)?.into();
        }
        // SAFETY: `launch` is live, `index` is one of its operand positions,
        // and the staged buffer has the operand's type and dominates it.
        unsafe { mlir_sys::mlirOperationSetOperand(launch.to_raw(), index as isize, staged.to_raw()) };
        let dealloc = melior::dialect::memref::dealloc(copied, location);
        block.insert_operation_after(launch, dealloc);
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_stage_globals_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut launches = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| match op.name().as_string_ref().as_str().ok() {
                // Kernel bodies are device code: nothing to stage there.
                Some("gpu.module") => WalkResult::Skip,
                Some("gpu.launch_func") => {
                    launches.push(op.to_raw());
                    WalkResult::Advance
                }
                _ => WalkResult::Advance,
            });
            for raw in launches {
                // SAFETY: collected above from the live module; staging
                // inserts ops around each launch and never erases one.
                let launch = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = stage(launch) {
                    crate::diagnostics::emit_error(launch.location(), &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuStageGlobals",
        "xla-gpu-stage-globals",
        "Copy host constants that kernels take as arguments into runtime-allocated buffers around each launch",
        "builtin.module",
    )
}
