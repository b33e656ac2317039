//! `xla-gpu-block-reductions`: reductions whose outputs are many and whose
//! reads can be coalesced become one kernel in which the threads of a block
//! share outputs, combining partial results in registers (warp shuffles)
//! and shared memory.
//!
//! Without it, `xla-gpu-split-reductions` makes a row reduction (the sum of
//! each row of a row-major array, a softmax's row maximum) three kernels:
//! the output's initial values, `S` partial results per output and their
//! combination; and a column reduction with many outputs keeps one thread
//! per output, a sequential loop each (few threads, few loads in flight).
//!
//! **Rows** (the innermost reduction loop walks the contiguous dimension):
//! one block of 256 threads per output.
//!
//! ```mlir
//! gpu.launch blocks(%o, ...) in (O, 1, 1) threads(%t, ...) in (256, 1, 1)
//!     workgroup(%shared : memref<8xf32, 3>) {
//!   // this thread's share: iterations t, t + 256, ... of the nest (here N
//!   // is a multiple of 256: a loop over the N/256 rounds, which LLVM unrolls)
//!   %p = scf.for %k = %c0 to %cR step %c1 iter_args(%acc = %identity) -> (f32) {
//!     %n = %k * 256 + %t
//!     %x = ...                                     // the nest's body at %n
//!     %y = arith.addf %acc, %x fastmath<reassoc,contract> : f32
//!     scf.yield %y : f32
//!   }
//!   // the warp's 32 values, by butterfly shuffles (offsets 16, 8, 4, 2, 1)
//!   %v, %ok = gpu.shuffle xor %p, %c16_i32, %c32_i32 : f32
//!   %p1 = arith.addf %p, %v fastmath<reassoc,contract> : f32
//!   ...
//!   scf.if %lane_is_0 { memref.store %p5, %shared[%warp] }
//!   gpu.barrier
//!   // thread 0: the 8 warps' values into the output's initial value
//!   scf.if %t_is_0 {
//!     %init = memref.load %out[%o]
//!     %r = scf.for %w = %c0 to %c8 step %c1 iter_args(%a = %init) -> (f32) { ... }
//!     memref.store %r, %out[%o]
//!   }
//! }
//! ```
//!
//! **Columns** (the innermost output index is the last index of the loads,
//! no reduction index is): one block of 32 x 32 threads per 32 neighbouring
//! outputs. Lane `l` of warp `w` takes output `32 b + l` and iterations `w,
//! w + 32, ...`, so each warp reads 32 neighbouring elements at a time;
//! the 32 warps' values meet in a `memref<32x32xT, 3>` after a barrier,
//! and warp 0 combines each column's 32 values into the initial value.
//!
//! Conditions: those of `xla-gpu-split-reductions` (a perfectly nested
//! reduction in a parallel loop, one store of one combiner whose order
//! StableHLO leaves to the implementation), 32-bit elements (the width of
//! a shuffle); rows: at least [`MIN_OUTPUTS`] outputs of at least
//! [`super::split_reductions::MIN_REDUCTION`] iterations; columns: at least
//! [`super::split_reductions::MAX_OUTPUTS`] outputs (fewer are split into
//! partial results), an innermost output extent that is a multiple of 32,
//! at least [`MIN_COLUMN_REDUCTION`] iterations. The combination order
//! changes, as with split reductions. The kernels use barriers and shared
//! memory, so the host-loop emulation leaves this pass out (like
//! `xla-gpu-block-tiles`); their values are checked on a device
//! (`test/Execution/gpu-block-reductions.mlir` in `test/GPU/execute.test`,
//! and under compute-sanitizer by `bench/gpu_device_check.sh`).
//! `--no-gpu-block-reductions` leaves the pass out of the GPU pipeline, for
//! comparisons.

use super::split_reductions::{
    Identity, Reduction, block_values, candidates, combine_with, delinearize, match_nest, move_body, reads_along_innermost, replace_all_uses,
    yield_value,
};
use super::{Emit, internal, name};
use super::accumulators::same;
use crate::builders::{
    BuildResult, compare_scalar, float_constant, gpu_barrier, gpu_launch_with_workgroup, gpu_shuffle_xor, int_constant,
    memref_load, memref_store, scf_for, scf_if_then,
};
use melior::{
    ir::{
        BlockLike, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::IntegerAttribute,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
        r#type::{IntegerType, MemRefType},
    },
    pass::{ExternalPass, Pass},
};

/// Threads per block of a row reduction (8 warps).
pub const THREADS: i64 = 256;
/// Row reductions with fewer outputs keep `xla-gpu-split-reductions`,
/// whose partial results spread a few outputs over many blocks (an H200
/// has 132 multiprocessors).
pub const MIN_OUTPUTS: i64 = 256;
/// Column reductions with fewer iterations per output keep one thread per
/// output (each of the 32 warps would have fewer than 8).
pub const MIN_COLUMN_REDUCTION: i64 = 256;
/// Lanes of a warp: the outputs of a column block, and its warps.
const WARP: i64 = 32;

static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Whether the GPU pipeline runs this pass, for the pipelines built from
/// now on. On by default; `--no-gpu-block-reductions` turns it off (for
/// comparisons). The pass itself (`xla-opt --xla-gpu-block-reductions`)
/// always runs.
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// How the threads of a block share a reduction.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Shape {
    /// One block per output, its threads along the reduction.
    Rows,
    /// One block per 32 outputs, its lanes along the outputs.
    Columns,
}

/// Whether the loads read across outputs: some load takes the innermost
/// parallel index as its last index, and none takes a reduction index (or
/// a value computed directly from one) there.
fn reads_across_outputs(reduction: &Reduction) -> bool {
    let Some(body) = reduction.parallel.and_then(|p| p.region(0).ok()?.first_block()) else { return false };
    let Some(output) = body.argument(body.argument_count().wrapping_sub(1)).ok() else { return false };
    let output: Value = output.into();
    let ivs: Vec<Value> = reduction
        .loops
        .iter()
        .filter_map(|lp| lp.region(0).ok()?.first_block()?.argument(0).ok().map(Into::into))
        .collect();
    let from_reduction = |index: Value| {
        ivs.contains(&index)
            || OperationResult::try_from(index).is_ok_and(|result| result.owner().operands().any(|operand| ivs.contains(&operand)))
    };
    let (mut along, mut across) = (false, false);
    reduction.loops[0].walk(WalkOrder::PreOrder, |op| {
        if op == reduction.load || name(&op) != "memref.load" {
            return WalkResult::Advance;
        }
        if let Some(last) = op.operands().skip(1).last() {
            if last == output {
                along = true;
            } else if from_reduction(last) {
                across = true;
            }
        }
        WalkResult::Advance
    });
    along && !across
}

fn shape(reduction: &Reduction) -> Option<Shape> {
    let total = reduction.trips.iter().try_fold(1i64, |p, &t| p.checked_mul(t))?;
    let outputs = reduction.outputs.iter().try_fold(1i64, |p, &t| p.checked_mul(t))?;
    let ty = reduction.store.operand(0).ok()?.r#type();
    let word = ty.is_f32() || IntegerType::try_from(ty).is_ok_and(|t| t.width() == 32);
    if reduction.parallel.is_none() || !word || outputs > i64::from(i32::MAX) {
        return None;
    }
    if outputs >= MIN_OUTPUTS && total >= super::split_reductions::MIN_REDUCTION && reads_along_innermost(reduction) {
        return Some(Shape::Rows);
    }
    let innermost = *reduction.outputs.last()?;
    if outputs >= super::split_reductions::MAX_OUTPUTS
        && innermost % WARP == 0
        && total >= MIN_COLUMN_REDUCTION
        && reads_across_outputs(reduction)
    {
        return Some(Shape::Columns);
    }
    None
}

fn emit(reduction: Reduction, shape: Shape) -> BuildResult<()> {
    let Reduction { parallel, outputs, loops, trips, load, store, combine, identity } = reduction;
    let parallel = parallel.ok_or("internal error: a block reduction outside a parallel loop")?;
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(parallel.context());
    let location = parallel.location();
    let host = Emit { context, location, block: parallel.block().ok_or("internal error: no block")?, anchor: parallel };
    let element = store.operand(0).map_err(internal)?.r#type();
    let memref = store.operand(1).map_err(internal)?;
    let indices: Vec<Value> = store.operands().skip(2).collect();
    let total: i64 = trips.iter().product();
    let output_count: i64 = outputs.iter().product();
    // Rows: 8 warps of one output; columns: 32 warps of 32 outputs.
    let (blocks, threads, step, shared_shape): (i64, i64, i64, Vec<i64>) = match shape {
        Shape::Rows => (output_count, THREADS, THREADS, vec![THREADS / WARP]),
        Shape::Columns => (output_count / WARP, WARP * WARP, WARP, vec![WARP, WARP]),
    };

    let i64_type: Type = IntegerType::new(context, 64).into();
    let shared_type: Type = MemRefType::new(element, &shared_shape, None, Some(IntegerAttribute::new(i64_type, 3).into())).into();
    let one = host.index(1)?;
    let grid = [host.index(blocks)?, one, one];
    let block = [host.index(threads)?, one, one];
    let launch = host.insert(gpu_launch_with_workgroup(context, location, grid, block, &[shared_type]))?;
    let kernel = host.into_body(launch)?;
    let arguments = block_values(kernel.block)?;
    let (block_id, tid, shared) = (arguments[0], arguments[3], arguments[12]);
    let lanes = kernel.index(WARP)?;
    let lane = kernel.binary("arith.remui", tid, lanes)?;
    let warp = kernel.binary("arith.divui", tid, lanes)?;

    // The output of this thread, and its first iteration.
    let (output, first) = match shape {
        Shape::Rows => (block_id, tid),
        Shape::Columns => (kernel.binary("arith.addi", kernel.binary("arith.muli", block_id, lanes)?, lane)?, warp),
    };
    let output_ivs = delinearize(&kernel, output, &outputs)?;

    // This thread's share of the nest: iterations first, first + step, ...
    // With a whole number of rounds, a loop over the rounds with a constant
    // trip count, which LLVM unrolls (more loads in flight per thread).
    let start = match identity {
        Identity::Float(value) => kernel.value(float_constant(context, location, value, element))?,
        Identity::Int(value) => kernel.value(int_constant(context, location, value, element))?,
    };
    let rounds = total % step == 0;
    let bounds = if rounds {
        [kernel.index(0)?, kernel.index(total / step)?, kernel.index(1)?]
    } else {
        [first, kernel.index(total)?, kernel.index(step)?]
    };
    let lp = kernel.insert(scf_for(location, bounds, &[start], |_, _, arguments| Ok(arguments.to_vec())))?;
    let lp_body = kernel.into_body(lp)?;
    let lp_arguments = block_values(lp_body.block)?;
    let iteration = if rounds {
        let round = lp_body.binary("arith.muli", lp_arguments[0], lp_body.index(step)?)?;
        lp_body.binary("arith.addi", round, first)?
    } else {
        lp_arguments[0]
    };
    let positions = delinearize(&lp_body, iteration, &trips)?;
    let accumulator_first = move_body(&loops, load, store, combine, &lp_body, lp_arguments[1], &positions)?;
    let old_ivs = block_values(parallel.region(0).map_err(internal)?.first_block().ok_or("internal error: no body")?)?;
    for (old, new) in old_ivs.iter().zip(&output_ivs) {
        replace_all_uses(*old, *new);
    }
    let new_indices: Vec<Value> = indices
        .iter()
        .map(|index| old_ivs.iter().position(|old| same(*old, *index)).map_or(*index, |k| output_ivs[k]))
        .collect();

    let mut partial: Value = lp.result(0).map_err(internal)?.into();
    let zero = kernel.index(0)?;
    let finisher = match shape {
        Shape::Rows => {
            // The warp's values by butterfly shuffles; lane 0 of each warp
            // keeps them in shared memory; thread 0 combines the warps'.
            let i32_type: Type = IntegerType::new(context, 32).into();
            let width = kernel.value(int_constant(context, location, WARP as i128, i32_type))?;
            for offset in [16, 8, 4, 2, 1] {
                let offset = kernel.value(int_constant(context, location, offset, i32_type))?;
                let other = kernel.value(gpu_shuffle_xor(location, partial, offset, width))?;
                partial = combine_with(&kernel, combine, accumulator_first, partial, other)?;
            }
            let first_lane = kernel.value(compare_scalar(context, location, "arith.cmpi", "eq", lane, zero))?;
            let write = kernel.insert(scf_if_then(location, first_lane))?;
            kernel.into_body(write)?.insert(memref_store(location, partial, shared, &[warp]))?;
            tid
        }
        Shape::Columns => {
            // Each warp's values in its row of shared memory; warp 0
            // combines each column.
            kernel.insert(memref_store(location, partial, shared, &[warp, lane]))?;
            warp
        }
    };
    kernel.insert(gpu_barrier(location))?;
    let finishing = kernel.value(compare_scalar(context, location, "arith.cmpi", "eq", finisher, zero))?;
    let finish = kernel.insert(scf_if_then(location, finishing))?;
    let finish = kernel.into_body(finish)?;
    let initial = finish.value(memref_load(location, memref, &new_indices, element))?;
    let count = shared_shape[0];
    let (start, end, step) = (finish.index(0)?, finish.index(count)?, finish.index(1)?);
    let lp = finish.insert(scf_for(location, [start, end, step], &[initial], |_, _, arguments| Ok(arguments.to_vec())))?;
    let lp_body = finish.into_body(lp)?;
    let lp_arguments = block_values(lp_body.block)?;
    let slot: Vec<Value> = match shape {
        Shape::Rows => vec![lp_arguments[0]],
        Shape::Columns => vec![lp_arguments[0], lane],
    };
    let value = lp_body.value(memref_load(location, shared, &slot, element))?;
    let combined = combine_with(&lp_body, combine, accumulator_first, lp_arguments[1], value)?;
    yield_value(&lp_body, combined);
    let result: Value = lp.result(0).map_err(internal)?.into();
    finish.insert(memref_store(location, result, memref, &new_indices))?;
    // SAFETY: nothing uses the old nest any more (its body's ops moved out,
    // the load's value and the ivs replaced).
    unsafe { mlir_sys::mlirOperationDestroy(parallel.to_raw()) };
    Ok(())
}

fn run(module: OperationRef, pass: ExternalPass) {
    // Each rewrite replaces only its own parallel loop (nests at the top of
    // host code have none: left to xla-gpu-split-reductions).
    for (outer, parallel) in candidates(module).into_iter().filter_map(|(outer, parallel)| Some((outer, parallel?))) {
        let Some(reduction) = match_nest(outer, Some(parallel)) else { continue };
        let Some(shape) = shape(&reduction) else { continue };
        let location = parallel.location();
        if let Err(message) = emit(reduction, shape) {
            crate::diagnostics::emit_error(location, &message);
            pass.signal_failure();
            return;
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_block_reductions_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| run(module, pass),
        "XlaGpuBlockReductions",
        "xla-gpu-block-reductions",
        "Reductions with many outputs, read coalesced: rows one block per output, columns one block per 32 outputs; partial results combined by warp shuffles and shared memory",
        "builtin.module",
    )
}

/// The pass as a step of the GPU pipeline: it does nothing when
/// [`set_enabled`] turned it off (`--no-gpu-block-reductions`).
pub fn create_block_reductions_step() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
                run(module, pass);
            }
        },
        "XlaGpuBlockReductionsStep",
        "xla-gpu-block-reductions-step",
        "xla-gpu-block-reductions unless --no-gpu-block-reductions is given (the GPU pipeline's step)",
        "builtin.module",
    )
}
