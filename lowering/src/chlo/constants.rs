//! `chlo.constant`, `chlo.constant_like` and `chlo.broadcast_select`.
//!
//! ```mlir
//! %c = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
//! // becomes
//! %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
//!
//! %c = "chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
//! // becomes
//! %c = stablehlo.constant dense<1.0> : tensor<2x3xf32>
//!
//! %r = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
//! // becomes a broadcast_in_dim of each operand to [2, 3] (minor dimensions
//! // aligned), then stablehlo.select
//! ```

use super::{Hlo, operand, replace};
use crate::builders::{BuildResult, element_type, hlo_op, static_shape};
use crate::stablehlo_to_linalg::Rewrite;
use melior::ir::{Attribute, AttributeLike, OperationRef, Type, TypeLike, ValueLike, operation::OperationLike};

/// `stablehlo.constant` of `value` and type `ty`.
fn constant<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>, ty: Type<'c>, value: Attribute<'c>) -> BuildResult<()> {
    let constant = rewrite.rewriter.insert(hlo_op(rewrite.context, op.location(), "stablehlo.constant", &[], &[ty], &[("value", value)])?);
    let value = constant.result(0)?;
    rewrite.rewriter.replace_op_with_values(op, &[value.into()]);
    Ok(())
}

/// Lowers `chlo.constant`.
pub fn lower_constant<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let value = op.attribute("value").map_err(|_| "chlo.constant has no value")?;
    let ty = op.result(0)?.r#type();
    constant(rewrite, op, ty, value)
}

/// Lowers `chlo.constant_like` to a splat of its static result type.
pub fn lower_constant_like<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let value = op.attribute("value").map_err(|_| "chlo.constant_like has no value")?;
    let ty = op.result(0)?.r#type();
    static_shape(ty)?;
    // SAFETY: `ty` is a ranked tensor type (static_shape checked it) and
    // the verifier checked that `value` is a typed attribute of its element
    // type; the splat belongs to the same context.
    let splat = unsafe { Attribute::from_raw(mlir_sys::mlirDenseElementsAttrSplatGet(ty.to_raw(), value.to_raw())) };
    constant(rewrite, op, ty, splat)
}

/// Lowers `chlo.broadcast_select` (numpy broadcasting of all three operands).
pub fn lower_broadcast_select<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let result_type = op.result(0)?.r#type();
    let rank = static_shape(result_type)?.len();
    let hlo = Hlo::new(rewrite, op.location(), result_type)?;
    let mut broadcast = Vec::new();
    for i in 0..3 {
        let x = operand(op, i)?;
        let shape = static_shape(x.r#type())?;
        let element = element_type(x.r#type())?;
        if shape.len() == rank && x.r#type() == hlo.tensor(element) {
            broadcast.push(x);
            continue;
        }
        let dims: Vec<i64> = (rank - shape.len()..rank).map(|d| d as i64).collect();
        let dims = crate::builders::i64_array_attribute(rewrite.context, &dims);
        broadcast.push(hlo.op("stablehlo.broadcast_in_dim", &[x], hlo.tensor(element), &[("broadcast_dimensions", dims)])?);
    }
    let value = hlo.op("stablehlo.select", &broadcast, result_type, &[])?;
    replace(rewrite, op, &[value])
}
