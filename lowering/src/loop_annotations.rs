//! `xla-loop-annotations`: the loop hints our passes attach to `scf.for`
//! loops reach LLVM.
//!
//! A pass that wants LLVM to treat a loop specially (today: the packing
//! loops and outer reduction loops of `xla-contraction-kernels`, which must
//! not be fully unrolled, see there) sets the discardable attribute
//! `llvm.loop_annotation` (`#llvm.loop_annotation<...>`, built by
//! `xla_dialects::loop_unroll_disabled`) on the `scf.for`.
//! `convert-scf-to-cf` moves that attribute onto the loop's latch branch,
//! but `convert-to-llvm` keeps it there as a discardable attribute of
//! `llvm.br`, which translation to LLVM IR ignores: the branch's own
//! (inherent) `loop_annotation` is what becomes `!llvm.loop` metadata. This
//! pass, run on the LLVM dialect, moves each `llvm.loop_annotation` of an
//! `llvm.br` or `llvm.cond_br` into its `loop_annotation`.
//!
//! ```mlir
//! // before
//! llvm.br ^bb3(%next : i64) {llvm.loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
//! // after
//! llvm.br ^bb3(%next : i64) {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
//! ```

use melior::{
    ir::OperationRef,
    ir::operation::{OperationLike, WalkOrder, WalkResult},
    pass::{ExternalPass, Pass},
};

/// The discardable attribute that carries a loop's hints until this pass.
pub const DISCARDABLE: &str = "llvm.loop_annotation";

/// Creates the pass (anchored on `builtin.module`).
pub fn create_loop_annotations_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let mut branches = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                let name = crate::op_name(&op);
                if (name == "llvm.br" || name == "llvm.cond_br") && op.attribute(DISCARDABLE).is_ok() {
                    branches.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in branches {
                // SAFETY: collected from the live module above; nothing was erased.
                let op = unsafe { OperationRef::from_raw(raw) };
                let Ok(annotation) = op.attribute(DISCARDABLE) else { continue };
                crate::builders::set_attribute(&op, "loop_annotation", annotation);
                let name = melior::StringRef::new(DISCARDABLE);
                // SAFETY: a live op; removing one of its discardable attributes.
                unsafe { mlir_sys::mlirOperationRemoveAttributeByName(op.to_raw(), name.to_raw()) };
            }
        },
        "XlaLoopAnnotations",
        "xla-loop-annotations",
        "Move the llvm.loop_annotation hints that scf.for loops carried onto their llvm.br latches' loop_annotation, the attribute LLVM IR translation reads",
        "builtin.module",
    )
}
