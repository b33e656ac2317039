//! `xla-fuse-elementwise`: element-wise linalg fusion whose cost grows
//! linearly with the program (upstream's greedy `linalg-fuse-elementwise-ops`
//! re-clones the body fused so far at every step, O(N^2) on a chain, and
//! builds unbounded loop bodies on which LLVM is quadratic). Same rewrites as
//! the upstream pass; fusion first in rounds of disjoint pairs, fused bodies
//! of at most 1024 operations. The pass is C++
//! (`dialects/lib/Transforms/ElementwiseFusion.cpp`, built on
//! `linalg::fuseElementwiseOps` and upstream's pattern sets); this is its
//! Rust handle.

use melior::pass::Pass;

/// Creates the pass (runs on any op; fuses the `linalg.generic` ops nested in it).
pub fn create_fuse_elementwise_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateFuseElementwisePass()) }
}
