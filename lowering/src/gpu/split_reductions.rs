//! `xla-gpu-split-reductions`: reductions with few outputs and long
//! reductions become two parallel loops, so that many threads share each
//! output's work.
//!
//! With one thread per output element, a reduction to a scalar would be a
//! single sequential loop on the host and a reduction to a few elements a
//! handful of threads. For a reduction loop nest of `N` iterations per
//! output and `O` outputs, this pass makes `S` partial results per output
//! (`S` a power of two, ≤ 1024 and ≤ N/32):
//!
//! ```mlir
//! // before: O outputs (or none: a host loop nest), N = n0 * n1 iterations
//! scf.parallel (%o) = (%c0) to (%cO) step (%c1) {
//!   scf.for %r0 = %c0 to %cn0 step %c1 { scf.for %r1 = %c0 to %cn1 step %c1 {
//!     %x = ...                                  // anything free of side effects
//!     %acc = memref.load %out[%o] : memref<Oxf32>
//!     %y = arith.addf %acc, %x fastmath<reassoc,contract> : f32
//!     memref.store %y, %out[%o] : memref<Oxf32>
//!   } }
//! }
//! // after
//! %partial = memref.alloc() : memref<(O*S)xf32>
//! scf.parallel (%o, %s) = (%c0, %c0) to (%cO, %cS) step (%c1, %c1) {
//!   %p = scf.for %n = %s to %cN step %cS iter_args(%acc = %identity) -> (f32) {
//!     %r0 = %n / n1, %r1 = %n % n1
//!     %x = ...
//!     %y = arith.addf %acc, %x fastmath<reassoc,contract> : f32
//!     scf.yield %y : f32
//!   }
//!   memref.store %p, %partial[%o * S + %s]
//! }
//! scf.parallel (%o) = (%c0) to (%cO) step (%c1) {
//!   %init = memref.load %out[%o]
//!   %r = scf.for %s = %c0 to %cS step %c1 iter_args(%acc = %init) -> (f32) {
//!     %y = arith.addf %acc, %partial[%o * S + %s] fastmath<reassoc,contract> : f32
//!   }
//!   memref.store %r, %out[%o]
//! }
//! memref.dealloc %partial
//! ```
//!
//! Neighbouring threads take neighbouring iterations (`%n = %s, %s + S,
//! ...`), so a reduction along the contiguous dimension reads coalesced.
//!
//! The combination order changes, so only combiners for which StableHLO's
//! implementation-defined order allows it qualify: integer add, mul, and,
//! or, xor, min and max (exact in any order), float maximum and minimum
//! (exact too), and float add and mul marked `reassoc` (what
//! `xla-reassociate-reductions` marks in reductions). Each partial starts
//! from the combiner's identity (-0.0 for add, -inf for maximum, ...), and
//! the output's initial value is combined once, in the second loop.
//!
//! Conditions: the loops are `scf.for` from 0 step 1 with constant bounds,
//! perfectly nested (in an `scf.parallel` whose body is only the nest, with
//! constant bounds from 0 step 1, or at the top of host code); the innermost
//! body stores once, to an output element whose indices are loop-invariant,
//! the value of one combiner applied to the one load of that element (used
//! by nothing else) and a value that does not depend on it; nothing else in
//! the nest writes memory or reads the output buffer.

use super::Emit;
use super::{name, internal, constant_of};
use super::accumulators::{defined_outside, harmless, root, same};
use crate::builders::{
    BuildResult, float_constant, index_constant, int_constant, memref_alloc, memref_dealloc, memref_load, memref_store,
    scf_for, scf_parallel,
};
use melior::{
    ir::{
        BlockLike, BlockRef, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
        r#type::{IntegerType, MemRefType},
    },
    pass::{ExternalPass, Pass},
};

/// Split reductions of at least this many iterations per output...
pub const MIN_REDUCTION: i64 = 1024;
/// ... with fewer outputs than this; or with any number of outputs when the
/// innermost reduction loop walks the contiguous dimension of its input
/// (rows of a row-major array: one thread per row would read a different
/// row in each lane of a warp, uncoalesced; with partials neighbouring lanes
/// read neighbouring elements). Seen on an H100: the sum of each row of a
/// 4096x4096 f32 array took 0.56 ms with one thread per row, 14 times
/// PyTorch's time.
pub const MAX_OUTPUTS: i64 = 4096;

static THRESHOLDS_FOR_TESTING: std::sync::Mutex<Option<(i64, i64)>> = std::sync::Mutex::new(None);

/// Testing hook: split reductions of at least `min_reduction` iterations
/// with fewer than `max_outputs` outputs (and at least 2 partial results),
/// so that small programs exercise the split; `None` restores the defaults.
pub fn set_thresholds_for_testing(thresholds: Option<(i64, i64)>) {
    *THRESHOLDS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()) = thresholds;
}

fn thresholds() -> (i64, i64) {
    THRESHOLDS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or((MIN_REDUCTION, MAX_OUTPUTS))
}

/// Trip counts of loops `lower..upper step step` with constant bounds, lower
/// bound 0 and step 1.
fn simple_trips(lower: &[Value], upper: &[Value], step: &[Value]) -> Option<Vec<i64>> {
    (0..lower.len())
        .map(|d| {
            (constant_of(lower[d])? == 0 && constant_of(step[d])? == 1).then_some(())?;
            constant_of(upper[d]).filter(|&n| n > 0)
        })
        .collect()
}

/// The identity of a combiner.
#[derive(Clone, Copy)]
pub(super) enum Identity {
    Float(f64),
    Int(i128),
}

fn identity(combine: &OperationRef, ty: Type) -> Option<Identity> {
    let reassoc = combine.attribute("fastmath").ok().and_then(xla_dialects::fastmath_flags).is_some_and(|f| f & xla_dialects::fastmath::REASSOC != 0);
    let float = ty.is_f32() || ty.is_f64();
    let width = IntegerType::try_from(ty).ok().map(|t| t.width());
    match (name(combine).as_str(), float, width) {
        ("arith.addf", true, _) if reassoc => Some(Identity::Float(-0.0)),
        ("arith.mulf", true, _) if reassoc => Some(Identity::Float(1.0)),
        ("arith.maximumf" | "llvm.intr.maximum", true, _) => Some(Identity::Float(f64::NEG_INFINITY)),
        ("arith.minimumf" | "llvm.intr.minimum", true, _) => Some(Identity::Float(f64::INFINITY)),
        ("arith.addi" | "arith.ori" | "arith.xori" | "arith.maxui", _, Some(_)) => Some(Identity::Int(0)),
        ("arith.muli", _, Some(_)) => Some(Identity::Int(1)),
        ("arith.andi" | "arith.minui", _, Some(1)) => Some(Identity::Int(1)),
        ("arith.andi" | "arith.minui", _, Some(_)) => Some(Identity::Int(-1)),
        ("arith.maxsi", _, Some(w)) if (2..=64).contains(&w) => Some(Identity::Int(-(1i128 << (w - 1)))),
        ("arith.minsi", _, Some(w)) if (2..=64).contains(&w) => Some(Identity::Int((1i128 << (w - 1)) - 1)),
        _ => None,
    }
}

/// A reduction nest that can be split.
pub(super) struct Reduction<'c, 'a> {
    /// The enclosing parallel loop, if any.
    pub(super) parallel: Option<OperationRef<'c, 'a>>,
    /// Its trip counts (none at the top of host code).
    pub(super) outputs: Vec<i64>,
    /// The scf.for nest, outermost first, and its trip counts.
    pub(super) loops: Vec<OperationRef<'c, 'a>>,
    pub(super) trips: Vec<i64>,
    pub(super) load: OperationRef<'c, 'a>,
    pub(super) store: OperationRef<'c, 'a>,
    pub(super) combine: OperationRef<'c, 'a>,
    pub(super) identity: Identity,
}

pub(super) fn single_use(value: Value) -> bool {
    // SAFETY: `value` is live; its use list is read only.
    unsafe {
        let first = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        !mlir_sys::mlirOpOperandIsNull(first) && mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirOpOperandGetNextUse(first))
    }
}

pub(crate) fn body_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut ops = Vec::new();
    let mut op = block.first_operation();
    while let Some(current) = op {
        ops.push(current);
        op = current.next_in_block();
    }
    ops
}

/// Matches a nest starting at `outer` (an scf.for), in `parallel` or not.
pub(super) fn match_nest<'c, 'a>(outer: OperationRef<'c, 'a>, parallel: Option<OperationRef<'c, 'a>>) -> Option<Reduction<'c, 'a>> {
    let mut loops = vec![outer];
    let mut trips = Vec::new();
    let body = loop {
        let lp = *loops.last()?;
        if name(&lp) != "scf.for" || lp.operand_count() != 3 || lp.result_count() != 0 {
            return None;
        }
        let operands: Vec<Value> = lp.operands().collect();
        trips.extend(simple_trips(&operands[0..1], &operands[1..2], &operands[2..3])?);
        let body = lp.region(0).ok()?.first_block()?;
        let ops = body_ops(body);
        if ops.len() == 2 && name(&ops[0]) == "scf.for" {
            loops.push(ops[0]);
            continue;
        }
        break body;
    };
    // The one store of the nest, directly in the innermost body.
    let mut stores = Vec::new();
    outer.walk(WalkOrder::PreOrder, |op| {
        if name(&op) == "memref.store" {
            stores.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let [store] = stores[..] else { return None };
    // SAFETY: found in the live nest above.
    let store = unsafe { OperationRef::from_raw(store) };
    if store.block()? != body {
        return None;
    }
    let operands: Vec<Value> = store.operands().collect();
    let (stored, memref, indices) = (operands[0], operands[1], &operands[2..]);
    let anchor = parallel.unwrap_or(outer);
    if !defined_outside(memref, anchor) {
        return None;
    }
    // Indices: outside the nest, and either parallel ivs or outside the
    // parallel loop.
    let parallel_body = parallel.and_then(|p| p.region(0).ok()?.first_block());
    for &index in indices {
        let is_iv = parallel_body.is_some_and(|b| (0..b.argument_count()).any(|i| b.argument(i).is_ok_and(|a| same(a.into(), index))));
        if !is_iv && !defined_outside(index, anchor) {
            return None;
        }
    }
    let combine = OperationResult::try_from(stored).ok()?.owner();
    if combine.block()? != body || combine.operand_count() != 2 || combine.result_count() != 1 {
        return None;
    }
    let identity = identity(&combine, stored.r#type())?;
    // One operand is the load of the stored element, used only here.
    let mut load = None;
    for operand in combine.operands() {
        let Ok(result) = OperationResult::try_from(operand) else { continue };
        let candidate = result.owner();
        if name(&candidate) == "memref.load" && candidate.block() == Some(body) {
            let load_operands: Vec<Value> = candidate.operands().collect();
            let matches = same(load_operands[0], memref)
                && load_operands.len() == operands.len() - 1
                && load_operands[1..].iter().zip(indices).all(|(a, b)| same(*a, *b));
            if matches && single_use(operand) {
                load = Some(candidate);
            }
        }
    }
    let load = load?;
    // Nothing else writes memory or reads the output buffer.
    let buffer = root(memref);
    let mut fine = true;
    outer.walk(WalkOrder::PreOrder, |op| {
        if op == outer || op == store || op == load {
            return WalkResult::Advance;
        }
        let op_name = name(&op);
        if !harmless(&op_name) && op_name != "scf.for" {
            fine = false;
            return WalkResult::Interrupt;
        }
        if op_name == "memref.load" && op.operand(0).is_ok_and(|m| root(m) == buffer) {
            fine = false;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    if !fine {
        return None;
    }
    let outputs = match parallel {
        Some(p) => {
            let operands: Vec<Value> = p.operands().collect();
            let rank = operands.len() / 3;
            simple_trips(&operands[..rank], &operands[rank..2 * rank], &operands[2 * rank..3 * rank])?
        }
        None => Vec::new(),
    };
    Some(Reduction { parallel, outputs, loops, trips, load, store, combine, identity })
}

impl<'c, 'a> Emit<'c, 'a> {
    pub(super) fn index(&self, value: i64) -> BuildResult<Value<'c, 'a>> {
        self.value(index_constant(self.context, self.location, value))
    }

    /// Row-major linear position of `ivs` in a space of `sizes`.
    pub(super) fn linearize(&self, ivs: &[Value<'c, 'a>], sizes: &[i64]) -> BuildResult<Value<'c, 'a>> {
        let mut linear = self.index(0)?;
        for (&iv, &size) in ivs.iter().zip(sizes) {
            linear = self.binary("arith.muli", linear, self.index(size)?)?;
            linear = self.binary("arith.addi", linear, iv)?;
        }
        Ok(linear)
    }

    /// A block (its first) and its terminator as an insertion point.
    pub(super) fn into_body(&self, op: OperationRef<'c, 'a>) -> BuildResult<Emit<'c, 'a>> {
        let block = op.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
        let anchor = block.terminator().ok_or("internal error: no terminator")?;
        Ok(Emit { context: self.context, location: self.location, block, anchor })
    }
}

pub(super) fn block_values<'c, 'a>(block: BlockRef<'c, 'a>) -> BuildResult<Vec<Value<'c, 'a>>> {
    (0..block.argument_count()).map(|i| block.argument(i).map(Into::into).map_err(internal)).collect()
}

pub(super) fn replace_all_uses(old: Value, new: Value) {
    // SAFETY: both values are live and of the same type.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw()) };
}

/// Whether the reduction reads along the contiguous dimension: some load in
/// the nest (other than the accumulator's) takes the innermost reduction
/// loop's induction variable as its last index, and no load takes it, or a
/// value computed from it, at another position (a matrix product's
/// `B[k, j]` reads down a column: splitting `k` would not coalesce it).
pub(super) fn reads_along_innermost(reduction: &Reduction) -> bool {
    let Some(innermost) = reduction.loops.last() else { return false };
    let Some(iv) = innermost.region(0).ok().and_then(|r| r.first_block()).and_then(|b| b.argument(0).ok()) else {
        return false;
    };
    let iv: Value = iv.into();
    // The iv itself, or an op result computed directly from it.
    let uses_iv = |index: Value| {
        index == iv
            || OperationResult::try_from(index).is_ok_and(|result| result.owner().operands().any(|operand| operand == iv))
    };
    let (mut along, mut across) = (false, false);
    innermost.walk(WalkOrder::PreOrder, |op| {
        if op == reduction.load || name(&op) != "memref.load" {
            return WalkResult::Advance;
        }
        let indices: Vec<Value> = op.operands().skip(1).collect();
        for (position, &index) in indices.iter().enumerate() {
            if !uses_iv(index) {
                continue;
            }
            if position + 1 == indices.len() && index == iv {
                along = true;
            } else {
                across = true;
            }
        }
        WalkResult::Advance
    });
    along && !across
}

/// The number of partial results per output, if the reduction qualifies.
fn partials(reduction: &Reduction) -> Option<i64> {
    let (min_reduction, max_outputs) = thresholds();
    let total: i64 = reduction.trips.iter().try_fold(1i64, |p, &t| p.checked_mul(t))?;
    let outputs: i64 = reduction.outputs.iter().try_fold(1i64, |p, &t| p.checked_mul(t))?;
    if total < min_reduction || (outputs >= max_outputs && !(total >= MIN_REDUCTION && reads_along_innermost(reduction))) {
        return None;
    }
    let limit = 1024.min(total / 32).max(2).min(total);
    let split = 1i64 << (63 - (limit as u64).leading_zeros());
    (split >= 2).then_some(split)
}

/// A clone of `combine` (a two-operand combiner) on `acc` and `value`, in
/// the order the original takes its accumulator.
pub(super) fn combine_with<'c, 'a>(at: &Emit<'c, 'a>, combine: OperationRef<'c, 'a>, accumulator_first: bool, acc: Value<'c, 'a>, value: Value<'c, 'a>) -> BuildResult<Value<'c, 'a>> {
    // SAFETY: `combine` is live; the clone is detached until inserted.
    let clone = at.insert(Ok(unsafe { combine.to_ref() }.clone()))?;
    let operands = if accumulator_first { [acc, value] } else { [value, acc] };
    // SAFETY: the clone has two operands of the element type.
    unsafe {
        let raw = [operands[0].to_raw(), operands[1].to_raw()];
        mlir_sys::mlirOperationSetOperands(clone.to_raw(), 2, raw.as_ptr());
    }
    Ok(clone.result(0).map_err(internal)?.into())
}

/// Sets the yield of the loop whose body `at` inserts into to `value`.
pub(super) fn yield_value(at: &Emit, value: Value) {
    // SAFETY: the anchor is the loop's `scf.yield`, which takes one value
    // of the loop's result type.
    unsafe {
        let raw = [value.to_raw()];
        mlir_sys::mlirOperationSetOperands(at.anchor.to_raw(), 1, raw.as_ptr());
    }
}

/// Splits `linear` into indices of a row-major space of `sizes`
/// (innermost fastest).
pub(super) fn delinearize<'c, 'a>(at: &Emit<'c, 'a>, linear: Value<'c, 'a>, sizes: &[i64]) -> BuildResult<Vec<Value<'c, 'a>>> {
    let mut indices = vec![linear; sizes.len()];
    let mut rest = linear;
    for d in (0..sizes.len()).rev() {
        if d == 0 {
            indices[d] = rest;
        } else {
            let size = at.index(sizes[d])?;
            indices[d] = at.binary("arith.remui", rest, size)?;
            rest = at.binary("arith.divui", rest, size)?;
        }
    }
    Ok(indices)
}

/// Moves the innermost body of a reduction nest (all but the
/// accumulator's load, the store and the yield) before the terminator of
/// `into`, the body of a new `scf.for` with one iteration argument
/// `accumulator`: the load's value becomes `accumulator`, the loop yields
/// the combined value, and the nest's induction variables become
/// `positions`. Returns whether the combiner takes the accumulator as its
/// first operand.
pub(super) fn move_body<'c, 'a>(
    loops: &[OperationRef<'c, 'a>],
    load: OperationRef<'c, 'a>,
    store: OperationRef<'c, 'a>,
    combine: OperationRef<'c, 'a>,
    into: &Emit<'c, 'a>,
    accumulator: Value<'c, 'a>,
    positions: &[Value<'c, 'a>],
) -> BuildResult<bool> {
    let innermost = loops.last().ok_or("internal error: no loop")?.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
    let terminator = innermost.terminator().ok_or("internal error: no terminator")?;
    let loaded: Value = load.result(0).map_err(internal)?.into();
    let accumulator_first = same(combine.operand(0).map_err(internal)?, loaded);
    replace_all_uses(loaded, accumulator);
    for op in body_ops(innermost) {
        if op == terminator || op == load || op == store {
            continue;
        }
        // SAFETY: live ops moved to a point where all they use is available
        // (the new loops replace the old ones at the same place; a kernel
        // body may use values from above).
        unsafe { mlir_sys::mlirOperationMoveBefore(op.to_raw(), into.anchor.to_raw()) };
    }
    yield_value(into, combine.result(0).map_err(internal)?.into());
    for (lp, &position) in loops.iter().zip(positions) {
        let iv = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?.argument(0).map_err(internal)?;
        replace_all_uses(iv.into(), position);
    }
    Ok(accumulator_first)
}

fn split(reduction: Reduction, split: i64) -> BuildResult<()> {
    let Reduction { parallel, outputs, loops, trips, load, store, combine, identity } = reduction;
    let outer = loops[0];
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(outer.context());
    let location = outer.location();
    let anchor = parallel.unwrap_or(outer);
    let host = Emit { context, location, block: anchor.block().ok_or("internal error: no block")?, anchor };
    let element = store.operand(0).map_err(internal)?.r#type();
    let memref = store.operand(1).map_err(internal)?;
    let indices: Vec<Value> = store.operands().skip(2).collect();
    let total: i64 = trips.iter().product();
    let output_count: i64 = outputs.iter().product();

    let partial_type: Type = MemRefType::new(element, &[output_count * split], None, None).into();
    let partial = host.value(memref_alloc(location, partial_type))?;
    let (zero, one) = (host.index(0)?, host.index(1)?);
    let (parallel_lower, parallel_upper, parallel_step): (Vec<Value>, Vec<Value>, Vec<Value>) = match parallel {
        Some(p) => {
            let operands: Vec<Value> = p.operands().collect();
            let rank = operands.len() / 3;
            (operands[..rank].to_vec(), operands[rank..2 * rank].to_vec(), operands[2 * rank..3 * rank].to_vec())
        }
        None => (vec![zero], vec![one], vec![one]),
    };
    let parallel_sizes: Vec<i64> = if parallel.is_some() { outputs.clone() } else { vec![1] };
    let old_ivs: Vec<Value> = match parallel {
        Some(p) => block_values(p.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?)?,
        None => Vec::new(),
    };

    // First loop: S partial results per output.
    let mut lower = parallel_lower.clone();
    lower.push(zero);
    let mut upper = parallel_upper.clone();
    upper.push(host.index(split)?);
    let mut step = parallel_step.clone();
    step.push(one);
    let first = host.insert(scf_parallel(location, &lower, &upper, &step))?;
    let first_body = host.into_body(first)?;
    let ivs = block_values(first_body.block)?;
    let (output_ivs, part) = (&ivs[..ivs.len() - 1], ivs[ivs.len() - 1]);
    let start = match identity {
        Identity::Float(value) => first_body.value(float_constant(context, location, value, element))?,
        Identity::Int(value) => first_body.value(int_constant(context, location, value, element))?,
    };
    let count = first_body.index(total)?;
    let stride = first_body.index(split)?;
    let lp = first_body.insert(scf_for(location, [part, count, stride], &[start], |_, _, arguments| Ok(arguments.to_vec())))?;
    let lp_body = first_body.into_body(lp)?;
    let lp_arguments = block_values(lp_body.block)?;
    // Loop indices of the nest from the linear iteration (innermost fastest).
    let positions = delinearize(&lp_body, lp_arguments[0], &trips)?;
    let accumulator_first = move_body(&loops, load, store, combine, &lp_body, lp_arguments[1], &positions)?;
    for (old, new) in old_ivs.iter().zip(output_ivs) {
        replace_all_uses(*old, *new);
    }
    let result: Value = lp.result(0).map_err(internal)?.into();
    let output = first_body.linearize(output_ivs, &parallel_sizes)?;
    let slot = first_body.binary("arith.addi", first_body.binary("arith.muli", output, stride)?, part)?;
    first_body.insert(memref_store(location, result, partial, &[slot]))?;

    // Second loop: each output combines its partial results into its
    // initial value.
    let second = host.insert(scf_parallel(location, &parallel_lower, &parallel_upper, &parallel_step))?;
    let second_body = host.into_body(second)?;
    let ivs = block_values(second_body.block)?;
    let new_indices: Vec<Value> = indices
        .iter()
        .map(|index| old_ivs.iter().position(|old| same(*old, *index)).map_or(*index, |k| ivs[k]))
        .collect();
    let initial = second_body.value(memref_load(location, memref, &new_indices, element))?;
    let count = second_body.index(split)?;
    let (zero, one) = (second_body.index(0)?, second_body.index(1)?);
    let lp = second_body.insert(scf_for(location, [zero, count, one], &[initial], |_, _, arguments| Ok(arguments.to_vec())))?;
    let lp_body = second_body.into_body(lp)?;
    let lp_arguments = block_values(lp_body.block)?;
    let output = lp_body.linearize(&ivs, &parallel_sizes)?;
    let slot = lp_body.binary("arith.addi", lp_body.binary("arith.muli", output, count)?, lp_arguments[0])?;
    let value = lp_body.value(memref_load(location, partial, &[slot], element))?;
    // The combiner again, the accumulator where the load was.
    let combined = combine_with(&lp_body, combine, accumulator_first, lp_arguments[1], value)?;
    yield_value(&lp_body, combined);
    let result: Value = lp.result(0).map_err(internal)?.into();
    second_body.insert(memref_store(location, result, memref, &new_indices))?;
    host.insert(memref_dealloc(location, partial))?;
    // SAFETY: nothing uses the old nest any more (its body's ops moved out,
    // the load's value replaced).
    unsafe { mlir_sys::mlirOperationDestroy(anchor.to_raw()) };
    Ok(())
}

/// Candidate nests of the module: in parallel loops whose body is only the
/// nest, or at the top of host code.
pub(super) fn candidates<'c, 'a>(module: OperationRef<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, Option<OperationRef<'c, 'a>>)> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| match name(&op).as_str() {
        "gpu.launch" | "gpu.module" => WalkResult::Skip,
        "scf.parallel" => {
            if let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) {
                let ops = body_ops(body);
                if ops.len() == 2 && name(&ops[0]) == "scf.for" && op.result_count() == 0 {
                    found.push((ops[0].to_raw(), Some(op.to_raw())));
                }
            }
            WalkResult::Skip
        }
        "scf.for" => {
            // Host loops may hold parallel loops (and inner nests) too.
            found.push((op.to_raw(), None));
            WalkResult::Advance
        }
        _ => WalkResult::Advance,
    });
    // SAFETY: collected from the live module above.
    found.into_iter().map(|(outer, parallel)| unsafe { (OperationRef::from_raw(outer), parallel.map(|p| OperationRef::from_raw(p))) }).collect()
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_split_reductions_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            // One split at a time, then look again (a split replaces the
            // loops that other candidates may be part of).
            loop {
                let mut changed = false;
                for (outer, parallel) in candidates(module) {
                    let Some(reduction) = match_nest(outer, parallel) else { continue };
                    let Some(count) = partials(&reduction) else { continue };
                    let location = outer.location();
                    if let Err(message) = split(reduction, count) {
                        crate::diagnostics::emit_error(location, &message);
                        pass.signal_failure();
                        return;
                    }
                    changed = true;
                    break;
                }
                if !changed {
                    return;
                }
            }
        },
        "XlaGpuSplitReductions",
        "xla-gpu-split-reductions",
        "Split reductions with few outputs and many iterations into partial results computed in parallel and a combining loop",
        "builtin.module",
    )
}
