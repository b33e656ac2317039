//! `xla-distinct-inits`: the linalg ops whose `outs` operand is one shared
//! `tensor.empty` or tensor `arith.constant` share it in groups of at most
//! [`GROUP`], each group with its own copy of the op.
//!
//! CSE (run on tensors before bufferization) merges all identical
//! `tensor.empty` ops of a function into one, and all reductions starting
//! from the same constant share it as their init. One-shot bufferization's
//! analysis then sees one alias set holding the results of every op that
//! writes into the shared value, and checks each in-place write against all
//! of them: a program of N element-wise ops took O(N^2)-O(N^3) time
//! (5,000 ops: 7.6 s). With groups the alias sets stay bounded. Sharing is
//! not free to drop altogether: writers into one `tensor.empty` reuse each
//! other's buffers when the previous contents are dead (one init per writer
//! gave the JAX MLP 6 mallocs instead of 2), so groups keep that reuse
//! among neighbours; programs with at most [`GROUP`] writers per init are
//! unchanged.
//!
//! ```mlir
//! // before
//! %e = tensor.empty() : tensor<16xf32>
//! %1 = linalg.generic ... outs(%e : tensor<16xf32>)
//! %2 = linalg.generic ... outs(%e : tensor<16xf32>)
//! ... (16 writers of %e in all, then)
//! %17 = linalg.generic ... outs(%e : tensor<16xf32>)
//! // after
//! %e = tensor.empty() : tensor<16xf32>
//! %e_0 = tensor.empty() : tensor<16xf32>
//! %1 = linalg.generic ... outs(%e : tensor<16xf32>)
//! ... (writers 2-16 of %e)
//! %17 = linalg.generic ... outs(%e_0 : tensor<16xf32>)
//! ```
//!
//! First, a fill (`linalg.fill`, or a `linalg.generic` without inputs)
//! that several linalg ops start from is cloned right before each of them
//! ([`duplicate_shared_fills`]): otherwise all but one must start from a
//! copy of the filled buffer, which stays alive in between.
//!
//! Runs right before bufferization.

use melior::{
    ir::{
        AttributeLike, OperationRef, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use std::collections::HashMap;

fn name_of(raw: mlir_sys::MlirOperation) -> String {
    // SAFETY: `raw` is a live operation.
    let op = unsafe { OperationRef::from_raw(raw) };
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// The number of `outs` operands of a linalg op with `operandSegmentSizes`
/// = [inputs, outputs]; None for other ops.
pub(crate) fn output_count(op: OperationRef) -> Option<usize> {
    let segments = op.attribute("operandSegmentSizes").ok()?;
    // SAFETY: the attribute is live; only read.
    unsafe {
        let raw = segments.to_raw();
        if !mlir_sys::mlirAttributeIsADenseI32Array(raw) || mlir_sys::mlirDenseArrayGetNumElements(raw) != 2 {
            return None;
        }
        Some(mlir_sys::mlirDenseI32ArrayGetElement(raw, 1) as usize)
    }
}

/// Users of one init value that share one copy of its producer: writers
/// into a shared `tensor.empty` can reuse each other's buffers (a write is
/// in place when the previous contents are dead), which this keeps within a
/// group, while bounding the alias sets the analysis compares.
pub const GROUP: usize = 16;

/// One `outs` operand of a linalg op that an op's result defines: the
/// linalg op, the operand's index, the value and the op that defines it.
struct Init {
    user: mlir_sys::MlirOperation,
    index: usize,
    value: mlir_sys::MlirValue,
    producer: mlir_sys::MlirOperation,
}

/// Every `outs` operand of the module's linalg ops (with
/// `operandSegmentSizes`) that is an op's result, in walk order.
fn op_defined_inits(module: OperationRef) -> Vec<Init> {
    let mut inits = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if !op.name().as_string_ref().as_str().is_ok_and(|n| n.starts_with("linalg.")) {
            return WalkResult::Advance;
        }
        let Some(outputs) = output_count(op) else { return WalkResult::Advance };
        let total = op.operand_count();
        for index in total.saturating_sub(outputs)..total {
            let Ok(value) = op.operand(index) else { continue };
            let value = value.to_raw();
            // SAFETY: a live value; its owner only looked up.
            unsafe {
                if mlir_sys::mlirValueIsAOpResult(value) {
                    inits.push(Init { user: op.to_raw(), index, value, producer: mlir_sys::mlirOpResultGetOwner(value) });
                }
            }
        }
        WalkResult::Advance
    });
    inits
}

/// Splits the users of each shared `tensor.empty` / constant init into
/// groups of [`GROUP`] (program order); the first group keeps the original
/// op, each further group gets a clone inserted right after it.
pub fn split_shared_inits(module: OperationRef) {
    // Per shared value: how many init uses seen so far, and the copy that
    // the current group uses.
    let mut seen: HashMap<usize, (usize, mlir_sys::MlirValue)> = HashMap::new();
    for Init { user, index, value, producer } in op_defined_inits(module) {
        let name = name_of(producer);
        if name != "tensor.empty" && name != "arith.constant" {
            continue;
        }
        let entry = seen.entry(value.ptr as usize).or_insert((0, value));
        if entry.0 > 0 && entry.0 % GROUP == 0 {
            // SAFETY: `producer` is live; the clone goes right after it (so
            // it dominates every use the original dominates) and has the
            // same result type.
            entry.1 = unsafe {
                let clone = mlir_sys::mlirOperationClone(producer);
                let block = mlir_sys::mlirOperationGetBlock(producer);
                mlir_sys::mlirBlockInsertOwnedOperationAfter(block, producer, clone);
                mlir_sys::mlirOperationGetResult(clone, 0)
            };
        }
        entry.0 += 1;
        if entry.1.ptr != value.ptr {
            // SAFETY: `user` is live and `index` one of its operands; the
            // new value has the operand's type and dominates `user`.
            unsafe { mlir_sys::mlirOperationSetOperand(user, index as isize, entry.1) };
        }
    }
}

/// The number of `ins` operands of a linalg op with `operandSegmentSizes`;
/// None for other ops.
fn input_count(op: OperationRef) -> Option<usize> {
    Some(op.operand_count() - output_count(op)?)
}

/// Whether `op` fills its one output without reading any tensor: a
/// `linalg.fill`, or a `linalg.generic` without inputs (what
/// `stablehlo.broadcast_in_dim` of a constant and reduction inits lower to).
fn is_fill(op: OperationRef) -> bool {
    let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
    let scalar_inputs = (0..op.operand_count().saturating_sub(1)).all(|i| {
        op.operand(i).is_ok_and(|v| {
            // SAFETY: a live type, only inspected.
            unsafe { !mlir_sys::mlirTypeIsAShaped(melior::ir::TypeLike::to_raw(&v.r#type())) }
        })
    });
    op.result_count() == 1
        && output_count(op) == Some(1)
        && match name.as_str() {
            "linalg.fill" => scalar_inputs,
            "linalg.generic" => input_count(op) == Some(0),
            _ => false,
        }
}

/// Gives every linalg op that starts from a filled tensor (the zeros of a
/// matrix product, the -inf of a max reduction) its own copy of the fill,
/// right before it. When two contractions start from one CSE'd fill, one
/// of them writes in place and the other must start from a copy: one-shot
/// bufferization keeps the filled buffer alive from the fill to the last
/// user and adds a `memref.copy` of it (the JAX MLP with two hidden layers
/// held three 1 MiB buffers where two suffice). A fill per user writes the
/// same bytes the copy did, reads nothing, and lives only from there to
/// its user. The original fill stays for any other use.
pub fn duplicate_shared_fills(module: OperationRef) {
    let uses: Vec<(mlir_sys::MlirOperation, usize, mlir_sys::MlirOperation)> = op_defined_inits(module)
        .into_iter()
        // SAFETY: the producers are live ops, only inspected.
        .filter(|init| is_fill(unsafe { OperationRef::from_raw(init.producer) }))
        .map(|init| (init.user, init.index, init.producer))
        .collect();
    let mut count: HashMap<usize, usize> = HashMap::new();
    for &(_, _, fill) in &uses {
        *count.entry(fill.ptr as usize).or_default() += 1;
    }
    for (user, index, fill) in uses {
        if count[&(fill.ptr as usize)] < 2 {
            continue;
        }
        // SAFETY: `fill` and `user` are live; `fill` dominates `user` (it
        // defines one of its operands), so the fill's own operands dominate
        // the point right before `user`, where the clone goes; the clone's
        // result has the operand's type.
        unsafe {
            let clone = mlir_sys::mlirOperationClone(fill);
            let block = mlir_sys::mlirOperationGetBlock(user);
            mlir_sys::mlirBlockInsertOwnedOperationBefore(block, user, clone);
            mlir_sys::mlirOperationSetOperand(user, index as isize, mlir_sys::mlirOperationGetResult(clone, 0));
        }
    }
    // Fills left without users go.
    for (fill, _) in count {
        let raw = mlir_sys::MlirOperation { ptr: fill as *mut std::ffi::c_void };
        // SAFETY: a live op (the clones were inserted, nothing erased); its
        // result is checked for uses before it is destroyed.
        unsafe {
            let result = mlir_sys::mlirOperationGetResult(raw, 0);
            if mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(result)) {
                mlir_sys::mlirOperationDestroy(raw);
            }
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_distinct_inits_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            duplicate_shared_fills(module);
            split_shared_inits(module);
        },
        "XlaDistinctInits",
        "xla-distinct-inits",
        "A fill per linalg op that starts from it; each tensor.empty / constant used as a linalg init shared among at most 16 writers",
        "builtin.module",
    )
}
