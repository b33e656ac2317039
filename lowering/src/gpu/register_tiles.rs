//! `xla-gpu-register-tiles`: a thread of a contraction kernel computes a
//! small tile of outputs, so that each value it loads feeds several
//! multiply-adds.
//!
//! With one thread per output element, a matrix product's thread loads one
//! element of `A` and one of `B` for every multiply-add: the kernel is
//! bound by load instructions, not arithmetic (on an H100, 4.3 TFLOP/s for
//! a 2048² f32 product, a tenth of cuBLAS). This pass makes each thread of
//! a reduction nest compute `Ti x Tj` outputs along the last two parallel
//! dimensions; their accumulators are loop-carried values (registers), and
//! a load that does not depend on one of the two dimensions is shared by
//! the tile's outputs along it (CSE and LLVM merge the repeated loads):
//! `Ti + Tj` loads for `Ti * Tj` multiply-adds.
//!
//! ```mlir
//! // before: one thread per C[i, j]
//! scf.parallel (%i, %j) = (%c0, %c0) to (%cM, %cN) step (%c1, %c1) {
//!   scf.for %k = %c0 to %cK step %c1 {
//!     %a = memref.load %A[%i, %k]
//!     %b = memref.load %B[%k, %j]
//!     %acc = memref.load %C[%i, %j]
//!     %p = arith.mulf %a, %b
//!     %s = arith.addf %acc, %p
//!     memref.store %s, %C[%i, %j]
//!   }
//! }
//! // after (Ti = Tj = 2): thread (i', j') computes C[i' + {0, M/2}, j' + {0, N/2}]
//! scf.parallel (%i, %j) = (%c0, %c0) to (%cM/2, %cN/2) step (%c1, %c1) {
//!   %i1 = arith.addi %i, %cM/2   // and %j1 likewise
//!   %c00 = memref.load %C[%i, %j]   // ... %c01, %c10, %c11
//!   %r:4 = scf.for %k = %c0 to %cK step %c1 iter_args(%s00 = %c00, ...) {
//!     // the body once per output of the tile, on its indices
//!     scf.yield %t00, %t01, %t10, %t11
//!   }
//!   memref.store %r#0, %C[%i, %j]   // ... and the other three
//! }
//! ```
//!
//! The innermost reduction loop is also unrolled (up to 4 iterations per
//! trip, at most 128 copies of the body, dividing its constant trip count),
//! so that the next iterations' loads are in flight during this one's
//! multiply-adds.
//!
//! Every output is still combined in the original order (the tile and the
//! unrolling only interleave the outputs' loops), so results are
//! bit-identical. The tile's
//! outputs are `n/T` apart, not adjacent: the threads of a warp take
//! neighbouring `j'`, so each load and store instruction of the warp
//! covers contiguous memory.
//!
//! Conditions: an `scf.parallel` from 0 step 1 with constant bounds, of
//! rank ≥ 2, whose body is a perfect nest of `scf.for`s without iteration
//! arguments whose innermost body stores once, to an output element whose
//! indices are parallel induction variables or values defined outside the
//! parallel loop, the value of a two-operand combiner applied to the one
//! load of that element (used by nothing else); nothing else writes memory
//! or reads the output buffer. A dimension is tiled only when some load
//! does not depend on it (otherwise nothing is shared), by a tile that
//! divides it, keeping at least [`MIN_THREADS`] threads.

use super::accumulators::{defined_outside, harmless, root, same};
use super::split_reductions::{body_ops, single_use};
use super::{constant_of, internal, name};
use crate::builders::{BuildResult, index_constant, memref_load, memref_store, scf_for_unterminated, scalar, terminator};
use melior::{
    ir::{
        BlockLike, BlockRef, Operation, OperationRef, RegionLike, Value, ValueLike,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use std::collections::HashMap;

/// Tiles are chosen so that at least this many threads remain (an H100
/// runs 2048 threads on each of its 132 multiprocessors).
pub const MIN_THREADS: i64 = 65536;

static MIN_THREADS_FOR_TESTING: std::sync::Mutex<Option<i64>> = std::sync::Mutex::new(None);

/// Overrides [`MIN_THREADS`] (tests: tile the small programs of the
/// emulation tests too); `None` restores it. Process-wide.
pub fn set_min_threads_for_testing(threads: Option<i64>) {
    *MIN_THREADS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()) = threads;
}

fn min_threads() -> i64 {
    MIN_THREADS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or(MIN_THREADS)
}

/// Tile sizes tried, largest first: (along the second-to-last parallel
/// dimension, along the last).
const TILES: [(i64, i64); 7] = [(8, 8), (4, 8), (8, 4), (4, 4), (2, 4), (4, 2), (2, 2)];

/// A matched nest.
struct Nest<'c, 'a> {
    parallel: OperationRef<'c, 'a>,
    /// Parallel trip counts.
    outputs: Vec<i64>,
    /// The scf.for nest, outermost first.
    loops: Vec<OperationRef<'c, 'a>>,
    /// The innermost body.
    body: BlockRef<'c, 'a>,
    load: OperationRef<'c, 'a>,
    combine: OperationRef<'c, 'a>,
    store: OperationRef<'c, 'a>,
}

fn block_arguments<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..block.argument_count()).filter_map(|i| block.argument(i).ok().map(Into::into)).collect()
}

fn match_nest<'c, 'a>(parallel: OperationRef<'c, 'a>) -> Option<Nest<'c, 'a>> {
    if parallel.result_count() != 0 || parallel.operand_count() % 3 != 0 {
        return None;
    }
    let operands: Vec<Value> = parallel.operands().collect();
    let rank = operands.len() / 3;
    if rank < 2 {
        return None;
    }
    let outputs = (0..rank)
        .map(|d| {
            (constant_of(operands[d])? == 0 && constant_of(operands[2 * rank + d])? == 1).then_some(())?;
            constant_of(operands[rank + d]).filter(|&n| n > 0)
        })
        .collect::<Option<Vec<i64>>>()?;
    let parallel_body = parallel.region(0).ok()?.first_block()?;
    let ops = body_ops(parallel_body);
    if ops.len() != 2 || name(&ops[0]) != "scf.for" {
        return None;
    }
    let mut loops = vec![ops[0]];
    let body = loop {
        let lp = *loops.last()?;
        if name(&lp) != "scf.for" || lp.operand_count() != 3 || lp.result_count() != 0 {
            return None;
        }
        if !lp.operands().all(|bound| defined_outside(bound, parallel)) {
            return None;
        }
        let body = lp.region(0).ok()?.first_block()?;
        let ops = body_ops(body);
        if ops.len() == 2 && name(&ops[0]) == "scf.for" {
            loops.push(ops[0]);
            continue;
        }
        break body;
    };
    // One store, directly in the innermost body; everything else harmless.
    let mut stores = Vec::new();
    let mut fine = true;
    loops[0].walk(WalkOrder::PreOrder, |op| {
        let op_name = name(&op);
        if op_name == "memref.store" {
            stores.push(op.to_raw());
        } else if !harmless(&op_name) {
            fine = false;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    let [store] = stores[..] else { return None };
    if !fine {
        return None;
    }
    // SAFETY: found in the live nest above.
    let store = unsafe { OperationRef::from_raw(store) };
    if store.block()? != body {
        return None;
    }
    let store_operands: Vec<Value> = store.operands().collect();
    let (stored, memref, indices) = (store_operands[0], store_operands[1], &store_operands[2..]);
    if !defined_outside(memref, parallel) {
        return None;
    }
    let ivs = block_arguments(parallel_body);
    for &index in indices {
        if !ivs.iter().any(|&iv| same(iv, index)) && !defined_outside(index, parallel) {
            return None;
        }
    }
    let combine = OperationResult::try_from(stored).ok()?.owner();
    if combine.block()? != body || combine.operand_count() != 2 || combine.result_count() != 1 || !single_use(stored) {
        return None;
    }
    let load = combine.operands().find_map(|operand| {
        let candidate = OperationResult::try_from(operand).ok()?.owner();
        let load_operands: Vec<Value> = candidate.operands().collect();
        (name(&candidate) == "memref.load"
            && candidate.block() == Some(body)
            && single_use(operand)
            && same(load_operands[0], memref)
            && load_operands.len() == store_operands.len() - 1
            && load_operands[1..].iter().zip(indices).all(|(&a, &b)| same(a, b)))
        .then_some(candidate)
    })?;
    // Nothing else reads the output buffer.
    let buffer = root(memref);
    let mut reads_output = false;
    loops[0].walk(WalkOrder::PreOrder, |op| {
        if op != load && name(&op) == "memref.load" && op.operand(0).is_ok_and(|m| root(m) == buffer) {
            reads_output = true;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    if reads_output {
        return None;
    }
    Some(Nest { parallel, outputs, loops, body, load, combine, store })
}

/// Whether some load of the nest (other than the accumulator's) does not
/// depend on the parallel induction variable `iv`.
fn shared_along(nest: &Nest, iv: Value) -> bool {
    // Values computed from `iv` (through any op of the nest).
    let mut dependent = vec![iv.to_raw().ptr as usize];
    let mut shared = false;
    nest.loops[0].walk(WalkOrder::PreOrder, |op| {
        let depends = op.operands().any(|operand| dependent.contains(&(operand.to_raw().ptr as usize)));
        if depends {
            for i in 0..op.result_count() {
                if let Ok(result) = op.result(i) {
                    dependent.push(Value::from(result).to_raw().ptr as usize);
                }
            }
        }
        if name(&op) == "memref.load" && op != nest.load && !depends {
            shared = true;
        }
        WalkResult::Advance
    });
    shared
}

/// The tile sizes for the last two parallel dimensions, if tiling pays.
fn tiles(nest: &Nest) -> Option<(i64, i64)> {
    let rank = nest.outputs.len();
    let parallel_body = nest.parallel.region(0).ok()?.first_block()?;
    let ivs = block_arguments(parallel_body);
    let (share_i, share_j) = (shared_along(nest, ivs[rank - 2]), shared_along(nest, ivs[rank - 1]));
    let total: i64 = nest.outputs.iter().product();
    let (n_i, n_j) = (nest.outputs[rank - 2], nest.outputs[rank - 1]);
    TILES
        .into_iter()
        // Outputs along i share the loads that do not depend on i.
        .map(|(ti, tj)| (if share_i { ti } else { 1 }, if share_j { tj } else { 1 }))
        .find(|&(ti, tj)| ti * tj > 1 && n_i % ti == 0 && n_j % tj == 0 && total / (ti * tj) >= min_threads())
}

/// Iterations of the innermost loop per trip of the tiled loop: up to 4,
/// at most 128 copies of the body (tile outputs x iterations), dividing
/// the loop's constant trip count.
fn unroll_factor(innermost: OperationRef, tile_outputs: usize) -> i64 {
    let bounds: Vec<Value> = innermost.operands().collect();
    let (Some(lower), Some(upper), Some(step)) = (constant_of(bounds[0]), constant_of(bounds[1]), constant_of(bounds[2])) else {
        return 1;
    };
    if step <= 0 || upper <= lower {
        return 1;
    }
    let trips = (upper - lower + step - 1) / step;
    let limit = (128 / tile_outputs.max(1) as i64).clamp(1, 4);
    (1..=limit).rev().find(|&u| trips % u == 0).unwrap_or(1)
}

/// Raw pointer of a value, the key of the value maps below.
fn key(value: Value) -> usize {
    value.to_raw().ptr as usize
}

/// A clone of `op` whose operands (its nested ops' too) that `map` names
/// are replaced.
fn clone_mapped<'c>(op: OperationRef<'c, '_>, map: &HashMap<usize, Value<'c, '_>>) -> Operation<'c> {
    let clone = crate::builders::clone_operation(&op);
    clone.walk(WalkOrder::PreOrder, |nested| {
        for i in 0..nested.operand_count() {
            if let Some(&new) = nested.operand(i).ok().and_then(|old| map.get(&key(old))) {
                // SAFETY: `nested` is part of the live clone; `new` has the
                // replaced operand's type and dominates the clone's position.
                unsafe { mlir_sys::mlirOperationSetOperand(nested.to_raw(), i as isize, new.to_raw()) };
            }
        }
        WalkResult::Advance
    });
    clone
}

fn tile<'c, 'a>(nest: Nest<'c, 'a>, (ti, tj): (i64, i64)) -> BuildResult<()> {
    let Nest { parallel, outputs, loops, body, load, combine, store } = nest;
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(parallel.context());
    let location = parallel.location();
    let outer_block = parallel.block().ok_or("internal error: scf.parallel outside a block")?;
    let rank = outputs.len();
    let operands: Vec<Value> = parallel.operands().collect();
    let index = |value: i64| -> BuildResult<Value<'c, 'a>> {
        let op = outer_block.insert_operation_before(parallel, index_constant(context, location, value)?);
        Ok(op.result(0).map_err(internal)?.into())
    };
    // The tiled loop: dimension d runs to n_d / T_d.
    let sizes: Vec<i64> = (0..rank)
        .map(|d| match d {
            _ if d == rank - 2 => ti,
            _ if d == rank - 1 => tj,
            _ => 1,
        })
        .collect();
    let mut upper = Vec::with_capacity(rank);
    for d in 0..rank {
        upper.push(if sizes[d] == 1 { operands[rank + d] } else { index(outputs[d] / sizes[d])? });
    }
    let new_parallel = crate::builders::scf_parallel(location, &operands[..rank], &upper, &operands[2 * rank..])?;
    let new_parallel = outer_block.insert_operation_before(parallel, new_parallel);
    let new_body = new_parallel.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
    let reduce = new_body.terminator().ok_or("internal error: no terminator")?;
    let new_ivs = block_arguments(new_body);
    let old_ivs = block_arguments(parallel.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?);
    let before_reduce = |op: BuildResult<Operation<'c>>| -> BuildResult<Value<'c, 'a>> {
        let op = new_body.insert_operation_before(reduce, op?);
        Ok(op.result(0).map_err(internal)?.into())
    };

    // Per output of the tile: the induction variables' values and the
    // output indices.
    let mut maps: Vec<HashMap<usize, Value<'c, 'a>>> = Vec::new();
    for a in 0..ti {
        for b in 0..tj {
            let mut map = HashMap::new();
            for d in 0..rank {
                let offset = match d {
                    _ if d == rank - 2 => a * (outputs[d] / ti),
                    _ if d == rank - 1 => b * (outputs[d] / tj),
                    _ => 0,
                };
                let value = if offset == 0 {
                    new_ivs[d]
                } else {
                    let offset = before_reduce(index_constant(context, location, offset))?;
                    before_reduce(scalar(location, "arith.addi", &[new_ivs[d], offset], new_ivs[d].r#type()))?
                };
                map.insert(key(old_ivs[d]), value);
            }
            maps.push(map);
        }
    }
    let store_operands: Vec<Value> = store.operands().collect();
    let (memref, indices) = (store_operands[1], &store_operands[2..]);
    let element = load.result(0).map_err(internal)?.r#type();
    let mapped_indices = |map: &HashMap<usize, Value<'c, 'a>>| -> Vec<Value<'c, 'a>> {
        indices.iter().map(|&i| map.get(&key(i)).copied().unwrap_or(i)).collect()
    };
    let mut carried = Vec::new();
    for map in &maps {
        carried.push(before_reduce(memref_load(location, memref, &mapped_indices(map), element))?);
    }

    // The loop nest, each level carrying every accumulator of the tile.
    let mut new_loops: Vec<OperationRef<'c, 'a>> = Vec::new();
    let mut insert_block = new_body;
    let mut insert_before = Some(reduce);
    let mut loop_map: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    // The innermost loop runs `unroll` iterations per trip (the same
    // iterations in the same order; more independent loads in flight).
    let innermost = *loops.last().ok_or("internal error: no loop")?;
    let unroll = unroll_factor(innermost, maps.len());
    let mut innermost_step = None;
    for old in &loops {
        let bounds: Vec<Value> = old.operands().collect();
        let mut step = bounds[2];
        if *old == innermost && unroll > 1 {
            let original = constant_of(step).ok_or("internal error: unrolled loop without a constant step")?;
            // Before the tiled loop, so that it dominates the whole nest.
            let op = outer_block.insert_operation_before(new_parallel, index_constant(context, location, original * unroll)?);
            step = op.result(0).map_err(internal)?.into();
            innermost_step = Some(original);
        }
        let new_loop = scf_for_unterminated(location, [bounds[0], bounds[1], step], &carried)?;
        let new_loop = match insert_before {
            Some(anchor) => insert_block.insert_operation_before(anchor, new_loop),
            None => insert_block.append_operation(new_loop),
        };
        let block = new_loop.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
        let arguments = block_arguments(block);
        let old_block = old.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
        loop_map.insert(key(block_arguments(old_block)[0]), arguments[0]);
        carried = arguments[1..].to_vec();
        new_loops.push(new_loop);
        insert_block = block;
        insert_before = None;
    }
    // The innermost body, once per unrolled iteration and output of the
    // tile; each output's accumulator goes through the iterations in order.
    let load_result: Value = load.result(0).map_err(internal)?.into();
    let innermost_iv = block_arguments(innermost.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?)[0];
    let new_iv = loop_map[&key(innermost_iv)];
    let mut accumulators = carried.clone();
    for u in 0..unroll {
        let iv = match innermost_step {
            Some(step) if u > 0 => {
                let offset = insert_block.append_operation(index_constant(context, location, u * step)?);
                let offset: Value = offset.result(0).map_err(internal)?.into();
                let sum = insert_block.append_operation(scalar(location, "arith.addi", &[new_iv, offset], new_iv.r#type())?);
                sum.result(0).map_err(internal)?.into()
            }
            _ => new_iv,
        };
        for (map, accumulator) in maps.iter_mut().zip(accumulators.iter_mut()) {
            map.extend(loop_map.iter().map(|(&k, &v)| (k, v)));
            map.insert(key(innermost_iv), iv);
            map.insert(key(load_result), *accumulator);
            for op in body_ops(body) {
                if op == load || op == store || name(&op) == "scf.yield" {
                    continue;
                }
                let clone = insert_block.append_operation(clone_mapped(op, map));
                for i in 0..op.result_count() {
                    let (old, new): (Value, Value) = (op.result(i).map_err(internal)?.into(), clone.result(i).map_err(internal)?.into());
                    map.insert(key(old), new);
                }
                if op == combine {
                    *accumulator = clone.result(0).map_err(internal)?.into();
                }
            }
        }
    }
    insert_block.append_operation(terminator(location, "scf.yield", &accumulators)?);
    // Each enclosing loop yields its inner loop's results.
    for level in (0..new_loops.len() - 1).rev() {
        let inner = new_loops[level + 1];
        let results: Vec<Value> = (0..inner.result_count()).map(|i| inner.result(i).map(Into::into)).collect::<Result<_, _>>().map_err(internal)?;
        let block = new_loops[level].region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?;
        block.append_operation(terminator(location, "scf.yield", &results)?);
    }
    // The tile's results, stored once.
    let outer = new_loops[0];
    for (i, map) in maps.iter().enumerate() {
        let result: Value = outer.result(i).map_err(internal)?.into();
        new_body.insert_operation_before(reduce, memref_store(location, result, memref, &mapped_indices(map))?);
    }
    // SAFETY: the old nest is replaced; nothing outside it used its values
    // (an scf.parallel without results).
    unsafe { mlir_sys::mlirOperationDestroy(parallel.to_raw()) };
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_register_tiles_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let candidates = super::outermost_host_ops(module, "scf.parallel");
            for raw in candidates {
                // SAFETY: collected above from the live module; each tiling
                // replaces only its own loop, which is not nested in another
                // candidate (outermost parallel loops only).
                let parallel = unsafe { OperationRef::from_raw(raw) };
                let Some(nest) = match_nest(parallel) else { continue };
                let Some(sizes) = tiles(&nest) else { continue };
                let location = parallel.location();
                if let Err(message) = tile(nest, sizes) {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuRegisterTiles",
        "xla-gpu-register-tiles",
        "Each thread of a contraction-like reduction nest computes a tile of outputs along the last two parallel dimensions, sharing loads",
        "builtin.module",
    )
}
