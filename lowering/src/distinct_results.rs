//! `xla-distinct-results`: gives every function result its own tensor value.
//!
//! After bufferization each result becomes a caller-allocated out-parameter
//! (`buffer-results-to-out-params`). A function that returns one value twice
//! (directly, or after CSE merged two equal computations) would need one
//! buffer to be two out-parameters, which upstream does not handle (it
//! crashed). This pass copies every repeated result, so each result value is
//! distinct before bufferization.
//!
//! ```mlir
//! // before
//! return %0, %0 : tensor<2xi32>, tensor<2xi32>
//! // after
//! %1 = bufferization.alloc_tensor() copy(%0) : tensor<2xi32>
//! return %0, %1 : tensor<2xi32>, tensor<2xi32>
//! ```

use crate::builders::alloc_tensor_copy;
use melior::{
    ir::{
        BlockLike, OperationRef, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

fn make_results_distinct(op: OperationRef) -> crate::builders::BuildResult<()> {
    let operands: Vec<Value> = op.operands().collect();
    for index in 0..operands.len() {
        let value = operands[index];
        let repeated = operands[..index].iter().any(|earlier| earlier.to_raw().ptr == value.to_raw().ptr);
        if !repeated {
            continue;
        }
        let copy = alloc_tensor_copy(op.location(), value)?;
        let block = op.block().ok_or("internal error: return outside a block")?;
        let copy = block.insert_operation_before(op, copy);
        let copied: Value = copy.result(0)?.into();
        // SAFETY: `op` is live, `index` is one of its operand positions and
        // the new value has the operand's type and dominates `op`.
        unsafe { mlir_sys::mlirOperationSetOperand(op.to_raw(), index as isize, copied.to_raw()) };
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_distinct_results_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut failed = false;
            module.walk(WalkOrder::PostOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("func.return") {
                    if let Err(message) = make_results_distinct(op) {
                        crate::diagnostics::emit_error(op.location(), &message);
                        failed = true;
                    }
                }
                WalkResult::Advance
            });
            if failed {
                pass.signal_failure();
            }
        },
        "XlaDistinctResults",
        "xla-distinct-results",
        "Copy repeated function results so each result is a distinct tensor",
        "builtin.module",
    )
}
