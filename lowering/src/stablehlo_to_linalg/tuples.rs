//! Tuples, forwarded before any lowering (a step of the first phase of
//! `stablehlo-legalize-to-linalg`): each `get_tuple_element` of a
//! `stablehlo.tuple` becomes the element itself, and tuples left without
//! uses are erased.
//!
//! ```mlir
//! %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<2xi32>>
//! %x = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<2xi32>>) -> tensor<2xi32>
//! // becomes %x = %b (nested tuples too); %t is erased
//! ```
//!
//! Tuple values that cross a boundary (a function argument or result, a
//! call, a loop state) are not supported: the tuple ops left after
//! forwarding are reported by [`lower_tuple`].

use crate::builders::BuildResult;
use melior::ir::{
    OperationRef, ValueLike,
    attribute::IntegerAttribute,
    operation::{OperationLike, WalkOrder, WalkResult},
};

/// The tuple ops.
pub const TUPLE_OPS: &[&str] = &["stablehlo.tuple", "stablehlo.get_tuple_element"];

fn name_of(op: OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// The op defining `value`, if it is an op result.
pub(super) fn defining_op<'c>(value: mlir_sys::MlirValue) -> Option<OperationRef<'c, 'c>> {
    // SAFETY: the owner query follows the isa check; the op lives in the IR.
    unsafe { mlir_sys::mlirValueIsAOpResult(value).then(|| OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value))) }
}

fn has_uses(op: OperationRef) -> bool {
    // SAFETY: `op` is live; its results are valid values.
    op.results().any(|result| unsafe { !mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(result.to_raw())) })
}

/// Forwards `get_tuple_element(tuple(...))` everywhere in `module` and
/// erases the tuples left without uses.
pub fn forward_tuples(module: OperationRef) {
    let mut reads = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if name_of(op) == "stablehlo.get_tuple_element" {
            reads.push(op.to_raw());
        }
        WalkResult::Advance
    });
    // In program order, so that a read of a read of a nested tuple sees
    // the inner read already forwarded.
    for raw in reads {
        // SAFETY: the op was collected from the live IR and is erased at
        // most once, here.
        let op = unsafe { OperationRef::from_raw(raw) };
        let Ok(tuple) = op.operand(0) else { continue };
        let Some(producer) = defining_op(tuple.to_raw()).filter(|p| name_of(*p) == "stablehlo.tuple") else { continue };
        let index = op.attribute("index").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value());
        let (Some(index), Ok(result)) = (index, op.result(0)) else { continue };
        let Ok(element) = producer.operand(index as usize) else { continue };
        // SAFETY: both values are live and of the same type (the verifier
        // checked the index and type); `op` has no uses afterwards.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), element.to_raw());
            mlir_sys::mlirOperationDestroy(raw);
        }
    }
    // Erasing a tuple can leave the tuples it held without uses.
    loop {
        let mut dead = Vec::new();
        module.walk(WalkOrder::PostOrder, |op| {
            if name_of(op) == "stablehlo.tuple" && !has_uses(op) {
                dead.push(op.to_raw());
            }
            WalkResult::Advance
        });
        if dead.is_empty() {
            break;
        }
        for raw in dead {
            // SAFETY: collected from the live IR, without uses; each is
            // erased once.
            unsafe { mlir_sys::mlirOperationDestroy(raw) };
        }
    }
}

/// Reports a tuple op that forwarding could not remove.
pub fn lower_tuple<'c>(_rewrite: &super::Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    if name_of(op) == "stablehlo.tuple" {
        return Err("a tuple that leaves its function or enters a call or a loop is not supported \
                    (only get_tuple_element of a stablehlo.tuple is)"
            .into());
    }
    let source = op
        .operand(0)
        .ok()
        .and_then(|tuple| defining_op(tuple.to_raw()))
        .map(|producer| format!("'{}'", name_of(producer)))
        .unwrap_or_else(|| "a block argument".into());
    Err(format!("get_tuple_element of a tuple from {source} is not supported (only of a stablehlo.tuple)").into())
}
