//! GPU-specific passes of the GPU pipeline (see `passes::add_gpu_pipeline`).
//!
//! - [`interchange`]: `xla-gpu-parallel-dims-first`, linalg loops reordered
//!   so that one thread computes one output element.
//! - [`split_reductions`]: `xla-gpu-split-reductions`, reductions with few
//!   outputs as partial results in parallel plus a combining loop.
//! - [`map_loops`]: `xla-gpu-map-parallel-loops`, each outermost
//!   `scf.parallel` as a `gpu.launch` over a 1-D grid.
//! - [`accumulators`]: `xla-gpu-promote-accumulators`, reduction
//!   accumulators of kernels in registers.
//! - [`emulate`]: `xla-gpu-launch-to-loops`, kernels run as host loops, to
//!   test the mapping without a GPU.

pub mod accumulators;
pub mod emulate;
pub mod interchange;
pub mod map_loops;
pub mod split_reductions;

use melior::ir::{
    OperationRef, Value,
    attribute::IntegerAttribute,
    operation::{OperationLike, OperationResult},
};

/// The op's name (`arith.addf`, ...).
fn name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// An error that means a bug of ours, not of the input.
fn internal<E: std::fmt::Display>(error: E) -> String {
    format!("internal error: {error}")
}

/// The value of an `arith.constant` integer or index, if `value` is one.
fn constant_of(value: Value) -> Option<i64> {
    let op = OperationResult::try_from(value).ok()?.owner();
    if name(&op) != "arith.constant" {
        return None;
    }
    IntegerAttribute::try_from(op.attribute("value").ok()?).ok().map(|a| a.value())
}
