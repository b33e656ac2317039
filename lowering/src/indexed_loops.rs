//! `xla-parallelize-indexed-loops`: the outermost `scf.for` loops that read
//! through data-dependent indices (gathers, `dynamic_slice`, `take`) become
//! `scf.parallel`, so `xla-cpu-parallel-tasks` runs them on the thread pool.
//!
//! `affine-parallelize` leaves such loops sequential: a `memref.load` whose
//! index is not an affine function of the loop variables is an access it
//! cannot analyse, so it assumes a dependence (and so is a call, whose
//! effects it does not know: element-wise loops with sin/cos/tan). This pass runs after
//! `lower-affine` and proves independence itself, conservatively: a loop
//! (no results) is parallel when
//!
//! 1. its body (at any depth) holds only pure arithmetic (`arith`, `math`,
//!    `complex`, `index`, pure `llvm.intr` ops), `memref.load`,
//!    `memref.store`, `memref.dim`, structured control flow
//!    (`scf.for`, `scf.if`, `scf.yield`) and calls of functions marked
//!    `llvm.readnone` (no memory effects: the exact-reduction fixups of
//!    sin/cos/tan, `vector_math/variants.rs`): no other calls,
//!    allocations, copies, vector code or side-effecting assembly;
//! 2. every buffer it stores into is indexed, in every store and every load
//!    of it in the loop, by the loop's own induction variable at one fixed
//!    position: iteration `i` touches only the elements whose index there
//!    is `i`, so iterations write disjoint elements and read only what they
//!    wrote themselves;
//! 3. a buffer written through one value is not also reached through
//!    another view of it (`memref.subview`, `cast`, `reinterpret_cast`,
//!    `expand_shape`, `collapse_shape`, `transpose` of the same root) in
//!    the loop. Distinct roots are distinct buffers: function arguments
//!    never alias (the calling convention), and `memref.view`s of the
//!    arena that are live together never overlap (`xla-plan-buffers`);
//!    the affine analysis that marks the other loops parallel makes the
//!    same assumption about distinct memref values.
//!
//! Data-dependent reads are then free to go anywhere in buffers the loop
//! does not write.
//!
//! ```mlir
//! // a gather of rows: out[i, j] = table[clamp(idx[i]), j]
//! scf.for %i = %c0 to %c8192 step %c1 {
//!   scf.for %j = %c0 to %c256 step %c1 {
//!     %k = memref.load %idx[%i] ...; %v = memref.load %table[%r, %j]
//!     memref.store %v, %out[%i, %j] } }
//! // becomes
//! scf.parallel (%i) = (%c0) to (%c8192) step (%c1) { (the same body) scf.reduce }
//! ```

use crate::builders::scf_parallel;
use melior::{
    IrRewriter,
    ir::{
        BlockLike, OperationRef, RegionLike, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use melior::ir::attribute::{FlatSymbolRefAttribute, StringAttribute};
use mlir_sys::MlirValue;
use std::collections::HashSet;

/// Ops whose memref result is a view of their first operand.
pub(crate) const VIEW_OPS: &[&str] = &[
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.transpose",
];

/// Ops allowed in a loop body besides loads and stores (see the module's
/// description).
fn is_allowed(name: &str) -> bool {
    if name.starts_with("llvm.intr.") {
        // Pure intrinsics (maximum, fabs, ...), not the memory ones.
        return !name.starts_with("llvm.intr.mem") && !name.contains("prefetch");
    }
    name.starts_with("arith.")
        || name.starts_with("math.")
        || name.starts_with("complex.")
        || name.starts_with("index.")
        || matches!(name, "memref.load" | "memref.store" | "memref.dim" | "scf.for" | "scf.if" | "scf.yield")
}

/// The functions of `module` marked `llvm.readnone` (no memory effects:
/// the exact-reduction fixups of `xla-polynomial-math`'s sin/cos/tan,
/// which `affine-parallelize` cannot see through).
fn pure_functions(module: OperationRef) -> HashSet<String> {
    let mut names = HashSet::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) != "func.func" {
            return WalkResult::Advance;
        }
        if op.attribute("llvm.readnone").is_ok() {
            if let Some(name) = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()) {
                names.insert(name.value().to_owned());
            }
        }
        WalkResult::Skip
    });
    names
}

/// A `func.call` of one of the `pure` functions.
fn is_pure_call(op: &OperationRef, name: &str, pure: &HashSet<String>) -> bool {
    name == "func.call"
        && op
            .attribute("callee")
            .ok()
            .and_then(|a| FlatSymbolRefAttribute::try_from(a).ok())
            .is_some_and(|callee| pure.contains(callee.value()))
}

/// The buffer a memref value views: through [`VIEW_OPS`] to a block
/// argument or an allocation / `memref.view` / other defining op.
fn root(value: Value) -> MlirValue {
    let mut value = value.to_raw();
    loop {
        // SAFETY: `value` is a live value of the module being processed.
        unsafe {
            if !mlir_sys::mlirValueIsAOpResult(value) {
                return value;
            }
            let owner = OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value));
            if !VIEW_OPS.contains(&crate::op_name(&owner).as_str()) || owner.operand_count() == 0 {
                return value;
            }
            value = mlir_sys::mlirOperationGetOperand(owner.to_raw(), 0);
        }
    }
}

/// One `memref.load` or `memref.store` in the loop.
struct Access {
    memref: MlirValue,
    root: MlirValue,
    indices: Vec<MlirValue>,
    store: bool,
}

/// Whether `for_op` (an `scf.for` without results) may run its iterations
/// in parallel (conditions 1-3 of the module's description); if so, the
/// roots of the buffers it writes.
fn is_parallel(for_op: OperationRef, pure: &HashSet<String>) -> Option<Vec<MlirValue>> {
    if for_op.result_count() != 0 {
        return None;
    }
    let body = for_op.region(0).ok().and_then(|r| r.first_block())?;
    let iv = body.argument(0).ok()?;
    let iv = iv.to_raw();
    let mut accesses = Vec::new();
    let mut allowed = true;
    for_op.walk(WalkOrder::PreOrder, |op| {
        if op.to_raw().ptr == for_op.to_raw().ptr {
            return WalkResult::Advance;
        }
        let name = crate::op_name(&op);
        if !is_allowed(&name) && !is_pure_call(&op, &name, pure) {
            allowed = false;
            return WalkResult::Interrupt;
        }
        let store = name == "memref.store";
        if store || name == "memref.load" {
            // load: memref, indices...; store: value, memref, indices...
            let first = usize::from(store);
            let operands: Vec<Value> = op.operands().collect();
            let Some(&memref) = operands.get(first) else {
                allowed = false;
                return WalkResult::Interrupt;
            };
            accesses.push(Access {
                memref: memref.to_raw(),
                root: root(memref),
                indices: operands[first + 1..].iter().map(|v| v.to_raw()).collect(),
                store,
            });
        }
        WalkResult::Advance
    });
    if !allowed || !accesses.iter().any(|a| a.store) {
        return None;
    }
    for written in accesses.iter().filter(|a| a.store) {
        let same_root: Vec<&Access> = accesses.iter().filter(|a| a.root.ptr == written.root.ptr).collect();
        // Condition 3: one value for the buffer.
        if same_root.iter().any(|a| a.memref.ptr != written.memref.ptr) {
            return None;
        }
        // Condition 2: a position indexed by the induction variable in
        // every access of this buffer.
        let rank = written.indices.len();
        let position = (0..rank).find(|&p| {
            same_root.iter().all(|a| a.indices.len() == rank && a.indices[p].ptr == iv.ptr)
        });
        position?;
    }
    Some(accesses.iter().filter(|a| a.store).map(|a| a.root).collect())
}

/// Whether `op` sits inside another loop (then it is not outermost).
fn in_loop(op: OperationRef) -> bool {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        match crate::op_name(&parent).as_str() {
            "scf.for" | "scf.parallel" | "scf.forall" | "affine.for" | "affine.parallel" => return true,
            "func.func" => return false,
            _ => current = parent.parent_operation(),
        }
    }
    false
}

/// Replaces `for_op` by an `scf.parallel` over the same range holding its
/// body (the induction variable's uses moved to the new one).
fn convert(for_op: OperationRef) -> Result<mlir_sys::MlirOperation, String> {
    let location = for_op.location();
    let operands: Vec<Value> = for_op.operands().collect();
    let [lower, upper, step] = operands[..] else {
        return Err("internal error: scf.for without its three bounds".into());
    };
    let parallel = scf_parallel(location, &[lower], &[upper], &[step])?;
    let rewriter = IrRewriter::from_op(for_op);
    let base = rewriter.as_rewriter_base();
    let parallel = base.insert(parallel);
    // SAFETY: both ops are live; their regions have one block each. The
    // old body's ops move before the new body's `scf.reduce`, its
    // terminator (`scf.yield`, no operands) stays and goes with `for_op`.
    unsafe {
        let old_body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(for_op.to_raw(), 0));
        let new_body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(parallel.to_raw(), 0));
        mlir_sys::mlirValueReplaceAllUsesOfWith(mlir_sys::mlirBlockGetArgument(old_body, 0), mlir_sys::mlirBlockGetArgument(new_body, 0));
        let reduce = mlir_sys::mlirBlockGetTerminator(new_body);
        let old_yield = mlir_sys::mlirBlockGetTerminator(old_body);
        let mut op = mlir_sys::mlirBlockGetFirstOperation(old_body);
        while !op.ptr.is_null() && op.ptr != old_yield.ptr {
            let next = mlir_sys::mlirOperationGetNextInBlock(op);
            mlir_sys::mlirOperationMoveBefore(op, reduce);
            op = next;
        }
    }
    base.erase_op(for_op);
    Ok(parallel.to_raw())
}

/// The constant value of an `arith.constant` index, if `value` is one.
fn constant_index(value: MlirValue) -> Option<i64> {
    // SAFETY: `value` is live; the attribute is read only from an
    // `arith.constant` with an integer `value`.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(value) {
            return None;
        }
        let owner = OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value));
        if crate::op_name(&owner) != "arith.constant" {
            return None;
        }
        let attribute = melior::ir::attribute::IntegerAttribute::try_from(owner.attribute("value").ok()?).ok()?;
        Some(attribute.value())
    }
}

/// Whether `value` is defined inside `op` (a result of a nested op or an
/// argument of a nested block).
fn defined_inside(value: MlirValue, op: OperationRef) -> bool {
    // SAFETY: `value` and `op` are live; parents are walked up to the top.
    unsafe {
        let mut owner = if mlir_sys::mlirValueIsAOpResult(value) {
            mlir_sys::mlirOpResultGetOwner(value)
        } else {
            mlir_sys::mlirBlockGetParentOperation(mlir_sys::mlirBlockArgumentGetOwner(value))
        };
        while !owner.ptr.is_null() {
            if owner.ptr == op.to_raw().ptr {
                return true;
            }
            owner = mlir_sys::mlirOperationGetParentOperation(owner);
        }
        false
    }
}

/// Moves each load of a buffer the parallel loop does not write out of the
/// inner `scf.for` loops it does not depend on. In the task function that
/// `xla-cpu-parallel-tasks` makes of the loop, LLVM no longer knows that
/// the buffers are distinct (they come out of the task's context, not
/// from `noalias` arguments), so it could neither hoist such loads (a
/// gather's index, read once per output element) nor vectorize around
/// them. Only loads directly in a loop's body (not under an `scf.if`) and
/// only out of loops that run at least once (constant bounds), so no load
/// runs that would not have run.
fn hoist_invariant_loads(parallel: OperationRef, written: &[MlirValue]) {
    loop {
        let mut moves = Vec::new();
        parallel.walk(WalkOrder::PreOrder, |op| {
            if crate::op_name(&op) != "memref.load" {
                return WalkResult::Advance;
            }
            let Some(parent) = op.parent_operation() else { return WalkResult::Advance };
            if crate::op_name(&parent) != "scf.for" || parent.to_raw().ptr == parallel.to_raw().ptr {
                return WalkResult::Advance;
            }
            let operands: Vec<Value> = op.operands().collect();
            if written.iter().any(|w| w.ptr == root(operands[0]).ptr) {
                return WalkResult::Advance;
            }
            if operands.iter().any(|v| defined_inside(v.to_raw(), parent)) {
                return WalkResult::Advance;
            }
            let bounds: Vec<Option<i64>> = parent.operands().take(3).map(|v| constant_index(v.to_raw())).collect();
            if let [Some(lower), Some(upper), Some(step)] = bounds[..] {
                if upper > lower && step > 0 {
                    moves.push((op.to_raw(), parent.to_raw()));
                }
            }
            WalkResult::Advance
        });
        if moves.is_empty() {
            return;
        }
        for (load, inner_loop) in moves {
            // SAFETY: both ops are live; the load's operands are defined
            // before the loop, so it stays dominated by them.
            unsafe { mlir_sys::mlirOperationMoveBefore(load, inner_loop) };
        }
    }
}

/// Converts every outermost `scf.for` of `module` that [`is_parallel`];
/// returns how many.
pub fn parallelize_indexed_loops(module: OperationRef) -> Result<usize, String> {
    let pure = pure_functions(module);
    let mut loops = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) == "scf.for" && !in_loop(op) {
            loops.push(op.to_raw());
            // Nested loops are never outermost.
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    let mut converted = 0;
    for raw in loops {
        // SAFETY: collected from the live module; converting one loop does
        // not touch another outermost loop.
        let op = unsafe { OperationRef::from_raw(raw) };
        if let Some(written) = is_parallel(op, &pure) {
            let parallel = convert(op)?;
            // SAFETY: the new loop is live in the module.
            hoist_invariant_loads(unsafe { OperationRef::from_raw(parallel) }, &written);
            converted += 1;
        }
    }
    Ok(converted)
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_parallelize_indexed_loops_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if let Err(message) = parallelize_indexed_loops(module) {
                crate::diagnostics::emit_error(module.location(), &message);
                pass.signal_failure();
            }
        },
        "XlaParallelizeIndexedLoops",
        "xla-parallelize-indexed-loops",
        "Run outermost scf.for loops with data-dependent reads (gathers) as scf.parallel when each iteration writes only its own elements",
        "builtin.module",
    )
}
