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
//! - [`devices`]: programs over several devices: the communicator and the
//!   collectives' runtime ABI.
//! - [`host_transfer`]: infeed, outfeed and host send/recv at run time
//!   (the handler of a run, [`host_transfer::HostQueues`]).
//! - [`memory`]: the heap bytes the JIT's compiled code allocates, counted.
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
pub mod dump;
pub mod cuda;
pub mod gpu;
pub mod compare;
pub mod devices;
pub mod host_tensor;
pub mod host_transfer;
pub mod jit;
pub mod layout;
pub mod memory;
pub mod mpi;
pub mod pool;
pub mod signature;
pub mod soft_float;
pub mod timing;

pub use host_tensor::{ElementType, HostTensor, HostTensorError};
pub use gpu::GpuExecutable;
pub use jit::{AlignedBuffer, BenchStats, CpuExecutable};
pub use signature::{Signature, TensorSpec};

/// Errors of compilation and execution. Messages are complete sentences
/// meant for the user of the tools.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// `functions`: the module's function names, to say what is there.
    #[error("no function named `{name}` in the module{}", entry_hint(.functions))]
    EntryNotFound { name: String, functions: Vec<String> },
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
    /// A temporary of the compiled program could not be allocated (its
    /// `malloc` failed); the run was abandoned.
    #[error("execution failed: out of memory: the compiled program could not allocate a temporary buffer of {bytes} bytes ({:.1} GiB)", *bytes as f64 / (1u64 << 30) as f64)]
    OutOfMemory { bytes: u64 },
    /// A collective could not complete (a missing or failed peer, process
    /// groups naming devices that do not exist, ...).
    #[error("execution failed: {0}")]
    Collective(String),
    /// A host transfer failed (no infeed value left, a value of the wrong
    /// shape, no handler); the message names the op and its location.
    #[error("execution failed: {0}")]
    HostTransfer(String),
    /// No usable GPU, or a CUDA driver error.
    #[error("GPU: {0}")]
    Device(String),
    #[error(transparent)]
    HostTensor(#[from] HostTensorError),
}

/// What a module without the requested entry does have.
fn entry_hint(functions: &[String]) -> String {
    match functions {
        [] => " (it has no functions: is the input empty?)".to_owned(),
        names if names.len() <= 8 => format!(" (its functions: @{})", names.join(", @")),
        names => format!(" (its functions: @{}, ... {} in all)", names[..8].join(", @"), names.len()),
    }
}
