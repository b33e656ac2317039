//! `xla-reassociate-reductions`: lets LLVM reorder floating-point
//! accumulations of reductions, so that it can vectorize them.
//!
//! StableHLO leaves the order in which `reduce`, `reduce_window`,
//! `dot_general` and `convolution` combine their elements to the
//! implementation (the spec calls the schedule implementation-defined), and
//! XLA's CPU back end vectorizes such reductions with several partial sums.
//! Our lowering expresses them as `linalg.generic` ops with reduction
//! iterators whose body accumulates into the output block argument. With
//! strict IEEE semantics LLVM must add the elements one by one, in order, and
//! cannot vectorize a row sum; this pass marks the accumulating
//! `arith.addf`/`arith.mulf` `fastmath<reassoc, contract>` (and a
//! multiplication feeding an accumulating addition `fastmath<contract>`, so
//! that the pair may become an FMA).
//!
//! Only the accumulation is affected: no other op gets fast-math flags, so
//! NaN, infinity and signed-zero semantics are unchanged, and element-wise
//! results stay bit-exact. Sums may differ from a sequential sum in the last
//! bits, as XLA's do.
//!
//! ```mlir
//! // before (the body of a row sum)
//! ^bb0(%in: f32, %acc: f32):
//!   %0 = arith.addf %acc, %in : f32
//!   linalg.yield %0 : f32
//! // after
//!   %0 = arith.addf %acc, %in fastmath<reassoc,contract> : f32
//! ```

use crate::op_name;
use melior::{
    ir::{
        AttributeLike, BlockLike, OperationRef, RegionLike, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
        operation::OperationResult,
    },
    pass::{ExternalPass, Pass},
};

fn set_fastmath(op: &OperationRef, flags: u32) {
    // SAFETY: the context outlives the op and this pass.
    let context = crate::context_of(op.context());
    let attribute = xla_dialects::fastmath_attribute(context, flags);
    let name = std::ffi::CString::new("fastmath").expect("no NUL");
    // SAFETY: `op` is a live arith op that has a `fastmath` property.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()), attribute.to_raw())
    };
}

/// The op defining `value`, if it is an op result.
fn defining_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(value).ok().map(|result| result.owner())
}

fn reassociate(generic: OperationRef) {
    let is_reduction = generic.attribute("iterator_types").is_ok_and(xla_dialects::has_reduction_iterator);
    if !is_reduction {
        return;
    }
    let Some(body) = generic.region(0).ok().and_then(|r| r.first_block()) else { return };
    let Some(terminator) = body.terminator() else { return };
    let outputs = generic.result_count();
    let arguments = body.argument_count();
    if outputs == 0 || outputs > arguments {
        return;
    }
    // Block arguments of the outputs (the accumulators) come last.
    let accumulators: Vec<_> =
        (arguments - outputs..arguments).filter_map(|i| body.argument(i).ok()).map(|a| a.to_raw().ptr).collect();
    for yielded in terminator.operands() {
        let Some(op) = defining_op(yielded) else { continue };
        let name = op_name(&op);
        if name != "arith.addf" && name != "arith.mulf" {
            continue;
        }
        let operands: Vec<Value> = op.operands().collect();
        let accumulates = operands.iter().any(|v| accumulators.contains(&v.to_raw().ptr));
        if !accumulates {
            continue;
        }
        set_fastmath(&op, xla_dialects::fastmath::REASSOC | xla_dialects::fastmath::CONTRACT);
        if name == "arith.addf" {
            for operand in operands {
                if let Some(product) = defining_op(operand).filter(|p| op_name(p) == "arith.mulf") {
                    set_fastmath(&product, xla_dialects::fastmath::CONTRACT);
                }
            }
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_reassociate_reductions_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            module.walk(WalkOrder::PreOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("linalg.generic") {
                    reassociate(op);
                }
                WalkResult::Advance
            });
        },
        "XlaReassociateReductions",
        "xla-reassociate-reductions",
        "Let LLVM reorder the floating-point accumulation of linalg reductions (fastmath<reassoc,contract>), so it can vectorize them",
        "builtin.module",
    )
}
