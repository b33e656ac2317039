//! `xla-polynomial-math`: the transcendental `math` ops that the lowering
//! produces — `exp`, `expm1`, `log`, `log1p`, `tanh`, `sin`, `cos`, `tan`,
//! `atan2`, `powf`, `cbrt` — computed with inline arithmetic that LLVM
//! vectorizes, instead of one libm call per element
//! (`convert-math-to-libm`).
//!
//! ```text
//! %y = math.tanh %x : f32
//! // becomes about 40 arith ops (range reduction, polynomial, selects for
//! // the special values), and no call to tanhf.
//! ```
//!
//! The other functions are built from these by the lowering: `logistic`
//! (from `exp`), `atan`/`asin`/`acos` (`atan2`), `sinh`/`cosh` (`exp`,
//! `expm1`), erf/erfc (StableHLO polynomials and `exp`,
//! `lowering/src/chlo/special.rs` and `erf_f64.rs`).
//!
//! Precision: f32 `exp`, `expm1`, `log`, `log1p` and `tanh` are computed in
//! f32 (the hot activations stay 8 lanes wide); f32 `sin`, `cos`, `tan`,
//! `atan2`, `pow`, `cbrt` in f64 with shorter polynomials and rounded
//! once; f64 in f64, with the range reductions carried in two parts where
//! cancellation would cost bits (sin/cos/tan: x - k pi/2; pow: y log|x|).
//! f16 and bf16 are computed as f32, as the rest of the CPU pipeline does.
//! sin/cos/tan reduce exactly at every magnitude (Cody-Waite below
//! [`EXACT_REDUCTION_LIMIT`], Payne-Hanek above). Methods and measured
//! errors against mpmath and XLA: `docs/vector_math.md`.

mod emitter;
mod exp_log;
mod power;
mod trig;
mod variants;

use crate::builders::BuildResult;
use emitter::{Emitter, Goal, V};
use melior::ir::TypeLike as _;
use melior::{
    ir::{
        Attribute, BlockLike, RegionLike, Type, ValueLike,
        operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
        r#type::{MemRefType, RankedTensorType},
    },
    pass::{ExternalPass, Pass},
};
use trig::Trig;

pub use trig::EXACT_REDUCTION_LIMIT;

/// The ops this pass expands.
const EXPANDED: &[&str] =
    &["math.exp", "math.expm1", "math.log", "math.log1p", "math.tanh", "math.sin", "math.cos", "math.tan", "math.atan2", "math.powf", "math.cbrt"];

/// Where a function is computed for an f32 (or f16/bf16) result.
fn computed_in_f64_for_f32(name: &str) -> bool {
    !matches!(name, "math.exp" | "math.expm1" | "math.log" | "math.log1p" | "math.tanh")
}

/// The expansion of `name` on `args` in `e`'s type; sin/cos/tan with the
/// exact reduction outlined into a fixup call when `outline` holds the
/// module (see `variants.rs`).
fn expand_in<'c, 'a>(e: &Emitter<'c, 'a>, name: &str, args: &[V<'c, 'a>], outline: Option<OperationRef<'c, '_>>) -> BuildResult<V<'c, 'a>> {
    let trig_of = |which| match outline {
        Some(module) => variants::trig_outlined(e, module, args[0], which),
        None => trig::trig(e, args[0], which, true),
    };
    match name {
        "math.exp" => exp_log::exp(e, args[0]),
        "math.expm1" => exp_log::expm1(e, args[0]),
        "math.log" => exp_log::log(e, args[0]),
        "math.log1p" => exp_log::log1p(e, args[0]),
        "math.tanh" => exp_log::tanh(e, args[0]),
        "math.sin" => trig_of(Trig::Sin),
        "math.cos" => trig_of(Trig::Cos),
        "math.tan" => trig_of(Trig::Tan),
        "math.atan2" => trig::atan2(e, args[0], args[1]),
        "math.powf" => power::pow(e, args[0], args[1]),
        "math.cbrt" => power::cbrt(e, args[0]),
        _ => Err(format!("internal error: xla-polynomial-math cannot expand {name}").into()),
    }
}

/// Replaces one scalar op of [`EXPANDED`] (float result) by its expansion.
fn expand<'c>(op: OperationRef<'c, '_>, outline: Option<OperationRef<'c, '_>>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let block = op.block().ok_or("internal error: math op outside a block")?;
    let result = op.result(0)?;
    let ty = result.r#type();
    let context = crate::context_of(op.context());
    let double = ty == Type::float64(context);
    // f64 in f64; f32 (and f16/bf16, as f32) in f32 or in f64.
    let e = if double || computed_in_f64_for_f32(&name) {
        let goal = if double { Goal::Double } else { Goal::Single };
        Emitter::new(op, &block, true, goal)?
    } else {
        Emitter::new(op, &block, false, Goal::Single)?
    };
    let mut args = Vec::new();
    for i in 0..op.operand_count() {
        args.push(e.convert(op.operand(i)?, e.float)?);
    }
    let value = expand_in(&e, &name, &args, outline)?;
    let value = e.convert(value, ty)?;
    // SAFETY: `value` has the result's type and is defined before every use
    // of the result (it is inserted right before `op`).
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value.to_raw()) };
    Ok(())
}

/// Adds the 2/pi table of f64 sin/cos/tan ([`trig::TWO_OVER_PI_TABLE`])
/// to `module` as a private constant global, unless it is there already.
fn add_table(module: OperationRef) -> BuildResult<()> {
    let context = crate::context_of(module.context());
    let body = module.region(0)?.first_block().ok_or("internal error: module without a body")?;
    if variants::defined(&body, trig::TABLE_SYMBOL) {
        return Ok(());
    }
    let n = trig::TWO_OVER_PI_TABLE.len();
    // Exact in f64: every entry is below 2^53.
    let values: Vec<f64> = trig::TWO_OVER_PI_TABLE.iter().map(|&v| v as f64).collect();
    let f64_type = Type::float64(context);
    let tensor = RankedTensorType::new(&[n as u64], f64_type, None);
    // SAFETY: a live tensor type and `n` doubles; the attribute belongs to
    // the type's context.
    let value = unsafe { Attribute::from_raw(mlir_sys::mlirDenseElementsAttrDoubleGet(tensor.to_raw(), n as isize, values.as_ptr())) };
    let ty = MemRefType::new(f64_type, &[n as i64], None, None).into();
    let global = crate::builders::memref_constant_global(module.location(), trig::TABLE_SYMBOL, ty, value)?;
    body.insert_operation(0, global);
    Ok(())
}

fn is_scalar_float(ty: Type) -> bool {
    ty.is_f16() || ty.is_bf16() || ty.is_f32() || ty.is_f64()
}

/// Creates the pass (anchored on `builtin.module`): the CPU's, with the
/// exact reductions of sin/cos/tan outlined (`variants.rs`).
pub fn create_polynomial_math_pass() -> Pass {
    create_pass(true)
}

/// The pass with every expansion inline and branch-free (the GPU
/// emulation pipeline's kernels).
pub fn create_inline_polynomial_math_pass() -> Pass {
    create_pass(false)
}

fn create_pass(outline: bool) -> Pass {
    external_pass!(
        move |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut found = Vec::new();
            let mut needs_table = false;
            module.walk(WalkOrder::PostOrder, |op| {
                let name = op.name().as_string_ref().as_str().ok().unwrap_or_default().to_owned();
                if EXPANDED.contains(&name.as_str()) && op.result(0).is_ok_and(|r| is_scalar_float(r.r#type())) {
                    let f64_trig = matches!(name.as_str(), "math.sin" | "math.cos" | "math.tan")
                        && op.result(0).is_ok_and(|r| r.r#type().is_f64());
                    needs_table |= f64_trig;
                    found.push(op.to_raw());
                }
                WalkResult::Advance
            });
            if let Err(message) = if needs_table { add_table(module) } else { Ok(()) } {
                crate::diagnostics::emit_error(module.location(), &message);
                pass.signal_failure();
                return;
            }
            for raw in found {
                // SAFETY: the ops were collected from the live module above
                // and none has been destroyed yet.
                let op = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = expand(op, outline.then_some(module)) {
                    crate::diagnostics::emit_error(op.location(), &message);
                    pass.signal_failure();
                    return;
                }
                // SAFETY: `op` has no uses left and is destroyed once.
                unsafe { mlir_sys::mlirOperationDestroy(raw) };
            }
        },
        "XlaPolynomialMath",
        "xla-polynomial-math",
        "Compute exp, expm1, log, log1p, tanh, sin, cos, tan, atan2, pow and cbrt (f16/bf16/f32/f64) with vectorizable arithmetic instead of libm calls",
        "builtin.module",
    )
}
