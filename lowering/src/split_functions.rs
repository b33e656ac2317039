//! `xla-split-large-functions`: a function (or a region inside one: an
//! `scf.if` branch, a loop body) of more than [`DEFAULT_MAX_OPS`] operations
//! or [`DEFAULT_MAX_LOOPS`] loops is cut into consecutive chunks, each moved into a private function marked
//! `noinline` and called in its place; nested regions are split first, so a
//! deep nest of ifs becomes a chain of bounded functions. The pass is C++
//! (`dialects/lib/Transforms/SplitFunctions.cpp`); this is its Rust handle.
//!
//! It runs on buffers, before the loops (`xla-cpu-codegen`): the passes after
//! it that work per function (`affine-scalrep`, `convert-scf-to-cf`, and
//! LLVM's -O3 pipeline, GVN above all) grow faster than linearly with the
//! size of one function, so bounded functions keep the compile time of
//! programs with tens of thousands of ops linear. Functions at or below the
//! thresholds are untouched: the code of normal programs does not change.
//! Loops (scf/affine loops and linalg ops on buffers, nested ones included)
//! have a threshold of their own: a deep nest of ifs on one predicate ends as
//! one `scf.if` around hundreds of small loops, few operations but one long
//! unrolled piece of loads and stores for LLVM, whose GVN is quadratic on it.
//! Bodies of control flow nesting deeper than [`DEFAULT_MAX_DEPTH`] levels
//! are outlined whole, so no function nests much deeper than that.
//!
//! The same pass runs twice in the CPU pipeline: first on linalg on tensors
//! right after inlining (`xla-split-large-functions-on-tensors`: function
//! bodies by operation count only, so every pass from fusion to
//! bufferization sees bounded functions), then on buffers as described here. The pieces and
//! the calls carry `no_inline`, so MLIR's inliner leaves them alone too.
//!
//! ```text
//! func.func @main(%a: memref<16xf32>, ...) { op1 ... op5000; return }
//! // becomes
//! func.func @main(%a: memref<16xf32>, ...) {
//!   %0 = call @main_split0(%a, ...) : (...) -> memref<16xf32>
//!   ...
//! }
//! func.func private @main_split0(...) -> memref<16xf32>
//!     attributes {passthrough = ["noinline"]} { op1 ... opK; return ... }
//! ```

use melior::pass::Pass;
use std::sync::atomic::{AtomicI64, Ordering};

/// Blocks (nested operations counted) larger than this are split. The
/// largest of the examples (test/examples) has a few hundred operations at
/// that stage; LLVM's -O3 time per operation starts to grow around a few
/// thousand.
pub const DEFAULT_MAX_OPS: i64 = 2000;

/// Blocks holding more loops than this are split too. The examples
/// (test/examples) hold at most 36 loops per function but one (101,
/// `rng_normal_split`); at 1,000 nested ifs, LLVM's time per loop with
/// pieces of about 50 loops is less than half that of pieces of 125.
pub const DEFAULT_MAX_LOOPS: i64 = 64;

/// Bodies of control flow (an `scf.if` branch, a loop body) whose operations
/// nest deeper than this are outlined whole, so that no function nests much
/// deeper: upstream passes (dominance, the greedy rewriter, the verifier)
/// walk from each operation to its ancestors, quadratic on a deep nest.
/// Below `xla-one-shot-bufferize`'s 32, so cut functions keep the in-place
/// analysis; the JAX examples nest at most 6 deep.
pub const DEFAULT_MAX_DEPTH: i64 = 16;

static MAX_OPS: AtomicI64 = AtomicI64::new(DEFAULT_MAX_OPS);
static MAX_DEPTH: AtomicI64 = AtomicI64::new(DEFAULT_MAX_DEPTH);
static MAX_LOOPS: AtomicI64 = AtomicI64::new(DEFAULT_MAX_LOOPS);

/// Sets the threshold of the passes created from now on (the tools'
/// `--split-functions-max-ops`, for tests and tuning; at least 1).
pub fn set_max_ops(max_ops: i64) {
    MAX_OPS.store(max_ops.max(1), Ordering::Relaxed);
}

/// Sets the loop threshold of the passes created from now on (the tools'
/// `--split-functions-max-loops`; at least 1).
pub fn set_max_loops(max_loops: i64) {
    MAX_LOOPS.store(max_loops.max(1), Ordering::Relaxed);
}

/// Sets the depth threshold of the passes created from now on (the tools'
/// `--split-functions-max-depth`; at least 2).
pub fn set_max_depth(max_depth: i64) {
    MAX_DEPTH.store(max_depth.max(2), Ordering::Relaxed);
}

/// Creates the pass (on a module: it adds functions).
pub fn create_split_functions_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe {
        Pass::from_raw(xla_dialects::ffi::xlaCreateSplitFunctionsPass(
            MAX_OPS.load(Ordering::Relaxed),
            MAX_LOOPS.load(Ordering::Relaxed),
            MAX_DEPTH.load(Ordering::Relaxed),
            false,
        ))
    }
}

/// Creates `xla-split-large-functions-on-tensors`: the same cut, on linalg
/// on tensors right after inlining, of function bodies only and by
/// operation count only (linalg ops are not counted as loops, so functions
/// of normal size keep their fusion and in-place updates across what would
/// be a cut). Every pass from fusion to bufferization and deallocation then
/// sees bounded functions: on one 20,000-op function, one-shot
/// bufferization's conflict analysis and the deallocation simplification
/// grew quadratically. Regions are left whole and the depth cut is left to
/// the run on buffers: calls inside control flow on tensors make one-shot
/// bufferization crash (without its analysis) or slow (with it, when the
/// pieces pass an argument through; see SplitFunctions.cpp).
pub fn create_split_tensor_functions_pass() -> Pass {
    // SAFETY: as above.
    unsafe {
        Pass::from_raw(xla_dialects::ffi::xlaCreateSplitFunctionsPass(
            MAX_OPS.load(Ordering::Relaxed),
            i64::MAX,
            MAX_DEPTH.load(Ordering::Relaxed),
            true,
        ))
    }
}
