//! A PJRT plugin: the C API through which jax (and other frameworks) drive
//! a backend. `GetPjrtApi` returns the function table; jax loads this
//! library as the platform `xla_mlir` (see `python/` for the package that
//! registers it).
//!
//! The model is the simplest one that is correct: N CPU devices
//! (`XLA_MLIR_NUM_DEVICES`, default 1; the runtime's in-process devices),
//! each with one memory; a buffer is an [`AlignedBuffer`] (dense,
//! row-major, aligned as compiled code wants it, so single-device
//! executions read inputs and return results in place) behind a reference
//! count; programs over several devices go through [`sharding`]; work runs
//! synchronously in the calling thread, so every event is complete when it
//! is handed out. Every slot of the table is
//! filled: jax trusts `struct_size`, and calls what it finds; a function we
//! do not implement returns an UNIMPLEMENTED error naming itself.
//!
//! Every entry point catches panics: unwinding into jax would abort the
//! Python process; a panic becomes an INTERNAL error instead.

pub mod compile;
pub mod ffi;
pub mod options;
pub mod sharding;

use compile::Compiled;
use ffi::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock};
use xla_runtime::{AlignedBuffer, ElementType};

/// The platform name jax knows us by (`JAX_PLATFORMS=xla_mlir`).
pub const PLATFORM_NAME: &str = "xla_mlir";
const PLATFORM_VERSION: &str = concat!("xla-mlir ", env!("CARGO_PKG_VERSION"), " (MLIR 22, CPU JIT)");
const DEVICE_KIND: &str = "xla-mlir cpu";
/// The kind of the one memory. jax's own CPU client calls its default
/// memory "device"; the host kinds ("unpinned_host", "pinned_host") would
/// make jax treat arrays as offloaded from a device.
pub const MEMORY_KIND: &str = "device";
/// The number of devices when neither the client's `num_devices` option
/// nor `XLA_MLIR_NUM_DEVICES` says otherwise.
const DEFAULT_DEVICES: usize = 1;
/// The most devices a client may have (the runtime's in-process limit).
const MAX_DEVICES: usize = 4096;

// ----------------------------------------------------------------- errors

/// A `PJRT_Error`: a status code and a message in complete sentences.
pub struct PjrtError {
    code: i32,
    message: String,
}

impl PjrtError {
    fn new(code: i32, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }
    fn into_raw(self) -> *mut c_void {
        Box::into_raw(Box::new(self)).cast()
    }
}

type Result<T> = std::result::Result<T, PjrtError>;

fn invalid(message: impl Into<String>) -> PjrtError {
    PjrtError::new(code::INVALID_ARGUMENT, message)
}

/// Runs an entry point's body: its error, or a panic, becomes a `PJRT_Error*`.
fn guard(body: impl FnOnce() -> Result<()>) -> *mut c_void {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => std::ptr::null_mut(),
        Ok(Err(error)) => error.into_raw(),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            PjrtError::new(code::INTERNAL, format!("the xla-mlir plugin panicked: {what}")).into_raw()
        }
    }
}

unsafe extern "C" fn error_destroy(args: *mut ErrorDestroyArgs) {
    let _ = catch_unwind(AssertUnwindSafe(|| unsafe {
        let error = (*args).error;
        if !error.is_null() {
            drop(Box::from_raw(error as *mut PjrtError));
        }
    }));
}

unsafe extern "C" fn error_message(args: *mut ErrorMessageArgs) {
    let _ = catch_unwind(AssertUnwindSafe(|| unsafe {
        let error = &*((*args).error as *const PjrtError);
        (*args).message = error.message.as_ptr().cast();
        (*args).message_size = error.message.len();
    }));
}

unsafe extern "C" fn error_get_code(args: *mut ErrorGetCodeArgs) -> *mut c_void {
    guard(|| unsafe {
        (*args).code = (*((*args).error as *const PjrtError)).code;
        Ok(())
    })
}

// ----------------------------------------------------------------- plugin

#[repr(C)]
struct PluginAttributesArgs {
    struct_size: usize,
    extension_start: *mut c_void,
    attributes: ListOut<NamedValue>,
}

unsafe extern "C" fn plugin_initialize(_args: *mut c_void) -> *mut c_void {
    std::ptr::null_mut()
}

unsafe extern "C" fn plugin_attributes(args: *mut PluginAttributesArgs) -> *mut c_void {
    // No `stablehlo_current_version`: jax then sends a portable artifact of
    // a version it picks, which the translator (jaxlib itself) reads.
    guard(|| unsafe {
        (*args).attributes = ListOut { items: std::ptr::NonNull::dangling().as_ptr(), len: 0 };
        Ok(())
    })
}

// ----------------------------------------------------------------- events

/// Work is synchronous: every event is complete when handed out. Not a
/// zero-sized type: each event is a real allocation with its own address
/// (a boxed ZST would be the same dangling pointer every time).
struct Event {
    _complete: bool,
}

fn new_event() -> *mut c_void {
    Box::into_raw(Box::new(Event { _complete: true })).cast()
}

unsafe extern "C" fn event_destroy(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let event = (*args).object;
        if !event.is_null() {
            drop(Box::from_raw(event as *mut Event));
        }
        Ok(())
    })
}

unsafe extern "C" fn event_is_ready(args: *mut ObjArgs<bool>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = true;
        Ok(())
    })
}

/// `PJRT_Event_Error` and `PJRT_Event_Await`: no event ever fails.
unsafe extern "C" fn event_no_error(_args: *mut c_void) -> *mut c_void {
    std::ptr::null_mut()
}

unsafe extern "C" fn event_on_ready(args: *mut EventOnReadyArgs) -> *mut c_void {
    guard(|| unsafe {
        if let Some(callback) = (*args).callback {
            callback(std::ptr::null_mut(), (*args).user_arg);
        }
        Ok(())
    })
}

// ---------------------------------------------------- client, device, memory

/// A device (which is also its own description) and its memory: owned by
/// the client, so that their pointers live as long. Devices are the
/// runtime's in-process devices (threads, see `docs/multi_device.md`);
/// every device has one memory, of the same id.
struct Device {
    client: *const Client,
    id: usize,
    description: String,
}

struct Memory {
    client: *const Client,
    id: usize,
    description: String,
}

pub struct Client {
    devices: Vec<Box<Device>>,
    memories: Vec<Box<Memory>>,
    device_list: Vec<*mut c_void>,
    memory_list: Vec<*mut c_void>,
    /// Compiled programs by their text: jax compiles the same program
    /// again (another `jit` of the same function, a retrace), and the JIT
    /// costs far more than a lookup.
    cache: Mutex<HashMap<String, Arc<Compiled>>>,
}

// SAFETY: the raw pointers point at the client's own boxes, immutable
// after creation; the cache is behind a mutex.
unsafe impl Send for Client {}
unsafe impl Sync for Client {}

unsafe fn client<'a>(raw: *mut c_void) -> Result<&'a Client> {
    if raw.is_null() {
        return Err(invalid("the client is NULL."));
    }
    Ok(unsafe { &*(raw as *const Client) })
}

/// The number of devices: the create option `num_devices` (an int64), else
/// `XLA_MLIR_NUM_DEVICES`, else [`DEFAULT_DEVICES`].
unsafe fn device_count(args: &ClientCreateArgs) -> Result<usize> {
    let mut wanted: Option<i64> = None;
    for option in unsafe { slice(args.create_options, args.num_options) } {
        let name = unsafe { slice(option.name.cast::<u8>(), option.name_size) };
        if name == b"num_devices" {
            if option.value_type != NAMED_VALUE_INT64 {
                return Err(invalid("the client option num_devices must be an integer."));
            }
            wanted = Some(option.value as i64);
        }
    }
    if wanted.is_none() {
        if let Ok(text) = std::env::var("XLA_MLIR_NUM_DEVICES") {
            wanted = Some(text.trim().parse().map_err(|_| invalid(format!("XLA_MLIR_NUM_DEVICES={text:?} is not a number of devices.")))?);
        }
    }
    match wanted {
        None => Ok(DEFAULT_DEVICES),
        Some(n) if n >= 1 && n as usize <= MAX_DEVICES => Ok(n as usize),
        Some(n) => Err(invalid(format!("{n} devices were asked for; the xla-mlir client has 1 to {MAX_DEVICES}."))),
    }
}

unsafe extern "C" fn client_create(args: *mut ClientCreateArgs) -> *mut c_void {
    guard(|| unsafe {
        let count = device_count(&*args)?;
        let mut client = Box::new(Client {
            devices: Vec::new(),
            memories: Vec::new(),
            device_list: Vec::new(),
            memory_list: Vec::new(),
            cache: Mutex::new(HashMap::new()),
        });
        let raw: *const Client = &*client;
        for id in 0..count {
            let description = format!("XlaMlirCpuDevice(id={id})");
            client.devices.push(Box::new(Device { client: raw, id, description }));
            let description = format!("XlaMlirMemory(id={id}, kind={MEMORY_KIND})");
            client.memories.push(Box::new(Memory { client: raw, id, description }));
        }
        client.device_list = client.devices.iter_mut().map(|d| (&mut **d as *mut Device).cast()).collect();
        client.memory_list = client.memories.iter_mut().map(|m| (&mut **m as *mut Memory).cast()).collect();
        (*args).client = Box::into_raw(client).cast();
        Ok(())
    })
}

unsafe extern "C" fn client_destroy(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let raw = (*args).object;
        if !raw.is_null() {
            drop(Box::from_raw(raw as *mut Client));
        }
        Ok(())
    })
}

unsafe extern "C" fn client_platform_name(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(PLATFORM_NAME);
        Ok(())
    })
}

unsafe extern "C" fn client_platform_version(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(PLATFORM_VERSION);
        Ok(())
    })
}

/// Every integer query whose answer is 0 here: process indices, device
/// and memory ids, hardware ids.
unsafe extern "C" fn answer_zero(args: *mut ObjArgs<i32>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = 0;
        Ok(())
    })
}

/// Every boolean query whose answer is "yes" here: events are ready, the
/// device is addressable, buffers are on the CPU.
unsafe extern "C" fn answer_true(args: *mut ObjArgs<bool>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = true;
        Ok(())
    })
}

unsafe extern "C" fn client_devices(args: *mut ObjArgs<ListOut<*mut c_void>>) -> *mut c_void {
    guard(|| unsafe {
        let client = client((*args).object)?;
        (*args).out = ListOut { items: client.device_list.as_ptr(), len: client.device_list.len() };
        Ok(())
    })
}

unsafe extern "C" fn client_lookup_device(args: *mut ClientLookupDeviceArgs) -> *mut c_void {
    guard(|| unsafe {
        let client = client((*args).client)?;
        let id = (*args).id;
        (*args).device = *usize::try_from(id).ok().and_then(|i| client.device_list.get(i)).ok_or_else(|| {
            PjrtError::new(
                code::NOT_FOUND,
                format!("no device with id {id}: the xla-mlir client has devices 0 to {}.", client.device_list.len() - 1),
            )
        })?;
        Ok(())
    })
}

unsafe extern "C" fn client_addressable_memories(args: *mut ObjArgs<ListOut<*mut c_void>>) -> *mut c_void {
    guard(|| unsafe {
        let client = client((*args).object)?;
        (*args).out = ListOut { items: client.memory_list.as_ptr(), len: client.memory_list.len() };
        Ok(())
    })
}

/// Replica `r`, partition `p` on device `r * num_partitions + p`.
unsafe extern "C" fn client_default_device_assignment(args: *mut DefaultDeviceAssignmentArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let client = client(a.client)?;
        let wanted = (a.num_replicas.max(0) as usize) * (a.num_partitions.max(0) as usize);
        if wanted > client.device_list.len() {
            return Err(invalid(format!(
                "{} replicas x {} partitions need {wanted} devices; the xla-mlir client has {} (set XLA_MLIR_NUM_DEVICES for more).",
                a.num_replicas,
                a.num_partitions,
                client.device_list.len()
            )));
        }
        for i in 0..wanted.min(a.default_assignment_size) {
            *a.default_assignment.add(i) = i as i32;
        }
        Ok(())
    })
}

unsafe extern "C" fn device_description_attributes(args: *mut ObjArgs<CountListOut<NamedValue>>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = CountListOut { len: 0, items: std::ptr::NonNull::dangling().as_ptr() };
        Ok(())
    })
}

unsafe extern "C" fn device_description_kind(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(DEVICE_KIND);
        Ok(())
    })
}

unsafe extern "C" fn device_description_to_string(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(&device((*args).object)?.description);
        Ok(())
    })
}

unsafe fn device<'a>(raw: *mut c_void) -> Result<&'a Device> {
    if raw.is_null() {
        return Err(invalid("the device is NULL."));
    }
    Ok(unsafe { &*(raw as *const Device) })
}

unsafe fn memory<'a>(raw: *mut c_void) -> Result<&'a Memory> {
    if raw.is_null() {
        return Err(invalid("the memory is NULL."));
    }
    Ok(unsafe { &*(raw as *const Memory) })
}

/// `DeviceDescription_Id` and `Device_LocalHardwareId`.
unsafe extern "C" fn device_id(args: *mut ObjArgs<i32>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = device((*args).object)?.id as i32;
        Ok(())
    })
}

unsafe extern "C" fn memory_id(args: *mut ObjArgs<i32>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = memory((*args).object)?.id as i32;
        Ok(())
    })
}

/// The device is its own description.
unsafe extern "C" fn device_get_description(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = (*args).object;
        Ok(())
    })
}

unsafe extern "C" fn device_addressable_memories(args: *mut ObjArgs<ListOut<*mut c_void>>) -> *mut c_void {
    guard(|| unsafe {
        let device = device((*args).object)?;
        (*args).out = ListOut { items: (*device.client).memory_list.as_ptr().add(device.id), len: 1 };
        Ok(())
    })
}

unsafe extern "C" fn device_default_memory(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        let device = device((*args).object)?;
        (*args).out = (&(*device.client).memory_list)[device.id];
        Ok(())
    })
}

unsafe extern "C" fn memory_kind(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(MEMORY_KIND);
        Ok(())
    })
}

unsafe extern "C" fn memory_to_string(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(&memory((*args).object)?.description);
        Ok(())
    })
}

unsafe extern "C" fn memory_addressable_by_devices(args: *mut ObjArgs<ListOut<*mut c_void>>) -> *mut c_void {
    guard(|| unsafe {
        let memory = memory((*args).object)?;
        (*args).out = ListOut { items: (*memory.client).device_list.as_ptr().add(memory.id), len: 1 };
        Ok(())
    })
}

// ---------------------------------------------------------------- buffers

/// The `PJRT_Buffer_Type` of an element type.
pub fn buffer_type_of(element_type: ElementType) -> i32 {
    use buffer_type::*;
    match element_type {
        ElementType::Pred => PRED,
        ElementType::I8 => S8,
        ElementType::I16 => S16,
        ElementType::I32 => S32,
        ElementType::I64 => S64,
        ElementType::U8 => U8,
        ElementType::U16 => U16,
        ElementType::U32 => U32,
        ElementType::U64 => U64,
        ElementType::F16 => F16,
        ElementType::BF16 => BF16,
        ElementType::F32 => F32,
        ElementType::F64 => F64,
        ElementType::C64 => C64,
        ElementType::C128 => C128,
        // Not mapped (yet): the sub-byte integers and narrow floats.
        _ => 0,
    }
}

/// The element type of a `PJRT_Buffer_Type`, if the runtime supports it.
pub fn element_type_of(buffer_type: i32) -> Option<ElementType> {
    use buffer_type::*;
    Some(match buffer_type {
        PRED => ElementType::Pred,
        S8 => ElementType::I8,
        S16 => ElementType::I16,
        S32 => ElementType::I32,
        S64 => ElementType::I64,
        U8 => ElementType::U8,
        U16 => ElementType::U16,
        U32 => ElementType::U32,
        U64 => ElementType::U64,
        F16 => ElementType::F16,
        BF16 => ElementType::BF16,
        F32 => ElementType::F32,
        F64 => ElementType::F64,
        C64 => ElementType::C64,
        C128 => ElementType::C128,
        _ => return None,
    })
}

pub struct Buffer {
    client: *const Client,
    /// The device (and memory) id.
    device: usize,
    /// `None` once deleted.
    data: Mutex<Option<Arc<AlignedBuffer>>>,
    element_type: ElementType,
    /// Shared by all the buffers of one executable's output.
    meta: Arc<ShapeMeta>,
    /// One reference per `PJRT_Buffer_IncreaseExternalReferenceCount`:
    /// numpy reads the data in place (jax's zero-copy path for CPU
    /// buffers), so it must outlive a `PJRT_Buffer_Delete`.
    external: Mutex<Vec<Arc<AlignedBuffer>>>,
}

/// A dense row-major shape in the forms the C API hands out.
pub struct ShapeMeta {
    shape: Vec<usize>,
    dims: Vec<i64>,
    /// Row-major: `rank-1, ..., 0`.
    minor_to_major: Vec<i64>,
}

impl ShapeMeta {
    pub fn new(shape: Vec<usize>) -> Arc<Self> {
        let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let minor_to_major = (0..dims.len() as i64).rev().collect();
        Arc::new(Self { shape, dims, minor_to_major })
    }
}

// SAFETY: the client pointer is only read; the tensor is behind a mutex.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    /// A buffer over `data`, which holds a dense array of `shape`.
    fn new(client: *const Client, device: usize, element_type: ElementType, meta: Arc<ShapeMeta>, data: AlignedBuffer) -> Self {
        Self::shared(client, device, element_type, meta, Arc::new(data))
    }

    fn shared(client: *const Client, device: usize, element_type: ElementType, meta: Arc<ShapeMeta>, data: Arc<AlignedBuffer>) -> Self {
        Self {
            client,
            device,
            element_type,
            meta,
            data: Mutex::new(Some(data)),
            external: Mutex::new(Vec::new()),
        }
    }

    fn shape(&self) -> &[usize] {
        &self.meta.shape
    }

    fn data(&self) -> Result<Arc<AlignedBuffer>> {
        self.data
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .ok_or_else(|| PjrtError::new(code::FAILED_PRECONDITION, "the buffer has been deleted or donated."))
    }
}

unsafe fn buffer<'a>(raw: *mut c_void) -> Result<&'a Buffer> {
    if raw.is_null() {
        return Err(invalid("the buffer is NULL."));
    }
    Ok(unsafe { &*(raw as *const Buffer) })
}

/// Byte strides of a dense row-major array of `dims`.
fn dense_strides(dims: &[usize], element_size: usize) -> Vec<i64> {
    let mut strides = vec![0i64; dims.len()];
    let mut stride = element_size as i64;
    for i in (0..dims.len()).rev() {
        strides[i] = stride;
        stride *= dims[i] as i64;
    }
    strides
}

/// Byte strides of a layout given as minor-to-major dimension order.
fn strides_of_minor_to_major(dims: &[usize], minor_to_major: &[i64], element_size: usize) -> Result<Vec<i64>> {
    if minor_to_major.len() != dims.len() {
        return Err(invalid(format!(
            "a layout of {} dimensions was given for an array of rank {}.",
            minor_to_major.len(),
            dims.len()
        )));
    }
    let mut strides = vec![0i64; dims.len()];
    let mut stride = element_size as i64;
    for &d in minor_to_major {
        let d = usize::try_from(d)
            .ok()
            .filter(|&d| d < dims.len())
            .ok_or_else(|| invalid(format!("the layout names dimension {d}, which does not exist.")))?;
        strides[d] = stride;
        stride *= dims[d] as i64;
    }
    Ok(strides)
}

/// The byte strides a `PJRT_Buffer_MemoryLayout` describes (tiles refused).
unsafe fn layout_strides(layout: &MemoryLayout, dims: &[usize], element_size: usize) -> Result<Vec<i64>> {
    unsafe {
        match layout.layout_type {
            LAYOUT_STRIDES => {
                let s = layout.layout.strides;
                if s.num_byte_strides != dims.len() {
                    return Err(invalid(format!(
                        "{} byte strides were given for an array of rank {}.",
                        s.num_byte_strides,
                        dims.len()
                    )));
                }
                Ok(slice(s.byte_strides, s.num_byte_strides).to_vec())
            }
            LAYOUT_TILED => {
                let t = layout.layout.tiled;
                if t.num_tiles != 0 {
                    return Err(PjrtError::new(
                        code::UNIMPLEMENTED,
                        "tiled layouts are not supported by the xla-mlir plugin (only dense ones).",
                    ));
                }
                strides_of_minor_to_major(dims, slice(t.minor_to_major, t.minor_to_major_size), element_size)
            }
            other => Err(invalid(format!("unknown memory layout type {other}."))),
        }
    }
}

/// `slice::from_raw_parts` that accepts NULL for an empty list.
unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    if len == 0 || ptr.is_null() { &[] } else { unsafe { std::slice::from_raw_parts(ptr, len) } }
}

/// Copies an array of `dims` between two strided layouts (strides in bytes,
/// possibly negative, relative to `src`/`dst`, which point at element 0).
unsafe fn copy_strided(src: *const u8, src_strides: &[i64], dst: *mut u8, dst_strides: &[i64], dims: &[usize], element_size: usize) {
    if dims.contains(&0) {
        return;
    }
    let mut index = vec![0usize; dims.len()];
    loop {
        let mut s = 0isize;
        let mut d = 0isize;
        for i in 0..dims.len() {
            s += index[i] as isize * src_strides[i] as isize;
            d += index[i] as isize * dst_strides[i] as isize;
        }
        unsafe { std::ptr::copy_nonoverlapping(src.offset(s), dst.offset(d), element_size) };
        // The next index, last dimension fastest; done after the last one.
        let mut axis = dims.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            if index[axis] < dims[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
}

unsafe extern "C" fn client_buffer_from_host_buffer(args: *mut BufferFromHostBufferArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let client = client(a.client)?;
        let element_type = element_type_of(a.buffer_type).ok_or_else(|| {
            PjrtError::new(
                code::UNIMPLEMENTED,
                format!("the xla-mlir plugin does not support element type {} (PJRT_Buffer_Type).", a.buffer_type),
            )
        })?;
        let dims: Vec<usize> = slice(a.dims, a.num_dims)
            .iter()
            .map(|&d| usize::try_from(d).map_err(|_| invalid(format!("negative dimension {d}."))))
            .collect::<Result<_>>()?;
        let size = element_type.byte_size();
        let dense = dense_strides(&dims, size);
        let src_strides = if a.num_byte_strides == 0 { dense.clone() } else { slice(a.byte_strides, a.num_byte_strides).to_vec() };
        if src_strides.len() != dims.len() {
            return Err(invalid(format!("{} byte strides were given for an array of rank {}.", src_strides.len(), dims.len())));
        }
        if !a.device_layout.is_null() {
            let wanted = layout_strides(&*a.device_layout, &dims, size)?;
            if wanted != dense {
                return Err(PjrtError::new(code::UNIMPLEMENTED, "the xla-mlir plugin keeps arrays in dense row-major layout only."));
            }
        }
        let count = dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        let bytes = count
            .and_then(|n| n.checked_mul(size))
            .ok_or_else(|| invalid(format!("an array of shape {dims:?} does not fit in memory.")))?;
        let device = if !a.memory.is_null() {
            memory(a.memory)?.id
        } else if !a.device.is_null() {
            device(a.device)?.id
        } else {
            0
        };
        let mut data = AlignedBuffer::new(bytes).map_err(|e| PjrtError::new(code::INTERNAL, e.to_string()))?;
        if bytes > 0 {
            let destination = data.as_mut_slice().as_mut_ptr();
            if src_strides == dense {
                std::ptr::copy_nonoverlapping(a.data.cast::<u8>(), destination, bytes);
            } else {
                copy_strided(a.data.cast(), &src_strides, destination, &dense, &dims, size);
            }
        }
        // The data was copied: the host buffer may be freed now.
        a.done_with_host_buffer = new_event();
        a.buffer = Box::into_raw(Box::new(Buffer::new(client, device, element_type, ShapeMeta::new(dims), data))).cast();
        Ok(())
    })
}

unsafe extern "C" fn buffer_destroy(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let raw = (*args).object;
        if !raw.is_null() {
            drop(Box::from_raw(raw as *mut Buffer));
        }
        Ok(())
    })
}

unsafe extern "C" fn buffer_element_type(args: *mut ObjArgs<i32>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = buffer_type_of(buffer((*args).object)?.element_type);
        Ok(())
    })
}

unsafe extern "C" fn buffer_dimensions(args: *mut ObjArgs<ListOut<i64>>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        (*args).out = ListOut { items: b.meta.dims.as_ptr(), len: b.meta.dims.len() };
        Ok(())
    })
}

unsafe extern "C" fn buffer_dynamic_dimension_indices(args: *mut ObjArgs<ListOut<usize>>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = ListOut { items: std::ptr::NonNull::dangling().as_ptr(), len: 0 };
        Ok(())
    })
}

unsafe extern "C" fn buffer_get_memory_layout(args: *mut GetMemoryLayoutArgs) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).buffer)?;
        (*args).layout = MemoryLayout {
            struct_size: std::mem::size_of::<MemoryLayout>(),
            extension_start: std::ptr::null_mut(),
            layout: MemoryLayoutUnion {
                tiled: MemoryLayoutTiled {
                    struct_size: std::mem::size_of::<MemoryLayoutTiled>(),
                    extension_start: std::ptr::null_mut(),
                    minor_to_major: b.meta.minor_to_major.as_ptr(),
                    minor_to_major_size: b.meta.minor_to_major.len(),
                    tile_dims: std::ptr::null(),
                    tile_dim_sizes: std::ptr::null(),
                    num_tiles: 0,
                },
            },
            layout_type: LAYOUT_TILED,
        };
        Ok(())
    })
}

unsafe extern "C" fn buffer_on_device_size_in_bytes(args: *mut ObjArgs<usize>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        (*args).out = b.shape().iter().product::<usize>() * b.element_type.byte_size();
        Ok(())
    })
}

unsafe extern "C" fn buffer_device(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        (*args).out = (&(*b.client).device_list)[b.device];
        Ok(())
    })
}

unsafe extern "C" fn buffer_memory(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        (*args).out = (&(*b.client).memory_list)[b.device];
        Ok(())
    })
}

/// `PJRT_Buffer_CopyToDevice` and `PJRT_Buffer_CopyToMemory`: every
/// memory is the host's, and buffers are never written after they are
/// made, so the copy shares the data.
unsafe extern "C" fn buffer_copy_to(args: *mut CopyToArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let b = buffer(a.buffer)?;
        let client = &*b.client;
        let target = if a.destination.is_null() { return Err(invalid("the destination is NULL.")) } else { a.destination };
        // Devices and memories of a client share ids; find which it is.
        let id = match client.device_list.iter().position(|&d| d == target) {
            Some(id) => id,
            None => client
                .memory_list
                .iter()
                .position(|&m| m == target)
                .ok_or_else(|| invalid("the destination is not a device or memory of this client."))?,
        };
        let copy = Buffer::shared(b.client, id, b.element_type, b.meta.clone(), b.data()?);
        a.dst_buffer = Box::into_raw(Box::new(copy)).cast();
        Ok(())
    })
}

unsafe extern "C" fn buffer_delete(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        *buffer((*args).object)?.data.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    })
}

unsafe extern "C" fn buffer_is_deleted(args: *mut ObjArgs<bool>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = buffer((*args).object)?.data.lock().unwrap_or_else(|e| e.into_inner()).is_none();
        Ok(())
    })
}

/// `PJRT_Buffer_UnsafePointer` and `PJRT_Buffer_OpaqueDeviceMemoryDataPointer`:
/// the address of the dense data (the memory is the host's).
unsafe extern "C" fn buffer_data_pointer(args: *mut ObjArgs<*const u8>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = buffer((*args).object)?.data()?.as_slice().as_ptr();
        Ok(())
    })
}

unsafe extern "C" fn buffer_increase_external_reference_count(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        let data = b.data()?;
        b.external.lock().unwrap_or_else(|e| e.into_inner()).push(data);
        Ok(())
    })
}

unsafe extern "C" fn buffer_decrease_external_reference_count(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let b = buffer((*args).object)?;
        b.external
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop()
            .map(drop)
            .ok_or_else(|| PjrtError::new(code::FAILED_PRECONDITION, "the buffer has no external reference to release."))
    })
}

unsafe extern "C" fn buffer_ready_event(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = new_event();
        Ok(())
    })
}

unsafe extern "C" fn buffer_to_host_buffer(args: *mut ToHostBufferArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let b = buffer(a.src)?;
        let data = b.data()?;
        let bytes = data.as_slice();
        let size = b.element_type.byte_size();
        let dense = dense_strides(b.shape(), size);
        let dst_strides = if a.host_layout.is_null() { dense.clone() } else { layout_strides(&*a.host_layout, b.shape(), size)? };
        let needed = b.shape().iter().product::<usize>() * size;
        if a.dst.is_null() {
            a.dst_size = needed;
            return Ok(());
        }
        if a.dst_size < needed {
            return Err(invalid(format!("the destination holds {} bytes; the buffer needs {needed}.", a.dst_size)));
        }
        if needed > 0 {
            if dst_strides == dense {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), a.dst.cast::<u8>(), needed);
            } else {
                copy_strided(bytes.as_ptr(), &dense, a.dst.cast(), &dst_strides, b.shape(), size);
            }
        }
        a.event = new_event();
        Ok(())
    })
}

// ------------------------------------------------------------ executables

/// A `PJRT_LoadedExecutable`, and (separately allocated, for the same
/// program) a `PJRT_Executable`.
pub struct Executable {
    compiled: Arc<Compiled>,
    client: *const Client,
    /// The devices it runs on, in jax's order of argument lists: replica
    /// major, then partition (`device_list` pointers, for
    /// `AddressableDevices`).
    devices: Vec<*mut c_void>,
    device_ids: Vec<usize>,
    deleted: std::sync::atomic::AtomicBool,
}

// SAFETY: the client pointer is only read; the rest is Send + Sync.
unsafe impl Send for Executable {}
unsafe impl Sync for Executable {}

unsafe fn executable<'a>(raw: *mut c_void) -> Result<&'a Executable> {
    if raw.is_null() {
        return Err(invalid("the executable is NULL."));
    }
    Ok(unsafe { &*(raw as *const Executable) })
}

/// A fingerprint of the program text (FNV-1a, 64 bits, as hex).
fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf29ce484222325;
    for &b in text.as_bytes() {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x100000001b3);
    }
    format!("xla-mlir-{hash:016x}")
}

/// The devices a program runs on, replica major: the compile options'
/// device assignment, else devices 0, 1, ...; the counts must agree with
/// the program's own (`mhlo.num_replicas`, `mhlo.num_partitions`).
fn assigned_devices(client: &Client, layout: &sharding::DeviceLayout, options: &options::BuildOptions) -> Result<Vec<usize>> {
    let (replicas, partitions) = (layout.replicas, layout.partitions);
    for (stated, ours, what) in [(options.num_replicas, replicas, "replicas"), (options.num_partitions, partitions, "partitions")] {
        if stated > 1 && stated != ours {
            return Err(invalid(format!("the compile options ask for {stated} {what}; the program states {ours}.")));
        }
    }
    let ids: Vec<i64> = match &options.assignment {
        Some(rows) if !rows.is_empty() => {
            if rows.len() != replicas || rows.iter().any(|r| r.len() != partitions) {
                return Err(invalid(format!(
                    "the device assignment is {}x{}; the program runs {replicas} replicas x {partitions} partitions.",
                    rows.len(),
                    rows.first().map_or(0, Vec::len)
                )));
            }
            rows.iter().flatten().copied().collect()
        }
        _ => (0..(replicas * partitions) as i64).collect(),
    };
    let count = client.device_list.len();
    ids.iter()
        .map(|&id| {
            usize::try_from(id).ok().filter(|&d| d < count).ok_or_else(|| {
                invalid(format!("the program is assigned device {id}; the xla-mlir client has {count} (set XLA_MLIR_NUM_DEVICES for more)."))
            })
        })
        .collect()
}

unsafe extern "C" fn client_compile(args: *mut ClientCompileArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let client = client(a.client)?;
        let program = &*a.program;
        let format = String::from_utf8_lossy(slice(program.format.cast::<u8>(), program.format_size)).into_owned();
        if format != "mlir" {
            return Err(PjrtError::new(
                code::UNIMPLEMENTED,
                format!("the xla-mlir plugin compiles StableHLO (format \"mlir\"), not programs of format \"{format}\"."),
            ));
        }
        let code = slice(program.code.cast::<u8>(), program.code_size);
        let text = compile::program_text(code).map_err(invalid)?;
        let cached = client.cache.lock().unwrap_or_else(|e| e.into_inner()).get(&text).cloned();
        let compiled = match cached {
            Some(compiled) => compiled,
            None => {
                let compiled = Arc::new(compile::compile_text(text.clone(), fingerprint(&text)).map_err(invalid)?);
                client.cache.lock().unwrap_or_else(|e| e.into_inner()).insert(text, compiled.clone());
                compiled
            }
        };
        let options = options::read(slice(a.compile_options.cast::<u8>(), a.compile_options_size))
            .map_err(|e| invalid(format!("cannot read the compile options: {e}.")))?;
        let device_ids = assigned_devices(client, &compiled.layout, &options)?;
        let devices = device_ids.iter().map(|&d| client.device_list[d]).collect();
        a.executable = Box::into_raw(Box::new(Executable { compiled, client, devices, device_ids, deleted: Default::default() })).cast();
        Ok(())
    })
}

unsafe extern "C" fn executable_destroy(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        let raw = (*args).object;
        if !raw.is_null() {
            drop(Box::from_raw(raw as *mut Executable));
        }
        Ok(())
    })
}

unsafe extern "C" fn executable_name(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(&executable((*args).object)?.compiled.name);
        Ok(())
    })
}

unsafe extern "C" fn executable_num_replicas(args: *mut ObjArgs<usize>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = executable((*args).object)?.compiled.layout.replicas;
        Ok(())
    })
}

unsafe extern "C" fn executable_num_partitions(args: *mut ObjArgs<usize>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = executable((*args).object)?.compiled.layout.partitions;
        Ok(())
    })
}

unsafe extern "C" fn executable_num_outputs(args: *mut ObjArgs<usize>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = executable((*args).object)?.compiled.output_types.len();
        Ok(())
    })
}

unsafe extern "C" fn executable_size_of_generated_code(args: *mut ObjArgs<i64>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = 0;
        Ok(())
    })
}

unsafe extern "C" fn executable_cost_analysis(args: *mut ObjArgs<CountListOut<NamedValue>>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = CountListOut { len: 0, items: std::ptr::NonNull::dangling().as_ptr() };
        Ok(())
    })
}

unsafe extern "C" fn executable_output_memory_kinds(args: *mut ObjArgs<OutputMemoryKindsOut>) -> *mut c_void {
    guard(|| unsafe {
        let c = &executable((*args).object)?.compiled;
        (*args).out = OutputMemoryKindsOut {
            num_outputs: c.output_kinds.len(),
            kinds: c.output_kinds.as_ptr(),
            kind_sizes: c.output_kind_sizes.as_ptr(),
        };
        Ok(())
    })
}

unsafe extern "C" fn executable_output_element_types(args: *mut ObjArgs<OutputElementTypesOut>) -> *mut c_void {
    guard(|| unsafe {
        let c = &executable((*args).object)?.compiled;
        (*args).out = OutputElementTypesOut { types: c.output_types.as_ptr(), len: c.output_types.len() };
        Ok(())
    })
}

unsafe extern "C" fn executable_output_dimensions(args: *mut ObjArgs<OutputDimensionsOut>) -> *mut c_void {
    guard(|| unsafe {
        let c = &executable((*args).object)?.compiled;
        (*args).out = OutputDimensionsOut {
            num_outputs: c.output_ranks.len(),
            dims: c.output_dims.as_ptr(),
            dim_sizes: c.output_ranks.as_ptr(),
        };
        Ok(())
    })
}

unsafe extern "C" fn executable_fingerprint(args: *mut ObjArgs<StrOut>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = StrOut::of(&executable((*args).object)?.compiled.fingerprint);
        Ok(())
    })
}

unsafe extern "C" fn executable_compiled_memory_stats(args: *mut ObjArgs<CompiledMemoryStatsOut>) -> *mut c_void {
    guard(|| unsafe {
        let c = &executable((*args).object)?.compiled;
        let bytes = |specs: &[xla_runtime::TensorSpec]| specs.iter().map(|s| s.byte_size().unwrap_or(0) as i64).sum::<i64>();
        let signature = c.executable.signature();
        (*args).out = CompiledMemoryStatsOut {
            generated_code_size_in_bytes: 0,
            argument_size_in_bytes: bytes(&signature.inputs),
            output_size_in_bytes: bytes(&signature.outputs),
            alias_size_in_bytes: 0,
            temp_size_in_bytes: 0,
            host_generated_code_size_in_bytes: 0,
            host_argument_size_in_bytes: 0,
            host_output_size_in_bytes: 0,
            host_alias_size_in_bytes: 0,
            host_temp_size_in_bytes: 0,
        };
        Ok(())
    })
}

unsafe extern "C" fn loaded_executable_get_executable(args: *mut ObjArgs<*mut c_void>) -> *mut c_void {
    guard(|| unsafe {
        let e = executable((*args).object)?;
        let copy = Executable {
            compiled: e.compiled.clone(),
            client: e.client,
            devices: e.devices.clone(),
            device_ids: e.device_ids.clone(),
            deleted: Default::default(),
        };
        (*args).out = Box::into_raw(Box::new(copy)).cast();
        Ok(())
    })
}

unsafe extern "C" fn loaded_executable_addressable_devices(args: *mut ObjArgs<ListOut<*mut c_void>>) -> *mut c_void {
    guard(|| unsafe {
        let e = executable((*args).object)?;
        (*args).out = ListOut { items: e.devices.as_ptr(), len: e.devices.len() };
        Ok(())
    })
}

unsafe extern "C" fn loaded_executable_delete(args: *mut ObjArgs<()>) -> *mut c_void {
    guard(|| unsafe {
        executable((*args).object)?.deleted.store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    })
}

unsafe extern "C" fn loaded_executable_is_deleted(args: *mut ObjArgs<bool>) -> *mut c_void {
    guard(|| unsafe {
        (*args).out = executable((*args).object)?.deleted.load(std::sync::atomic::Ordering::Relaxed);
        Ok(())
    })
}

unsafe extern "C" fn loaded_executable_execute(args: *mut ExecuteArgs) -> *mut c_void {
    guard(|| unsafe {
        let a = &mut *args;
        let e = executable(a.executable)?;
        if e.deleted.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(PjrtError::new(code::FAILED_PRECONDITION, "the executable has been deleted."));
        }
        if a.num_devices != e.devices.len() {
            return Err(invalid(format!(
                "execution on {} devices was asked for; the program runs on {}.",
                a.num_devices,
                e.devices.len()
            )));
        }
        if a.num_devices == 1 {
            execute_on_one(e, a)?;
        } else {
            execute_on_several(e, a)?;
        }
        release_donated(e, a);
        if !a.device_complete_events.is_null() {
            for d in 0..a.num_devices {
                *a.device_complete_events.add(d) = new_event();
            }
        }
        Ok(())
    })
}

/// Donation: the arguments jax donates (the program marks them, and the
/// options do not exempt them) are deleted once the run succeeded, as
/// XLA's runtime does; their memory goes when the last reference does.
/// (The results do not reuse it: compiled code reads its arguments and
/// writes fresh outputs.)
unsafe fn release_donated(e: &Executable, a: &ExecuteArgs) {
    let donated = &e.compiled.donated;
    if !donated.iter().any(|&d| d) {
        return;
    }
    let exempt: &[i64] = match unsafe { a.options.as_ref() } {
        Some(o) if o.struct_size >= std::mem::size_of::<ExecuteOptions>() => unsafe {
            slice(o.non_donatable_input_indices, o.num_non_donatable_input_indices)
        },
        _ => &[],
    };
    for d in 0..a.num_devices {
        let arguments = unsafe { slice(*a.argument_lists.add(d), a.num_args) };
        for (index, &raw) in arguments.iter().enumerate() {
            if donated.get(index).copied().unwrap_or(false) && !exempt.contains(&(index as i64)) {
                if let Ok(b) = unsafe { buffer(raw) } {
                    *b.data.lock().unwrap_or_else(|e| e.into_inner()) = None;
                }
            }
        }
    }
}

/// The arguments of device `d` (the `d`-th list) and their data.
unsafe fn arguments_of<'a>(a: &ExecuteArgs, d: usize) -> Result<(Vec<&'a Buffer>, Vec<Arc<AlignedBuffer>>)> {
    let arguments = unsafe { slice(*a.argument_lists.add(d), a.num_args) };
    let mut buffers = Vec::with_capacity(arguments.len());
    let mut data = Vec::with_capacity(arguments.len());
    for (index, &raw) in arguments.iter().enumerate() {
        let b = unsafe { buffer(raw)? };
        buffers.push(b);
        data.push(b.data().map_err(|e| PjrtError::new(e.code, format!("argument {index}: {}", e.message)))?);
    }
    Ok((buffers, data))
}

/// The common case, kept lean: jax's per-call dispatch goes through it.
unsafe fn execute_on_one(e: &Executable, a: &ExecuteArgs) -> Result<()> {
    let (buffers, data) = unsafe { arguments_of(a, 0)? };
    let inputs: Vec<(&AlignedBuffer, ElementType, &[usize])> =
        buffers.iter().zip(&data).map(|(b, d)| (&**d, b.element_type, b.shape())).collect();
    let outputs = e.compiled.executable.execute_in_place(&inputs).map_err(|error| invalid(error.to_string()))?;
    let out_list = unsafe { *a.output_lists };
    let device = e.device_ids[0];
    for (index, (data, (spec, meta))) in outputs.into_iter().zip(e.compiled.executable.signature().outputs.iter().zip(&e.compiled.output_meta)).enumerate() {
        let output = Buffer::new(e.client, device, spec.element_type, meta.clone(), data);
        unsafe { *out_list.add(index) = Box::into_raw(Box::new(output)).cast() };
    }
    Ok(())
}

fn aligned(bytes: &[u8]) -> Result<AlignedBuffer> {
    let mut data = AlignedBuffer::new(bytes.len()).map_err(|e| PjrtError::new(code::RESOURCE_EXHAUSTED, e.to_string()))?;
    data.as_mut_slice().copy_from_slice(bytes);
    Ok(data)
}

/// A program over several devices (see [`sharding`]): partitions take
/// shards of global arrays, which are assembled before the run and cut
/// from the global results after it; replicas take their own arrays.
unsafe fn execute_on_several(e: &Executable, a: &ExecuteArgs) -> Result<()> {
    use xla_runtime::HostTensor;
    let layout = &e.compiled.layout;
    let devices = a.num_devices;
    let mut per_device = Vec::with_capacity(devices);
    for d in 0..devices {
        per_device.push(unsafe { arguments_of(a, d)? });
    }
    let run_error = |error: xla_runtime::RuntimeError| invalid(error.to_string());
    let tensor = |element_type: ElementType, shape: Vec<usize>, bytes: Vec<u8>| {
        HostTensor::new(element_type, shape, bytes).map_err(|error| invalid(error.to_string()))
    };
    let signature = e.compiled.executable.signature();
    // Per device, per result: element type, shape, bytes.
    let results: Vec<Vec<(ElementType, Vec<usize>, Vec<u8>)>> = if layout.partitions > 1 {
        let mut globals = Vec::with_capacity(a.num_args);
        for (index, split) in layout.inputs.iter().enumerate() {
            let element_type = per_device[0].0[index].element_type;
            let shard = split.shard_shape();
            let mut shards = Vec::with_capacity(devices);
            for (d, (buffers, data)) in per_device.iter().enumerate() {
                if buffers[index].shape() != shard.as_slice() || buffers[index].element_type != element_type {
                    return Err(invalid(format!(
                        "argument {index} on device {d} has shape {:?}; its shard of the global {:?} is {shard:?}.",
                        buffers[index].shape(), split.global
                    )));
                }
                shards.push(data[index].as_slice());
            }
            let bytes = sharding::assemble(split, &shards, element_type.byte_size());
            globals.push(tensor(element_type, split.global.clone(), bytes)?);
        }
        let outputs = e.compiled.executable.execute_on_devices(&globals, devices).map_err(run_error)?;
        (0..devices)
            .map(|d| {
                outputs
                    .iter()
                    .zip(&layout.outputs)
                    .map(|(global, split)| {
                        let shape = split.shard_shape();
                        let size = global.element_type.byte_size();
                        let mut bytes = vec![0u8; shape.iter().product::<usize>() * size];
                        sharding::cut(split, &global.data, d, &mut bytes, size);
                        (global.element_type, shape, bytes)
                    })
                    .collect()
            })
            .collect()
    } else {
        let inputs = per_device
            .iter()
            .map(|(buffers, data)| {
                buffers.iter().zip(data).map(|(b, d)| tensor(b.element_type, b.shape().to_vec(), d.as_slice().to_vec())).collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?;
        let outputs = e.compiled.executable.execute_per_device(&inputs).map_err(run_error)?;
        outputs.into_iter().map(|list| list.into_iter().map(|t| (t.element_type, t.shape, t.data)).collect()).collect()
    };
    for (d, list) in results.into_iter().enumerate() {
        if list.len() != signature.outputs.len() {
            return Err(PjrtError::new(code::INTERNAL, "the program returned an unexpected number of results."));
        }
        let out_list = unsafe { *a.output_lists.add(d) };
        for (index, (element_type, shape, bytes)) in list.into_iter().enumerate() {
            let output = Buffer::new(e.client, e.device_ids[d], element_type, ShapeMeta::new(shape), aligned(&bytes)?);
            unsafe { *out_list.add(index) = Box::into_raw(Box::new(output)).cast() };
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ table

/// A function of the table that returns UNIMPLEMENTED, naming itself.
macro_rules! unimplemented_entry {
    ($name:ident) => {{
        unsafe extern "C" fn entry(_args: *mut c_void) -> *mut c_void {
            PjrtError::new(code::UNIMPLEMENTED, concat!("PJRT_", stringify!($name), " is not implemented by the xla-mlir plugin."))
                .into_raw()
        }
        entry as *const () as usize
    }};
}

/// The number of function slots of `PJRT_Api` at minor version 54.
pub const API_FUNCTIONS: usize = 100;

/// `PJRT_Api`: the version, then the function pointers in the header's order.
#[repr(C)]
pub struct Api {
    struct_size: usize,
    extension_start: *mut c_void,
    version: ApiVersion,
    functions: [usize; API_FUNCTIONS],
}

// SAFETY: immutable after construction; the pointers are functions.
unsafe impl Send for Api {}
unsafe impl Sync for Api {}

fn api_table() -> Api {
    let functions: [usize; API_FUNCTIONS] = [
        error_destroy as *const () as usize,
        error_message as *const () as usize,
        error_get_code as *const () as usize,
        plugin_initialize as *const () as usize,
        plugin_attributes as *const () as usize,
        event_destroy as *const () as usize,
        event_is_ready as *const () as usize,
        event_no_error as *const () as usize, // Event_Error
        event_no_error as *const () as usize, // Event_Await
        event_on_ready as *const () as usize,
        client_create as *const () as usize,
        client_destroy as *const () as usize,
        client_platform_name as *const () as usize,
        answer_zero as *const () as usize, // Client_ProcessIndex
        client_platform_version as *const () as usize,
        client_devices as *const () as usize,
        client_devices as *const () as usize, // Client_AddressableDevices
        client_lookup_device as *const () as usize,
        client_lookup_device as *const () as usize, // Client_LookupAddressableDevice (local id = id)
        client_addressable_memories as *const () as usize,
        client_compile as *const () as usize,
        client_default_device_assignment as *const () as usize,
        client_buffer_from_host_buffer as *const () as usize,
        device_id as *const () as usize, // DeviceDescription_Id
        answer_zero as *const () as usize, // DeviceDescription_ProcessIndex
        device_description_attributes as *const () as usize,
        device_description_kind as *const () as usize,
        device_description_to_string as *const () as usize, // DeviceDescription_DebugString
        device_description_to_string as *const () as usize, // DeviceDescription_ToString
        device_get_description as *const () as usize,
        answer_true as *const () as usize, // Device_IsAddressable
        device_id as *const () as usize, // Device_LocalHardwareId
        device_addressable_memories as *const () as usize,
        device_default_memory as *const () as usize,
        unimplemented_entry!(Device_MemoryStats),
        memory_id as *const () as usize, // Memory_Id
        memory_kind as *const () as usize,
        memory_to_string as *const () as usize, // Memory_DebugString
        memory_to_string as *const () as usize, // Memory_ToString
        memory_addressable_by_devices as *const () as usize,
        executable_destroy as *const () as usize,
        executable_name as *const () as usize,
        executable_num_replicas as *const () as usize,
        executable_num_partitions as *const () as usize,
        executable_num_outputs as *const () as usize,
        executable_size_of_generated_code as *const () as usize,
        executable_cost_analysis as *const () as usize,
        executable_output_memory_kinds as *const () as usize,
        unimplemented_entry!(Executable_OptimizedProgram),
        unimplemented_entry!(Executable_Serialize),
        executable_destroy as *const () as usize, // LoadedExecutable_Destroy
        loaded_executable_get_executable as *const () as usize,
        loaded_executable_addressable_devices as *const () as usize,
        loaded_executable_delete as *const () as usize,
        loaded_executable_is_deleted as *const () as usize,
        loaded_executable_execute as *const () as usize,
        unimplemented_entry!(Executable_DeserializeAndLoad),
        executable_fingerprint as *const () as usize, // LoadedExecutable_Fingerprint
        buffer_destroy as *const () as usize,
        buffer_element_type as *const () as usize,
        buffer_dimensions as *const () as usize,
        buffer_dimensions as *const () as usize, // Buffer_UnpaddedDimensions
        buffer_dynamic_dimension_indices as *const () as usize,
        buffer_get_memory_layout as *const () as usize,
        buffer_on_device_size_in_bytes as *const () as usize,
        buffer_device as *const () as usize,
        buffer_memory as *const () as usize,
        buffer_delete as *const () as usize,
        buffer_is_deleted as *const () as usize,
        buffer_copy_to as *const () as usize, // Buffer_CopyToDevice
        buffer_to_host_buffer as *const () as usize,
        answer_true as *const () as usize, // Buffer_IsOnCpu
        buffer_ready_event as *const () as usize,
        buffer_data_pointer as *const () as usize, // Buffer_UnsafePointer
        buffer_increase_external_reference_count as *const () as usize,
        buffer_decrease_external_reference_count as *const () as usize,
        buffer_data_pointer as *const () as usize, // Buffer_OpaqueDeviceMemoryDataPointer
        unimplemented_entry!(CopyToDeviceStream_Destroy),
        unimplemented_entry!(CopyToDeviceStream_AddChunk),
        unimplemented_entry!(CopyToDeviceStream_TotalBytes),
        unimplemented_entry!(CopyToDeviceStream_GranuleSize),
        unimplemented_entry!(CopyToDeviceStream_CurrentBytes),
        unimplemented_entry!(TopologyDescription_Create),
        unimplemented_entry!(TopologyDescription_Destroy),
        unimplemented_entry!(TopologyDescription_PlatformName),
        unimplemented_entry!(TopologyDescription_PlatformVersion),
        unimplemented_entry!(TopologyDescription_GetDeviceDescriptions),
        unimplemented_entry!(TopologyDescription_Serialize),
        unimplemented_entry!(TopologyDescription_Attributes),
        unimplemented_entry!(Compile),
        // Added after the first layout, at the end, in this order.
        executable_output_element_types as *const () as usize,
        executable_output_dimensions as *const () as usize,
        buffer_copy_to as *const () as usize, // Buffer_CopyToMemory
        unimplemented_entry!(Client_CreateViewOfDeviceBuffer),
        executable_fingerprint as *const () as usize, // Executable_Fingerprint
        unimplemented_entry!(Client_TopologyDescription),
        executable_compiled_memory_stats as *const () as usize,
        answer_zero as *const () as usize, // Memory_Kind_Id
        unimplemented_entry!(ExecuteContext_Create),
        unimplemented_entry!(ExecuteContext_Destroy),
    ];
    Api {
        struct_size: std::mem::size_of::<Api>(),
        extension_start: std::ptr::null_mut(),
        version: ApiVersion {
            struct_size: std::mem::size_of::<ApiVersion>(),
            extension_start: std::ptr::null_mut(),
            major_version: API_MAJOR,
            minor_version: API_MINOR,
        },
        functions,
    }
}

/// The entry point jax looks up with `dlsym`.
#[unsafe(no_mangle)]
pub extern "C" fn GetPjrtApi() -> *const Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(api_table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `PJRT_Api` at minor 54: two words, the 24-byte version struct, then
    /// one pointer per function; every slot filled.
    #[test]
    fn api_table_has_the_header_layout() {
        let api = unsafe { &*GetPjrtApi() };
        assert_eq!(api.struct_size, 16 + 24 + 100 * 8);
        assert_eq!(api.version.minor_version, 54);
        assert!(api.functions.iter().all(|&f| f != 0));
    }

    #[test]
    fn strided_copies() {
        // A 2x3 array of u8 read transposed from a column-major source.
        let source: Vec<u8> = vec![1, 4, 2, 5, 3, 6];
        let mut dense = vec![0u8; 6];
        unsafe { copy_strided(source.as_ptr(), &[1, 2], dense.as_mut_ptr(), &dense_strides(&[2, 3], 1), &[2, 3], 1) };
        assert_eq!(dense, [1, 2, 3, 4, 5, 6]);
        assert_eq!(strides_of_minor_to_major(&[2, 3], &[0, 1], 4).ok(), Some(vec![4, 8]));
        assert_eq!(strides_of_minor_to_major(&[2, 3], &[1, 0], 4).ok(), Some(vec![12, 4]));
    }

    #[test]
    fn unreadable_programs_are_errors() {
        compile::xla_mlir_pjrt_set_translator(None);
        let error = compile::program_text(b"ML\xefRbytecode").unwrap_err();
        assert!(error.contains("no translator is registered"), "{error}");
        assert!(compile::program_text(&[0xff, 0xfe]).is_err());
        let error = compile::compile_text("func.func @main( {".into(), String::new()).err().expect("a parse error");
        assert!(error.contains("cannot parse"), "{error}");
    }
}
