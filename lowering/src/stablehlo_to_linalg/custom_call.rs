//! `custom_call` → the lowering that [`custom_call_targets`] registers for
//! its `call_target_name`; any other target is an error at the op
//! ("unknown custom_call target 'X'").
//!
//! The targets are JAX's CPU LAPACK calls (typed FFI), lowered through the
//! same loops as `stablehlo.cholesky` and `stablehlo.triangular_solve` (see
//! `linear_algebra`). Their options are characters in the dictionary
//! `mhlo.backend_config` (or `backend_config`): `uplo` 'L'/'U', `side`
//! 'L'/'R', `trans_x` 'N'/'T'/'C', `diag` 'N'/'U'. The operand layouts
//! (column-major for LAPACK) are physical only and do not change what is
//! computed.
//!
//! ```mlir
//! %l, %info = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, ...}
//!               : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
//! // becomes the Cholesky loops of `stablehlo.cholesky, lower = true`, where
//! // %info is 0 or the 1-based index of the first pivot <= 0 (or NaN), and
//! // the upper triangle keeps %a's values (LAPACK factors in place)
//!
//! %x = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config =
//!        {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, ...}
//! // becomes the loops of triangular_solve with left_side, lower, NO_TRANSPOSE
//! ```

use super::{
    LowerFn, Rewrite,
    linear_algebra::{OtherTriangle, PivotCheck, Solve, cholesky, triangular_solve},
};
use crate::builders::BuildResult;
use melior::ir::{AttributeLike, OperationRef, Value, attribute::StringAttribute, operation::OperationLike};
use xla_dialects::stablehlo::Transpose;

/// The custom_call targets with a lowering, by `call_target_name`.
pub fn custom_call_targets() -> &'static [(&'static str, LowerFn)] {
    &[
        ("lapack_spotrf_ffi", lower_potrf),
        ("lapack_dpotrf_ffi", lower_potrf),
        ("lapack_cpotrf_ffi", lower_potrf),
        ("lapack_zpotrf_ffi", lower_potrf),
        ("lapack_strsm_ffi", lower_trsm),
        ("lapack_dtrsm_ffi", lower_trsm),
        ("lapack_ctrsm_ffi", lower_trsm),
        ("lapack_ztrsm_ffi", lower_trsm),
        // The exchanges of programs over several devices (spmd.rs).
        ("xla.exchange", super::spmd::lower_exchange),
        ("xla.device_id", super::spmd::lower_device_id),
        (super::spmd::RAGGED_UPDATES_TARGET, super::collectives::lower_ragged_updates),
    ]
}

/// JAX's `custom_call @ragged_all_to_all` (how `lax.ragged_all_to_all`
/// lowers: the op's operands, `backend_config = {replica_groups = ...,
/// channel_id = N}`) becomes `stablehlo.ragged_all_to_all` with those
/// groups and, for `channel_id > 0`, a `channel_handle` (cross-partition,
/// as XLA reads it). Run in the first phase, before the expansion of a
/// program over several devices; other targets are left for
/// [`lower_custom_call`].
pub fn rewrite_collective_calls<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let target = op.attribute("call_target_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|a| a.value().to_owned());
    if target.as_deref() != Some("ragged_all_to_all") {
        return Ok(());
    }
    expect_operands(op, 6, 1)?;
    let mut groups = None;
    let mut channel = 0;
    for name in ["mhlo.backend_config", "backend_config"] {
        let Ok(config) = op.attribute(name) else { continue };
        let raw = config.to_raw();
        // SAFETY: `raw` is a live attribute; the lookups follow the isa
        // check, the integer read its own.
        unsafe {
            if !mlir_sys::mlirAttributeIsADictionary(raw) {
                return Err(format!("{name} of ragged_all_to_all is not a dictionary").into());
            }
            let lookup = |key: &str| {
                let entry = mlir_sys::mlirDictionaryAttrGetElementByName(raw, mlir_sys::MlirStringRef { data: key.as_ptr().cast(), length: key.len() });
                (!entry.ptr.is_null()).then_some(entry)
            };
            if let Some(entry) = lookup("replica_groups") {
                groups = Some(melior::ir::Attribute::from_raw(entry));
            }
            if let Some(entry) = lookup("channel_id") {
                if !mlir_sys::mlirAttributeIsAInteger(entry) {
                    return Err("backend_config channel_id is not an integer".into());
                }
                channel = mlir_sys::mlirIntegerAttrGetValueInt(entry);
            }
        }
    }
    let groups = groups.ok_or("ragged_all_to_all has no replica_groups in its backend_config")?;
    let mut built = vec![("replica_groups", groups)];
    if channel > 0 {
        built.push(("channel_handle", xla_dialects::channel_handle_attribute(rewrite.context, channel, 1)));
    }
    let operands: Vec<Value> = op.operands().collect();
    rewrite.replace_with_hlo(op, "stablehlo.ragged_all_to_all", &operands, &built)
}

/// Lowers `stablehlo.custom_call` by its target's registered lowering.
pub fn lower_custom_call<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let target = op
        .attribute("call_target_name")
        .ok()
        .and_then(|a| StringAttribute::try_from(a).ok())
        .map(|a| a.value().to_owned())
        .ok_or("custom_call has no call_target_name")?;
    let (_, lower) = custom_call_targets()
        .iter()
        .find(|(name, _)| *name == target)
        .ok_or_else(|| format!("unknown custom_call target '{target}'"))?;
    lower(rewrite, op)
}

/// The character option `key` of the backend config, or `default`.
fn option(op: OperationRef, key: &str, default: u8) -> BuildResult<u8> {
    for name in ["mhlo.backend_config", "backend_config"] {
        let Ok(config) = op.attribute(name) else { continue };
        let raw = config.to_raw();
        // SAFETY: `raw` is a live attribute; the dictionary lookup follows
        // the isa check, and the integer read follows its own.
        let value = unsafe {
            if !mlir_sys::mlirAttributeIsADictionary(raw) {
                continue;
            }
            let key_ref = mlir_sys::MlirStringRef { data: key.as_ptr().cast(), length: key.len() };
            let entry = mlir_sys::mlirDictionaryAttrGetElementByName(raw, key_ref);
            if entry.ptr.is_null() {
                continue;
            }
            if !mlir_sys::mlirAttributeIsAInteger(entry) {
                return Err(format!("backend_config {key} is not an integer").into());
            }
            mlir_sys::mlirIntegerAttrGetValueUInt(entry)
        };
        return u8::try_from(value).map_err(|_| format!("backend_config {key} = {value} is not a character")).map_err(crate::error::LowerError::from);
    }
    Ok(default)
}

fn operand<'c>(op: OperationRef<'c, '_>, i: usize) -> BuildResult<Value<'c, 'c>> {
    let value: Value = op.operand(i)?;
    // SAFETY: an operand of the matched op, live for the whole rewrite.
    Ok(unsafe { crate::builders::detach(value) })
}

fn expect_operands(op: OperationRef, operands: usize, results: usize) -> BuildResult<()> {
    if op.operand_count() != operands || op.result_count() != results {
        return Err(format!(
            "expected {operands} operand(s) and {results} result(s), got {} and {}",
            op.operand_count(),
            op.result_count()
        ).into());
    }
    Ok(())
}

fn bad_option(key: &str, value: u8) -> String {
    format!("unsupported backend_config {key} = {value} ('{}')", value as char)
}

/// `lapack_?potrf_ffi(a) -> (factor, info)`.
fn lower_potrf<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    expect_operands(op, 1, 2)?;
    let lower = match option(op, "uplo", b'L')? {
        b'L' => true,
        b'U' => false,
        other => return Err(bad_option("uplo", other).into()),
    };
    let a = operand(op, 0)?;
    let (factors, info) = cholesky(rewrite, op.location(), a, lower, PivotCheck::NotPositive, OtherTriangle::Input)?;
    rewrite.rewriter.replace_op_with_values(op, &[factors, info]);
    Ok(())
}

/// `lapack_?trsm_ffi(a, b) -> x`.
fn lower_trsm<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    expect_operands(op, 2, 1)?;
    let left_side = match option(op, "side", b'L')? {
        b'L' => true,
        b'R' => false,
        other => return Err(bad_option("side", other).into()),
    };
    let lower = match option(op, "uplo", b'L')? {
        b'L' => true,
        b'U' => false,
        other => return Err(bad_option("uplo", other).into()),
    };
    let transpose = match option(op, "trans_x", b'N')? {
        b'N' => Transpose::NO_TRANSPOSE,
        b'T' => Transpose::TRANSPOSE,
        b'C' => Transpose::ADJOINT,
        other => return Err(bad_option("trans_x", other).into()),
    };
    let unit_diagonal = match option(op, "diag", b'N')? {
        b'N' => false,
        b'U' => true,
        other => return Err(bad_option("diag", other).into()),
    };
    let solve = Solve { left_side, lower, unit_diagonal, transpose };
    let result = triangular_solve(rewrite, op.location(), operand(op, 0)?, operand(op, 1)?, solve)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
