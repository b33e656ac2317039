//! Compiling lowered programs and running them.
//!
//! - [`host_tensor`]: tensors in host memory, `.npy` files and inline specs.
//! - [`signature`]: the entry function's parameter and result types, read
//!   from the StableHLO module before it is lowered.
//! - [`jit`]: CPU JIT through MLIR's ExecutionEngine ([`CpuExecutable`]).
//! - [`gpu`]: GPU execution ([`GpuExecutable`]): kernels as PTX, host code
//!   JIT-compiled, run through [`cuda`], the CUDA driver loaded at run time.
//! - [`codegen`]: LLVM IR and native objects (inkwell).
//! - [`aot`]: ahead-of-time compilation to an object + C header pair.
//! - [`layout`]: `minor_to_major` layouts at the boundary of compiled code.
//! - [`check`]: the `check` dialect's expectations (`xla-run --check`).
//!
//! Calling convention of compiled entry points (architecture invariant): the
//! CPU pipeline turns every result into a caller-allocated out-parameter, so
//! `_mlir_ciface_<entry>(in_0*, ..., in_n*, out_0*, ..., out_m*)` takes one
//! pointer to a memref descriptor per input, then per result; buffers are
//! dense row-major, owned by the caller, and never freed by compiled code.

pub mod aot;
pub mod check;
pub mod codegen;
pub mod cuda;
pub mod gpu;
pub mod compare;
pub mod host_tensor;
pub mod jit;
pub mod layout;
pub mod signature;

pub use host_tensor::{ElementType, HostTensor, HostTensorError};
pub use gpu::GpuExecutable;
pub use jit::{BenchStats, CpuExecutable};
pub use signature::{Signature, TensorSpec};

/// Errors of compilation and execution. Messages are complete sentences
/// meant for the user of the tools.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error("no function named `{0}` in the module")]
    EntryNotFound(String),
    #[error("unsupported signature of `{function}`: {reason}")]
    Signature { function: String, reason: String },
    #[error("invalid layout for `{function}`: {reason}")]
    Layout { function: String, reason: String },
    #[error("compilation failed: {0}")]
    Compile(String),
    #[error("`{function}` takes {expected} input(s), but {given} were given")]
    InputCount { function: String, expected: usize, given: usize },
    #[error("input {index} of `{function}` must be {expected}, but the given value is {given}")]
    InputMismatch { function: String, index: usize, expected: String, given: String },
    #[error("execution failed: {0}")]
    Execute(String),
    /// No usable GPU, or a CUDA driver error.
    #[error("GPU: {0}")]
    Device(String),
    #[error(transparent)]
    HostTensor(#[from] HostTensorError),
}
