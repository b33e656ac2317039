//! `composite` → a call of its decomposition (in the first phase of
//! `stablehlo-legalize-to-linalg`); the CPU pipeline's `inline` pass then
//! inlines it. No composite is recognised by name: the decomposition is
//! always what runs.
//!
//! ```mlir
//! %r = stablehlo.composite "my.gelu" %x {decomposition = @gelu, version = 1 : i32}
//!        : (tensor<4xf32>) -> tensor<4xf32>
//! // becomes
//! %r = call @gelu(%x) : (tensor<4xf32>) -> tensor<4xf32>
//! ```

use super::Rewrite;
use crate::builders::{BuildResult, func_call};
use melior::ir::{Identifier, OperationRef, Type, Value, ValueLike, operation::OperationLike};

/// Rewrites `stablehlo.composite` into `func.call`.
pub fn lower_composite<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let callee = op.attribute("decomposition").map_err(|_| "composite has no decomposition".to_string())?;
    let operands: Vec<Value> = op.operands().collect();
    let results: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let call = func_call(op.location(), &operands, &results, &[(Identifier::new(rewrite.context, "callee"), callee)])?;
    let call = rewrite.rewriter.insert(call);
    let values: Vec<Value> = call.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &values);
    Ok(())
}
