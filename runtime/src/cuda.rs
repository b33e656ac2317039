//! The CUDA driver, loaded at run time, and the runtime ABI that GPU host
//! code calls.
//!
//! The project builds and tests without CUDA: `libcuda.so.1` (the driver
//! library that comes with NVIDIA's kernel driver) is opened with `dlopen`
//! the first time a GPU program is compiled, and every driver function is
//! looked up by name. `$XLA_LIBCUDA` names another library to load instead.
//!
//! # The runtime ABI
//!
//! Host code lowered by `gpu-to-llvm` (see `xla_lowering::passes`) calls
//! these C functions; the JIT resolves them to the Rust functions of this
//! module ([`abi_symbols`]):
//!
//! | symbol | what it does |
//! |---|---|
//! | `mgpuModuleLoadJIT(ptx, opt)` | `cuModuleLoadDataEx` on null-terminated PTX (global constructor of each kernel module) |
//! | `mgpuModuleLoad(image, size)` | `cuModuleLoadData` on a cubin |
//! | `mgpuModuleUnload(module)` | `cuModuleUnload` (global destructor) |
//! | `mgpuModuleGetFunction(module, name)` | `cuModuleGetFunction` |
//! | `mgpuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, params, extra, n)` | `cuLaunchKernel`; empty grids are skipped; while a [`DeviceTimer`] is armed, a CUDA event is recorded before the first launch and after each |
//! | `mgpuStreamCreate()` / `mgpuStreamDestroy(s)` | the default stream (null); nothing to create or destroy |
//! | `mgpuStreamSynchronize(s)` | `cuStreamSynchronize`: every launch completes before host code goes on |
//! | `mgpuMemAlloc(size, stream, shared)` / `mgpuMemFree(p, stream)` | `gpu.alloc`/`gpu.dealloc`: device memory from the default pool (`cuMemAllocAsync`), managed memory when `shared` |
//! | `mgpuMemcpy(dst, src, size, stream)` / `mgpuMemset32(p, value, count, stream)` | `cuMemcpy` / `cuMemsetD32` |
//! | `_mlir_memref_to_llvm_alloc(size)` / `_mlir_memref_to_llvm_aligned_alloc(align, size)` / `_mlir_memref_to_llvm_free(p)` | every host `memref.alloc`/`dealloc` (`finalize-memref-to-llvm{use-generic-functions}`): managed memory |
//!
//! Temporaries that host code touches, and arguments and results that it
//! touches, are CUDA managed memory, so kernels and the host code between
//! them (sequential loops of `while`, `sort`, scans) see the same
//! addresses. Arguments and results that only kernels touch are device
//! memory that the runtime (`crate::gpu`) fills and reads with explicit
//! copies ([`Cuda::alloc_device`], [`Cuda::copy_to_device`],
//! [`Cuda::copy_from_device`]). Temporaries
//! that only kernels use are `gpu.alloc`s (`xla-gpu-device-temporaries`):
//! device memory from the device's default pool, which is told to keep
//! its memory between calls. Kernels run on the default stream, in launch
//! order; host code waits (`mgpuStreamSynchronize`) after each launch or
//! run of launches before it touches memory.
//!
//! Driver errors inside these functions cannot be returned through compiled
//! code: the first one is recorded ([`take_error`]) and later calls do
//! nothing, so the caller reports it after the entry point returns. An
//! allocation failure cannot be survived (compiled code would write through
//! a null pointer): it prints the driver's error and exits with status 1.

use std::{
    ffi::{CStr, c_char, c_int, c_uint, c_void},
    sync::{Mutex, OnceLock},
};

type CuResult = c_int;
type CuDevice = c_int;
type CuContext = *mut c_void;
type CuModule = *mut c_void;
type CuFunction = *mut c_void;
type CuStream = *mut c_void;
type CuDevicePtr = u64;
type CuEvent = *mut c_void;

const CUDA_SUCCESS: CuResult = 0;
const CU_MEM_ATTACH_GLOBAL: c_uint = 1;
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: c_int = 75;
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: c_int = 76;
const CU_MEMPOOL_ATTR_RELEASE_THRESHOLD: c_int = 4;
const CU_JIT_ERROR_LOG_BUFFER: c_int = 5;
const CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
const CU_JIT_OPTIMIZATION_LEVEL: c_int = 7;

/// The driver functions we use, resolved once.
struct Api {
    init: unsafe extern "C" fn(c_uint) -> CuResult,
    driver_get_version: unsafe extern "C" fn(*mut c_int) -> CuResult,
    device_get_count: unsafe extern "C" fn(*mut c_int) -> CuResult,
    device_get: unsafe extern "C" fn(*mut CuDevice, c_int) -> CuResult,
    device_get_name: unsafe extern "C" fn(*mut c_char, c_int, CuDevice) -> CuResult,
    device_get_attribute: unsafe extern "C" fn(*mut c_int, c_int, CuDevice) -> CuResult,
    primary_ctx_retain: unsafe extern "C" fn(*mut CuContext, CuDevice) -> CuResult,
    ctx_set_current: unsafe extern "C" fn(CuContext) -> CuResult,
    ctx_synchronize: unsafe extern "C" fn() -> CuResult,
    get_error_name: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
    get_error_string: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
    module_load_data: unsafe extern "C" fn(*mut CuModule, *const c_void) -> CuResult,
    module_load_data_ex:
        unsafe extern "C" fn(*mut CuModule, *const c_void, c_uint, *mut c_int, *mut *mut c_void) -> CuResult,
    module_unload: unsafe extern "C" fn(CuModule) -> CuResult,
    module_get_function: unsafe extern "C" fn(*mut CuFunction, CuModule, *const c_char) -> CuResult,
    #[allow(clippy::type_complexity)]
    launch_kernel: unsafe extern "C" fn(
        CuFunction,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        CuStream,
        *mut *mut c_void,
        *mut *mut c_void,
    ) -> CuResult,
    stream_synchronize: unsafe extern "C" fn(CuStream) -> CuResult,
    mem_alloc_managed: unsafe extern "C" fn(*mut CuDevicePtr, usize, c_uint) -> CuResult,
    mem_free: unsafe extern "C" fn(CuDevicePtr) -> CuResult,
    mem_alloc_async: unsafe extern "C" fn(*mut CuDevicePtr, usize, CuStream) -> CuResult,
    mem_free_async: unsafe extern "C" fn(CuDevicePtr, CuStream) -> CuResult,
    memcpy: unsafe extern "C" fn(CuDevicePtr, CuDevicePtr, usize) -> CuResult,
    memset_d32: unsafe extern "C" fn(CuDevicePtr, c_uint, usize) -> CuResult,
    mem_alloc: unsafe extern "C" fn(*mut CuDevicePtr, usize) -> CuResult,
    memcpy_htod: unsafe extern "C" fn(CuDevicePtr, *const c_void, usize) -> CuResult,
    memcpy_dtoh: unsafe extern "C" fn(*mut c_void, CuDevicePtr, usize) -> CuResult,
    memset_d8: unsafe extern "C" fn(CuDevicePtr, u8, usize) -> CuResult,
    event_create: unsafe extern "C" fn(*mut CuEvent, c_uint) -> CuResult,
    event_destroy: unsafe extern "C" fn(CuEvent) -> CuResult,
    event_record: unsafe extern "C" fn(CuEvent, CuStream) -> CuResult,
    event_synchronize: unsafe extern "C" fn(CuEvent) -> CuResult,
    event_elapsed_time: unsafe extern "C" fn(*mut f32, CuEvent, CuEvent) -> CuResult,
}

/// The loaded driver with a current context on device 0 (or
/// `$XLA_GPU_DEVICE`).
pub struct Cuda {
    api: Api,
    context: CuContext,
    /// e.g. "NVIDIA H100 80GB HBM3".
    pub device_name: String,
    /// Compute capability, e.g. (9, 0).
    pub compute_capability: (i32, i32),
    /// e.g. 12040 for CUDA 12.4.
    pub driver_version: i32,
    // Keeps the function pointers valid; dropped last.
    _library: libloading::Library,
}

// SAFETY: the driver API is thread-safe; the context handle is an opaque
// pointer that every thread makes current before use (`Cuda::bind`).
unsafe impl Send for Cuda {}
unsafe impl Sync for Cuda {}

impl Cuda {
    /// The process-wide driver, loaded and initialised on first use.
    /// Errors say why no GPU can be used (no driver library, no device,
    /// ...) and are the same on every call.
    pub fn get() -> Result<&'static Cuda, String> {
        static CUDA: OnceLock<Result<Cuda, String>> = OnceLock::new();
        let cuda = CUDA.get_or_init(Cuda::load).as_ref().map_err(Clone::clone)?;
        cuda.bind()?;
        Ok(cuda)
    }

    fn load() -> Result<Cuda, String> {
        let candidates: Vec<String> = match std::env::var("XLA_LIBCUDA") {
            Ok(path) => vec![path],
            Err(_) => vec!["libcuda.so.1".into(), "libcuda.so".into()],
        };
        let mut failures = Vec::new();
        let mut library = None;
        for name in &candidates {
            // SAFETY: loading the CUDA driver runs its initialisers, which
            // have no preconditions.
            match unsafe { libloading::Library::new(name) } {
                Ok(lib) => {
                    library = Some(lib);
                    break;
                }
                Err(error) => failures.push(error.to_string()),
            }
        }
        let library = library.ok_or_else(|| {
            format!("no CUDA driver: cannot load the driver library ({}); is an NVIDIA GPU with its driver installed?", failures.join("; "))
        })?;
        macro_rules! sym {
            ($name:literal) => {{
                // SAFETY: the symbol is the driver function of that name,
                // whose C signature the field type spells out.
                let symbol = unsafe { library.get(concat!($name, "\0").as_bytes()) }
                    .map_err(|error| format!("the CUDA driver library lacks `{}`: {error}", $name))?;
                *symbol
            }};
        }
        let api = Api {
            init: sym!("cuInit"),
            driver_get_version: sym!("cuDriverGetVersion"),
            device_get_count: sym!("cuDeviceGetCount"),
            device_get: sym!("cuDeviceGet"),
            device_get_name: sym!("cuDeviceGetName"),
            device_get_attribute: sym!("cuDeviceGetAttribute"),
            primary_ctx_retain: sym!("cuDevicePrimaryCtxRetain"),
            ctx_set_current: sym!("cuCtxSetCurrent"),
            ctx_synchronize: sym!("cuCtxSynchronize"),
            get_error_name: sym!("cuGetErrorName"),
            get_error_string: sym!("cuGetErrorString"),
            module_load_data: sym!("cuModuleLoadData"),
            module_load_data_ex: sym!("cuModuleLoadDataEx"),
            module_unload: sym!("cuModuleUnload"),
            module_get_function: sym!("cuModuleGetFunction"),
            launch_kernel: sym!("cuLaunchKernel"),
            stream_synchronize: sym!("cuStreamSynchronize"),
            mem_alloc_managed: sym!("cuMemAllocManaged"),
            mem_free: sym!("cuMemFree_v2"),
            mem_alloc_async: sym!("cuMemAllocAsync"),
            mem_free_async: sym!("cuMemFreeAsync"),
            memcpy: sym!("cuMemcpy"),
            memset_d32: sym!("cuMemsetD32_v2"),
            mem_alloc: sym!("cuMemAlloc_v2"),
            memcpy_htod: sym!("cuMemcpyHtoD_v2"),
            memcpy_dtoh: sym!("cuMemcpyDtoH_v2"),
            memset_d8: sym!("cuMemsetD8_v2"),
            event_create: sym!("cuEventCreate"),
            event_destroy: sym!("cuEventDestroy_v2"),
            event_record: sym!("cuEventRecord"),
            event_synchronize: sym!("cuEventSynchronize"),
            event_elapsed_time: sym!("cuEventElapsedTime"),
        };
        let check = |what: &str, result: CuResult| -> Result<(), String> {
            if result == CUDA_SUCCESS { Ok(()) } else { Err(format!("{what} failed: {}", describe(&api, result))) }
        };
        // SAFETY (all calls below): plain driver calls with valid out-pointers.
        check("cuInit", unsafe { (api.init)(0) })?;
        let mut driver_version = 0;
        check("cuDriverGetVersion", unsafe { (api.driver_get_version)(&mut driver_version) })?;
        let mut count = 0;
        check("cuDeviceGetCount", unsafe { (api.device_get_count)(&mut count) })?;
        if count == 0 {
            return Err("no CUDA device: the driver reports 0 devices".into());
        }
        let ordinal = match std::env::var("XLA_GPU_DEVICE") {
            Ok(text) => text
                .parse::<i32>()
                .ok()
                .filter(|&n| (0..count).contains(&n))
                .ok_or_else(|| format!("XLA_GPU_DEVICE={text} is not a device number below {count}"))?,
            Err(_) => 0,
        };
        let mut device = 0;
        check("cuDeviceGet", unsafe { (api.device_get)(&mut device, ordinal) })?;
        let mut name = [0 as c_char; 256];
        check("cuDeviceGetName", unsafe { (api.device_get_name)(name.as_mut_ptr(), name.len() as c_int, device) })?;
        // SAFETY: the driver wrote a NUL-terminated name into the buffer.
        let device_name = unsafe { CStr::from_ptr(name.as_ptr()) }.to_string_lossy().into_owned();
        let (mut major, mut minor) = (0, 0);
        check("cuDeviceGetAttribute", unsafe {
            (api.device_get_attribute)(&mut major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device)
        })?;
        check("cuDeviceGetAttribute", unsafe {
            (api.device_get_attribute)(&mut minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device)
        })?;
        let mut context = std::ptr::null_mut();
        check("cuDevicePrimaryCtxRetain", unsafe { (api.primary_ctx_retain)(&mut context, device) })?;
        // Device temporaries come from the device's default memory pool
        // (cuMemAllocAsync). By default the pool returns its free memory to
        // the system at every synchronization, and every call would map
        // fresh memory again: keep it instead (best effort; a driver
        // without these functions just keeps the default).
        type GetPool = unsafe extern "C" fn(*mut *mut c_void, CuDevice) -> CuResult;
        type SetAttribute = unsafe extern "C" fn(*mut c_void, c_int, *mut c_void) -> CuResult;
        // SAFETY: the symbols, where present, are the driver functions of
        // these names with the C signatures above.
        unsafe {
            if let (Ok(get_pool), Ok(set_attribute)) = (
                library.get::<GetPool>(b"cuDeviceGetDefaultMemPool\0"),
                library.get::<SetAttribute>(b"cuMemPoolSetAttribute\0"),
            ) {
                let mut pool = std::ptr::null_mut();
                if get_pool(&mut pool, device) == CUDA_SUCCESS {
                    let mut threshold = u64::MAX;
                    set_attribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, (&mut threshold as *mut u64).cast());
                }
            }
        }
        Ok(Cuda {
            api,
            context,
            device_name,
            compute_capability: (major, minor),
            driver_version,
            _library: library,
        })
    }

    /// Makes the context current on the calling thread.
    fn bind(&self) -> Result<(), String> {
        // SAFETY: the context was retained in `load` and is never released.
        let result = unsafe { (self.api.ctx_set_current)(self.context) };
        self.check("cuCtxSetCurrent", result)
    }

    /// The `sm_XY` architecture of the device.
    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.compute_capability.0, self.compute_capability.1)
    }

    fn check(&self, what: &str, result: CuResult) -> Result<(), String> {
        if result == CUDA_SUCCESS { Ok(()) } else { Err(format!("{what} failed: {}", describe(&self.api, result))) }
    }

    /// Waits for all work on the device.
    pub fn synchronize(&self) -> Result<(), String> {
        // SAFETY: a context is current (`get` binds it).
        self.check("cuCtxSynchronize", unsafe { (self.api.ctx_synchronize)() })
    }

    /// `size` bytes (at least 1) of managed memory.
    pub fn alloc_managed(&self, size: usize) -> Result<*mut u8, String> {
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: valid out-pointer; the size is non-zero.
        let result = unsafe { (self.api.mem_alloc_managed)(&mut pointer, size.max(1), CU_MEM_ATTACH_GLOBAL) };
        self.check(&format!("cuMemAllocManaged({size} bytes)"), result)?;
        Ok(pointer as *mut u8)
    }

    /// Frees memory from [`Cuda::alloc_managed`] or [`Cuda::alloc_device`].
    pub fn free(&self, pointer: *mut u8) -> Result<(), String> {
        if pointer.is_null() {
            return Ok(());
        }
        // SAFETY: `pointer` came from cuMemAllocManaged or cuMemAlloc and
        // is freed once.
        self.check("cuMemFree", unsafe { (self.api.mem_free)(pointer as CuDevicePtr) })
    }

    /// `size` bytes (at least 1) of device memory (`cuMemAlloc`), zeroed:
    /// the host cannot read or write it but through the copies below.
    pub fn alloc_device(&self, size: usize) -> Result<*mut u8, String> {
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: valid out-pointer; the size is non-zero.
        let result = unsafe { (self.api.mem_alloc)(&mut pointer, size.max(1)) };
        self.check(&format!("cuMemAlloc({size} bytes)"), result)?;
        // SAFETY: `size.max(1)` bytes were just allocated at `pointer`.
        let zeroed = unsafe { (self.api.memset_d8)(pointer, 0, size.max(1)) };
        if let Err(error) = self.check("cuMemsetD8", zeroed) {
            let _ = self.free(pointer as *mut u8);
            return Err(error);
        }
        Ok(pointer as *mut u8)
    }

    /// Copies `bytes` from the host to device memory at `device`.
    pub fn copy_to_device(&self, device: *mut u8, bytes: &[u8]) -> Result<(), String> {
        if bytes.is_empty() {
            return Ok(());
        }
        // SAFETY: `device` holds at least `bytes.len()` bytes (the caller
        // allocated it for them); the host range is a live slice.
        let result = unsafe { (self.api.memcpy_htod)(device as CuDevicePtr, bytes.as_ptr().cast(), bytes.len()) };
        self.check(&format!("cuMemcpyHtoD({} bytes)", bytes.len()), result)
    }

    /// Copies `len` bytes of device memory at `device` to the host.
    pub fn copy_from_device(&self, device: *mut u8, len: usize) -> Result<Vec<u8>, String> {
        let mut bytes = vec![0u8; len];
        if len == 0 {
            return Ok(bytes);
        }
        // SAFETY: `device` holds at least `len` bytes; the host buffer too.
        let result = unsafe { (self.api.memcpy_dtoh)(bytes.as_mut_ptr().cast(), device as CuDevicePtr, len) };
        self.check(&format!("cuMemcpyDtoH({len} bytes)"), result)?;
        Ok(bytes)
    }
}

/// The time the device spent on one call of a compiled program, measured
/// like a framework's CUDA events: an event recorded on the launch stream
/// right before the call's first kernel launch and one after each launch;
/// the elapsed time between the first and the last.
///
/// Armed by [`DeviceTimer::arm`] around one call; the runtime ABI's
/// [`mgpu_launch_kernel`] records the events.
pub struct DeviceTimer {
    start: CuEvent,
    end: CuEvent,
}

/// Set while a [`DeviceTimer`] is armed: (start, end, whether start was recorded).
static ARMED: Mutex<Option<(usize, usize, bool)>> = Mutex::new(None);

impl DeviceTimer {
    pub fn new(cuda: &Cuda) -> Result<Self, String> {
        let (mut start, mut end) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: valid out-pointers; flags 0 (default, with timing).
        cuda.check("cuEventCreate", unsafe { (cuda.api.event_create)(&mut start, 0) })?;
        // SAFETY: as above.
        if let Err(error) = cuda.check("cuEventCreate", unsafe { (cuda.api.event_create)(&mut end, 0) }) {
            // SAFETY: created above, destroyed once.
            unsafe { (cuda.api.event_destroy)(start) };
            return Err(error);
        }
        Ok(Self { start, end })
    }

    /// Times the launches from now until [`DeviceTimer::elapsed_ms`].
    pub fn arm(&self) {
        *ARMED.lock().unwrap_or_else(|e| e.into_inner()) = Some((self.start as usize, self.end as usize, false));
    }

    /// Disarms and returns the device time in ms from the first launch
    /// since [`DeviceTimer::arm`] to the end of the last one (0 without a
    /// launch). Call after the device finished the call's work.
    pub fn elapsed_ms(&self, cuda: &Cuda) -> Result<f64, String> {
        let armed = ARMED.lock().unwrap_or_else(|e| e.into_inner()).take();
        if !matches!(armed, Some((_, _, true))) {
            return Ok(0.0);
        }
        let mut ms = 0f32;
        // SAFETY: both events were recorded by the launches of this call.
        cuda.check("cuEventSynchronize", unsafe { (cuda.api.event_synchronize)(self.end) })?;
        // SAFETY: as above; valid out-pointer.
        cuda.check("cuEventElapsedTime", unsafe { (cuda.api.event_elapsed_time)(&mut ms, self.start, self.end) })?;
        Ok(ms as f64)
    }

    pub fn destroy(self, cuda: &Cuda) {
        ARMED.lock().unwrap_or_else(|e| e.into_inner()).take();
        // SAFETY: created in `new`, destroyed once; no longer armed.
        unsafe {
            (cuda.api.event_destroy)(self.start);
            (cuda.api.event_destroy)(self.end);
        }
    }
}

/// Records the armed timer's events around a launch on `stream`: the start
/// before the first launch, the end after every launch.
fn record_timing(api: &Api, stream: CuStream, before: bool) {
    let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
    let Some((start, end, started)) = armed.as_mut() else { return };
    // SAFETY: the events live while armed (`DeviceTimer::destroy` disarms
    // first); `stream` is the launch's.
    unsafe {
        if before && !*started {
            *started = (api.event_record)(*start as CuEvent, stream) == CUDA_SUCCESS;
        } else if !before && *started {
            (api.event_record)(*end as CuEvent, stream);
        }
    }
}

fn describe(api: &Api, result: CuResult) -> String {
    let mut name: *const c_char = std::ptr::null();
    let mut text: *const c_char = std::ptr::null();
    // SAFETY: valid out-pointers; the driver returns static strings.
    unsafe {
        (api.get_error_name)(result, &mut name);
        (api.get_error_string)(result, &mut text);
    }
    let string = |p: *const c_char| {
        // SAFETY: non-null pointers from the driver are NUL-terminated.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    };
    match (string(name), string(text)) {
        (Some(name), Some(text)) => format!("{name} ({text})"),
        (Some(name), None) => name,
        _ => format!("CUDA error {result}"),
    }
}

/// The first driver error of the runtime ABI since the last [`take_error`].
static FIRST_ERROR: Mutex<Option<String>> = Mutex::new(None);

fn record(error: String) {
    let mut slot = FIRST_ERROR.lock().unwrap_or_else(|e| e.into_inner());
    slot.get_or_insert(error);
}

fn failed() -> bool {
    FIRST_ERROR.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

/// Takes the first error recorded by the runtime ABI, if any.
pub fn take_error() -> Option<String> {
    FIRST_ERROR.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// The driver for the ABI functions; records an error when there is none.
fn driver() -> Option<&'static Cuda> {
    match Cuda::get() {
        Ok(cuda) => Some(cuda),
        Err(error) => {
            record(error);
            None
        }
    }
}

/// Runs a driver call of the ABI, recording its failure.
fn call(what: impl FnOnce() -> String, f: impl FnOnce(&Api) -> CuResult) -> bool {
    if failed() {
        return false;
    }
    let Some(cuda) = driver() else { return false };
    let result = f(&cuda.api);
    if result != CUDA_SUCCESS {
        record(format!("{} failed: {}", what(), describe(&cuda.api, result)));
        return false;
    }
    true
}

extern "C" fn mgpu_module_load_jit(data: *const c_void, opt_level: c_int) -> CuModule {
    let mut module = std::ptr::null_mut();
    if failed() {
        return module;
    }
    let Some(cuda) = driver() else { return module };
    let mut log = vec![0u8; 16 * 1024];
    let mut options = [CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_OPTIMIZATION_LEVEL];
    let mut values: [*mut c_void; 3] =
        [log.as_mut_ptr().cast(), log.len() as *mut c_void, opt_level.clamp(0, 4) as usize as *mut c_void];
    // SAFETY: `data` is the NUL-terminated PTX global of a kernel module;
    // the option values follow the driver's conventions (sizes and levels
    // passed in the pointer's bits).
    let result =
        unsafe { (cuda.api.module_load_data_ex)(&mut module, data, 3, options.as_mut_ptr(), values.as_mut_ptr()) };
    if result != CUDA_SUCCESS {
        let text = CStr::from_bytes_until_nul(&log).map(|c| c.to_string_lossy().trim().to_owned()).unwrap_or_default();
        let log = if text.is_empty() { String::new() } else { format!(": {text}") };
        record(format!("loading a kernel module (cuModuleLoadDataEx) failed: {}{log}", describe(&cuda.api, result)));
        return std::ptr::null_mut();
    }
    module
}

extern "C" fn mgpu_module_load(data: *const c_void, _size: u64) -> CuModule {
    let mut module = std::ptr::null_mut();
    // SAFETY: `data` is a cubin image embedded in the compiled code.
    call(|| "cuModuleLoadData".into(), |api| unsafe { (api.module_load_data)(&mut module, data) });
    module
}

extern "C" fn mgpu_module_unload(module: CuModule) {
    if module.is_null() {
        return;
    }
    if let Ok(cuda) = Cuda::get() {
        // SAFETY: `module` came from a load above and is unloaded once (by
        // the global destructor of its kernel module).
        unsafe { (cuda.api.module_unload)(module) };
    }
}

extern "C" fn mgpu_module_get_function(module: CuModule, name: *const c_char) -> CuFunction {
    let mut function = std::ptr::null_mut();
    if module.is_null() {
        // Its load failed and recorded why.
        return function;
    }
    // SAFETY: `name` is the NUL-terminated kernel name global.
    let kernel = unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned();
    call(
        || format!("cuModuleGetFunction({kernel})"),
        // SAFETY: live module, valid out-pointer and name.
        |api| unsafe { (api.module_get_function)(&mut function, module, name) },
    );
    function
}

#[allow(clippy::too_many_arguments)]
extern "C" fn mgpu_launch_kernel(
    function: CuFunction,
    grid_x: i64,
    grid_y: i64,
    grid_z: i64,
    block_x: i64,
    block_y: i64,
    block_z: i64,
    shared_memory: i32,
    stream: CuStream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    _param_count: i64,
) {
    if function.is_null() || failed() {
        return;
    }
    let dims = [grid_x, grid_y, grid_z, block_x, block_y, block_z];
    if dims.contains(&0) {
        // An empty tensor: nothing to compute.
        return;
    }
    if dims.iter().any(|&d| d < 0 || d > u32::MAX as i64) {
        record(format!("kernel launch with invalid dimensions grid ({grid_x}, {grid_y}, {grid_z}) block ({block_x}, {block_y}, {block_z})"));
        return;
    }
    call(
        || format!("cuLaunchKernel(grid ({grid_x}, {grid_y}, {grid_z}), block ({block_x}, {block_y}, {block_z}))"),
        // SAFETY: `params` holds one pointer per kernel parameter, built by
        // the lowered launch; the function belongs to a loaded module.
        |api| unsafe {
            record_timing(api, stream, true);
            let result = (api.launch_kernel)(
                function,
                grid_x as c_uint,
                grid_y as c_uint,
                grid_z as c_uint,
                block_x as c_uint,
                block_y as c_uint,
                block_z as c_uint,
                shared_memory.max(0) as c_uint,
                stream,
                params,
                extra,
            );
            if result == CUDA_SUCCESS {
                record_timing(api, stream, false);
            }
            result
        },
    );
}

extern "C" fn mgpu_stream_create() -> CuStream {
    // The legacy default stream: launches and host code are ordered by
    // `mgpuStreamSynchronize` after every launch.
    std::ptr::null_mut()
}

extern "C" fn mgpu_stream_destroy(_stream: CuStream) {}

extern "C" fn mgpu_stream_synchronize(stream: CuStream) {
    // SAFETY: the default stream (or one the driver gave).
    call(|| "running a kernel (cuStreamSynchronize)".into(), |api| unsafe { (api.stream_synchronize)(stream) });
}

/// Managed memory for compiled code; exits on failure (see the module doc).
fn alloc_or_exit(size: u64) -> *mut c_void {
    let result = Cuda::get().and_then(|cuda| cuda.alloc_managed(size as usize));
    match result {
        Ok(pointer) => pointer.cast(),
        Err(error) => {
            eprintln!("error: GPU memory allocation failed: {error}");
            std::process::exit(1);
        }
    }
}

/// Device memory (not managed) that `mgpuMemAlloc` handed out, so that
/// `mgpuMemFree` knows which free it needs.
static DEVICE_POINTERS: Mutex<Vec<usize>> = Mutex::new(Vec::new());

/// `gpu.alloc`: device memory from the stream-ordered pool for temporaries
/// that only kernels touch (`xla-gpu-device-temporaries` decides), managed
/// memory when `host_shared`. Exits on failure, like every allocation.
extern "C" fn mgpu_mem_alloc(size: u64, stream: CuStream, host_shared: bool) -> *mut c_void {
    if host_shared {
        return alloc_or_exit(size);
    }
    let result = Cuda::get().and_then(|cuda| {
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: valid out-pointer; the size is non-zero; the stream is
        // the default one (or one the driver gave).
        let result = unsafe { (cuda.api.mem_alloc_async)(&mut pointer, (size as usize).max(1), stream) };
        cuda.check(&format!("cuMemAllocAsync({size} bytes)"), result).map(|()| pointer)
    });
    match result {
        Ok(pointer) => {
            DEVICE_POINTERS.lock().unwrap_or_else(|e| e.into_inner()).push(pointer as usize);
            pointer as *mut c_void
        }
        Err(error) => {
            eprintln!("error: GPU memory allocation failed: {error}");
            std::process::exit(1);
        }
    }
}

/// `gpu.dealloc`: frees what [`mgpu_mem_alloc`] gave, device or managed.
extern "C" fn mgpu_mem_free(pointer: *mut c_void, stream: CuStream) {
    let device = {
        let mut pointers = DEVICE_POINTERS.lock().unwrap_or_else(|e| e.into_inner());
        let position = pointers.iter().rposition(|&p| p == pointer as usize);
        position.map(|i| pointers.swap_remove(i)).is_some()
    };
    if !device {
        return memref_free(pointer);
    }
    // SAFETY: `pointer` came from cuMemAllocAsync and is freed once.
    call(|| "cuMemFreeAsync".into(), |api| unsafe { (api.mem_free_async)(pointer as CuDevicePtr, stream) });
}

extern "C" fn mgpu_memcpy(dst: *mut c_void, src: *mut c_void, size: u64, _stream: CuStream) {
    // SAFETY: both are managed (unified) addresses of at least `size` bytes.
    call(|| "cuMemcpy".into(), |api| unsafe { (api.memcpy)(dst as CuDevicePtr, src as CuDevicePtr, size as usize) });
}

extern "C" fn mgpu_memset32(dst: *mut c_void, value: u32, count: u64, _stream: CuStream) {
    // SAFETY: `dst` is a managed address of at least `count` words.
    call(|| "cuMemsetD32".into(), |api| unsafe { (api.memset_d32)(dst as CuDevicePtr, value, count as usize) });
}

extern "C" fn memref_alloc(size: u64) -> *mut c_void {
    alloc_or_exit(size)
}

extern "C" fn memref_aligned_alloc(alignment: u64, size: u64) -> *mut c_void {
    // Managed allocations are aligned to at least 256 bytes.
    if alignment > 256 {
        eprintln!("error: GPU memory allocation with alignment {alignment} > 256 is not supported");
        std::process::exit(1);
    }
    alloc_or_exit(size)
}

extern "C" fn memref_free(pointer: *mut c_void) {
    if let Err(error) = Cuda::get().and_then(|cuda| cuda.free(pointer.cast())) {
        record(error);
    }
}

/// The runtime ABI: `(symbol, address)` for the JIT to resolve host code's
/// calls.
pub fn abi_symbols() -> Vec<(&'static str, *mut c_void)> {
    vec![
        ("mgpuModuleLoadJIT", mgpu_module_load_jit as *mut c_void),
        ("mgpuModuleLoad", mgpu_module_load as *mut c_void),
        ("mgpuModuleUnload", mgpu_module_unload as *mut c_void),
        ("mgpuModuleGetFunction", mgpu_module_get_function as *mut c_void),
        ("mgpuLaunchKernel", mgpu_launch_kernel as *mut c_void),
        ("mgpuStreamCreate", mgpu_stream_create as *mut c_void),
        ("mgpuStreamDestroy", mgpu_stream_destroy as *mut c_void),
        ("mgpuStreamSynchronize", mgpu_stream_synchronize as *mut c_void),
        ("mgpuMemAlloc", mgpu_mem_alloc as *mut c_void),
        ("mgpuMemFree", mgpu_mem_free as *mut c_void),
        ("mgpuMemcpy", mgpu_memcpy as *mut c_void),
        ("mgpuMemset32", mgpu_memset32 as *mut c_void),
        ("_mlir_memref_to_llvm_alloc", memref_alloc as *mut c_void),
        ("_mlir_memref_to_llvm_aligned_alloc", memref_aligned_alloc as *mut c_void),
        ("_mlir_memref_to_llvm_free", memref_free as *mut c_void),
    ]
}
