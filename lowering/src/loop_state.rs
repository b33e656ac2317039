//! `xla-loop-state-in-place`: a loop's new state is computed in the buffer
//! of its old state when nothing reads the old state any more.
//!
//! A `lax.scan` or `fori_loop` carries tensors through an `scf.while` (or
//! `scf.for`); each iteration computes the next value of a tensor from the
//! current one (an RNN's hidden state: `h' = tanh(x W + h U + b)`) and
//! yields it. The linalg op that computes `h'` writes into a fresh
//! `tensor.empty`, so bufferization gives it a new buffer every iteration,
//! and because the yielded buffer is not the loop's own, the loop's
//! condition copies the state into yet another buffer each time round
//! (one-shot bufferization copies a carried value unless both regions pass
//! on the buffer they received). XLA's while loop updates its state in
//! place (the body's outputs alias its parameters).
//!
//! This pass makes the op that computes a yielded value write into the
//! region argument that receives the old value, when
//!
//! - the yielded value is a result of a linalg op in the loop body, whose
//!   `outs` operand is a `tensor.empty` — directly, or through a chain of
//!   linalg ops of the body each of whose result has that one use (a fill
//!   then a reduction into it): the first op of the chain is retargeted;
//! - every use of the region argument (nested ones included) is in an op
//!   that comes before that first op in the body (so the old value is dead
//!   when the first write happens), or is an input of that op which it
//!   reads element-wise at the position it writes (a loop counter's
//!   `%i + 1`: in place as any element-wise op), and
//! - for `scf.while`, the condition passes its region argument on
//!   unchanged at that position (the after region's argument is the state).
//!
//! The init is then the old state instead of undefined contents, which
//! changes no result. One-shot bufferization still checks every write: if
//! it finds a conflict it copies, so the rewrite cannot make code wrong,
//! only spare buffers and copies.
//!
//! ```mlir
//! // before
//! scf.while (%h = %h0) ... do {
//! ^bb0(%h: tensor<32x256xf32>):
//!   %p = linalg.matmul ins(%h, %u) ...            // last read of %h
//!   %e = tensor.empty() : tensor<32x256xf32>
//!   %n = linalg.generic ins(%p, ...) outs(%e) { tanh }
//!   scf.yield %n
//! // after
//!   %n = linalg.generic ins(%p, ...) outs(%h) { tanh }
//! ```
//!
//! Second ([`rows_in_place`]): a row inserted into a loop's stacked output
//! (`tensor.insert_slice %row into %ys[%t, 0]`, the `ys` of a `lax.scan`)
//! is computed in that slice of `%ys` when nothing else in the body uses
//! `%ys` — what upstream's `eliminate-empty-tensors` does, limited to loop
//! bodies and without a second one-shot analysis (which cost 13.5 ms of
//! compile time on conv3x3, whose cells are insert_slice chains).
//!
//! Runs on tensors right before bufferization (after
//! `xla-schedule-for-memory`, whose order decides which reads come first).

use melior::{
    ir::{
        BlockLike, BlockRef, OperationRef, RegionLike, ValueLike,
        attribute::ArrayAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

/// The number of `outs` operands of a linalg op; None for other ops.
fn output_count(op: OperationRef) -> Option<usize> {
    if !crate::op_name(&op).starts_with("linalg.") {
        return None;
    }
    crate::distinct_inits::output_count(op)
}

/// The op that defines `value` if it is an op result of an op directly in
/// `block`.
fn defined_in(value: mlir_sys::MlirValue, block: BlockRef) -> Option<mlir_sys::MlirOperation> {
    // SAFETY: a live value; its owner is only inspected.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(value) {
            return None;
        }
        let owner = mlir_sys::mlirOpResultGetOwner(value);
        (mlir_sys::mlirOperationGetBlock(owner).ptr == block.to_raw().ptr).then_some(owner)
    }
}

/// The op of `block` that is or contains `op`; None if `op` is not in it.
fn ancestor_in(mut op: mlir_sys::MlirOperation, block: BlockRef) -> Option<mlir_sys::MlirOperation> {
    // SAFETY: walks up the parents of a live op.
    unsafe {
        loop {
            if op.ptr.is_null() {
                return None;
            }
            let parent_block = mlir_sys::mlirOperationGetBlock(op);
            if parent_block.ptr.is_null() {
                return None;
            }
            if parent_block.ptr == block.to_raw().ptr {
                return Some(op);
            }
            op = mlir_sys::mlirBlockGetParentOperation(parent_block);
        }
    }
}

/// Whether operand `input` of `op` is read at the position that `op`
/// writes into its `outs` operand `output`: a `linalg.generic` with only
/// parallel loops whose indexing maps of the two operands are equal (an
/// element-wise op, which may write in place of the input it reads).
fn reads_elementwise(op: OperationRef, input: usize, output: usize) -> bool {
    if crate::op_name(&op) != "linalg.generic" || op.attribute("iterator_types").is_ok_and(xla_dialects::has_reduction_iterator) {
        return false;
    }
    let Some(outputs) = output_count(op) else { return false };
    if input >= op.operand_count() - outputs {
        return false;
    }
    let Some(maps) = op.attribute("indexing_maps").ok().and_then(|a| ArrayAttribute::try_from(a).ok()) else { return false };
    matches!((maps.element(input), maps.element(output)), (Ok(a), Ok(b)) if a == b)
}

/// Whether every use of `value` is inside an op of `block` placed before
/// `writer` (an op of `block` that writes into its `outs` operand
/// `output`), or is an element-wise input of `writer` itself
/// ([`reads_elementwise`]).
fn all_uses_before(value: mlir_sys::MlirValue, writer: mlir_sys::MlirOperation, output: usize, block: BlockRef) -> bool {
    // SAFETY: walks the live use list of a live value; the ops compared are
    // live ops of `block`.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value);
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            let owner = mlir_sys::mlirOpOperandGetOwner(operand);
            let index = mlir_sys::mlirOpOperandGetOperandNumber(operand) as usize;
            let fine = match ancestor_in(owner, block) {
                Some(user) if user.ptr == writer.ptr => {
                    owner.ptr == writer.ptr && reads_elementwise(OperationRef::from_raw(writer), index, output)
                }
                Some(user) => mlir_sys::mlirOperationIsBeforeInBlock(user, writer),
                None => false,
            };
            if !fine {
                return false;
            }
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    true
}

/// The linalg ops of `block` that compute `value`, last first: the op
/// that defines it, the op that defines that one's `outs` operand, and so
/// on through single-use results, down to the op (the writer, last in the
/// list) whose `outs` operand is a `tensor.empty`; with the writer's
/// `outs` operand index. None if the chain leaves the block or ends
/// elsewhere.
fn writer_chain(value: mlir_sys::MlirValue, block: BlockRef) -> Option<(Vec<mlir_sys::MlirOperation>, usize)> {
    let mut value = value;
    let mut chain = Vec::new();
    loop {
        let raw = defined_in(value, block)?;
        chain.push(raw);
        // SAFETY: a live op of `block`.
        let op = unsafe { OperationRef::from_raw(raw) };
        let outputs = output_count(op)?;
        let result = op.results().position(|r| r.to_raw().ptr == value.ptr)?;
        if result >= outputs {
            return None;
        }
        let index = op.operand_count() - outputs + result;
        let init = op.operand(index).ok()?.to_raw();
        // SAFETY: a live value; its owner is only inspected.
        let producer = unsafe {
            if !mlir_sys::mlirValueIsAOpResult(init) {
                return None;
            }
            OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(init))
        };
        if crate::op_name(&producer) == "tensor.empty" {
            return Some((chain, index));
        }
        if crate::use_count(init) != 1 {
            return None;
        }
        value = init;
    }
}

/// The region arguments of an `scf.while`'s after region that carry its
/// state: those that the condition receives unchanged from the before
/// region at the same position (None at the others).
fn while_state<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Vec<Option<mlir_sys::MlirValue>>)> {
    let before = op.region(0).ok()?.first_block()?;
    let after = op.region(1).ok()?.first_block()?;
    let condition = before.terminator()?;
    // scf.condition(%flag) %args...: operand 0 is the flag.
    let forwarded: Vec<Option<mlir_sys::MlirValue>> = (0..after.argument_count())
        .map(|i| {
            let passed = condition.operand(i + 1).ok()?;
            let own = before.argument(i).ok()?;
            (passed.to_raw().ptr == own.to_raw().ptr).then(|| after.argument(i).ok().map(|a| a.to_raw())).flatten()
        })
        .collect();
    Some((after, forwarded))
}

/// Runs the rewrite on every `scf.while` and `scf.for` of `module`; returns
/// how many yielded values now reuse their loop's state.
pub fn loop_state_in_place(module: OperationRef) -> usize {
    let mut loops = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        let name = crate::op_name(&op);
        if name == "scf.while" || name == "scf.for" {
            loops.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let mut rewritten = 0;
    for raw in loops {
        // SAFETY: a live loop op (the rewrite replaces operands only).
        let op = unsafe { OperationRef::from_raw(raw) };
        let (body, state) = if crate::op_name(&op) == "scf.while" {
            let Some(found) = while_state(op) else { continue };
            found
        } else {
            let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { continue };
            // Argument 0 is the induction variable.
            let state = (1..body.argument_count()).map(|i| body.argument(i).ok().map(|a| a.to_raw())).collect();
            (body, state)
        };
        let Some(terminator) = body.terminator() else { continue };
        if terminator.operand_count() != state.len() {
            continue;
        }
        for (position, argument) in state.into_iter().enumerate() {
            let (Some(argument), Ok(yielded)) = (argument, terminator.operand(position)) else { continue };
            rewritten += retarget(body, argument, yielded.to_raw()) as usize;
        }
    }
    rewritten
}

/// Makes the first writer of `yielded` write into `argument` if legal.
fn retarget(body: BlockRef, argument: mlir_sys::MlirValue, yielded: mlir_sys::MlirValue) -> bool {
    // SAFETY: live types, only compared and inspected.
    let same_tensor = unsafe {
        let ty = mlir_sys::mlirValueGetType(argument);
        mlir_sys::mlirTypeIsARankedTensor(ty) && mlir_sys::mlirTypeEqual(ty, mlir_sys::mlirValueGetType(yielded))
    };
    if !same_tensor {
        return false;
    }
    let Some((chain, index)) = writer_chain(yielded, body) else { return false };
    let writer = *chain.last().expect("a chain has an op");
    if !all_uses_before(argument, writer, index, body) {
        return false;
    }
    // SAFETY: `writer` is live and `index` its `outs` operand; the region
    // argument has the operand's type and dominates the body.
    unsafe { mlir_sys::mlirOperationSetOperand(writer, index as isize, argument) };
    true
}

/// A row of a loop's stacked output written in place: for a
/// `tensor.insert_slice %row into %ys[...]` in a loop body whose
/// destination `%ys` is a region argument of that body with no other use,
/// and whose source is computed by a [`writer_chain`] of single-use linalg
/// ops from a `tensor.empty`, the chain moves right before the insertion
/// and its first op writes into `tensor.extract_slice %ys[...]` (the slice
/// the insertion overwrites) instead. Bufferized, the row is computed in
/// the stacked output: no temporary, no copy (a scan's `h` broadcast to
/// `1xN` and inserted). Nothing else reads `%ys`, so the write cannot
/// conflict. Returns how many insertions were rewritten.
fn rows_in_place(module: OperationRef) -> usize {
    let mut inserts = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if crate::op_name(&op) == "tensor.insert_slice" {
            inserts.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let mut rewritten = 0;
    for raw in inserts {
        // SAFETY: a live op collected above (the rewrite moves and adds ops
        // but erases none).
        let insert = unsafe { OperationRef::from_raw(raw) };
        let (Ok(source), Ok(dest), Some(block)) = (insert.operand(0), insert.operand(1), insert.block()) else { continue };
        // SAFETY: live values, blocks and ops, only inspected.
        let in_loop_body = unsafe {
            let dest = dest.to_raw();
            mlir_sys::mlirValueIsABlockArgument(dest)
                && mlir_sys::mlirBlockArgumentGetOwner(dest).ptr == block.to_raw().ptr
                && block.parent_operation().is_some_and(|loop_op| matches!(crate::op_name(&loop_op).as_str(), "scf.for" | "scf.while"))
        };
        if !in_loop_body || crate::use_count(dest.to_raw()) != 1 || crate::use_count(source.to_raw()) != 1 {
            continue;
        }
        let Some((chain, index)) = writer_chain(source.to_raw(), block) else { continue };
        let Ok(slice) = crate::builders::extract_inserted_slice(insert) else { continue };
        let writer = *chain.last().expect("a chain has an op");
        // SAFETY: the chain's ops are live ops of `block` before `raw`, each
        // used only by the next (the last by `raw`), so moving them in order
        // right before `raw` keeps every def before its uses; the slice
        // goes right before the writer, after every operand of `raw` (they
        // precede `raw`, and the ops between the old and new places keep
        // their order); its type is the writer's `outs` operand type (the
        // inserted source's).
        unsafe {
            for &op in chain.iter().rev() {
                mlir_sys::mlirOperationMoveBefore(op, raw);
            }
            let slice = slice.into_raw();
            mlir_sys::mlirBlockInsertOwnedOperationBefore(block.to_raw(), writer, slice);
            mlir_sys::mlirOperationSetOperand(writer, index as isize, mlir_sys::mlirOperationGetResult(slice, 0));
        }
        rewritten += 1;
    }
    rewritten
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_loop_state_in_place_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            loop_state_in_place(module);
            rows_in_place(module);
        },
        "XlaLoopStateInPlace",
        "xla-loop-state-in-place",
        "A loop's new state computed in the buffer of its old state when nothing reads the old state after",
        "builtin.module",
    )
}
