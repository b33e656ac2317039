//! `xla-readonly-arguments`: compiled code never writes into its inputs.
//!
//! The calling convention (JIT, AOT headers, the GPU runtime) promises that
//! argument buffers are only read. One-shot bufferization treats function
//! arguments as writable unless told otherwise, and updates them in place
//! where it can (a `scatter` or `dynamic_update_slice` into a parameter
//! became a store into the caller's buffer). This pass marks every
//! argument of every public function `bufferization.writable = false`, so
//! bufferization copies such a parameter before updating it.
//!
//! ```mlir
//! // before
//! func.func public @main(%arg0: tensor<5x3xf32>, ...)
//! // after
//! func.func public @main(%arg0: tensor<5x3xf32> {bufferization.writable = false}, ...)
//! ```
//!
//! Runs right before bufferization.

use melior::{
    ir::{
        Attribute, AttributeLike, BlockLike, OperationRef, RegionLike,
        attribute::StringAttribute,
        operation::OperationLike,
    },
    pass::{ExternalPass, Pass},
};

const WRITABLE: &str = "bufferization.writable";

fn mark(function: OperationRef) {
    let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
        return; // a declaration
    };
    // SAFETY: the context outlives the pass run.
    let context = crate::context_of(function.context());
    let false_attr: Attribute = melior::ir::attribute::BoolAttribute::new(context, false).into();
    for index in 0..block.argument_count() {
        // SAFETY: `function` is a live func.func and `index` one of its
        // argument positions; the attribute belongs to its context.
        unsafe {
            mlir_sys::mlirFuncSetArgAttr(
                function.to_raw(),
                index as isize,
                mlir_sys::MlirStringRef { data: WRITABLE.as_ptr().cast(), length: WRITABLE.len() },
                false_attr.to_raw(),
            )
        };
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_readonly_arguments_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let Some(body) = module.region(0).ok().and_then(|r| r.first_block()) else { return };
            let mut next = body.first_operation();
            while let Some(op) = next {
                next = op.next_in_block();
                if op.name().as_string_ref().as_str().ok() != Some("func.func") {
                    continue;
                }
                let public = op
                    .attribute("sym_visibility")
                    .ok()
                    .and_then(|a| StringAttribute::try_from(a).ok())
                    .is_none_or(|v| v.value() == "public");
                if public {
                    mark(op);
                }
            }
        },
        "XlaReadonlyArguments",
        "xla-readonly-arguments",
        "Mark the arguments of public functions non-writable for bufferization (inputs are only read)",
        "builtin.module",
    )
}
