//! Lowering passes written in Rust and the named pipelines that the tools
//! share.
//!
//! - [`stablehlo_to_linalg`]: StableHLO → linalg on tensors, one file per op
//!   family, with the pass `stablehlo-legalize-to-linalg`.
//! - [`passes`]: the table of our passes and pipelines (`xla-cpu-pipeline`
//!   = StableHLO → linalg → bufferization → affine loops → LLVM dialect).
//! - [`builders`]: the only place that spells upstream op names.

pub mod builders;
pub mod chlo;
pub mod contraction_kernels;
pub mod diagnostics;
pub mod distinct_inits;
pub mod distinct_results;
pub mod element;
pub mod expand_copies;
pub mod fusion;
pub mod gpu;
pub mod gpu_host;
pub mod noalias;
pub mod passes;
pub mod readonly_args;
pub mod reserved_symbols;
pub mod patterns;
pub mod polynomial_exp;
pub mod reassociate;
pub mod signedness;
pub mod stablehlo_to_linalg;
