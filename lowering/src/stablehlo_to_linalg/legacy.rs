//! The deprecated `broadcast` and `dot`, rewritten (in the first phase of
//! `stablehlo-legalize-to-linalg`) into the ops that replaced them, which
//! the main phase lowers.
//!
//! ```mlir
//! %r = stablehlo.broadcast %x, sizes = [2, 5] : (tensor<3xf32>) -> tensor<2x5x3xf32>
//! // becomes (the new dimensions lead)
//! %r = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x5x3xf32>
//!
//! %r = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
//! // becomes (the last dimension of lhs with the first of rhs)
//! %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
//! ```

use super::Rewrite;
use crate::builders::{BuildResult, i64_array_attribute, static_shape};
use melior::ir::{OperationRef, Value, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike};
use xla_dialects::stablehlo::DotDimensionNumbers;

/// Rewrites `stablehlo.broadcast` into `broadcast_in_dim`.
pub fn lower_broadcast<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let operand: Value = op.operand(0)?;
    let rank = static_shape(operand.r#type())?.len();
    static_shape(op.result(0)?.r#type())?;
    let sizes = op
        .attribute("broadcast_sizes")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("broadcast has no broadcast_sizes")?;
    let dims: Vec<i64> = (sizes.len()..sizes.len() + rank).map(|d| d as i64).collect();
    let dims = i64_array_attribute(rewrite.context, &dims);
    rewrite.replace_with_hlo(op, "stablehlo.broadcast_in_dim", &[operand], &[("broadcast_dimensions", dims)])
}

/// Rewrites `stablehlo.dot` into `dot_general`.
pub fn lower_dot<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let lhs: Value = op.operand(0)?;
    let rhs: Value = op.operand(1)?;
    let lhs_rank = static_shape(lhs.r#type())?.len();
    let rhs_rank = static_shape(rhs.r#type())?.len();
    if !(1..=2).contains(&lhs_rank) || !(1..=2).contains(&rhs_rank) {
        return Err(format!("dot takes operands of rank 1 or 2, got ranks {lhs_rank} and {rhs_rank}").into());
    }
    let dims = DotDimensionNumbers {
        lhs_contracting: vec![lhs_rank as i64 - 1],
        rhs_contracting: vec![0],
        ..Default::default()
    };
    let dims = dims.attribute(rewrite.context).ok_or("internal error: dot dimension numbers")?;
    let mut built = vec![("dot_dimension_numbers", dims)];
    if let Ok(precision) = op.attribute("precision_config") {
        built.push(("precision_config", precision));
    }
    rewrite.replace_with_hlo(op, "stablehlo.dot_general", &[lhs, rhs], &built)
}
