//! `xla-gpu-map-parallel-loops`: every outermost `scf.parallel` becomes a
//! `gpu.launch` over a one-dimensional grid, one thread per iteration.
//!
//! The iteration space of the loop, of any rank, is linearized: `total` is
//! the product of the trip counts, blocks have 256 threads (or the smallest
//! power of two ≥ 32 that covers a smaller `total`), the grid has
//! `ceildiv(total, block)` blocks. Each thread computes its linear id
//! `blockIdx.x * block + threadIdx.x`, skips the work when the id is
//! past `total` (no test when `total` is a multiple of the block), splits the
//! id into the loop indices (the innermost index varies fastest, so
//! neighbouring threads touch neighbouring elements of row-major buffers)
//! and runs the loop body. Index arithmetic is done in `i32` when the ids fit.
//!
//! When the grid would need more than 2^31 - 1 blocks (or when the trip
//! counts are not constants) the threads stride through the iteration
//! space instead: `scf.for %id = global id to total step gridDim * block`.
//!
//! What the body contains stays sequential within its thread: nested
//! `scf.parallel` loops (turned into `scf.for` nests by the
//! `scf-parallel-for-to-nested-fors` that follows in the pipeline), and the
//! `scf.for` loops of reductions, which accumulate per thread. Allocations
//! in the body become `memref.alloca` (thread-private local memory) and
//! their deallocations are dropped.
//!
//! Everything that is not inside an `scf.parallel` stays on the host as it
//! is: sequential loops (`scf.for`, `scf.while`), `scf.if`, scalar
//! `memref.load`/`store`. Buffers are accessible from both sides. Loops with
//! reductions (results) are left alone as well (the linalg lowering does not
//! produce them).
//!
//! ```mlir
//! // before
//! scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c16) step (%c1, %c1) {
//!   memref.store %cst, %buf[%i, %j] : memref<4x16xf32>
//!   scf.reduce
//! }
//! // after (64 threads in one block)
//! gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
//!            threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
//!   %id = (%bx * 64 + %tx) in i32
//!   %i = %id / 16, %j = %id % 16 (as index)
//!   memref.store %cst, %buf[%i, %j] : memref<4x16xf32>
//!   gpu.terminator
//! }
//! ```

use super::Emit;
use super::{name, internal, constant_of};
use crate::builders::{
    BuildResult, alloca_like, compare_scalar, gpu_launch, int_constant, integer_type, scalar, scf_for, scf_if_then,
};
use melior::{
    ir::{
        BlockLike, BlockRef, OperationRef, RegionLike, Type, Value, ValueLike,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

/// Threads per block for large iteration spaces.
pub const BLOCK_SIZE: i64 = 256;
/// The largest grid along x (CUDA's limit).
pub const MAX_GRID: i64 = (1 << 31) - 1;

static LIMITS_FOR_TESTING: std::sync::Mutex<Option<(i64, i64)>> = std::sync::Mutex::new(None);

/// Testing hook: use `block` threads per block (a power of two ≥ 32) and
/// at most `max_grid` blocks instead of 256 and CUDA's limit, so that small
/// programs exercise the grid-stride loops; `None` restores the defaults.
/// Affects every later run of the pass in this process.
pub fn set_limits_for_testing(limits: Option<(i64, i64)>) {
    *LIMITS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()) = limits;
}

/// (threads per block, largest grid).
fn limits() -> (i64, i64) {
    LIMITS_FOR_TESTING.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or((BLOCK_SIZE, MAX_GRID))
}

impl<'c, 'a> Emit<'c, 'a> {
    fn constant(&self, value: i64, ty: Type<'c>) -> BuildResult<Value<'c, 'a>> {
        self.value(int_constant(self.context, self.location, value as i128, ty))
    }

    fn cast(&self, value: Value<'c, 'a>, ty: Type<'c>) -> BuildResult<Value<'c, 'a>> {
        if value.r#type() == ty {
            return Ok(value);
        }
        self.value(scalar(self.location, "arith.index_castui", &[value], ty))
    }
}

/// A number known at compile time or computed at run time.
#[derive(Clone, Copy)]
enum Int<'c, 'a> {
    Known(i64),
    Value(Value<'c, 'a>),
}

impl<'c, 'a> Int<'c, 'a> {
    fn of(value: Value<'c, 'a>) -> Self {
        constant_of(value).map_or(Int::Value(value), Int::Known)
    }

    fn materialize(self, at: &Emit<'c, 'a>, ty: Type<'c>) -> BuildResult<Value<'c, 'a>> {
        match self {
            Int::Known(value) => at.constant(value, ty),
            Int::Value(value) => at.cast(value, ty),
        }
    }
}

/// How the iteration space is spread over the grid.
struct Plan<'c, 'a> {
    /// Trip count of each loop dimension.
    trips: Vec<Int<'c, 'a>>,
    total: Int<'c, 'a>,
    block: i64,
    grid: Int<'c, 'a>,
    /// Grid-stride loop (huge or unknown iteration spaces).
    strided: bool,
    /// The linear id needs `id < total`.
    guarded: bool,
    /// Ids fit in i32 (with one block of slack); never with `strided`.
    narrow: bool,
}

/// Computes the plan; `None` when the loop has no iterations.
fn plan<'c, 'a>(host: &Emit<'c, 'a>, lower: &[Value<'c, 'a>], upper: &[Value<'c, 'a>], step: &[Value<'c, 'a>]) -> BuildResult<Option<Plan<'c, 'a>>> {
    let known: Option<Vec<i64>> = (0..lower.len())
        .map(|d| {
            let (l, u, s) = (constant_of(lower[d])?, constant_of(upper[d])?, constant_of(step[d])?);
            (s > 0).then(|| if u <= l { 0 } else { (u - l + s - 1) / s })
        })
        .collect();
    let (block_size, max_grid) = limits();
    if let Some(trips) = known {
        let total = trips.iter().try_fold(1i64, |product, &trip| product.checked_mul(trip));
        let Some(total) = total else {
            return Err("the iteration space of a parallel loop has more than 2^63 points".into());
        };
        if total == 0 {
            return Ok(None);
        }
        let block = if total >= block_size { block_size } else { (total as u64).next_power_of_two().max(32) as i64 };
        let blocks = total / block + i64::from(total % block != 0);
        return Ok(Some(Plan {
            trips: trips.into_iter().map(Int::Known).collect(),
            total: Int::Known(total),
            block,
            grid: Int::Known(blocks.min(max_grid)),
            strided: blocks > max_grid,
            guarded: total % block != 0,
            // Grid-stride loops count in index.
            narrow: blocks <= max_grid && total.checked_add(block).is_some_and(|n| n <= i32::MAX as i64),
        }));
    }
    // Bounds known at run time only: trip counts and the grid computed on
    // the host, and a grid-stride loop.
    let index = Type::index(host.context);
    let zero = host.constant(0, index)?;
    let mut trips = Vec::new();
    let mut total = host.constant(1, index)?;
    for d in 0..lower.len() {
        let extent = host.binary("arith.subi", upper[d], lower[d])?;
        let trip = host.binary("arith.ceildivsi", extent, step[d])?;
        let trip = host.binary("arith.maxsi", trip, zero)?;
        total = host.binary("arith.muli", total, trip)?;
        trips.push(Int::Value(trip));
    }
    let blocks = host.binary("arith.ceildivui", total, host.constant(block_size, index)?)?;
    let blocks = host.binary("arith.minui", blocks, host.constant(max_grid, index)?)?;
    let grid = host.binary("arith.maxui", blocks, host.constant(1, index)?)?;
    Ok(Some(Plan {
        trips,
        total: Int::Value(total),
        block: block_size,
        grid: Int::Value(grid),
        strided: true,
        guarded: false,
        narrow: false,
    }))
}

fn block_argument<'c, 'a>(block: BlockRef<'c, 'a>, index: usize) -> BuildResult<Value<'c, 'a>> {
    Ok(block.argument(index).map_err(internal)?.into())
}

/// Replaces `parallel` (no results) by a `gpu.launch`.
fn map_loop(parallel: OperationRef) -> BuildResult<()> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(parallel.context());
    let location = parallel.location();
    let index = Type::index(context);
    let body = parallel.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.parallel without body")?;
    let rank = body.argument_count();
    let operands: Vec<Value> = parallel.operands().collect();
    if operands.len() < 3 * rank {
        return Err("internal error: scf.parallel with too few operands".into());
    }
    let (lower, upper, step) = (&operands[..rank], &operands[rank..2 * rank], &operands[2 * rank..3 * rank]);
    let host_block = parallel.block().ok_or("internal error: scf.parallel outside a block")?;
    let host = Emit { context, location, block: host_block, anchor: parallel };
    let Some(plan) = plan(&host, lower, upper, step)? else {
        // No iterations: nothing to run.
        // SAFETY: the loop has no results, so nothing uses it.
        unsafe { mlir_sys::mlirOperationDestroy(parallel.to_raw()) };
        return Ok(());
    };

    let one = host.constant(1, index)?;
    let grid = plan.grid.materialize(&host, index)?;
    let threads = host.constant(plan.block, index)?;
    let launch = host.insert(gpu_launch(context, location, [grid, one, one], [threads, one, one]))?;
    let kernel_block = launch.region(0).map_err(internal)?.first_block().ok_or("internal error: gpu.launch without body")?;
    let kernel = Emit {
        context,
        location,
        block: kernel_block,
        anchor: kernel_block.terminator().ok_or("internal error: gpu.launch without terminator")?,
    };
    // Block arguments: block ids (0-2), thread ids (3-5), grid sizes (6-8),
    // block sizes (9-11).
    let (block_id, thread_id, grid_size) =
        (block_argument(kernel_block, 0)?, block_argument(kernel_block, 3)?, block_argument(kernel_block, 6)?);
    let ty = if plan.narrow { integer_type(context, 32)? } else { index };
    // The block size is a constant (LLVM turns the product into a shift).
    let block_size_constant = kernel.constant(plan.block, ty)?;
    let first = kernel.binary(
        "arith.addi",
        kernel.binary("arith.muli", kernel.cast(block_id, ty)?, block_size_constant)?,
        kernel.cast(thread_id, ty)?,
    )?;

    // Where the body goes, and the linear id there.
    let (inner, linear) = if plan.strided {
        let total = plan.total.materialize(&kernel, ty)?;
        let stride = kernel.binary("arith.muli", kernel.cast(grid_size, ty)?, block_size_constant)?;
        let lp = kernel.insert(scf_for(location, [first, total, stride], &[], |_, _, _| Ok(vec![])))?;
        let lp_block = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
        let anchor = lp_block.terminator().ok_or("internal error: scf.for without terminator")?;
        (Emit { context, location, block: lp_block, anchor }, block_argument(lp_block, 0)?)
    } else if plan.guarded {
        let total = plan.total.materialize(&kernel, ty)?;
        let inside = kernel.value(compare_scalar(context, location, "arith.cmpi", "ult", first, total))?;
        let guard = kernel.insert(scf_if_then(location, inside))?;
        let then = guard.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.if without body")?;
        let anchor = then.terminator().ok_or("internal error: scf.if without terminator")?;
        (Emit { context, location, block: then, anchor }, first)
    } else {
        (kernel, first)
    };

    // Delinearize: the innermost dimension varies fastest.
    let mut indices = vec![None; rank];
    let mut rest = linear;
    // The id is below `total`: the outermost dimension of more than one
    // iteration needs no remainder.
    let outermost = (0..rank).find(|&d| !matches!(plan.trips[d], Int::Known(1))).unwrap_or(0);
    for d in (0..rank).rev() {
        if let Int::Known(1) = plan.trips[d] {
            // A single iteration: the lower bound.
            indices[d] = Some(Int::of(lower[d]).materialize(&inner, index)?);
            continue;
        }
        let position = match plan.trips[d] {
            _ if d == outermost => rest,
            trip => {
                let trip = trip.materialize(&inner, ty)?;
                let position = inner.binary("arith.remui", rest, trip)?;
                rest = inner.binary("arith.divui", rest, trip)?;
                position
            }
        };
        let mut value = inner.cast(position, index)?;
        match Int::of(step[d]) {
            Int::Known(1) => {}
            step => value = inner.binary("arith.muli", value, step.materialize(&inner, index)?)?,
        }
        match Int::of(lower[d]) {
            Int::Known(0) => {}
            lower => value = inner.binary("arith.addi", value, lower.materialize(&inner, index)?)?,
        }
        indices[d] = Some(value);
    }

    // Move the body (all but its scf.reduce) into the kernel.
    let terminator = body.terminator().ok_or("internal error: scf.parallel without terminator")?;
    while let Some(op) = body.first_operation() {
        if op == terminator {
            break;
        }
        // SAFETY: both ops are live; `op` moves within the same function,
        // to a point dominated by everything it uses (the kernel is inserted
        // where the loop was).
        unsafe { mlir_sys::mlirOperationMoveBefore(op.to_raw(), inner.anchor.to_raw()) };
    }
    for (d, value) in indices.into_iter().enumerate() {
        let value = value.ok_or("internal error: missing loop index")?;
        let argument = block_argument(body, d)?;
        // SAFETY: both values are live and of type index.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), value.to_raw()) };
    }
    // SAFETY: the loop has no results and its body no longer has uses.
    unsafe { mlir_sys::mlirOperationDestroy(parallel.to_raw()) };
    private_allocations(launch)
}

/// Turns the `memref.alloc`s inside a kernel into `memref.alloca`s (local
/// memory of the thread) and drops their `memref.dealloc`s.
fn private_allocations(launch: OperationRef) -> BuildResult<()> {
    let mut allocs = Vec::new();
    let mut deallocs = Vec::new();
    launch.walk(WalkOrder::PreOrder, |op| {
        match name(&op).as_str() {
            "memref.alloc" => allocs.push(op.to_raw()),
            "memref.dealloc" => deallocs.push(op.to_raw()),
            _ => {}
        }
        WalkResult::Advance
    });
    for raw in deallocs {
        // SAFETY: collected from the live kernel above.
        let dealloc = unsafe { OperationRef::from_raw(raw) };
        let freed = dealloc.operand(0).map_err(internal)?;
        let local = OperationResult::try_from(freed).is_ok_and(|r| allocs.iter().any(|a| a.ptr == r.owner().to_raw().ptr));
        if local {
            // SAFETY: a dealloc has no results.
            unsafe { mlir_sys::mlirOperationDestroy(raw) };
        }
    }
    for raw in allocs {
        // SAFETY: collected from the live kernel above.
        let alloc = unsafe { OperationRef::from_raw(raw) };
        let block = alloc.block().ok_or("internal error: memref.alloc outside a block")?;
        let alloca = block.insert_operation_before(alloc, alloca_like(&alloc)?);
        let old = alloc.result(0).map_err(internal)?;
        let new = alloca.result(0).map_err(internal)?;
        // SAFETY: same type; the alloca is where the alloc was; the alloc
        // has no uses left when it is destroyed.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw());
            mlir_sys::mlirOperationDestroy(raw);
        }
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_map_parallel_loops_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut loops = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| match name(&op).as_str() {
                // Already device code.
                "gpu.launch" | "gpu.module" | "gpu.func" => WalkResult::Skip,
                "scf.parallel" => {
                    if op.result_count() == 0 {
                        loops.push(op.to_raw());
                    }
                    WalkResult::Skip
                }
                _ => WalkResult::Advance,
            });
            for raw in loops {
                // SAFETY: collected above; mapping one loop does not touch
                // another (they are not nested).
                let parallel = unsafe { OperationRef::from_raw(raw) };
                let location = parallel.location();
                if let Err(message) = map_loop(parallel) {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuMapParallelLoops",
        "xla-gpu-map-parallel-loops",
        "Turn each outermost scf.parallel into a gpu.launch over a 1-D grid (one thread per iteration, delinearized)",
        "builtin.module",
    )
}
