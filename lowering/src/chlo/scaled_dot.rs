//! `chlo.scaled_dot` (XLA's ScaledDot): each operand multiplied by its
//! scale, broadcast over the blocks, then `dot_general`.
//!
//! ```text
//! T      = dequantization type of (operand, scale)   (bf16 if both < 16 bits, the type if equal,
//!                                                      f32 for two types of one width, else the wider)
//! s'     = reshape(broadcast_in_dim(convert(scale, T)))  (scale [.., s_d, ..] -> [.., s_d, b_d, ..] -> operand shape,
//!                                                        b_d = operand_d / s_d, only where s_d != operand_d)
//! x'     = convert(operand, T) * s'
//! result = dot_general(lhs', rhs', dot_dimension_numbers) : the op's result type
//! ```
//!
//! When the two sides dequantize to different types, both are converted to
//! the wider one (f32 for two types of one width). `precision_config` is not
//! passed on: our dot_general computes at the precision of its types anyway.

use super::{Hlo, V, operand, replace};
use crate::builders::{BuildResult, element_type, static_shape};
use crate::stablehlo_to_linalg::Rewrite;
use melior::{
    Context,
    ir::{
        Location, OperationRef, Type, TypeLike, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike,
        r#type::RankedTensorType,
    },
};

/// XLA's dequantization type of an operand and its scale (the C++ verifier
/// infers the result type with the same rule).
fn dequantization_type<'c>(context: &'c Context, a: Type<'c>, b: Type<'c>) -> BuildResult<Type<'c>> {
    let width = |t: Type| -> BuildResult<u32> {
        // SAFETY: reading the width of a live float type.
        if t.is_float() { Ok(unsafe { mlir_sys::mlirFloatTypeGetWidth(t.to_raw()) } as u32) } else { Err(format!("{t} is not a float type").into()) }
    };
    let (x, y) = (width(a)?, width(b)?);
    Ok(if x < 16 && y < 16 {
        Type::bfloat16(context)
    } else if a == b {
        a
    } else if x == y {
        Type::float32(context)
    } else if x > y {
        a
    } else {
        b
    })
}

/// `operand * scale`, the scale repeated over its blocks, in `element`.
fn dequantize<'c>(rewrite: &Rewrite<'c, '_>, op_location: Location<'c>, x: V<'c>, scale: V<'c>, element: Type<'c>) -> BuildResult<V<'c>> {
    let shape = static_shape(x.r#type())?;
    let scale_shape = static_shape(scale.r#type())?;
    let hlo = Hlo::new(rewrite, op_location, x.r#type())?;
    let x = hlo.convert(x, element)?;
    let scale = Hlo::new(rewrite, op_location, scale.r#type())?.convert(scale, element)?;
    let scale = if scale_shape == shape {
        scale
    } else {
        // [.., s_d, ..] -> [.., s_d, b_d, ..] (a block dimension after each
        // scaled one), then collapsed to the operand's shape.
        let mut expanded = Vec::new();
        let mut positions = Vec::new();
        for (&n, &s) in shape.iter().zip(&scale_shape) {
            positions.push(expanded.len() as i64);
            expanded.push(s);
            if n != s {
                expanded.push(n / s);
            }
        }
        let dims: Vec<u64> = expanded.iter().map(|&d| d as u64).collect();
        let wide = Hlo::new(rewrite, op_location, RankedTensorType::new(&dims, element, None).into())?;
        let broadcast = wide.op(
            "stablehlo.broadcast_in_dim",
            &[scale],
            wide.tensor(element),
            &[("broadcast_dimensions", DenseI64ArrayAttribute::new(rewrite.context, &positions).into())],
        )?;
        hlo.op("stablehlo.reshape", &[broadcast], hlo.tensor(element), &[])?
    };
    hlo.mul(x, scale)
}

pub fn lower_scaled_dot<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let (lhs, lhs_scale, rhs, rhs_scale) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?, operand(op, 3)?);
    let result_type = op.result(0)?.r#type();
    static_shape(result_type)?;
    let dims = op.attribute("dot_dimension_numbers").map_err(|_| "chlo.scaled_dot has no dot_dimension_numbers")?;
    let left = dequantization_type(context, element_type(lhs.r#type())?, element_type(lhs_scale.r#type())?)?;
    let right = dequantization_type(context, element_type(rhs.r#type())?, element_type(rhs_scale.r#type())?)?;
    let common = if left == right { left } else { dequantization_type(context, left, right)? };
    let lhs = dequantize(rewrite, location, lhs, lhs_scale, left)?;
    let rhs = dequantize(rewrite, location, rhs, rhs_scale, right)?;
    let lhs = Hlo::new(rewrite, location, lhs.r#type())?.convert(lhs, common)?;
    let rhs = Hlo::new(rewrite, location, rhs.r#type())?.convert(rhs, common)?;
    let dot = Hlo::new(rewrite, location, result_type)?.op("stablehlo.dot_general", &[lhs, rhs], result_type, &[("dot_dimension_numbers", dims)])?;
    replace(rewrite, op, &[dot])
}

#[cfg(test)]
mod tests {
    use super::dequantization_type;
    use melior::ir::Type;

    /// XLA's rule, case by case (the C++ verifier infers the default result
    /// element type with the same rule).
    #[test]
    fn dequantization_types() {
        let context = xla_dialects::create_context();
        let t = |text: &str| Type::parse(&context, text).unwrap();
        let rule = |a: &str, b: &str| dequantization_type(&context, t(a), t(b)).unwrap().to_string();
        assert_eq!(rule("f8E4M3FN", "f8E8M0FNU"), "bf16"); // both narrower than 16 bits
        assert_eq!(rule("f4E2M1FN", "f8E4M3FN"), "bf16");
        assert_eq!(rule("f32", "f32"), "f32"); // one type
        assert_eq!(rule("bf16", "bf16"), "bf16");
        assert_eq!(rule("f16", "bf16"), "f32"); // one width, two types
        assert_eq!(rule("f32", "bf16"), "f32"); // the wider
        assert_eq!(rule("f8E4M3FN", "f64"), "f64");
        assert!(dequantization_type(&context, t("i8"), t("f32")).is_err());
    }
}
