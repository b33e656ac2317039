//! CPU JIT: lower a StableHLO module with `xla-cpu-pipeline`, compile it with
//! MLIR's ExecutionEngine, and call the entry point on host tensors.

use crate::{ElementType, HostTensor, RuntimeError, Signature, TensorSpec};
use melior::{
    Context,
    ir::{Attribute, AttributeLike, BlockLike, Module, RegionLike, attribute::StringAttribute, operation::OperationLike},
};
use std::{
    alloc::{Layout, alloc_zeroed, dealloc},
    time::Instant,
};

/// Buffers handed to compiled code are aligned for any vector load.
pub const BUFFER_ALIGNMENT: usize = 64;

/// A dense, zero-initialised, 64-byte aligned host buffer: what compiled
/// code reads its arguments from and writes its results into. Callers that
/// keep their data in these ([`CpuExecutable::execute_in_place`], the PJRT
/// plugin) pass it to compiled code without a copy.
pub struct AlignedBuffer {
    ptr: *mut u8,
    layout: Layout,
    len: usize,
}

// SAFETY: an owned allocation, like a Vec<u8>.
unsafe impl Send for AlignedBuffer {}
unsafe impl Sync for AlignedBuffer {}

impl AlignedBuffer {
    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` initialised bytes (zeroed at allocation).
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// The bytes, to fill.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as above; `&mut self` is the only access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// A zeroed buffer of `len` bytes (a 1-byte allocation for 0: compiled
    /// code never sees a null pointer).
    pub fn new(len: usize) -> Result<Self, RuntimeError> {
        let error = || RuntimeError::Execute(format!("cannot allocate a buffer of {len} bytes"));
        // A zero-sized tensor still gets a valid (1-byte) allocation, so
        // compiled code never sees a null pointer.
        let layout = Layout::from_size_align(len.max(1), BUFFER_ALIGNMENT).map_err(|_| error())?;
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { alloc_zeroed(layout) };
        if ptr.is_null() {
            return Err(error());
        }
        Ok(Self { ptr, layout, len })
    }

}

/// A dense buffer that compiled code reads or writes: host memory for the
/// CPU, managed memory for the GPU.
pub(crate) trait EntryBuffer: Sized {
    /// Its first byte.
    fn ptr(&self) -> *mut u8;
    /// Its size in bytes.
    fn len(&self) -> usize;
    /// Fills it with `bytes` (exactly `len()` of them).
    fn write(&self, bytes: &[u8]) -> Result<(), RuntimeError> {
        let len = bytes.len().min(self.len());
        // SAFETY: the buffer holds `len()` host-addressable bytes and does
        // not overlap the slice.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr(), len) };
        Ok(())
    }
    /// Its bytes.
    fn read(&self) -> Result<Vec<u8>, RuntimeError> {
        // SAFETY: the buffer holds `len()` host-addressable bytes, all
        // written (or zeroed).
        Ok(unsafe { std::slice::from_raw_parts(self.ptr(), self.len()) }.to_vec())
    }
}

impl EntryBuffer for AlignedBuffer {
    fn ptr(&self) -> *mut u8 {
        self.ptr
    }
    fn len(&self) -> usize {
        self.len
    }
}

/// CPU time used so far by this process (all threads), in milliseconds.
fn process_cpu_ms() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid clock id and a writable timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 * 1e3 + now.tv_nsec as f64 * 1e-6
}

/// Runs a compiled entry point `runs` times (at least once) on `inputs`:
/// buffers for inputs (filled) and results (zeroed) from `allocate`, one
/// descriptor per buffer, `after_call` after each call (inside the timed
/// part: the GPU waits for the device there). Returns the results of the
/// last run and the (wall, process CPU) time of each run in ms.
///
/// # Safety
/// `function` must be the packed wrapper of the C interface of an entry
/// point with `signature`; the compiled code writes only into the result
/// buffers.
pub(crate) unsafe fn run_entry<B: EntryBuffer>(
    function: *mut std::ffi::c_void,
    signature: &Signature,
    inputs: &[HostTensor],
    runs: usize,
    allocate: impl Fn(usize, usize) -> Result<B, RuntimeError>,
    mut after_call: impl FnMut() -> Result<(), RuntimeError>,
) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError> {
    check_inputs(signature, inputs)?;
    let input_buffers: Vec<B> = inputs
        .iter()
        .enumerate()
        .map(|(index, tensor)| {
            let buffer = allocate(index, tensor.data.len())?;
            buffer.write(&tensor.data)?;
            Ok(buffer)
        })
        .collect::<Result<_, RuntimeError>>()?;
    let output_buffers: Vec<B> = signature
        .outputs
        .iter()
        .enumerate()
        // Byte sizes were checked when the signature was read.
        .map(|(k, spec)| allocate(inputs.len() + k, spec.byte_size().unwrap_or(usize::MAX)))
        .collect::<Result<_, _>>()?;
    let mut descriptors: Vec<Vec<u64>> = input_buffers
        .iter()
        .zip(inputs)
        .map(|(buffer, tensor)| descriptor_of(buffer.ptr(), &tensor.shape))
        .chain(output_buffers.iter().zip(&signature.outputs).map(|(b, spec)| descriptor_of(b.ptr(), &spec.shape)))
        .collect();
    // The C interface takes a pointer to each descriptor.
    let arguments: Vec<*mut u64> = descriptors.iter_mut().map(|d| d.as_mut_ptr()).collect();
    let mut times = Vec::with_capacity(runs.max(1));
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let cpu_start = process_cpu_ms();
        // SAFETY: guaranteed by the caller; every descriptor describes a
        // live buffer of the declared shape.
        unsafe { call_packed(function, &arguments)? };
        after_call()?;
        times.push((start.elapsed().as_secs_f64() * 1e3, process_cpu_ms() - cpu_start));
    }
    let outputs = output_buffers
        .iter()
        .zip(&signature.outputs)
        .map(|(buffer, spec)| Ok(HostTensor::new(spec.element_type, spec.shape.clone(), buffer.read()?)?))
        .collect::<Result<_, RuntimeError>>()?;
    Ok((outputs, times))
}

impl Drop for AlignedBuffer {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.ptr, self.layout) }
    }
}

/// A ranked memref descriptor as MLIR's C interface lays it out:
/// `{allocated, aligned, offset, sizes[rank], strides[rank]}` of 64-bit words.
/// The descriptor of a dense row-major buffer at `ptr`.
pub(crate) fn descriptor_of(ptr: *mut u8, shape: &[usize]) -> Vec<u64> {
    let mut words = Vec::with_capacity(3 + 2 * shape.len());
    push_descriptor(&mut words, ptr, shape);
    words
}

/// Appends the memref descriptor of a dense row-major buffer: allocated and
/// aligned pointer, offset 0, sizes, strides.
fn push_descriptor(words: &mut Vec<u64>, ptr: *mut u8, shape: &[usize]) {
    words.extend([ptr as u64, ptr as u64, 0]);
    words.extend(shape.iter().map(|&d| d as u64));
    let strides_at = words.len();
    words.resize(strides_at + shape.len(), 0);
    let mut stride = 1u64;
    for (i, &dim) in shape.iter().enumerate().rev() {
        words[strides_at + i] = stride;
        stride *= dim as u64;
    }
}

/// MLIR's ExecutionEngine (ORC JIT) over a module in the LLVM dialect.
/// melior's wrapper neither checks creation nor runs the initialisation step
/// that LLVM 22 requires, hence this small one.
pub(crate) struct Engine {
    raw: mlir_sys::MlirExecutionEngine,
}

impl Engine {
    /// With the runtime's own symbols: the counted heap (`memory`), the allocation-failure hook, the
    /// thread pool's entry point, the collectives' and the host transfers' ABI, and the
    /// conversions to bf16 that LLVM may call (`soft_float`).
    fn new(module: &Module, opt_level: i32) -> Result<Self, RuntimeError> {
        let hook = xla_allocation_failed as unsafe extern "C" fn(u64) as *mut std::ffi::c_void;
        let [aligned_alloc, calloc, malloc, free, realloc] = crate::memory::symbols();
        internalize_helpers(module);
        let [truncsfbf2, truncdfbf2] = crate::soft_float::symbols();
        Self::with_symbols(
            module,
            opt_level,
            &[
                truncsfbf2,
                truncdfbf2,
                aligned_alloc,
                calloc,
                malloc,
                free,
                realloc,
                (xla_lowering::checked_alloc::ALLOCATION_FAILED, hook),
                (xla_lowering::parallel_tasks::PARALLEL_FOR, crate::pool::parallel_for_address()),
                (xla_lowering::stablehlo_to_linalg::spmd::DEVICE_ID, crate::devices::device_id_address()),
                (xla_lowering::stablehlo_to_linalg::spmd::COLLECTIVE, crate::devices::collective_address()),
                (xla_lowering::stablehlo_to_linalg::host_transfer::HOST_TRANSFER, crate::host_transfer::host_transfer_address()),
            ],
        )
    }

    /// Like `new`, resolving calls to `symbols` (name, address) before the
    /// global constructors run.
    pub(crate) fn with_symbols(
        module: &Module,
        opt_level: i32,
        symbols: &[(&str, *mut std::ffi::c_void)],
    ) -> Result<Self, RuntimeError> {
        // SAFETY: the module is live and fully lowered to the LLVM dialect;
        // no shared libraries are passed.
        let raw = unsafe { mlir_sys::mlirExecutionEngineCreate(module.to_raw(), opt_level, 0, std::ptr::null(), false, false) };
        if raw.ptr.is_null() {
            return Err(RuntimeError::Compile("the JIT could not compile the lowered module".into()));
        }
        for (name, address) in symbols {
            // SAFETY: `raw` is a live engine, the name outlives the call and
            // `address` is a function with the C signature that the lowered
            // code declares for `name`.
            unsafe {
                mlir_sys::mlirExecutionEngineRegisterSymbol(
                    raw,
                    mlir_sys::MlirStringRef { data: name.as_ptr().cast(), length: name.len() },
                    *address,
                )
            };
        }
        // SAFETY: `raw` is a live engine; this runs global constructors.
        unsafe { mlir_sys::mlirExecutionEngineInitialize(raw) };
        Ok(Self { raw })
    }

    /// Address of the packed wrapper (`void(void **)`) of the C interface
    /// wrapper of `function`: one pointer per parameter and result, so any
    /// arity can be called.
    pub(crate) fn lookup_packed_c_interface(&self, function: &str) -> Option<*mut std::ffi::c_void> {
        let name = format!("_mlir_ciface_{function}");
        // SAFETY: the engine is live and the name outlives the call; the
        // engine made a packed wrapper for every function of the module.
        let address = unsafe {
            mlir_sys::mlirExecutionEngineLookupPacked(self.raw, mlir_sys::MlirStringRef { data: name.as_ptr().cast(), length: name.len() })
        };
        (!address.is_null()).then_some(address)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.raw) }
    }
}

/// Calls the packed wrapper of `_mlir_ciface_<entry>`: `arguments` holds
/// one descriptor pointer per parameter and result.
///
/// # Safety
/// `function` must be the packed wrapper of a C interface taking exactly
/// `arguments.len()` memref descriptors matching the pointed-to ones.
pub(crate) unsafe fn call_packed(function: *mut std::ffi::c_void, arguments: &[*mut u64]) -> Result<(), RuntimeError> {
    // The packed convention passes a pointer to each argument's storage:
    // the slots are the caller's array itself (read, never written).
    let slots = arguments.as_ptr();
    // SAFETY: `i < arguments.len()`.
    let mut packed: Vec<*mut std::ffi::c_void> = (0..arguments.len()).map(|i| unsafe { slots.add(i) }.cast_mut().cast()).collect();
    // SAFETY: guaranteed by the caller; the wrapper reads `packed.len()`
    // pointers, each to a live descriptor pointer in `slots`.
    let f: unsafe extern "C" fn(*mut *mut std::ffi::c_void) = unsafe { std::mem::transmute(function) };
    let mut bytes = 0u64;
    // SAFETY: as above; the guard returns normally in both cases, and the
    // only frames it skips on failure are those of compiled code.
    let failed = unsafe { xla_guarded_call(f, packed.as_mut_ptr(), &mut bytes) };
    if failed != 0 {
        if bytes == u64::MAX {
            // csrc/guard.c's XLA_RUNTIME_FAILURE: a host transfer or a
            // collective failed.
            if let Some(message) = crate::host_transfer::take_error() {
                return Err(RuntimeError::HostTransfer(message));
            }
            return Err(RuntimeError::Collective(crate::devices::take_error()));
        }
        return Err(RuntimeError::OutOfMemory { bytes });
    }
    Ok(())
}

unsafe extern "C" {
    /// `csrc/guard.c`: calls `function(arguments)` under `setjmp`; 1 (and
    /// the size) when compiled code's allocation failed, else 0.
    fn xla_guarded_call(
        function: unsafe extern "C" fn(*mut *mut std::ffi::c_void),
        arguments: *mut *mut std::ffi::c_void,
        size: *mut u64,
    ) -> std::ffi::c_int;
    /// `csrc/guard.c`: what compiled code calls when an allocation fails
    /// (`xla-checked-allocations`); unwinds to `xla_guarded_call`.
    fn xla_allocation_failed(size: u64);
}

/// Checks `inputs` against the entry point's parameters.
fn check_inputs(signature: &Signature, inputs: &[HostTensor]) -> Result<(), RuntimeError> {
    let function = signature.name.clone();
    if inputs.len() != signature.inputs.len() {
        return Err(RuntimeError::InputCount { function, expected: signature.inputs.len(), given: inputs.len() });
    }
    for (index, (input, spec)) in inputs.iter().zip(&signature.inputs).enumerate() {
        // Raw one-byte .npy data (ml_dtypes arrays) takes the parameter's type.
        let typed = input.as_type(spec.element_type);
        let element_type = typed.as_ref().map_or(input.element_type, |t| t.element_type);
        let given = TensorSpec { element_type, shape: input.shape.clone() };
        if &given != spec {
            return Err(RuntimeError::InputMismatch {
                function: function.clone(),
                index,
                expected: spec.to_string(),
                given: given.to_string(),
            });
        }
        if let Some((element, byte)) = typed.and_then(|t| t.invalid_sub_byte_element()) {
            return Err(RuntimeError::InputMismatch {
                function: function.clone(),
                index,
                expected: spec.to_string(),
                given: format!(
                    "element {element} = {byte:#04x}, which has bits set above the {} bits of {}",
                    spec.element_type.sub_byte_bits().unwrap_or(8),
                    spec.element_type
                ),
            });
        }
    }
    Ok(())
}

/// Timing of repeated executions.
#[derive(Clone, Copy, Debug)]
pub struct BenchStats {
    pub median_ms: f64,
    pub min_ms: f64,
    /// Median CPU time of the process per run (every thread's), in ms: on
    /// one thread close to the run's time even on a busy machine; over the
    /// wall time, the cores the run kept busy.
    pub cpu_median_ms: f64,
    pub runs: usize,
    /// GPU: the median device time per run in ms, from CUDA events around
    /// the run's kernels (first launch to the end of the last; see
    /// `cuda::DeviceTimer`), without the host side of the call.
    pub device_median_ms: Option<f64>,
    /// GPU: the time of the warm-up run, host to host: buffers allocated,
    /// inputs copied in, the call, results copied out.
    pub first_call_ms: Option<f64>,
}

/// The median of `values` (at least one).
pub(crate) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

impl BenchStats {
    /// Statistics of per-run (wall, CPU) times in milliseconds (at least one run).
    pub(crate) fn from_times(times: Vec<(f64, f64)>) -> Self {
        let wall: Vec<f64> = times.iter().map(|t| t.0).collect();
        let min_ms = wall.iter().copied().fold(f64::INFINITY, f64::min);
        BenchStats {
            median_ms: median(wall),
            min_ms,
            cpu_median_ms: median(times.iter().map(|t| t.1).collect()),
            runs: times.len(),
            device_median_ms: None,
            first_call_ms: None,
        }
    }
}

/// The stack of each in-process device thread (compiled code keeps small
/// temporaries on the stack).
const DEVICE_STACK_BYTES: usize = 64 << 20;

/// How long the devices of a failed multi-device run get to report after
/// the first failure (see `CpuExecutable::run_devices`).
const STRAGGLER_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// A compiled entry point.
pub struct CpuExecutable {
    /// Shared with the device threads of multi-device runs, so that a device
    /// stuck in compiled code (left running when the run has failed) keeps
    /// the code it runs alive.
    inner: std::sync::Arc<Compiled>,
}

/// What [`CpuExecutable`] holds.
struct Compiled {
    // Field order matters: the function pointer dies before the engine.
    function: *mut std::ffi::c_void,
    /// Owns the JIT-compiled code that `function` points into.
    #[allow(dead_code)]
    engine: Engine,
    signature: Signature,
    /// Whether the compiled code asks for its device id or exchanges data
    /// (calls the devices ABI): if not, every device of a multi-device run
    /// would compute the same thing alone, and one run suffices.
    uses_devices: bool,
}

impl Compiled {
    /// Runs the entry point `runs` times (at least once) on `inputs` and
    /// returns the results of the last run and the time of each run.
    fn run(&self, inputs: &[HostTensor], runs: usize) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError> {
        // SAFETY: `function` is the C interface of the entry point, whose
        // signature `run_entry` checks against the inputs.
        unsafe { run_entry(self.function, &self.signature, inputs, runs, |_, len| AlignedBuffer::new(len), || Ok(())) }
    }
}

/// Whether the lowered `module` calls the devices ABI (`xla_device_id`,
/// `xla_collective`).
fn calls_devices_abi(module: &Module) -> bool {
    use melior::ir::operation::{WalkOrder, WalkResult};
    use xla_lowering::stablehlo_to_linalg::spmd::{COLLECTIVE, DEVICE_ID};
    let mut found = false;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str().ok() == Some("llvm.call") {
            let callee = op
                .attribute("callee")
                .ok()
                .and_then(|a| melior::ir::attribute::FlatSymbolRefAttribute::try_from(a).ok())
                .map(|a| a.value().to_owned())
                .unwrap_or_default();
            if callee == COLLECTIVE || callee == DEVICE_ID {
                found = true;
                return WalkResult::Interrupt;
            }
        }
        WalkResult::Advance
    });
    found
}

// SAFETY: after `compile` nothing mutates the engine or the compiled code;
// compiled entry points keep no state between calls (temporaries are
// allocated per call, globals are read-only constants) and run their
// parallel loops on the process's pool, which takes calls from any thread;
// the allocation guard is per thread. So an executable may be run from
// several threads at once, and dropped on any thread.
unsafe impl Send for Compiled {}
unsafe impl Sync for Compiled {}

/// Gives every function with a body but the C interface wrappers
/// (`_mlir_ciface_*`, the only symbols the runtime looks up) internal
/// linkage before the CPU JIT compiles the module, as the object path does
/// (`codegen::prepare`). Without it LLVM must keep an externally visible
/// copy of every function it inlines, and the execution engine adds a
/// packed wrapper to each: the same module took 0.76 s to JIT at O3
/// against 0.29 s as an object (a 16-step RNN scan, 2026-11-27). The GPU
/// path's host module (`gpu.rs`) keeps its linkage: its engine has not been
/// run on a device with this change.
fn internalize_helpers(module: &Module) {
    // SAFETY: a live module; the attribute is built in its context.
    let internal = unsafe {
        Attribute::from_raw(mlir_sys::mlirLLVMLinkageAttrGet(
            mlir_sys::mlirOperationGetContext(module.as_operation().to_raw()),
            mlir_sys::MlirLLVMLinkage_MlirLLVMLinkageInternal,
        ))
    };
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str().ok() != Some("llvm.func") {
            continue;
        }
        let has_body = op.region(0).ok().and_then(|r| r.first_block()).is_some();
        let name = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned());
        let external = op.attribute("linkage").map_or(true, xla_dialects::is_external_linkage);
        if has_body && external && !name.is_some_and(|n| n.starts_with("_mlir_ciface_")) {
            xla_lowering::builders::set_attribute(&op, "linkage", internal);
        }
    }
}

/// Marks every public function so that the LLVM lowering emits its C
/// interface wrapper `_mlir_ciface_<name>`, which [`CpuExecutable`] and AOT
/// callers use.
pub fn mark_public_functions(context: &Context, module: &Module) {
    let name = std::ffi::CString::new("llvm.emit_c_interface").expect("no NUL");
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        let is_func = op.name().as_string_ref().as_str().ok() == Some("func.func");
        let is_public = op
            .attribute("sym_visibility")
            .ok()
            .and_then(|a| StringAttribute::try_from(a).ok())
            .is_none_or(|v| v.value() == "public");
        let is_declaration = op.region(0).ok().and_then(|r| r.first_block()).is_none();
        if is_func && is_public && !is_declaration {
            // SAFETY: `op` is a live op of `module`; the attribute belongs
            // to the same context.
            unsafe {
                mlir_sys::mlirOperationSetAttributeByName(
                    op.to_raw(),
                    mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
                    Attribute::unit(context).to_raw(),
                )
            };
        }
        next = op.next_in_block();
    }
}

/// LLVM's optimization level for the CPU JIT (0-3; 3 unless set).
static OPT_LEVEL: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(3);

/// Sets LLVM's optimization level (clamped to 0-3: `-O0`..`-O3`, both the
/// IR pipeline and machine code) of the CPU executables compiled from now
/// on; `xla-run --opt-level`. Lower levels compile faster.
pub fn set_opt_level(level: u8) {
    OPT_LEVEL.store(level.min(3), std::sync::atomic::Ordering::Relaxed);
}

/// The level [`set_opt_level`] set (3 by default).
pub fn opt_level() -> u8 {
    OPT_LEVEL.load(std::sync::atomic::Ordering::Relaxed)
}

impl CpuExecutable {
    /// Lowers `module` in place with `xla-cpu-pipeline` and JIT-compiles it.
    /// Diagnostics of a failed lowering have been emitted to the context's
    /// handlers when this returns an error.
    pub fn compile(context: &Context, module: &mut Module, entry: &str) -> Result<Self, RuntimeError> {
        let signature = Signature::of(module, entry)?;
        mark_public_functions(context, module);
        let manager = xla_lowering::passes::pipeline_manager(context, "xla-cpu-pipeline").map_err(RuntimeError::Compile)?;
        crate::timing::time("MLIR pipeline (xla-cpu-pipeline)", || manager.run(module))
            .map_err(|_| RuntimeError::Compile("the CPU pipeline failed (see the errors above)".into()))?;
        drop(manager); // prints the pass timing report, when asked for
        crate::codegen::dump_lowered(module)?;
        let level = opt_level();
        let (engine, function) = crate::timing::time(&format!("JIT: LLVM optimization (O{level}) and machine code"), || {
            let engine = Engine::new(module, level as i32)?;
            let function = engine
                .lookup_packed_c_interface(&xla_lowering::reserved_symbols::compiled_name(entry))
                .ok_or_else(|| RuntimeError::Compile(format!("the JIT has no symbol `_mlir_ciface_{entry}` (is `{entry}` public?)")))?;
            Ok::<_, RuntimeError>((engine, function))
        })?;
        let uses_devices = calls_devices_abi(module);
        Ok(Self { inner: std::sync::Arc::new(Compiled { function, engine, signature, uses_devices }) })
    }

    /// The entry point's signature.
    pub fn signature(&self) -> &Signature {
        &self.inner.signature
    }

    /// Runs the entry point `runs` times (at least once) on `inputs` and
    /// returns the results of the last run and the time of each run.
    fn run(&self, inputs: &[HostTensor], runs: usize) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError> {
        self.inner.run(inputs, runs)
    }

    /// Runs the entry point once.
    pub fn execute(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RuntimeError> {
        Ok(self.run(inputs, 1)?.0)
    }

    /// Runs the entry point once with `handler` receiving its host
    /// transfers (infeed, outfeed, host send/recv), in program order.
    pub fn execute_with_host_transfer(
        &self,
        inputs: &[HostTensor],
        handler: &mut dyn crate::host_transfer::HostTransfer,
    ) -> Result<Vec<HostTensor>, RuntimeError> {
        crate::host_transfer::with_host_transfer(handler, || self.execute(inputs))
    }

    /// Runs the entry point once, reading each input where it is (compiled
    /// code only reads its arguments: `xla-readonly-arguments`) and
    /// returning the results in the buffers compiled code wrote: no copy on
    /// either side. Each input is (buffer, element type, shape), checked
    /// against the signature; the results have the signature's output specs.
    pub fn execute_in_place(&self, inputs: &[(&AlignedBuffer, ElementType, &[usize])]) -> Result<Vec<AlignedBuffer>, RuntimeError> {
        let function = &self.inner.signature.name;
        if inputs.len() != self.inner.signature.inputs.len() {
            return Err(RuntimeError::InputCount { function: function.clone(), expected: self.inner.signature.inputs.len(), given: inputs.len() });
        }
        for (index, ((buffer, element_type, shape), spec)) in inputs.iter().zip(&self.inner.signature.inputs).enumerate() {
            if *element_type != spec.element_type || *shape != spec.shape.as_slice() || Some(buffer.len) != spec.byte_size() {
                let given = TensorSpec { element_type: *element_type, shape: shape.to_vec() };
                return Err(RuntimeError::InputMismatch {
                    function: function.clone(),
                    index,
                    expected: spec.to_string(),
                    given: given.to_string(),
                });
            }
        }
        let outputs: Vec<AlignedBuffer> = self
            .inner
            .signature
            .outputs
            .iter()
            // Byte sizes were checked when the signature was read.
            .map(|spec| AlignedBuffer::new(spec.byte_size().unwrap_or(usize::MAX)))
            .collect::<Result<_, _>>()?;
        // jax's per-call path: every descriptor in one allocation.
        let shapes = || inputs.iter().map(|(b, _, shape)| (b.ptr, *shape)).chain(outputs.iter().zip(&self.inner.signature.outputs).map(|(b, spec)| (b.ptr, spec.shape.as_slice())));
        let mut words: Vec<u64> = Vec::with_capacity(shapes().map(|(_, shape)| 3 + 2 * shape.len()).sum());
        let mut starts = Vec::with_capacity(inputs.len() + outputs.len());
        for (ptr, shape) in shapes() {
            starts.push(words.len());
            push_descriptor(&mut words, ptr, shape);
        }
        let base = words.as_mut_ptr();
        // SAFETY: every start is inside `words`, which is not resized again.
        let arguments: Vec<*mut u64> = starts.iter().map(|&start| unsafe { base.add(start) }).collect();
        // SAFETY: `function` is the C interface of the entry point; every
        // descriptor describes a live, aligned buffer of the declared shape,
        // and compiled code writes only the output buffers.
        unsafe { call_packed(self.inner.function, &arguments)? };
        Ok(outputs)
    }

    /// Runs the entry point on `devices` devices, threads of this process
    /// connected by a [`crate::devices::LocalCommunicator`], each on the
    /// same (global) `inputs`, `runs` times (at least once); returns device
    /// 0's results of the last run and its times. A program that never
    /// asks for its device id nor exchanges data computes the same on every
    /// device: it runs once.
    fn run_on_devices(&self, inputs: &[HostTensor], devices: usize, runs: usize) -> Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError> {
        if devices <= 1 || !self.inner.uses_devices {
            return self.run(inputs, runs);
        }
        // One copy of the global inputs, shared by every device (compiled
        // code only reads them).
        let shared = std::sync::Arc::new(inputs.to_vec());
        Ok(self.run_devices(vec![shared; devices], runs)?.swap_remove(0))
    }

    /// Runs the entry point on one in-process device per element of
    /// `inputs` (device `d` on `inputs[d]`), `runs` times; returns each
    /// device's results of the last run and times. The first failure of a
    /// device is reported (a peer that waited for it fails too, later).
    ///
    /// Never hangs on a stuck device once the run has failed: device threads
    /// are detached and report through a channel; after the first failure
    /// the others get [`STRAGGLER_GRACE`] to report (peers waiting in a
    /// collective are released at once), and a device still running then
    /// (stuck in compiled code, which cannot be interrupted) is left running
    /// on its thread, holding the compiled code alive.
    fn run_devices(&self, inputs: Vec<std::sync::Arc<Vec<HostTensor>>>, runs: usize) -> Result<Vec<(Vec<HostTensor>, Vec<(f64, f64)>)>, RuntimeError> {
        use crate::devices::{Communicator, LocalCommunicator, as_device, collective_timeout};
        let devices = inputs.len();
        if devices as i64 > xla_lowering::stablehlo_to_linalg::spmd::MAX_DEVICES {
            return Err(RuntimeError::Execute(format!(
                "{devices} devices requested; at most {} run in one process",
                xla_lowering::stablehlo_to_linalg::spmd::MAX_DEVICES
            )));
        }
        type Outcome = Result<(Vec<HostTensor>, Vec<(f64, f64)>), RuntimeError>;
        let communicator = std::sync::Arc::new(LocalCommunicator::new(devices, collective_timeout()));
        let (sender, receiver) = std::sync::mpsc::channel::<(usize, Outcome)>();
        let mut results: Vec<Option<Outcome>> = (0..devices).map(|_| None).collect();
        let mut handles: Vec<Option<std::thread::JoinHandle<()>>> = (0..devices).map(|_| None).collect();
        for (device, inputs) in inputs.into_iter().enumerate() {
            let device_communicator = communicator.clone();
            let compiled = self.inner.clone();
            let sender = sender.clone();
            let spawned = std::thread::Builder::new().name(format!("device {device}")).stack_size(DEVICE_STACK_BYTES).spawn(move || {
                let communicator = device_communicator;
                let shared: std::sync::Arc<dyn Communicator> = communicator.clone();
                let result = as_device(device, shared, || {
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compiled.run(&inputs, runs)))
                        .unwrap_or_else(|_| Err(RuntimeError::Execute("a device thread panicked".into())));
                    match &result {
                        Ok(_) => communicator.finish(device),
                        Err(error) => communicator.fail(device, &error.to_string()),
                    }
                    result
                });
                // Done with the compiled code before reporting: the caller
                // may drop the executable as soon as every device reported.
                drop(compiled);
                drop(inputs);
                let _ = sender.send((device, result));
            });
            match spawned {
                Ok(handle) => handles[device] = Some(handle),
                Err(error) => {
                    let message = format!("cannot start a device thread: {error}");
                    communicator.fail(device, &message);
                    results[device] = Some(Err(RuntimeError::Execute(message)));
                }
            }
        }
        drop(sender);
        let mut first_failure: Option<std::time::Instant> = None;
        while results.iter().any(Option::is_none) {
            let received = match first_failure {
                None => receiver.recv().map_err(|_| ()),
                Some(at) => receiver.recv_timeout(STRAGGLER_GRACE.saturating_sub(at.elapsed())).map_err(|_| ()),
            };
            let Ok((device, result)) = received else { break };
            if result.is_err() && first_failure.is_none() {
                first_failure = Some(std::time::Instant::now());
            }
            results[device] = Some(result);
        }
        // The threads that reported end right after: wait for them, so that
        // none outlives this call (a thread still tearing down while the
        // process exits can crash in LLVM's static destructors). Stuck ones
        // are left running.
        for (device, handle) in handles.into_iter().enumerate() {
            if let (Some(handle), Some(_)) = (handle, &results[device]) {
                let _ = handle.join();
            }
        }
        let stuck: Vec<String> = results.iter().enumerate().filter(|(_, r)| r.is_none()).map(|(d, _)| d.to_string()).collect();
        let mut results: Vec<Outcome> = results.into_iter().flatten().collect();
        // The root cause: a failure that is not a collective's (whose
        // waiters then fail too), else the first.
        if let Some(index) = results.iter().position(|r| matches!(r, Err(e) if !matches!(e, RuntimeError::Collective(_)))) {
            return Err(results.swap_remove(index).err().expect("an error"));
        }
        if let Some(index) = results.iter().position(Result::is_err) {
            return Err(results.swap_remove(index).err().expect("an error"));
        }
        if !stuck.is_empty() {
            return Err(RuntimeError::Execute(format!("device(s) {} did not finish", stuck.join(", "))));
        }
        results.into_iter().collect()
    }

    /// Runs the entry point once on `inputs.len()` in-process devices, each
    /// on its own inputs (XLA's replicated execution): one list of results
    /// per device.
    pub fn execute_per_device(&self, inputs: &[Vec<HostTensor>]) -> Result<Vec<Vec<HostTensor>>, RuntimeError> {
        let per_device = inputs.iter().map(|list| std::sync::Arc::new(list.clone())).collect();
        Ok(self.run_devices(per_device, 1)?.into_iter().map(|(outputs, _)| outputs).collect())
    }

    /// Runs the entry point once on `devices` in-process devices (see
    /// [`crate::devices`]) and returns device 0's results: the global
    /// results, which every device holds.
    pub fn execute_on_devices(&self, inputs: &[HostTensor], devices: usize) -> Result<Vec<HostTensor>, RuntimeError> {
        Ok(self.run_on_devices(inputs, devices, 1)?.0)
    }

    /// Like [`Self::bench`], on `devices` in-process devices (device 0's times).
    pub fn bench_on_devices(&self, inputs: &[HostTensor], devices: usize, runs: usize) -> Result<BenchStats, RuntimeError> {
        self.run_on_devices(inputs, devices, 1)?;
        let (_, times) = self.run_on_devices(inputs, devices, runs)?;
        Ok(BenchStats::from_times(times))
    }

    /// Runs the entry point once as device `device` of `communicator` (one
    /// device of an MPI job, say), on the global `inputs`.
    pub fn execute_as_device(
        &self,
        inputs: &[HostTensor],
        device: usize,
        communicator: std::sync::Arc<dyn crate::devices::Communicator>,
    ) -> Result<Vec<HostTensor>, RuntimeError> {
        let shared = communicator.clone();
        crate::devices::as_device(device, shared, || {
            let result = self.execute(inputs);
            match &result {
                Ok(_) => communicator.finish(device),
                Err(error) => communicator.fail(device, &error.to_string()),
            }
            result
        })
    }

    /// Like [`Self::bench`], as device `device` of `communicator` (its
    /// times: every run ends when this device's part ends).
    pub fn bench_as_device(
        &self,
        inputs: &[HostTensor],
        runs: usize,
        device: usize,
        communicator: std::sync::Arc<dyn crate::devices::Communicator>,
    ) -> Result<BenchStats, RuntimeError> {
        let shared = communicator.clone();
        crate::devices::as_device(device, shared, || {
            let result = self.run(inputs, 1).and_then(|_| self.run(inputs, runs));
            match &result {
                Ok(_) => communicator.finish(device),
                Err(error) => communicator.fail(device, &error.to_string()),
            }
            Ok(BenchStats::from_times(result?.1))
        })
    }

    /// Runs the entry point `runs` times after one warm-up run.
    pub fn bench(&self, inputs: &[HostTensor], runs: usize) -> Result<BenchStats, RuntimeError> {
        self.run(inputs, 1)?;
        let (_, times) = self.run(inputs, runs)?;
        Ok(BenchStats::from_times(times))
    }
}
