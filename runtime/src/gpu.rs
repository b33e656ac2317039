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
//! condition or writes a scalar directly; every launch is synchronous.
//!
//! Inputs are copied into managed buffers, results come back from managed
//! buffers; nothing is left allocated after a call (the host code frees
//! its temporaries through the runtime ABI of [`crate::cuda`]).

use crate::{
    BenchStats, HostTensor, RuntimeError, Signature,
    cuda::{self, Cuda},
    jit::{Engine, call_packed, check_inputs, descriptor_of, mark_public_functions},
};
use melior::{Context, ir::Module, pass::PassManager};
use std::time::Instant;

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

    fn from_bytes(cuda: &'static Cuda, bytes: &[u8]) -> Result<Self, RuntimeError> {
        let buffer = Self::new(cuda, bytes.len())?;
        // SAFETY: the buffer holds `bytes.len()` bytes and does not overlap.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), buffer.ptr, bytes.len()) };
        Ok(buffer)
    }

    fn to_vec(&self) -> Vec<u8> {
        // SAFETY: `ptr` points to `len` bytes of managed memory; the caller
        // synchronized with the device.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }.to_vec()
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
        let cuda = Cuda::get().map_err(RuntimeError::Device)?;
        let signature = Signature::of(module, entry)?;
        mark_public_functions(context, module);
        let libdevice = xla_lowering::passes::find_libdevice();
        let manager = PassManager::new(context);
        let passes = manager.as_operation_pass_manager();
        let setup = xla_lowering::passes::add_gpu_pipeline(&passes, &cuda.arch(), libdevice.as_deref())
            .and_then(|_| xla_lowering::passes::add_gpu_host_lowering(&passes));
        setup.map_err(RuntimeError::Compile)?;
        manager
            .run(module)
            .map_err(|_| RuntimeError::Compile("the GPU pipeline failed (see the errors above)".into()))?;
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

    fn run(&self, inputs: &[HostTensor], runs: usize) -> Result<(Vec<HostTensor>, Vec<f64>), RuntimeError> {
        check_inputs(&self.signature, inputs)?;
        let input_buffers: Vec<ManagedBuffer> =
            inputs.iter().map(|t| ManagedBuffer::from_bytes(self.cuda, &t.data)).collect::<Result<_, _>>()?;
        let output_buffers: Vec<ManagedBuffer> = self
            .signature
            .outputs
            .iter()
            .map(|spec| ManagedBuffer::new(self.cuda, spec.byte_size().unwrap_or(usize::MAX)))
            .collect::<Result<_, _>>()?;
        let mut descriptors: Vec<Vec<u64>> = input_buffers
            .iter()
            .zip(inputs)
            .map(|(buffer, tensor)| descriptor_of(buffer.ptr, &tensor.shape))
            .chain(output_buffers.iter().zip(&self.signature.outputs).map(|(b, spec)| descriptor_of(b.ptr, &spec.shape)))
            .collect();
        let arguments: Vec<*mut u64> = descriptors.iter_mut().map(|d| d.as_mut_ptr()).collect();
        let mut times = Vec::with_capacity(runs.max(1));
        cuda::take_error();
        for _ in 0..runs.max(1) {
            let start = Instant::now();
            // SAFETY: as for the CPU (`CpuExecutable::run`): the descriptors
            // describe live managed buffers of the signature's shapes.
            unsafe { call_packed(self.function, &arguments) };
            self.cuda.synchronize().map_err(RuntimeError::Device)?;
            times.push(start.elapsed().as_secs_f64() * 1e3);
            if let Some(error) = cuda::take_error() {
                return Err(RuntimeError::Device(error));
            }
        }
        let outputs = output_buffers
            .iter()
            .zip(&self.signature.outputs)
            .map(|(buffer, spec)| HostTensor::new(spec.element_type, spec.shape.clone(), buffer.to_vec()))
            .collect::<Result<_, _>>()?;
        Ok((outputs, times))
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
