//! `reduce_precision` → an all-parallel `linalg.generic` doing XLA's bit
//! manipulation (`EmitReducePrecisionIR`) on the element's bits as an
//! integer of the same width.
//!
//! ```mlir
//! %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
//! // becomes
//! %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [parallel]} ins(%x) outs(%e) {
//!   %b = arith.bitcast %x : f32 to i32
//!   // round to nearest even on the 10 kept mantissa bits:
//!   %b1 = (%b + ((%b >> 13) & 1) + 0xFFF) & ~0x1FFF
//!   // exponent above e5's largest → ±inf; at or below its smallest normal's
//!   // predecessor (zero and denormals of e5) → ±0:
//!   %b2 = select(exp(%b1) > 142 << 23, sign | 0x7F800000, %b1)
//!   %b3 = select(exp(%b1) <= 112 << 23, sign, %b2)
//!   %r = select(isnan(%x), %x, bitcast %b3) }
//! ```
//!
//! So: mantissa bits are rounded to nearest, ties to even (a carry into the
//! exponent is correct); values too large for the exponent become ±inf;
//! values whose exponent is at or below the reduced format's smallest
//! normal exponent minus one are flushed to ±0 (XLA keeps no denormals of
//! the reduced format); a NaN is returned unchanged (payload and sign
//! too), also with `mantissa_bits = 0`: the seeds say so ("NaN values are
//! retained") and XLA's CPU back end (so `jax.lax.reduce_precision`) does.
//! StableHLO's reference interpreter instead turns NaN into +inf when the
//! format has no mantissa bits (such a format has no NaN encoding); the
//! spec text is silent, and the seeds decide over the spec.
//! A step is skipped when the format keeps all mantissa (or exponent) bits
//! of the element type.

use super::{Rewrite, emit::Emitter};
use crate::builders::{BuildResult, element_type, identity_map, integer_type, parallel_generic, static_shape, tensor_empty};
use melior::ir::{Location, Operation, OperationRef, Value, ValueLike, attribute::IntegerAttribute, operation::OperationLike};

/// (total, exponent, mantissa) bits of the float element types.
fn float_format(ty: melior::ir::Type) -> BuildResult<(u32, u32, u32)> {
    use melior::ir::TypeLike;
    if ty.is_f16() {
        Ok((16, 5, 10))
    } else if ty.is_bf16() {
        Ok((16, 8, 7))
    } else if ty.is_f32() {
        Ok((32, 8, 23))
    } else if ty.is_f64() {
        Ok((64, 11, 52))
    } else {
        Err(format!("reduce_precision on elements of type {ty} is not supported").into())
    }
}

fn integer_attribute(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing integer attribute {name}")).map_err(crate::error::LowerError::from)
}

/// Lowers `stablehlo.reduce_precision`.
pub fn lower_reduce_precision<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let exponent_bits = integer_attribute(op, "exponent_bits")?;
    let mantissa_bits = integer_attribute(op, "mantissa_bits")?;
    rewrite.replace_with_init(op, result_type, |init| {
        rounding_generic(rewrite, op.location(), operand, init, exponent_bits, mantissa_bits)
    })
}

/// `operand` rounded to `exponent_bits` and `mantissa_bits` as
/// `reduce_precision` does, inserted before the matched op (dot_general's
/// algorithm rounds its operands with it).
pub fn round_value<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    operand: Value<'c, '_>,
    exponent_bits: i64,
    mantissa_bits: i64,
) -> BuildResult<Value<'c, 'c>> {
    let init = rewrite.insert_value(tensor_empty(location, operand.r#type())?)?;
    let generic = rounding_generic(rewrite, location, operand, init, exponent_bits, mantissa_bits)?;
    rewrite.insert_value(generic)
}

/// The `linalg.generic` of the module documentation, writing into `init`.
fn rounding_generic<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    operand: Value<'c, '_>,
    init: Value<'c, '_>,
    exponent_bits: i64,
    mantissa_bits: i64,
) -> BuildResult<Operation<'c>> {
    let context = rewrite.context;
    let result_type = operand.r#type();
    let element = element_type(result_type)?;
    let (width, source_exponent, source_mantissa) = float_format(element)?;
    if exponent_bits < 1 || mantissa_bits < 0 {
        return Err(format!("invalid format e{exponent_bits}m{mantissa_bits}").into());
    }
    let int_type = integer_type(context, width)?;
    let rank = static_shape(result_type)?.len();
    let map = identity_map(context, rank);
    parallel_generic(context, location, &[operand], init, vec![map, map], result_type, |block, args| {
        let e = Emitter::new(context, location, block);
        let x = args[0];
        let c = |value: u128| e.int(value as i128, int_type);
        let mut bits = e.op("arith.bitcast", &[x], int_type)?;
        let sign_mask: u128 = 1 << (width - 1);
        let exponent_mask: u128 = ((1 << source_exponent) - 1) << source_mantissa;
        let magnitude = e.binary("arith.andi", bits, c(!sign_mask & ((1 << width) - 1))?)?;
        let is_nan = e.cmpi("ugt", magnitude, c(exponent_mask)?)?;
        if mantissa_bits < i64::from(source_mantissa) {
            let shift = source_mantissa - mantissa_bits as u32;
            let last_bit_mask: u128 = 1 << shift;
            let base_bias = (last_bit_mask >> 1) - 1;
            let last_bit = e.binary("arith.shrui", e.binary("arith.andi", bits, c(last_bit_mask)?)?, c(u128::from(shift))?)?;
            let bias = e.binary("arith.addi", last_bit, c(base_bias)?)?;
            let truncation_mask = !(last_bit_mask - 1) & ((1 << width) - 1);
            bits = e.binary("arith.andi", e.binary("arith.addi", bits, bias)?, c(truncation_mask)?)?;
        }
        if exponent_bits < i64::from(source_exponent) {
            let bias: u128 = (1 << (source_exponent - 1)) - 1;
            let reduced_bias: u128 = (1 << (exponent_bits - 1)) - 1;
            let max_exponent = (bias + reduced_bias) << source_mantissa;
            let min_exponent = (bias - reduced_bias) << source_mantissa;
            let exponent = e.binary("arith.andi", bits, c(exponent_mask)?)?;
            let overflows = e.cmpi("ugt", exponent, c(max_exponent)?)?;
            let underflows = e.cmpi("ule", exponent, c(min_exponent)?)?;
            let signed_zero = e.binary("arith.andi", bits, c(sign_mask)?)?;
            let signed_inf = e.binary("arith.ori", signed_zero, c(exponent_mask)?)?;
            bits = e.select(overflows, signed_inf, bits)?;
            bits = e.select(underflows, signed_zero, bits)?;
        }
        let result = e.op("arith.bitcast", &[bits], element)?;
        e.select(is_nan, x, result)
    })
}
