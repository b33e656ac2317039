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
