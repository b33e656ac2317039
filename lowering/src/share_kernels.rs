//! `xla-share-kernels`: linalg ops on buffers that compute the same thing
//! (the same op, attributes, body and operand types, equal constants) are
//! outlined into one private `noinline` function, a kernel, that each of
//! them calls with its own buffers. Repeated code (a model's identical
//! layers, a long chain of the same fused ops) is then compiled once, as XLA
//! compiles one function per distinct fusion. Ops that occur fewer than
//! [`DEFAULT_MIN_COPIES`] times stay where they are. The pass is C++
//! (`dialects/lib/Transforms/ShareKernels.cpp`, whose header explains the
//! rules); this is its Rust handle.
//!
//! ```text
//! linalg.generic ins(%a, %b) outs(%t0) { add }   ...   linalg.generic ins(%t0, %b) outs(%t1) { add }
//! // becomes
//! call @__xla_kernel0(%a, %b, %t0)   ...   call @__xla_kernel0(%t0, %b, %t1)
//! func.func private @__xla_kernel0(%0, %1, %2) attributes {passthrough = ["noinline"]} {
//!   linalg.generic ins(%0, %1) outs(%2) { add }
//! }
//! ```

use melior::pass::Pass;
use std::sync::atomic::{AtomicI64, Ordering};

/// Ops repeated at least this many times are shared.
pub const DEFAULT_MIN_COPIES: i64 = 2;

static MIN_COPIES: AtomicI64 = AtomicI64::new(DEFAULT_MIN_COPIES);

/// Sets the threshold of the passes created from now on (the tools'
/// `--share-kernels-min-copies`; values below 2 mean 2, and a very large
/// value turns sharing off).
pub fn set_min_copies(min_copies: i64) {
    MIN_COPIES.store(min_copies.max(2), Ordering::Relaxed);
}

/// Creates the pass (on a module: it adds functions).
pub fn create_share_kernels_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateShareKernelsPass(MIN_COPIES.load(Ordering::Relaxed))) }
}
