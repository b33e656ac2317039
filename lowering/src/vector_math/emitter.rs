//! The arithmetic vocabulary of the math expansions: scalar arith/math ops
//! of one float type (f32 or f64) and the signless integer of the same
//! width, inserted before one anchor op.

use crate::builders::{self, BuildResult};
use melior::{
    Context,
    ir::{Block, BlockLike, Location, Operation, OperationRef, Type, Value, ValueLike, operation::OperationLike},
};

pub type V<'c, 'a> = Value<'c, 'a>;

/// How accurate a result must be: `Double` for f64 results, `Single` when
/// f64 arithmetic computes an f32 result (shorter polynomials suffice).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    Single,
    Double,
}

/// Inserts scalar ops of one float type before `anchor`.
#[derive(Clone, Copy)]
pub struct Emitter<'c, 'a> {
    pub context: &'c Context,
    pub location: Location<'c>,
    pub block: &'a Block<'c>,
    pub anchor: OperationRef<'c, 'a>,
    /// f32 or f64.
    pub float: Type<'c>,
    /// i32 or i64.
    pub int: Type<'c>,
    pub goal: Goal,
}

impl<'c, 'a> Emitter<'c, 'a> {
    /// An emitter for `f32` (`double = false`) or `f64`, aiming at `goal`.
    pub fn new(anchor: OperationRef<'c, 'a>, block: &'a Block<'c>, double: bool, goal: Goal) -> BuildResult<Self> {
        let context = crate::context_of(anchor.context());
        let (float, int) = if double {
            (Type::float64(context), builders::integer_type(context, 64)?)
        } else {
            (Type::float32(context), builders::integer_type(context, 32)?)
        };
        Ok(Self { context, location: anchor.location(), block, anchor, float, int, goal })
    }

    pub fn is_f64(&self) -> bool {
        self.float == Type::float64(self.context)
    }

    /// f32 constants for f32, f64 constants for f64 (by the emitter's type).
    pub fn pick(&self, single: f64, double: f64) -> f64 {
        if self.is_f64() { double } else { single }
    }

    /// Explicit mantissa bits (23 or 52) and exponent bias (127 or 1023).
    pub fn mantissa_bits(&self) -> i128 {
        if self.is_f64() { 52 } else { 23 }
    }

    pub fn bias(&self) -> i128 {
        if self.is_f64() { 1023 } else { 127 }
    }

    pub fn insert(&self, op: Operation<'c>) -> BuildResult<V<'c, 'a>> {
        let op = self.block.insert_operation_before(self.anchor, op);
        op.result(0).map(Into::into).map_err(|e| format!("internal error: {e}")).map_err(crate::error::LowerError::from)
    }

    pub fn op(&self, name: &str, operands: &[V<'c, 'a>], ty: Type<'c>) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::scalar(self.location, name, operands, ty)?)
    }

    /// A float constant (rounded to the emitter's type by the parser).
    pub fn f(&self, value: f64) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::float_constant(self.context, self.location, value, self.float)?)
    }

    /// An integer constant of the emitter's integer type.
    pub fn i(&self, value: i128) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::int_constant(self.context, self.location, value, self.int)?)
    }

    fn float_op(&self, name: &str, operands: &[V<'c, 'a>]) -> BuildResult<V<'c, 'a>> {
        self.op(name, operands, self.float)
    }

    pub fn add(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.addf", &[a, b])
    }

    pub fn sub(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.subf", &[a, b])
    }

    pub fn mul(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.mulf", &[a, b])
    }

    pub fn div(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.divf", &[a, b])
    }

    /// `a * b + c` with one rounding (`math.fma`).
    pub fn fma(&self, a: V<'c, 'a>, b: V<'c, 'a>, c: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("math.fma", &[a, b, c])
    }

    pub fn neg(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.negf", &[a])
    }

    pub fn abs(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("math.absf", &[a])
    }

    /// The nearest integer, ties to even, at any magnitude
    /// (`math.roundeven`; [`Emitter::round`] is cheaper below 2^51 / 2^22).
    pub fn round_even(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("math.roundeven", &[a])
    }

    pub fn floor(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("math.floor", &[a])
    }

    /// The magnitude of `a` with the sign of `b`.
    pub fn copysign(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("math.copysign", &[a, b])
    }

    /// NaN-propagating minimum and maximum.
    pub fn min(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.minimumf", &[a, b])
    }

    pub fn max(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.float_op("arith.maximumf", &[a, b])
    }

    /// `a` clamped to `[low, high]` (NaN stays NaN).
    pub fn clamp(&self, a: V<'c, 'a>, low: f64, high: f64) -> BuildResult<V<'c, 'a>> {
        let a = self.max(a, self.f(low)?)?;
        self.min(a, self.f(high)?)
    }

    /// `arith.cmpf <predicate>` (an i1).
    pub fn cmp(&self, predicate: &str, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::compare_scalar(self.context, self.location, "arith.cmpf", predicate, a, b)?)
    }

    /// `a <predicate> constant`.
    pub fn cmp_c(&self, predicate: &str, a: V<'c, 'a>, constant: f64) -> BuildResult<V<'c, 'a>> {
        self.cmp(predicate, a, self.f(constant)?)
    }

    /// `arith.cmpi <predicate>` (an i1).
    pub fn icmp(&self, predicate: &str, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::compare_scalar(self.context, self.location, "arith.cmpi", predicate, a, b)?)
    }

    pub fn is_nan(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.cmp("uno", a, a)
    }

    pub fn sel(&self, condition: V<'c, 'a>, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.insert(builders::select(self.location, condition, a, b)?)
    }

    /// Bitwise and/or (of i1 conditions or integers of one type).
    pub fn and(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op("arith.andi", &[a, b], a.r#type())
    }

    pub fn or(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op("arith.ori", &[a, b], a.r#type())
    }

    pub fn not(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        let ones = self.insert(builders::int_constant(self.context, self.location, 1, a.r#type())?)?;
        self.op("arith.xori", &[a, ones], a.r#type())
    }

    /// Integer ops on the emitter's integer type.
    pub fn iop(&self, name: &str, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op(name, &[a, b], self.int)
    }

    pub fn to_bits(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op("arith.bitcast", &[a], self.int)
    }

    pub fn from_bits(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op("arith.bitcast", &[a], self.float)
    }

    /// An integral float as an integer: NaN (and anything beyond `limit` in
    /// magnitude) becomes 0 first, so the conversion is never poison.
    ///
    /// f64 by integer arithmetic (`limit` at most 2^51): x86 has no vector
    /// f64 → i64 conversion before AVX-512DQ, so LLVM converted lane by
    /// lane (four scalar conversions and inserts per AVX2 vector in every
    /// f64 exp). For an integral |a| < 2^51, a + 1.5 2^52 lies in [2^52,
    /// 2^53), where floats are the integers: its bits minus those of
    /// 1.5 2^52 are a.
    pub fn to_int(&self, a: V<'c, 'a>, limit: f64) -> BuildResult<V<'c, 'a>> {
        let limit = if self.is_f64() { limit.min(2f64.powi(51)) } else { limit };
        let in_range = self.cmp_c("olt", self.abs(a)?, limit)?;
        let safe = self.sel(in_range, a, self.f(0.0)?)?;
        if self.is_f64() {
            let magic = 6755399441055744f64;
            let shifted = self.add(safe, self.f(magic)?)?;
            return self.iop("arith.subi", self.to_bits(shifted)?, self.i(magic.to_bits() as i128)?);
        }
        self.op("arith.fptosi", &[safe], self.int)
    }

    pub fn to_float(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        self.op("arith.sitofp", &[a], self.float)
    }

    /// `a` rounded to the nearest integer (ties to even) by adding and
    /// subtracting 1.5 * 2^p (p = 52 or 23): exact for |a| < 2^(p-1).
    pub fn round(&self, a: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        let magic = self.f(self.pick(12582912.0, 6755399441055744.0))?;
        self.sub(self.add(a, magic)?, magic)
    }

    /// `2^n` for an integer `n` within the normal exponent range.
    pub fn pow2(&self, n: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        let biased = self.iop("arith.addi", n, self.i(self.bias())?)?;
        let bits = self.iop("arith.shli", biased, self.i(self.mantissa_bits())?)?;
        self.from_bits(bits)
    }

    /// `coefficients[0] * x^d + ... + coefficients[d]` by Horner's rule,
    /// each step `p * x + c` marked `fastmath<contract>`: one FMA per
    /// coefficient where the target has FMA (one rounding instead of two;
    /// the errors in docs/vector_math.md are measured that way), a
    /// multiplication and an addition where it has none.
    pub fn horner(&self, x: V<'c, 'a>, coefficients: &[f64]) -> BuildResult<V<'c, 'a>> {
        let mut p = self.f(coefficients[0])?;
        for &c in &coefficients[1..] {
            let product = self.insert(builders::scalar_contract(self.context, self.location, "arith.mulf", &[p, x], self.float)?)?;
            p = self.insert(builders::scalar_contract(
                self.context,
                self.location,
                "arith.addf",
                &[product, self.f(c)?],
                self.float,
            )?)?;
        }
        Ok(p)
    }

    /// `a * b + c`, both ops marked `fastmath<contract>`: one FMA where the
    /// target has FMA, else a multiplication and an addition (callers'
    /// error bounds hold either way).
    pub fn mul_add(&self, a: V<'c, 'a>, b: V<'c, 'a>, c: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
        let product = self.insert(builders::scalar_contract(self.context, self.location, "arith.mulf", &[a, b], self.float)?)?;
        self.insert(builders::scalar_contract(self.context, self.location, "arith.addf", &[product, c], self.float)?)
    }

    /// Error-free sum: `(s, e)` with `s = fl(a + b)` and `s + e = a + b`.
    pub fn two_sum(&self, a: V<'c, 'a>, b: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
        let s = self.add(a, b)?;
        let bb = self.sub(s, a)?;
        let e = self.add(self.sub(a, self.sub(s, bb)?)?, self.sub(b, bb)?)?;
        Ok((s, e))
    }

    /// `x` converted to the float type of `to` (`arith.extf`/`arith.truncf`).
    pub fn convert(&self, x: V<'c, 'a>, to: Type<'c>) -> BuildResult<V<'c, 'a>> {
        let from = x.r#type();
        if from == to {
            return Ok(x);
        }
        let f32 = Type::float32(self.context);
        let width = |t: Type| if t == Type::float64(self.context) { 64 } else if t == f32 { 32 } else { 16 };
        // f16/bf16 <-> f64 through f32: the direct conversions are libcalls.
        if width(from) + width(to) == 80 {
            return self.convert(self.convert(x, f32)?, to);
        }
        let name = if width(from) < width(to) { "arith.extf" } else { "arith.truncf" };
        self.op(name, &[x], to)
    }
}

/// `1/k!` for k = `high` down to `low` (Taylor coefficients of exp).
pub fn inverse_factorials(high: u32, low: u32) -> Vec<f64> {
    (low..=high).rev().map(|k| 1.0 / (1..=k).map(f64::from).product::<f64>()).collect()
}
