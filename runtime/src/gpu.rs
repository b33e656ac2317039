//! GPU execution: lower a StableHLO module with the GPU pipeline (kernels as
//! PTX for the device's architecture, host code to the LLVM dialect), JIT the
//! host code with MLIR's ExecutionEngine, and run it with the CUDA driver.
//!
//! How a program is split: every parallel loop nest (element-wise maps,
//! the output loops of reductions, dot_general and convolution, copies,
//! gathers, ...) is a kernel; code that is sequential by nature — the
//! condition and trip of `while`, the branches of `if`/`case`, the merge
//! passes of `sort`, scans — stays in host code, which launches kernels in
//! between. All buffers are CUDA managed memory, so host code reads a loop
//! condition or writes a scalar directly. The host waits for the device
//! after each launch, or after each run of launches that no host memory
//! access separates (`xla-gpu-async-launches`).
//!
//! Inputs are copied into managed buffers, results come back from managed
//! buffers; nothing is left allocated after a call (the host code frees
//! its temporaries through the runtime ABI of [`crate::cuda`]).

use crate::{
    BenchStats, HostTensor, RuntimeError, Signature,
    cuda::{self, Cuda},
    jit::{Engine, EntryBuffer, mark_public_functions, run_entry},
};
use melior::{Context, ir::Module, pass::PassManager};

/// A managed-memory buffer, freed on drop.
struct ManagedBuffer {
    cuda: &'static Cuda,
    ptr: *mut u8,
    len: usize,
}

impl ManagedBuffer {
    fn new(cuda: &'static Cuda, len: usize) -> Result<Self, RuntimeError> {
        let ptr = cuda.alloc_managed(len).map_err(RuntimeError::Execute)?;
        // SAFETY: managed memory is host-accessible; `len.max(1)` bytes
        // were allocated.
        unsafe { std::ptr::write_bytes(ptr, 0, len.max(1)) };
        Ok(Self { cuda, ptr, len })
    }

}

impl EntryBuffer for ManagedBuffer {
    fn ptr(&self) -> *mut u8 {
        self.ptr
    }
    fn len(&self) -> usize {
        self.len
    }
}

impl Drop for ManagedBuffer {
    fn drop(&mut self) {
        if let Err(error) = self.cuda.free(self.ptr) {
            eprintln!("warning: {error}");
        }
    }
}

/// What the GPU is, for reports.
pub fn device_description() -> Result<String, RuntimeError> {
    let cuda = Cuda::get().map_err(RuntimeError::Device)?;
    let (major, minor) = cuda.compute_capability;
    Ok(format!(
        "{} (compute capability {major}.{minor}, CUDA driver {}.{})",
        cuda.device_name,
        cuda.driver_version / 1000,
        cuda.driver_version % 1000 / 10
    ))
}

/// A compiled entry point for the GPU.
pub struct GpuExecutable {
    // Field order matters: the function pointer dies before the engine.
    function: *mut std::ffi::c_void,
    /// Owns the host code; its destructors unload the kernel modules.
    #[allow(dead_code)]
    engine: Engine,
    signature: Signature,
    cuda: &'static Cuda,
}

impl GpuExecutable {
    /// Lowers `module` in place for the current device and JIT-compiles the
    /// host code. Fails with [`RuntimeError::Device`] when there is no
    /// usable GPU (no driver library, no device), before compiling.
    pub fn compile(context: &Context, module: &mut Module, entry: &str) -> Result<Self, RuntimeError> {
        if !xla_lowering::stablehlo_to_linalg::host_transfer::reject_host_transfers(module.as_operation(), "the GPU") {
            return Err(RuntimeError::Compile("the program has host transfers (see the errors above)".into()));
        }
        let cuda = Cuda::get().map_err(RuntimeError::Device)?;
        let signature = Signature::of(module, entry)?;
        mark_public_functions(context, module);
        let libdevice = xla_lowering::passes::find_libdevice();
        let manager = PassManager::new(context);
        let passes = manager.as_operation_pass_manager();
        let setup = xla_lowering::passes::add_gpu_pipeline(&passes, &cuda.arch(), libdevice.as_deref())
            .and_then(|_| xla_lowering::passes::add_gpu_host_lowering(&passes));
        setup.map_err(|e| RuntimeError::Compile(e.to_string()))?;
        xla_lowering::passes::instrument(context, &manager);
        manager
            .run(module)
            .map_err(|_| RuntimeError::Compile("the GPU pipeline failed (see the errors above)".into()))?;
        drop(manager);
        if crate::dump::dir().is_some() {
            let kernels = crate::codegen::extract_ptx(module)?;
            let all: String = kernels.iter().map(|(name, ptx)| format!("// gpu.binary @{name}\n{ptx}")).collect();
            crate::dump::write_stage("kernels.ptx", all.as_bytes())?;
        }
        cuda::take_error();
        let engine = Engine::with_symbols(module, 3, &cuda::abi_symbols())?;
        // The global constructors loaded the kernel modules.
        if let Some(error) = cuda::take_error() {
            let hint = if libdevice.is_none() {
                " (no libdevice.10.bc was found for math functions: set XLA_LIBDEVICE or CUDA_HOME)"
            } else {
                ""
            };
            return Err(RuntimeError::Device(format!("{error}{hint}")));
        }
        let function = engine
            .lookup_packed_c_interface(&xla_lowering::reserved_symbols::compiled_name(entry))
            .ok_or_else(|| RuntimeError::Compile(format!("the JIT has no symbol `_mlir_ciface_{entry}` (is `{entry}` public?)")))?;
        Ok(Self { function, engine, signature, cuda })
    }

    /// The entry point's signature.
    pub fn signature(&self) -> &Signature {
        &self.signature
    }

    fn run(&self, inputs: &[HostTensor], runs: usize) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError> {
        cuda::take_error();
        // After each call: wait for the device (results are read on the
        // host), then report the first driver error of the call, if any.
        let after_call = || {
            self.cuda.synchronize().map_err(RuntimeError::Device)?;
            cuda::take_error().map_or(Ok(()), |error| Err(RuntimeError::Device(error)))
        };
        // SAFETY: `function` is the C interface of the entry point, whose
        // signature `run_entry` checks against the inputs; the buffers are
        // managed memory, readable by host code and kernels alike.
        unsafe {
            run_entry(self.function, &self.signature, inputs, runs, |len| ManagedBuffer::new(self.cuda, len), after_call)
        }
    }

    /// Runs the entry point once.
    pub fn execute(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RuntimeError> {
        Ok(self.run(inputs, 1)?.0)
    }

    /// Runs the entry point `runs` times after one warm-up run (each time
    /// includes waiting for the device).
    pub fn bench(&self, inputs: &[HostTensor], runs: usize) -> Result<BenchStats, RuntimeError> {
        self.run(inputs, 1)?;
        let (_, times) = self.run(inputs, runs)?;
        Ok(BenchStats::from_times(times))
    }
}
