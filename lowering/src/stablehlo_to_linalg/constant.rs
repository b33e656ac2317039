//! `stablehlo.constant` → `arith.constant` with the same dense value.
//!
//! ```mlir
//! %c = stablehlo.constant dense<1.0> : tensor<4xf32>
//! // becomes
//! %c = arith.constant dense<1.0> : tensor<4xf32>
//! ```

use super::Rewrite;
use crate::builders::{BuildResult, constant, element_type};
use crate::element::ElementKind;
use melior::ir::{OperationRef, Value, ValueLike, operation::OperationLike};

/// Lowers `stablehlo.constant`.
pub fn lower_constant<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let value = op.attribute("value").map_err(|_| "constant has no value".to_string())?;
    let ty = op.result(0)?.r#type();
    let element = element_type(ty)?;
    if matches!(ElementKind::of(element), Some(ElementKind::SignedInt(_) | ElementKind::UnsignedInt(_))) {
        return Err(format!("constants of element type {element} are not supported yet").into());
    }
    let new = rewrite.rewriter.insert(constant(rewrite.context, op.location(), value, ty)?);
    let result: Value = new.result(0)?.into();
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
