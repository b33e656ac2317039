//! `xla-prefer-vector-width`: the vector width LLVM's vectorizers aim for
//! in compiled code, as the `prefer_vector_width` attribute of every
//! `llvm.func` with a body (LLVM's `"prefer-vector-width"` function
//! attribute).
//!
//! LLVM's own tuning for most x86 CPUs with AVX-512 (Skylake-SP through
//! Sapphire Rapids, Zen 4) prefers 256-bit vectors: its loop and SLP
//! vectorizers then never use a zmm register, although the target has
//! them. Our element-wise loops are long, branch-free streams of vector
//! arithmetic (the inline math of `xla-polynomial-math`), where the full
//! width pays: 1M f64 `tanh` on one core of a Sapphire Rapids VM, 1.88 ms
//! with 256-bit vectors, 1.35 ms with 512 (2026-11-26, the same LLVM IR in
//! a C harness; `bench/bench.py --ab-arg=--prefer-vector-width
//! --ab-arg=0` compares the two on every benchmark). So the pipeline asks
//! for [`DEFAULT_WIDTH`] bits. The attribute is a preference:
//! on a target without AVX-512 the backend's widest legal vectors (256 bits
//! with AVX2) are used as before, so nothing here depends on the compiling
//! host; the generated code for `--target-cpu` follows that CPU's features.
//!
//! `xla-run --prefer-vector-width N` (also `xla-opt`, `xla-translate`)
//! sets another width; `0` leaves LLVM's tuning alone (no attribute). The
//! contraction kernels choose their vector type themselves
//! (`xla-contraction-kernels`), so this changes only what LLVM vectorizes.
//!
//! ```mlir
//! // before
//! llvm.func @main(%arg0: !llvm.ptr, ...) { ... }
//! // after
//! llvm.func @main(%arg0: !llvm.ptr, ...) attributes {prefer_vector_width = "512"} { ... }
//! ```

use melior::{
    ir::{BlockLike, OperationRef, RegionLike, attribute::StringAttribute, operation::OperationLike},
    pass::{ExternalPass, Pass},
};
use std::sync::atomic::{AtomicU32, Ordering};

/// The width (bits) the pipeline asks for unless told otherwise.
pub const DEFAULT_WIDTH: u32 = 512;

static WIDTH: AtomicU32 = AtomicU32::new(DEFAULT_WIDTH);

/// Sets the width (bits) for the passes that run from now on; 0: no
/// attribute, LLVM's own tuning. Refuses widths that are not 0 or a power
/// of two from 64 to 4096.
pub fn set_width(bits: u32) -> Result<(), String> {
    if bits != 0 && !(bits.is_power_of_two() && (64..=4096).contains(&bits)) {
        return Err(format!("vector width {bits} is not 0 or a power of two from 64 to 4096"));
    }
    WIDTH.store(bits, Ordering::Relaxed);
    Ok(())
}

/// The width the pass sets (0: none).
pub fn width() -> u32 {
    WIDTH.load(Ordering::Relaxed)
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_prefer_vector_width_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let bits = width();
            if bits == 0 {
                return;
            }
            let Ok(body) = module.region(0) else { return };
            let Some(block) = body.first_block() else { return };
            // SAFETY: the context outlives the module and this pass.
            let context = crate::context_of(module.context());
            let value = StringAttribute::new(context, &bits.to_string());
            let mut next = block.first_operation();
            while let Some(op) = next {
                let has_body = op.region(0).ok().and_then(|r| r.first_block()).is_some();
                if crate::op_name(&op) == "llvm.func" && has_body && op.attribute("prefer_vector_width").is_err() {
                    crate::builders::set_attribute(&op, "prefer_vector_width", value.into());
                }
                next = op.next_in_block();
            }
        },
        "XlaPreferVectorWidth",
        "xla-prefer-vector-width",
        "Set prefer_vector_width (default 512 bits; xla-run --prefer-vector-width) on every llvm.func with a body: LLVM vectorizes with the target's full width",
        "builtin.module",
    )
}
