//! `xla-fuse-elementwise-rounds`: element-wise linalg fusion whose cost grows
//! as N log N with the length of a chain (upstream's greedy
//! `linalg-fuse-elementwise-ops` re-clones the body fused so far at every
//! step: O(N^2)). The pass is C++ (`dialects/lib/Transforms/ElementwiseFusion.cpp`,
//! built on `linalg::fuseElementwiseOps`); this is its Rust handle.

use melior::pass::Pass;

/// Creates the pass (runs on any op; fuses the `linalg.generic` ops nested in it).
pub fn create_fuse_elementwise_rounds_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateElementwiseFusionRoundsPass()) }
}
