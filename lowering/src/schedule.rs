//! `xla-schedule-for-memory`: a memory-aware order of the ops on tensors
//! of each function body, before bufferization: a depth-first post-order
//! from the function's anchors. The anchors — ops with effects, control
//! flow, calls, the `return` — keep their order; right before each, the
//! side-effect-free ops (linalg, tensor, arith and math ops on tensors and
//! scalars) it needs and that are not placed yet, each after its own
//! producers, first operand first. So a value is computed just before its
//! first use, and the operands of an op are computed one after the other,
//! each chain just in time.
//!
//! JAX exports ops in the order the Python code ran: an attention block
//! computes the Q, K and V projections first, so V's 256 KiB stay alive
//! through the score matrix of 1 MiB, which needs only Q and K. XLA orders
//! the HLO to reduce peak memory before it assigns buffers (a list
//! scheduler, a DFS scheduler and the post-order, keeping the best); this
//! is the DFS one. It moves pure ops only, and producers always precede
//! their users, so the program computes the same values.
//!
//! ```mlir
//! // before: %v is live across the product of %q and %k
//! %q = linalg.matmul ins(%x, %wq) outs(%f0)
//! %k = linalg.matmul ins(%x, %wk) outs(%f1)
//! %v = linalg.matmul ins(%x, %wv) outs(%f2)
//! %s = linalg.batch_matmul ins(%q, %k) outs(%f3)
//! %o = linalg.batch_matmul ins(%s, %v) outs(%f4)
//! // after: %v (and its fill %f2) computed when the second product needs it
//! %q = ...
//! %k = ...
//! %s = linalg.batch_matmul ins(%q, %k) outs(%f3)
//! %v = linalg.matmul ins(%x, %wv) outs(%f2)
//! %o = linalg.batch_matmul ins(%s, %v) outs(%f4)
//! ```
//!
//! Runs right before bufferization, on the body of every `func.func`
//! (blocks nested in loops and branches keep their order).

use melior::{
    ir::{
        BlockLike, BlockRef, OperationRef, RegionLike, TypeLike, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use std::collections::{HashMap, HashSet};

fn name_of(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// Ops the schedule may move: side-effect-free ops on tensors and scalars
/// (linalg and tensor ops whose results are ranked tensors and whose
/// operands are no memrefs; arith and math ops without regions;
/// `tensor.empty`, constants). Everything else is an anchor.
fn movable(op: &OperationRef) -> bool {
    let name = name_of(op);
    // SAFETY: live types, only inspected.
    let no_memref = op.operands().all(|v| unsafe { !mlir_sys::mlirTypeIsAMemRef(v.r#type().to_raw()) });
    if !no_memref || op.result_count() == 0 {
        return false;
    }
    if (name.starts_with("arith.") || name.starts_with("math.")) && op.region_count() == 0 {
        return true;
    }
    let family = name.starts_with("linalg.") || (name.starts_with("tensor.") && (op.region_count() == 0 || name == "tensor.empty"));
    let tensors = op.results().all(|r| unsafe { mlir_sys::mlirTypeIsARankedTensor(r.r#type().to_raw()) });
    family && tensors
}

/// The ops of `block` that define the values `op` reads: its operands and
/// the values its regions use from outside them.
fn producers_in<'c, 'a>(op: OperationRef<'c, 'a>, block: BlockRef<'c, 'a>) -> Vec<mlir_sys::MlirOperation> {
    let mut found = Vec::new();
    let mut add = |value: mlir_sys::MlirValue| {
        // SAFETY: a live value; its owner is only inspected.
        unsafe {
            if mlir_sys::mlirValueIsAOpResult(value) {
                let owner = mlir_sys::mlirOpResultGetOwner(value);
                if mlir_sys::mlirOperationGetBlock(owner).ptr == block.to_raw().ptr {
                    found.push(owner);
                }
            }
        }
    };
    for operand in op.operands() {
        add(operand.to_raw());
    }
    if op.region_count() > 0 {
        op.walk(WalkOrder::PreOrder, |nested| {
            if nested.to_raw().ptr != op.to_raw().ptr {
                for operand in nested.operands() {
                    add(operand.to_raw());
                }
            }
            WalkResult::Advance
        });
    }
    found
}

/// The depth-first order of `ops` (a block's ops, terminator last):
/// anchors in their order, each right after the movable ops it needs and
/// that are not placed yet; operands first to last, or last to first with
/// `reversed`.
fn dfs_order(ops: &[OperationRef], block: BlockRef, reversed: bool) -> Vec<mlir_sys::MlirOperation> {
    let mut scheduled: HashSet<usize> = HashSet::new();
    let mut order: Vec<mlir_sys::MlirOperation> = Vec::with_capacity(ops.len());
    // Depth first, with an explicit stack (chains of thousands of ops).
    let place = |root: OperationRef, order: &mut Vec<mlir_sys::MlirOperation>, scheduled: &mut HashSet<usize>| {
        let mut stack: Vec<(OperationRef, bool)> = vec![(root, false)];
        while let Some((op, expanded)) = stack.pop() {
            let key = op.to_raw().ptr as usize;
            if scheduled.contains(&key) {
                continue;
            }
            if expanded {
                scheduled.insert(key);
                order.push(op.to_raw());
                continue;
            }
            stack.push((op, true));
            let mut producers = producers_in(op, block);
            if !reversed {
                // Popped last first: the first operand's producers go first.
                producers.reverse();
            }
            for producer in producers {
                // SAFETY: a live op of `block`.
                let producer = unsafe { OperationRef::from_raw(producer) };
                if !scheduled.contains(&(producer.to_raw().ptr as usize)) && movable(&producer) {
                    stack.push((producer, false));
                }
            }
        }
    };
    let Some((&terminator, body)) = ops.split_last() else { return order };
    for &op in body {
        if !movable(&op) {
            place(op, &mut order, &mut scheduled);
        }
    }
    // What the terminator reads, then movable ops nothing needs (unused).
    let mut producers = producers_in(terminator, block);
    if reversed {
        producers.reverse();
    }
    for producer in producers {
        // SAFETY: a live op of `block`.
        let producer = unsafe { OperationRef::from_raw(producer) };
        place(producer, &mut order, &mut scheduled);
    }
    for &op in body {
        place(op, &mut order, &mut scheduled);
    }
    place(terminator, &mut order, &mut scheduled);
    order
}

/// Bytes of a statically shaped tensor of int/float/complex/index
/// elements; None otherwise.
fn tensor_bytes(value: mlir_sys::MlirValue) -> Option<u64> {
    // SAFETY: a live value's type, only inspected.
    unsafe {
        let ty = mlir_sys::mlirValueGetType(value);
        if !mlir_sys::mlirTypeIsARankedTensor(ty) || !mlir_sys::mlirShapedTypeHasStaticShape(ty) {
            return None;
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(ty);
        let bits = if mlir_sys::mlirTypeIsAInteger(element) {
            mlir_sys::mlirIntegerTypeGetWidth(element) as u64
        } else if mlir_sys::mlirTypeIsAFloat(element) {
            mlir_sys::mlirFloatTypeGetWidth(element) as u64
        } else if mlir_sys::mlirTypeIsAComplex(element) {
            let part = mlir_sys::mlirComplexTypeGetElementType(element);
            if !mlir_sys::mlirTypeIsAFloat(part) {
                return None;
            }
            2 * mlir_sys::mlirFloatTypeGetWidth(part) as u64
        } else {
            64
        };
        let count = (0..mlir_sys::mlirShapedTypeGetRank(ty)).map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty, d as isize) as u64).product::<u64>();
        Some(count * bits.div_ceil(8))
    }
}

/// The estimated peak of live temporary bytes of `block` in `order`: each
/// tensor result of a linalg op (what bufferization allocates) lives from
/// its op to its last use (a use nested in an op counts at that op; views
/// such as `tensor.expand_shape` extend their source's life to their own
/// last use); values the terminator returns are outputs, not temporaries.
fn estimated_peak(order: &[mlir_sys::MlirOperation], block: BlockRef) -> u64 {
    let position: HashMap<usize, usize> = order.iter().enumerate().map(|(i, op)| (op.ptr as usize, i)).collect();
    let Some(terminator) = order.last() else { return 0 };
    // Last position at which each op's results (or their views) are used.
    let mut last_use: Vec<usize> = (0..order.len()).collect();
    let mut returned: HashSet<usize> = HashSet::new();
    for (i, &raw) in order.iter().enumerate().rev() {
        // SAFETY: a live op of `block`.
        let op = unsafe { OperationRef::from_raw(raw) };
        let name = name_of(&op);
        let is_view = matches!(name.as_str(), "tensor.expand_shape" | "tensor.collapse_shape" | "tensor.cast" | "tensor.reshape");
        // The last use of a view is its source's too (views come after
        // their sources, so theirs is final when the source is reached).
        let end = last_use[i];
        for producer in producers_in(op, block) {
            let Some(&p) = position.get(&(producer.ptr as usize)) else { continue };
            let until = if is_view { end } else { i };
            last_use[p] = last_use[p].max(until);
            if raw.ptr == terminator.ptr || is_view && returned.contains(&i) {
                returned.insert(p);
            }
        }
    }
    let mut delta: Vec<i128> = vec![0; order.len() + 1];
    for (i, &raw) in order.iter().enumerate() {
        // SAFETY: a live op of `block`.
        let op = unsafe { OperationRef::from_raw(raw) };
        if !name_of(&op).starts_with("linalg.") || returned.contains(&i) {
            continue;
        }
        let bytes: u64 = op.results().filter_map(|r| tensor_bytes(r.to_raw())).sum();
        delta[i] += bytes as i128;
        delta[last_use[i] + 1] -= bytes as i128;
    }
    let mut live = 0i128;
    let mut peak = 0i128;
    for d in delta {
        live += d;
        peak = peak.max(live);
    }
    peak.max(0) as u64
}

/// Reorders `block` by the depth-first order (operands first to last, or
/// last to first) whose estimated peak is lowest, when it is lower than the
/// program order's.
fn schedule_block(block: BlockRef) {
    let mut ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        ops.push(op);
        next = op.next_in_block();
    }
    let Some(&terminator) = ops.last() else { return };
    if ops.len() < 3 || !ops.iter().any(|op| movable(op)) {
        return;
    }
    let original: Vec<mlir_sys::MlirOperation> = ops.iter().map(|op| op.to_raw()).collect();
    let mut best = (estimated_peak(&original, block), original.clone());
    for reversed in [false, true] {
        let order = dfs_order(&ops, block, reversed);
        if order.len() != ops.len() {
            return;
        }
        let peak = estimated_peak(&order, block);
        if peak < best.0 {
            best = (peak, order);
        }
    }
    let order = best.1;
    if order.iter().zip(&original).all(|(a, b)| a.ptr == b.ptr) {
        return;
    }
    for op in &order[..order.len() - 1] {
        // SAFETY: live ops of `block`; producers come before their users in
        // `order`, so every move keeps dominance once all are done.
        unsafe { mlir_sys::mlirOperationMoveBefore(*op, terminator.to_raw()) };
    }
}

/// Schedules the body of every function of `module`.
pub fn schedule_module(module: OperationRef) {
    let mut blocks = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if name_of(&op) == "func.func" {
            if let Some(block) = op.region(0).ok().and_then(|r| r.first_block()) {
                if block.next_in_region().is_none() {
                    blocks.push(block.to_raw());
                }
            }
        }
        WalkResult::Advance
    });
    for raw in blocks {
        // SAFETY: blocks are not erased by the moves.
        let block = unsafe { BlockRef::from_raw(raw) };
        schedule_block(block);
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_schedule_for_memory_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| schedule_module(module),
        "XlaScheduleForMemory",
        "xla-schedule-for-memory",
        "Order each function body depth first from its anchors (effects, control flow, return): pure ops on tensors computed just before their first use (before bufferization)",
        "builtin.module",
    )
}
