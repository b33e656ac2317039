//! `xla-gpu-select-minmax`: `arith.select` of an integer comparison of its
//! own two operands is the minimum or maximum again.
//!
//! StableHLO's integer `maximum`/`minimum` lower to `arith.maxsi`/`minui`/...
//! and the GPU pipeline's `arith-expand` (needed for bf16) rewrites those
//! into `arith.cmpi` + `arith.select`. A reduction whose combiner is such a
//! pair is not one that `xla-gpu-split-reductions` and
//! `xla-gpu-block-reductions` recognize (they take one combining op), so a
//! row minimum of i32 kept one thread per row. This pass, right after the
//! loops are made, turns the pair back into the one op:
//!
//! ```mlir
//! %c = arith.cmpi slt, %a, %b : i32
//! %m = arith.select %c, %a, %b : i32      // becomes arith.minsi %a, %b
//! %n = arith.select %c, %b, %a : i32      // becomes arith.maxsi %a, %b
//! ```
//!
//! `slt`/`sle` pick the minimum (equal operands are the same value), `sgt`
//! and `sge` the maximum, the `u` predicates likewise unsigned; `eq`/`ne`
//! and comparisons of other values are left alone. The comparison goes
//! when nothing else uses it. NVVM lowers the ops to `min`/`max`.

use super::name;
use crate::builders::scalar;
use melior::{
    ir::{
        BlockLike, OperationRef, ValueLike,
        attribute::IntegerAttribute,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
        r#type::IntegerType,
    },
    pass::{ExternalPass, Pass},
};

/// The min/max op that `select(cmpi(predicate, x, y), x, y)` is
/// (`swapped`: the select takes `y, x`).
fn minmax(predicate: i64, swapped: bool) -> Option<&'static str> {
    // arith's CmpIPredicate: eq ne slt sle sgt sge ult ule ugt uge.
    let (min, max) = match predicate {
        2 | 3 => ("arith.minsi", "arith.maxsi"),
        4 | 5 => ("arith.maxsi", "arith.minsi"),
        6 | 7 => ("arith.minui", "arith.maxui"),
        8 | 9 => ("arith.maxui", "arith.minui"),
        _ => return None,
    };
    Some(if swapped { max } else { min })
}

fn rewrite(select: OperationRef) -> bool {
    let operands: Vec<_> = select.operands().collect();
    let [condition, on_true, on_false] = operands[..] else { return false };
    if IntegerType::try_from(on_true.r#type()).is_err() {
        return false;
    }
    let Ok(result) = OperationResult::try_from(condition) else { return false };
    let compare = result.owner();
    if name(&compare) != "arith.cmpi" {
        return false;
    }
    let Some(predicate) = compare.attribute("predicate").ok().and_then(|a| IntegerAttribute::try_from(a).ok()) else { return false };
    let (Ok(x), Ok(y)) = (compare.operand(0), compare.operand(1)) else { return false };
    let swapped = if x == on_true && y == on_false {
        false
    } else if x == on_false && y == on_true {
        true
    } else {
        return false;
    };
    let Some(op_name) = minmax(predicate.value(), swapped) else { return false };
    let Some(block) = select.block() else { return false };
    let Ok(op) = scalar(select.location(), op_name, &[on_true, on_false], on_true.r#type()) else { return false };
    let new = block.insert_operation_before(select, op);
    let (Ok(old), Ok(new)) = (select.result(0), new.result(0)) else { return false };
    // SAFETY: both values are live and of the same type; the select has no
    // uses left and is destroyed once; the comparison only when it has no
    // uses either.
    unsafe {
        mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw());
        mlir_sys::mlirOperationDestroy(select.to_raw());
        let first_use = mlir_sys::mlirValueGetFirstUse(condition.to_raw());
        if mlir_sys::mlirOpOperandIsNull(first_use) {
            mlir_sys::mlirOperationDestroy(compare.to_raw());
        }
    }
    true
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_select_minmax_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let mut selects = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                if name(&op) == "arith.select" {
                    selects.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in selects {
                // SAFETY: collected from the live module above; each rewrite
                // destroys only its own select and the comparison that only
                // it used (never a select of the list: a select is no
                // comparison).
                rewrite(unsafe { OperationRef::from_raw(raw) });
            }
        },
        "XlaGpuSelectMinmax",
        "xla-gpu-select-minmax",
        "An arith.select of an integer comparison of its own two operands becomes arith.minsi/maxsi/minui/maxui (what arith-expand expanded)",
        "builtin.module",
    )
}
