//! The narrow float formats (`f4E2M1FN`, `f6E2M3FN`, `f6E3M2FN`, the
//! `f8*` types): their encodings, the widening step of
//! `stablehlo-legalize-to-linalg`, and their conversions to and from `f32`
//! as scalar integer arithmetic.
//!
//! LLVM has no such types: MLIR's LLVM type converter stores each as an
//! integer of its width (one byte per element in memory, the bits in the
//! low end, like `ml_dtypes`), and no arith op computes on them. So:
//!
//! 1. [`widen_narrow_floats`] (run after signedness legalization) makes
//!    every computing StableHLO op on a narrow type compute in `f32`: its
//!    narrow operands are converted to `f32`, its narrow results computed
//!    in `f32` and converted back, which rounds once per op as the format
//!    requires (f32 has more than 2p+2 bits for every format here, so the
//!    f32 result rounds to the same narrow value as the exact one). Ops that
//!    only move or select elements (reshape, slice, gather, select, the
//!    region ops, ...) keep the narrow types; the ops in their regions are
//!    widened like any other. A `convert` between a narrow type and
//!    anything but `f32` goes through `f32` (exact for decoding; one
//!    rounding for encoding, again innocuous since f32 ≥ 2p+2).
//! 2. the `convert`s between `f32` and a narrow type are emitted by
//!    [`emit_decode`] / [`emit_encode`] as integer bit manipulation on the
//!    format's bits (`arith.bitcast` to and from the integer of its width),
//!    which lowers to LLVM on CPU and GPU alike.
//!
//! ```mlir
//! %r = stablehlo.add %a, %b : tensor<4xf8E4M3FN>
//! // becomes
//! %a32 = stablehlo.convert %a : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
//! %b32 = stablehlo.convert %b : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
//! %r32 = stablehlo.add %a32, %b32 : tensor<4xf32>
//! %r = stablehlo.convert %r32 : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
//! ```
//!
//! Rounding (`f32` → narrow) is to nearest, ties to even, with subnormals;
//! out-of-range values, infinities and NaN follow `ml_dtypes` (what JAX
//! uses): formats with infinities overflow to ±inf; `FN` formats (no
//! infinity) overflow to NaN keeping the sign; `FNUZ` formats overflow to
//! their single NaN (`0x80`) and have no -0 (it becomes +0); the 4- and
//! 6-bit formats (no NaN, no infinity) saturate to ±max and turn NaN into a
//! zero of the opposite sign of the NaN (`ml_dtypes`' choice; the spec
//! leaves it to the implementation); `f8E8M0FNU` (powers of two 2^-127 ..
//! 2^127, no sign, no zero) maps zero, negative values, NaN and overflow to
//! NaN (`0xFF`) and values below 2^-127 to 2^-127.

use crate::builders::{BuildResult, append, compare_scalar, float_constant, hlo_op, int_constant, integer_type, scalar, select};
use melior::{
    Context,
    ir::{Block, BlockLike, Location, OperationRef, Type, TypeLike, Value, ValueLike, operation::OperationLike, operation::WalkOrder, operation::WalkResult},
};
use mlir_sys::MlirType;

/// How a format spends its special encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Specials {
    /// IEEE 754: the all-ones exponent is ±inf (mantissa 0) or NaN.
    Ieee,
    /// `FN`: no infinity; only all-ones exponent and mantissa is NaN.
    FiniteAllOnesNan,
    /// `FNUZ`: no infinity, no -0; the sign bit alone is the one NaN.
    FiniteNegativeZeroNan,
    /// 4- and 6-bit `FN` formats: every encoding is a finite number.
    Finite,
    /// `f8E8M0FNU`: no sign, no zero; all ones is NaN.
    ExponentOnly,
}

/// One narrow float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrowFloat {
    /// MLIR's name (`f8E4M3FN`).
    pub name: &'static str,
    pub exponent_bits: u32,
    pub mantissa_bits: u32,
    pub bias: i32,
    pub specials: Specials,
}

/// Every narrow format, by MLIR name.
pub const FORMATS: [NarrowFloat; 11] = {
    use Specials::*;
    const fn f(name: &'static str, exponent_bits: u32, mantissa_bits: u32, bias: i32, specials: Specials) -> NarrowFloat {
        NarrowFloat { name, exponent_bits, mantissa_bits, bias, specials }
    }
    [
        f("f8E5M2", 5, 2, 15, Ieee),
        f("f8E4M3", 4, 3, 7, Ieee),
        f("f8E3M4", 3, 4, 3, Ieee),
        f("f8E4M3FN", 4, 3, 7, FiniteAllOnesNan),
        f("f8E4M3FNUZ", 4, 3, 8, FiniteNegativeZeroNan),
        f("f8E5M2FNUZ", 5, 2, 16, FiniteNegativeZeroNan),
        f("f8E4M3B11FNUZ", 4, 3, 11, FiniteNegativeZeroNan),
        f("f4E2M1FN", 2, 1, 1, Finite),
        f("f6E2M3FN", 2, 3, 1, Finite),
        f("f6E3M2FN", 3, 2, 3, Finite),
        f("f8E8M0FNU", 8, 0, 127, ExponentOnly),
    ]
};

/// The C API's type predicate of each of [`FORMATS`], in its order.
const IS_A: [unsafe extern "C" fn(mlir_sys::MlirType) -> bool; 11] = [
    mlir_sys::mlirTypeIsAFloat8E5M2,
    mlir_sys::mlirTypeIsAFloat8E4M3,
    mlir_sys::mlirTypeIsAFloat8E3M4,
    mlir_sys::mlirTypeIsAFloat8E4M3FN,
    mlir_sys::mlirTypeIsAFloat8E4M3FNUZ,
    mlir_sys::mlirTypeIsAFloat8E5M2FNUZ,
    mlir_sys::mlirTypeIsAFloat8E4M3B11FNUZ,
    mlir_sys::mlirTypeIsAFloat4E2M1FN,
    mlir_sys::mlirTypeIsAFloat6E2M3FN,
    mlir_sys::mlirTypeIsAFloat6E3M2FN,
    mlir_sys::mlirTypeIsAFloat8E8M0FNU,
];

impl NarrowFloat {
    /// The format of element type `ty`, if it is a narrow float.
    pub fn of(ty: Type) -> Option<Self> {
        // SAFETY: `ty` is a valid type; only isa checks.
        unsafe {
            if !mlir_sys::mlirTypeIsAFloat(ty.to_raw()) || mlir_sys::mlirFloatTypeGetWidth(ty.to_raw()) > 8 {
                return None;
            }
        }
        FORMATS.iter().copied().zip(IS_A).find(|(_, is_a)| {
            // SAFETY: `ty` is a valid type; only an isa check.
            unsafe { is_a(ty.to_raw()) }
        }).map(|(format, _)| format)
    }

    pub fn has_sign(self) -> bool {
        self.specials != Specials::ExponentOnly
    }

    /// Bits per element (the sign included).
    pub fn width(self) -> u32 {
        self.exponent_bits + self.mantissa_bits + u32::from(self.has_sign())
    }

    /// The bits of the largest finite magnitude (sign clear).
    pub fn max_finite_bits(self) -> u32 {
        let (e, m) = (self.exponent_bits, self.mantissa_bits);
        match self.specials {
            Specials::Ieee => (((1 << e) - 1) << m) - 1,
            Specials::FiniteAllOnesNan => (1 << (e + m)) - 2,
            Specials::FiniteNegativeZeroNan | Specials::Finite => (1 << (e + m)) - 1,
            Specials::ExponentOnly => 0xfe,
        }
    }
}

/// The element type of a shaped type, or the type itself.
fn element_of(ty: MlirType) -> MlirType {
    // SAFETY: `ty` is a valid type; the element query follows the isa check.
    unsafe { if mlir_sys::mlirTypeIsAShaped(ty) { mlir_sys::mlirShapedTypeGetElementType(ty) } else { ty } }
}

fn is_narrow(ty: MlirType) -> bool {
    // SAFETY: a valid type.
    NarrowFloat::of(unsafe { Type::from_raw(element_of(ty)) }).is_some()
}

fn is_f32(ty: MlirType) -> bool {
    // SAFETY: a valid type.
    unsafe { mlir_sys::mlirTypeIsAF32(element_of(ty)) }
}

/// `ty` (a ranked tensor) with element type `f32`.
fn with_f32_elements(ty: MlirType) -> MlirType {
    // SAFETY: `ty` is a ranked tensor type of a live context.
    unsafe {
        let rank = mlir_sys::mlirShapedTypeGetRank(ty);
        let shape: Vec<i64> = (0..rank).map(|i| mlir_sys::mlirShapedTypeGetDimSize(ty, i as isize)).collect();
        let f32 = mlir_sys::mlirF32TypeGet(mlir_sys::mlirTypeGetContext(ty));
        mlir_sys::mlirRankedTensorTypeGet(rank as isize, shape.as_ptr(), f32, mlir_sys::mlirRankedTensorTypeGetEncoding(ty))
    }
}

/// Ops that move, select or combine elements without computing on them
/// (and ops with regions, whose bodies are widened op by op): they keep
/// narrow types, which their lowerings handle as opaque elements.
const KEEP_NARROW: &[&str] = &[
    "stablehlo.constant",
    "stablehlo.bitcast_convert",
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.broadcast_in_dim",
    "stablehlo.broadcast",
    "stablehlo.slice",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.concatenate",
    "stablehlo.pad",
    "stablehlo.reverse",
    "stablehlo.gather",
    "stablehlo.select",
    "stablehlo.return",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.optimization_barrier",
    "stablehlo.custom_call",
    // (calls its decomposition, whose signature keeps the narrow types)
    "stablehlo.composite",
    "stablehlo.all_gather",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
    "stablehlo.get_dimension_size",
];

/// Widens the narrow-float computations of everything nested in `module`
/// (see the module documentation).
pub fn widen_narrow_floats(module: OperationRef) -> BuildResult<()> {
    let mut ops = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
        let typed = |count: usize, get: &dyn Fn(usize) -> MlirType| (0..count).any(|i| is_narrow(get(i)));
        // SAFETY: `op` is live during the walk; indices are in range.
        let narrow = unsafe {
            let raw = op.to_raw();
            typed(op.operand_count(), &|i| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(raw, i as isize)))
                || typed(op.result_count(), &|i| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(raw, i as isize)))
        };
        if narrow && name.starts_with("stablehlo.") && op.region_count() == 0 && !KEEP_NARROW.contains(&name.as_str()) {
            ops.push(op.to_raw());
        }
        WalkResult::Advance
    });
    for raw in ops {
        // SAFETY: collected above; the rewrites below only insert ops next
        // to it, so it is still live.
        let op = unsafe { OperationRef::from_raw(raw) };
        widen(op)?;
    }
    Ok(())
}

/// A `stablehlo.convert` of `value` to `to`, inserted before `before`
/// (or after `after`).
fn insert_convert<'c, 'a>(
    op: OperationRef<'c, 'a>,
    value: mlir_sys::MlirValue,
    to: MlirType,
    after: bool,
) -> BuildResult<OperationRef<'c, 'a>> {
    let context = crate::context_of(op.context());
    let block = op.block().ok_or("internal error: a StableHLO op outside a block")?;
    // SAFETY: live value and type of this context.
    let (value, to) = unsafe { (Value::from_raw(value), Type::from_raw(to)) };
    let convert = hlo_op(context, op.location(), "stablehlo.convert", &[value], &[to], &[])?;
    Ok(if after { block.insert_operation_after(op, convert) } else { block.insert_operation_before(op, convert) })
}

fn widen(op: OperationRef) -> BuildResult<()> {
    let raw = op.to_raw();
    let is_convert = op.name().as_string_ref().as_str().ok() == Some("stablehlo.convert");
    // Operands: narrow → f32 (a convert from a narrow type to f32 stays).
    for i in 0..op.operand_count() {
        // SAFETY: index in range; live values.
        let (value, ty, result_f32) = unsafe {
            let value = mlir_sys::mlirOperationGetOperand(raw, i as isize);
            let result_f32 = op.result_count() > 0 && is_f32(mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(raw, 0)));
            (value, mlir_sys::mlirValueGetType(value), result_f32)
        };
        if !is_narrow(ty) || (is_convert && result_f32) {
            continue;
        }
        let convert = insert_convert(op, value, with_f32_elements(ty), false)?;
        // SAFETY: the convert's result replaces operand `i` of a live op.
        unsafe { mlir_sys::mlirOperationSetOperand(raw, i as isize, mlir_sys::mlirOperationGetResult(convert.to_raw(), 0)) };
    }
    // Results: computed in f32, then converted (a convert from f32 stays).
    for i in 0..op.result_count() {
        // SAFETY: index in range; live values.
        let (result, ty, operand_f32) = unsafe {
            let result = mlir_sys::mlirOperationGetResult(raw, i as isize);
            let operand_f32 = op.operand_count() > 0 && is_f32(mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(raw, 0)));
            (result, mlir_sys::mlirValueGetType(result), operand_f32)
        };
        if !is_narrow(ty) || (is_convert && operand_f32) {
            continue;
        }
        // SAFETY: `result` is live; every use but the new convert moves to it.
        unsafe { mlir_sys::mlirValueSetType(result, with_f32_elements(ty)) };
        let convert = insert_convert(op, result, ty, true)?;
        // SAFETY: live values; the exception is the convert just made.
        unsafe {
            let narrow = mlir_sys::mlirOperationGetResult(convert.to_raw(), 0);
            let mut except = [convert.to_raw()];
            mlir_sys::mlirValueReplaceAllUsesExcept(result, narrow, 1, except.as_mut_ptr());
        }
    }
    Ok(())
}

/// Scalar emission context: where and in which context to append.
pub struct Emit<'c, 'b> {
    pub context: &'c Context,
    pub location: Location<'c>,
    pub block: &'b Block<'c>,
}

impl<'c, 'b> Emit<'c, 'b> {
    fn i32(&self, value: i128) -> BuildResult<Value<'c, 'b>> {
        append(self.block, int_constant(self.context, self.location, value, integer_type(self.context, 32)?)?)
    }

    fn binary(&self, name: &str, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, scalar(self.location, name, &[lhs, rhs], lhs.r#type())?)
    }

    fn cast(&self, name: &str, value: Value<'c, 'b>, to: Type<'c>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, scalar(self.location, name, &[value], to)?)
    }

    fn cmp(&self, predicate: &str, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, compare_scalar(self.context, self.location, "arith.cmpi", predicate, lhs, rhs)?)
    }

    fn select(&self, condition: Value<'c, 'b>, yes: Value<'c, 'b>, no: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, select(self.location, condition, yes, no)?)
    }

    fn f32_type(&self) -> BuildResult<Type<'c>> {
        Ok(Type::float32(self.context))
    }
}

/// Emits the exact conversion of `value` (of narrow float type
/// `format`) to `f32`.
pub fn emit_decode<'c, 'b>(e: &Emit<'c, 'b>, format: NarrowFloat, value: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
    let (i32, f32) = (integer_type(e.context, 32)?, e.f32_type()?);
    let (m, exponent_bits) = (format.mantissa_bits, format.exponent_bits);
    let bits = e.cast("arith.bitcast", value, integer_type(e.context, format.width())?)?;
    let bits = e.cast("arith.extui", bits, i32)?;
    let magnitude_mask = (1i128 << (exponent_bits + m)) - 1;
    let magnitude = e.binary("arith.andi", bits, e.i32(magnitude_mask)?)?;
    let exponent = e.binary("arith.shrui", magnitude, e.i32(m.into())?)?;
    let mantissa = e.binary("arith.andi", magnitude, e.i32((1 << m) - 1)?)?;
    // Normal numbers: rebias the exponent, widen the mantissa.
    let rebiased = e.binary("arith.addi", exponent, e.i32((127 - format.bias).into())?)?;
    let normal = e.binary(
        "arith.ori",
        e.binary("arith.shli", rebiased, e.i32(23)?)?,
        e.binary("arith.shli", mantissa, e.i32((23 - m).into())?)?,
    )?;
    let zero = e.i32(0)?;
    let is_subnormal = e.cmp("eq", exponent, zero)?;
    let mut result = if format.specials == Specials::ExponentOnly {
        // Exponent 0 is 2^-127, an f32 subnormal.
        e.select(is_subnormal, e.i32(0x0040_0000)?, normal)?
    } else {
        // Subnormals: mantissa · 2^(1 - bias - m), exact in f32.
        let scaled = e.cast("arith.uitofp", mantissa, f32)?;
        let scale = append(e.block, float_constant(e.context, e.location, 2f64.powi(1 - format.bias - m as i32), f32)?)?;
        let subnormal = e.cast("arith.bitcast", e.binary("arith.mulf", scaled, scale)?, i32)?;
        e.select(is_subnormal, subnormal, normal)?
    };
    let quiet_nan = e.i32(0x7fc0_0000)?;
    result = match format.specials {
        Specials::Ieee => {
            let all_ones = e.cmp("eq", exponent, e.i32((1 << exponent_bits) - 1)?)?;
            let special = e.binary("arith.ori", e.i32(0x7f80_0000)?, e.binary("arith.shli", mantissa, e.i32((23 - m).into())?)?)?;
            e.select(all_ones, special, result)?
        }
        Specials::FiniteAllOnesNan => e.select(e.cmp("eq", magnitude, e.i32(magnitude_mask)?)?, quiet_nan, result)?,
        Specials::FiniteNegativeZeroNan => {
            e.select(e.cmp("eq", bits, e.i32(1 << (exponent_bits + m))?)?, quiet_nan, result)?
        }
        Specials::ExponentOnly => e.select(e.cmp("eq", bits, e.i32(0xff)?)?, quiet_nan, result)?,
        Specials::Finite => result,
    };
    if format.has_sign() {
        let sign = e.binary("arith.shrui", bits, e.i32((exponent_bits + m).into())?)?;
        result = e.binary("arith.ori", result, e.binary("arith.shli", sign, e.i32(31)?)?)?;
    }
    e.cast("arith.bitcast", result, f32)
}

/// Emits the conversion of the `f32` `value` to narrow float type `to`
/// (format `format`), rounding as the module documentation says.
pub fn emit_encode<'c, 'b>(e: &Emit<'c, 'b>, format: NarrowFloat, value: Value<'c, 'b>, to: Type<'c>) -> BuildResult<Value<'c, 'b>> {
    let (i32, f32) = (integer_type(e.context, 32)?, e.f32_type()?);
    let (m, exponent_bits) = (format.mantissa_bits, format.exponent_bits);
    let bits = e.cast("arith.bitcast", value, i32)?;
    let sign = e.binary("arith.shrui", bits, e.i32(31)?)?;
    let absolute = e.binary("arith.andi", bits, e.i32(0x7fff_ffff)?)?;
    let is_nan = e.cmp("ugt", absolute, e.i32(0x7f80_0000)?)?;
    // Normal range: round the f32 mantissa to m bits (ties to even), then
    // rebias; a carry out of the mantissa increments the exponent.
    let shift = 23 - m;
    // (With no stored mantissa bits the kept significand is the implicit 1:
    // odd, so ties round up.)
    let odd = if m == 0 { e.i32(1)? } else { e.binary("arith.andi", e.binary("arith.shrui", absolute, e.i32(shift.into())?)?, e.i32(1)?)? };
    let rounding = e.binary("arith.addi", e.i32((1i128 << (shift - 1)) - 1)?, odd)?;
    let rounded = e.binary("arith.shrui", e.binary("arith.addi", absolute, rounding)?, e.i32(shift.into())?)?;
    let normal = e.binary("arith.subi", rounded, e.i32(i128::from(127 - format.bias) << m)?)?;
    // Below the smallest normal (2^(1 - bias)): a multiple of the smallest
    // subnormal, k = roundeven(|x| / 2^(1 - bias - m)).
    let smallest_normal_bits = i128::from(128 - format.bias) << 23;
    let is_small = e.cmp("ult", absolute, e.i32(smallest_normal_bits)?)?;
    let magnitude_f32 = e.cast("arith.bitcast", absolute, f32)?;
    // (f8E8M0FNU has no subnormals: its steps below 2^-126 are 2^-127.)
    let step_exponent = if format.specials == Specials::ExponentOnly { format.bias } else { format.bias - 1 + m as i32 };
    let scale = append(e.block, float_constant(e.context, e.location, 2f64.powi(step_exponent), f32)?)?;
    let scaled = e.binary("arith.mulf", magnitude_f32, scale)?;
    // Rounded to an integer, ties to even, by adding and subtracting 2^23
    // (exact for the values below 2^23 that this branch keeps; no libm or
    // libdevice call).
    let magic = append(e.block, float_constant(e.context, e.location, 8_388_608.0, f32)?)?;
    let rounded_steps = e.binary("arith.subf", e.binary("arith.addf", scaled, magic)?, magic)?;
    let steps = e.cast("arith.fptoui", rounded_steps, i32)?;
    let small = if format.specials == Specials::ExponentOnly {
        // 2^-127 (bits 0) or 2^-126 (bits 1); below 2^-127 it clamps.
        let one = e.i32(1)?;
        let at_least_one = e.select(e.cmp("ult", steps, one)?, one, steps)?;
        e.binary("arith.subi", at_least_one, one)?
    } else {
        steps
    };
    let magnitude = e.select(is_small, small, normal)?;
    let overflow = e.cmp("ugt", magnitude, e.i32(format.max_finite_bits().into())?)?;
    let sign_shift = e.i32((exponent_bits + m).into())?;
    let signed = |magnitude: Value<'c, 'b>| -> BuildResult<Value<'c, 'b>> {
        e.binary("arith.ori", magnitude, e.binary("arith.shli", sign, sign_shift)?)
    };
    let all_ones_exponent = ((1i128 << exponent_bits) - 1) << m;
    let result = match format.specials {
        Specials::Ieee => {
            let clamped = e.select(overflow, e.i32(all_ones_exponent)?, magnitude)?;
            let nan = e.i32(all_ones_exponent | (1 << (m - 1)))?;
            signed(e.select(is_nan, nan, clamped)?)?
        }
        Specials::FiniteAllOnesNan => {
            let nan = e.i32((1 << (exponent_bits + m)) - 1)?;
            let invalid = e.binary("arith.ori", overflow, is_nan)?;
            signed(e.select(invalid, nan, magnitude)?)?
        }
        Specials::FiniteNegativeZeroNan => {
            // No -0: a zero magnitude stays unsigned; NaN is the sign bit alone.
            let is_zero = e.cmp("eq", magnitude, e.i32(0)?)?;
            let with_sign = e.select(is_zero, magnitude, signed(magnitude)?)?;
            let invalid = e.binary("arith.ori", overflow, is_nan)?;
            e.select(invalid, e.i32(1 << (exponent_bits + m))?, with_sign)?
        }
        Specials::Finite => {
            let saturated = signed(e.select(overflow, e.i32(format.max_finite_bits().into())?, magnitude)?)?;
            // NaN: a zero with the opposite sign (as ml_dtypes converts).
            let flipped = e.binary("arith.shli", e.binary("arith.xori", sign, e.i32(1)?)?, sign_shift)?;
            e.select(is_nan, flipped, saturated)?
        }
        Specials::ExponentOnly => {
            let negative = e.cmp("ne", sign, e.i32(0)?)?;
            let is_zero = e.cmp("eq", absolute, e.i32(0)?)?;
            let invalid = e.binary("arith.ori", e.binary("arith.ori", overflow, is_nan)?, e.binary("arith.ori", negative, is_zero)?)?;
            e.select(invalid, e.i32(0xff)?, magnitude)?
        }
    };
    let narrow_bits = e.cast("arith.trunci", result, integer_type(e.context, format.width())?)?;
    e.cast("arith.bitcast", narrow_bits, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each format is recognized by its own predicate (the two tables are
    /// in the same order), and a wider float is none of them.
    #[test]
    fn formats_are_told_apart_by_their_predicates() {
        let context = xla_dialects::create_context();
        for format in FORMATS {
            let ty = Type::parse(&context, format.name).unwrap_or_else(|| panic!("{} parses", format.name));
            assert_eq!(NarrowFloat::of(ty).map(|f| f.name), Some(format.name));
        }
        let f16 = Type::parse(&context, "f16").expect("f16 parses");
        assert!(NarrowFloat::of(f16).is_none());
    }
}
