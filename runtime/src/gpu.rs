//! GPU execution: lower a StableHLO module with the GPU pipeline (kernels as
//! PTX for the device's architecture, host code to the LLVM dialect), JIT the
//! host code with MLIR's ExecutionEngine, and run it with the CUDA driver.
//!
//! How a program is split: every parallel loop nest (element-wise maps,
//! the output loops of reductions, dot_general and convolution, copies,
//! gathers, ...) is a kernel; code that is sequential by nature — the
//! condition and trip of `while`, the branches of `if`/`case`, the merge
//! passes of `sort`, scans — stays in host code, which launches kernels in
//! between. Buffers that host code touches (a loop's state read by its
//! condition, a host copy, the merge buffers of a sort) are CUDA managed
//! memory, so host code reads or writes them directly. Arguments and
//! results that only kernels touch (`kernel_only_arguments`, decided after
//! the kernels are outlined) are device memory (`cuMemAlloc`), filled by
//! `cuMemcpyHtoD` before the call and read back by `cuMemcpyDtoH` after it
//! (`--no-gpu-device-buffers` makes them managed too, for comparisons). The
//! host waits for the device after each launch, or after each run of
//! launches that no host memory access separates (`xla-gpu-async-launches`).
//!
//! Nothing is left allocated after a call (the host code frees its
//! temporaries through the runtime ABI of [`crate::cuda`]). `bench` also
//! reports the device time of each call, from CUDA events recorded around
//! its launches ([`cuda::DeviceTimer`]), and the time of its first call,
//! host inputs to host results.

use crate::{
    BenchStats, HostTensor, RuntimeError, Signature,
    cuda::{self, Cuda},
    jit::{Engine, EntryBuffer, mark_public_functions, run_entry},
};
use melior::{Context, ir::Module, pass::PassManager};

/// Whether entry arguments and results that only kernels touch live in
/// device memory (the default) or, like the others, in managed memory
/// (`--no-gpu-device-buffers`, for comparisons).
static DEVICE_BUFFERS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns device-resident arguments and results on or off for the programs
/// compiled from now on.
pub fn set_device_buffers(enabled: bool) {
    DEVICE_BUFFERS.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// An argument or result buffer of a call, freed on drop: managed memory
/// (host code may touch it between launches) or device memory (only
/// kernels use it; filled and read back by explicit copies).
struct GpuBuffer {
    cuda: &'static Cuda,
    ptr: *mut u8,
    len: usize,
    device: bool,
}

impl GpuBuffer {
    fn new(cuda: &'static Cuda, len: usize, device: bool) -> Result<Self, RuntimeError> {
        if device {
            let ptr = cuda.alloc_device(len).map_err(RuntimeError::Device)?;
            return Ok(Self { cuda, ptr, len, device });
        }
        let ptr = cuda.alloc_managed(len).map_err(RuntimeError::Device)?;
        // SAFETY: managed memory is host-accessible; `len.max(1)` bytes
        // were allocated.
        unsafe { std::ptr::write_bytes(ptr, 0, len.max(1)) };
        Ok(Self { cuda, ptr, len, device })
    }
}

impl EntryBuffer for GpuBuffer {
    fn ptr(&self) -> *mut u8 {
        self.ptr
    }
    fn len(&self) -> usize {
        self.len
    }
    fn write(&self, bytes: &[u8]) -> Result<(), RuntimeError> {
        if !self.device {
            // SAFETY: managed memory is host-accessible; `len` bytes.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr, bytes.len().min(self.len)) };
            return Ok(());
        }
        self.cuda.copy_to_device(self.ptr, &bytes[..bytes.len().min(self.len)]).map_err(RuntimeError::Device)
    }
    fn read(&self) -> Result<Vec<u8>, RuntimeError> {
        if !self.device {
            // SAFETY: managed memory is host-accessible; `len` bytes, all
            // written or zeroed, and the device has finished the call.
            return Ok(unsafe { std::slice::from_raw_parts(self.ptr, self.len) }.to_vec());
        }
        self.cuda.copy_from_device(self.ptr, self.len).map_err(RuntimeError::Device)
    }
}

impl Drop for GpuBuffer {
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
    /// Per argument, then per result: device memory (see `device_resident`).
    device_resident: Vec<bool>,
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
        // One pass manager: the kernels, then a pass that records which
        // arguments only kernels touch (device-resident buffers), then the
        // host code.
        let kernel_only = std::sync::Arc::new(std::sync::Mutex::new(None));
        let manager = PassManager::new(context);
        let passes = manager.as_operation_pass_manager();
        let setup = xla_lowering::passes::add_gpu_pipeline(&passes, &cuda.arch(), libdevice.as_deref())
            .map(|_| {
                passes.add_pass(xla_lowering::gpu_host::create_record_kernel_only_arguments_pass(
                    entry.to_owned(),
                    kernel_only.clone(),
                ))
            })
            .and_then(|_| xla_lowering::passes::add_gpu_host_lowering(&passes));
        setup.map_err(|e| RuntimeError::Compile(e.to_string()))?;
        xla_lowering::passes::instrument(context, &manager);
        manager
            .run(module)
            .map_err(|_| RuntimeError::Compile("the GPU pipeline failed (see the errors above)".into()))?;
        let arguments = signature.inputs.len() + signature.outputs.len();
        let found = kernel_only.lock().unwrap_or_else(|e| e.into_inner()).take();
        let device_resident = match found {
            Some(found) if found.len() == arguments && DEVICE_BUFFERS.load(std::sync::atomic::Ordering::Relaxed) => found,
            _ => vec![false; arguments],
        };
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
        Ok(Self { function, engine, signature, cuda, device_resident })
    }

    /// For each argument, then each result: whether its buffer is device
    /// memory (only kernels touch it) rather than managed memory.
    pub fn device_resident(&self) -> &[bool] {
        &self.device_resident
    }

    /// The entry point's signature.
    pub fn signature(&self) -> &Signature {
        &self.signature
    }

    fn run(
        &self,
        inputs: &[HostTensor],
        runs: usize,
        timer: Option<&cuda::DeviceTimer>,
    ) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>, Vec<f64>), RuntimeError> {
        cuda::take_error();
        let mut device_times = Vec::new();
        if let Some(timer) = timer {
            timer.arm();
        }
        // After each call: wait for the device (results are read on the
        // host), then report the first driver error of the call, if any.
        let after_call = || {
            self.cuda.synchronize().map_err(RuntimeError::Device)?;
            cuda::take_error().map_or(Ok(()), |error| Err(RuntimeError::Device(error)))?;
            if let Some(timer) = timer {
                device_times.push(timer.elapsed_ms(self.cuda).map_err(RuntimeError::Device)?);
                timer.arm();
            }
            Ok(())
        };
        let allocate = |index: usize, len: usize| {
            GpuBuffer::new(self.cuda, len, self.device_resident.get(index).copied().unwrap_or(false))
        };
        // SAFETY: `function` is the C interface of the entry point, whose
        // signature `run_entry` checks against the inputs; kernels read and
        // write every buffer, host code only the managed ones (the others
        // only kernels touch: `kernel_only_arguments`).
        let (outputs, times) =
            unsafe { run_entry(self.function, &self.signature, inputs, runs, allocate, after_call) }?;
        if let Some(timer) = timer {
            let _ = timer.elapsed_ms(self.cuda);
        }
        Ok((outputs, times, device_times))
    }

    /// Runs the entry point once.
    pub fn execute(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RuntimeError> {
        Ok(self.run(inputs, 1, None)?.0)
    }

    /// Runs the entry point `runs` times after one warm-up run (each time
    /// includes waiting for the device). The statistics add the device
    /// time of each run (CUDA events around its kernels) and the time of
    /// the warm-up run from host inputs to host results.
    pub fn bench(&self, inputs: &[HostTensor], runs: usize) -> Result<BenchStats, RuntimeError> {
        let start = std::time::Instant::now();
        self.run(inputs, 1, None)?;
        let first_call_ms = start.elapsed().as_secs_f64() * 1e3;
        let timer = cuda::DeviceTimer::new(self.cuda).map_err(RuntimeError::Device)?;
        let result = self.run(inputs, runs, Some(&timer));
        timer.destroy(self.cuda);
        let (_, times, device_times) = result?;
        let mut stats = BenchStats::from_times(times);
        stats.first_call_ms = Some(first_call_ms);
        stats.device_median_ms = (!device_times.is_empty()).then(|| crate::jit::median(device_times));
        Ok(stats)
    }
}
