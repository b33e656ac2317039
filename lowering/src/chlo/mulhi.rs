//! `chlo.mulhi`: the upper half of the exact double-width product.
//!
//! ```mlir
//! %r = chlo.mulhi %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
//! // becomes (N <= 32 bits: the product in 2N bits, shifted down)
//! %wa = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi64>
//! %wb = stablehlo.convert %b : (tensor<4xi32>) -> tensor<4xi64>
//! %p = stablehlo.multiply %wa, %wb : tensor<4xi64>
//! %h = stablehlo.shift_right_arithmetic %p, 32 : tensor<4xi64>   // logical for ui
//! %r = stablehlo.convert %h : (tensor<4xi64>) -> tensor<4xi32>
//! ```
//!
//! 64-bit elements have no wider type: the unsigned high half comes from
//! the four products of 32-bit halves (each exact in 64 bits, added with
//! their carries), and for signed elements the two's-complement correction
//! `hi(a*b) = hi_u(a, b) - (a < 0 ? b : 0) - (b < 0 ? a : 0)` (mod 2^64).

use super::{Hlo, V, elementwise};
use crate::builders::{BuildResult, element_type};
use xla_dialects::stablehlo::ComparisonDirection;
use crate::stablehlo_to_linalg::Rewrite;
use melior::ir::{
    OperationRef, Type, ValueLike,
    attribute::{DenseElementsAttribute, IntegerAttribute},
    r#type::IntegerType,
};

/// A splat integer constant of `element` (signless, si or ui).
fn int<'c>(h: &Hlo<'c, '_, '_>, value: i64, element: Type<'c>) -> BuildResult<V<'c>> {
    let ty = h.tensor(element);
    let attribute = DenseElementsAttribute::new(ty, &[IntegerAttribute::new(element, value).into()]).map_err(|e| format!("internal error: {e}"))?.into();
    h.op_with_value(ty, attribute)
}

/// Lowers `chlo.mulhi` (see the module documentation).
pub fn lower_mulhi<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| {
        let (a, b) = (x[0], x[1]);
        let element = element_type(a.r#type())?;
        let integer = IntegerType::try_from(element).map_err(|_| format!("chlo.mulhi on {element} elements"))?;
        let width = integer.width();
        let unsigned = integer.is_unsigned();
        let shift_right = if unsigned { "shift_right_logical" } else { "shift_right_arithmetic" };
        if width <= 32 {
            let context = h.context();
            let wide: Type = if unsigned {
                IntegerType::unsigned(context, 2 * width).into()
            } else if integer.is_signed() {
                IntegerType::signed(context, 2 * width).into()
            } else {
                IntegerType::new(context, 2 * width).into()
            };
            let product = h.mul(h.convert(a, wide)?, h.convert(b, wide)?)?;
            let high = h.binary(shift_right, product, int(h, i64::from(width), wide)?)?;
            return h.convert(high, element);
        }
        // 64 bits: a = ah 2^32 + al, b = bh 2^32 + bl (halves unsigned).
        let half = int(h, 32, element)?;
        let mask = int(h, 0xFFFF_FFFF, element)?;
        let low = |v| h.binary("and", v, mask);
        let high = |v| h.binary("shift_right_logical", v, half);
        let (al, ah, bl, bh) = (low(a)?, high(a)?, low(b)?, high(b)?);
        let ll = h.mul(al, bl)?;
        let hl = h.mul(ah, bl)?;
        let lh = h.mul(al, bh)?;
        let hh = h.mul(ah, bh)?;
        // The bits 32..63 of the full product, with their carry out.
        let middle = h.add(h.add(high(ll)?, low(hl)?)?, low(lh)?)?;
        let unsigned_high = h.add(h.add(h.add(hh, high(hl)?)?, high(lh)?)?, high(middle)?)?;
        if unsigned {
            return Ok(unsigned_high);
        }
        let zero = int(h, 0, element)?;
        let a_negative = h.compare(ComparisonDirection::LT, a, zero)?;
        let b_negative = h.compare(ComparisonDirection::LT, b, zero)?;
        let minus_b = h.select(a_negative, b, zero)?;
        let minus_a = h.select(b_negative, a, zero)?;
        h.sub(h.sub(unsigned_high, minus_b)?, minus_a)
    })
}
