//! `xla-cpu-parallel-tasks`: each outermost `scf.parallel` loop with enough
//! work becomes a task function and a call of the runtime's
//! `xla_parallel_for(task, ctx, iterations, cost)`, which runs it on the
//! process's thread pool (`runtime/src/pool.rs`). The pass is C++
//! (`dialects/lib/Transforms/ParallelTasks.cpp`: outlining needs the LLVM
//! type converter's memref descriptor types); this is its Rust handle.
//!
//! The loops come from `affine-parallelize` (the outermost loop of each
//! linalg loop nest that carries no dependence) and from the contraction
//! kernels (their row blocks).

use melior::pass::Pass;
use std::sync::atomic::{AtomicI64, Ordering};

/// The runtime function that compiled code calls for each parallel loop.
pub const PARALLEL_FOR: &str = "xla_parallel_for";

/// Loops of a static trip count whose estimated work (operations) is below
/// this stay sequential; the runtime's default threshold is the same.
pub const DEFAULT_MIN_COST: i64 = 1 << 16;

static MIN_COST: AtomicI64 = AtomicI64::new(DEFAULT_MIN_COST);

/// Sets the threshold of the passes created from now on (`xla-run
/// --parallel-min-cost`; 0 outlines every parallel loop of two or more
/// iterations, for tests).
pub fn set_min_cost(cost: i64) {
    MIN_COST.store(cost.max(0), Ordering::Relaxed);
}

/// Creates the pass (on a module: it adds functions).
pub fn create_parallel_tasks_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateParallelTasksPass(MIN_COST.load(Ordering::Relaxed))) }
}
