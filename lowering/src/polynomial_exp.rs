//! `xla-polynomial-exp`: computes `math.exp` on f32 with arithmetic that
//! LLVM can vectorize, instead of one call to libm's `expf` per element.
//!
//! Softmax, attention, logistic and log-sum-exp spend their time in `exp`;
//! XLA's CPU back end likewise inlines a vectorizable approximation. The
//! method (Cody-Waite range reduction, as in Cephes' `expf`):
//!
//! 1. clamp `x` to [-104, 88.8] (`exp` is 0 below and +inf above in f32;
//!    NaN propagates through the clamp);
//! 2. `n = floor(x * log2(e) + 1/2)`, `r = x - n*C1 - n*C2` with
//!    `C1 + C2 = ln 2` split so that `n*C1` is exact: `|r| <= ln(2)/2`;
//! 3. `e^r` by its Taylor polynomial of degree 7 (truncation error below
//!    0.15 ulp on that interval), evaluated by Horner's rule;
//! 4. scale by `2^n` as `2^(n/2) * 2^(n - n/2)`, each factor built from its
//!    exponent bits, so that results in the subnormal range round once and
//!    `n = 128` overflows to +inf.
//!
//! Measured against exp() in f64 rounded to f32 on 2M random and edge
//! inputs in [-110, 95]: at most 1 ulp (`test/Execution/polynomial-exp.mlir`
//! checks samples, including overflow, underflow, subnormal results, ±inf
//! and NaN).
//!
//! f64 `exp` and the other transcendental functions still go to libm.

use crate::builders::{self, BuildResult};
use melior::{
    Context,
    ir::{
        Block, BlockLike, Location, Operation, OperationRef, Type, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::TypeId,
    },
    pass::{ExternalPass, Pass, create_external},
};

#[repr(align(8))]
struct PolynomialExpId;
static POLYNOMIAL_EXP_ID: PolynomialExpId = PolynomialExpId;

/// Inserts ops before one anchor op.
struct Inserter<'c, 'a> {
    context: &'c Context,
    location: Location<'c>,
    block: &'a Block<'c>,
    anchor: OperationRef<'c, 'a>,
}

impl<'c, 'a> Inserter<'c, 'a> {
    fn insert(&self, op: Operation<'c>) -> BuildResult<Value<'c, 'a>> {
        let op = self.block.insert_operation_before(self.anchor, op);
        op.result(0).map(Into::into).map_err(|e| format!("internal error: {e}"))
    }

    fn op(&self, name: &str, operands: &[Value<'c, 'a>], ty: Type<'c>) -> BuildResult<Value<'c, 'a>> {
        self.insert(builders::scalar(self.location, name, operands, ty)?)
    }

    fn f32(&self, value: f64) -> BuildResult<Value<'c, 'a>> {
        let ty = Type::float32(self.context);
        self.insert(builders::float_constant(self.context, self.location, value, ty)?)
    }

    fn i32(&self, value: i128) -> BuildResult<Value<'c, 'a>> {
        let ty = builders::integer_type(self.context, 32)?;
        self.insert(builders::int_constant(self.context, self.location, value, ty)?)
    }
}

/// Replaces one scalar f32 `math.exp` (see the module documentation).
fn expand(exp: OperationRef) -> BuildResult<()> {
    // SAFETY: the context outlives the op and this pass.
    let context_ref = exp.context();
    let context = unsafe { context_ref.to_ref() };
    let block = exp.block().ok_or("internal error: math.exp outside a block")?;
    let b = Inserter { context, location: exp.location(), block: &block, anchor: exp };
    let f32 = Type::float32(context);
    let i32 = builders::integer_type(context, 32)?;
    let x = exp.operand(0).map_err(|e| e.to_string())?;

    let low = b.f32(-104.0)?;
    let high = b.f32(88.8)?;
    let x = b.op("arith.maximumf", &[x, low], f32)?;
    let x = b.op("arith.minimumf", &[x, high], f32)?;

    let log2e = b.f32(std::f64::consts::LOG2_E)?;
    let half = b.f32(0.5)?;
    let scaled = b.op("arith.mulf", &[x, log2e], f32)?;
    let scaled = b.op("arith.addf", &[scaled, half], f32)?;
    let n = b.op("math.floor", &[scaled], f32)?;
    // ln 2 = C1 + C2, C1 with few significant bits so that n * C1 is exact.
    let c1 = b.f32(0.693359375)?;
    let c2 = b.f32(-2.12194440e-4)?;
    let t = b.op("arith.mulf", &[n, c1], f32)?;
    let r = b.op("arith.subf", &[x, t], f32)?;
    let t = b.op("arith.mulf", &[n, c2], f32)?;
    let r = b.op("arith.subf", &[r, t], f32)?;

    // e^r = sum r^k / k!, k = 0..7, by Horner's rule.
    let factorials = [5040.0, 720.0, 120.0, 24.0, 6.0, 2.0, 1.0, 1.0];
    let mut p = b.f32(1.0 / factorials[0])?;
    for factorial in &factorials[1..] {
        let coefficient = b.f32(1.0 / factorial)?;
        let product = b.op("arith.mulf", &[p, r], f32)?;
        p = b.op("arith.addf", &[product, coefficient], f32)?;
    }

    // 2^n = 2^h * 2^(n-h), h = n >> 1: both exponents within [-75, 65].
    // For a NaN x, n is NaN, whose conversion would be poison: use 0 (the
    // polynomial is NaN already, so the result is NaN).
    let is_nan = b.insert(builders::compare_scalar(context, b.location, "arith.cmpf", "uno", x, x)?)?;
    let zero = b.f32(0.0)?;
    let n = b.insert(builders::select(b.location, is_nan, zero, n)?)?;
    let n = b.op("arith.fptosi", &[n], i32)?;
    let one = b.i32(1)?;
    let h = b.op("arith.shrsi", &[n, one], i32)?;
    let k = b.op("arith.subi", &[n, h], i32)?;
    let bias = b.i32(127)?;
    let shift = b.i32(23)?;
    let mut scaled = p;
    for exponent in [h, k] {
        let biased = b.op("arith.addi", &[exponent, bias], i32)?;
        let bits = b.op("arith.shli", &[biased, shift], i32)?;
        let power = b.op("arith.bitcast", &[bits], f32)?;
        scaled = b.op("arith.mulf", &[scaled, power], f32)?;
    }

    let result = exp.result(0).map_err(|e| e.to_string())?;
    // SAFETY: `scaled` has the result's type and is defined before every
    // use of the result (it is inserted right before `exp`).
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), scaled.to_raw()) };
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_polynomial_exp_pass() -> Pass {
    create_external(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut found = Vec::new();
            module.walk(WalkOrder::PostOrder, |op| {
                let is_exp = op.name().as_string_ref().as_str().ok() == Some("math.exp");
                if is_exp && op.result(0).is_ok_and(|r| r.r#type().to_string() == "f32") {
                    found.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in found {
                // SAFETY: the ops were collected from the live module above
                // and none has been destroyed yet.
                let op = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = expand(op) {
                    crate::diagnostics::emit_error(op.location(), &message);
                    pass.signal_failure();
                    return;
                }
                // SAFETY: `op` has no uses left and is destroyed once.
                unsafe { mlir_sys::mlirOperationDestroy(raw) };
            }
        },
        TypeId::create(&POLYNOMIAL_EXP_ID),
        "XlaPolynomialExp",
        "xla-polynomial-exp",
        "Compute f32 math.exp with vectorizable arithmetic (range reduction + degree-7 polynomial) instead of libm calls",
        "builtin.module",
        &[],
    )
}
