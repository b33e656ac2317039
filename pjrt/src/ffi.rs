//! The C layout of the PJRT C API, minor version [`API_MINOR`], written from
//! `xla/pjrt/c/pjrt_c_api.h` (the copy shipped by the `pjrt-sys` 0.2.0 crate).
//!
//! Every argument struct starts with `struct_size` and `extension_start`.
//! Many of them then hold one object pointer and a few outputs; those are
//! written as [`ObjArgs<T>`] with the outputs as one `#[repr(C)]` value:
//! a nested struct of the same fields has the same C layout as the fields
//! written inline (every output here is pointer-aligned or a single scalar).

use std::ffi::{c_char, c_void};

/// The API version whose layout this file reproduces. jax 0.10.2 accepts
/// plugins from 0.29 on; jax reads `PJRT_Api.struct_size` to know which
/// functions exist, so the table must have exactly this version's slots.
pub const API_MAJOR: i32 = 0;
pub const API_MINOR: i32 = 54;

/// `PJRT_Error_Code` (absl status codes).
pub mod code {
    pub const INVALID_ARGUMENT: i32 = 3;
    pub const NOT_FOUND: i32 = 5;
    pub const RESOURCE_EXHAUSTED: i32 = 8;
    pub const FAILED_PRECONDITION: i32 = 9;
    pub const UNIMPLEMENTED: i32 = 12;
    pub const INTERNAL: i32 = 13;
}

/// The arguments of the many functions that take one object and return a
/// few values: `{ struct_size, extension_start, object, outputs... }`.
#[repr(C)]
pub struct ObjArgs<T> {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub object: *mut c_void,
    pub out: T,
}

/// A string output: `const char* s; size_t s_size;`.
#[repr(C)]
pub struct StrOut {
    pub ptr: *const c_char,
    pub len: usize,
}

impl StrOut {
    pub fn of(s: &str) -> Self {
        Self { ptr: s.as_ptr().cast(), len: s.len() }
    }
}

/// A list output: `T* items; size_t num_items;`.
#[repr(C)]
pub struct ListOut<T> {
    pub items: *const T,
    pub len: usize,
}

/// A list output in the other order: `size_t num_items; T* items;`.
#[repr(C)]
pub struct CountListOut<T> {
    pub len: usize,
    pub items: *const T,
}

#[repr(C)]
pub struct ApiVersion {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub major_version: i32,
    pub minor_version: i32,
}

#[repr(C)]
pub struct ErrorDestroyArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub error: *mut c_void,
}

#[repr(C)]
pub struct ErrorMessageArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub error: *const c_void,
    pub message: *const c_char,
    pub message_size: usize,
}

#[repr(C)]
pub struct ErrorGetCodeArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub error: *const c_void,
    pub code: i32,
}

/// `PJRT_NamedValue_Type`.
pub const NAMED_VALUE_STRING: i32 = 0;
pub const NAMED_VALUE_INT64: i32 = 1;

#[repr(C)]
pub struct NamedValue {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub name: *const c_char,
    pub name_size: usize,
    pub value_type: i32,
    /// The union of `const char*`, `int64_t`, `const int64_t*`, `float`, `bool`.
    pub value: usize,
    pub value_size: usize,
}

// SAFETY: the named values the plugin hands out point at 'static strings.
unsafe impl Sync for NamedValue {}
unsafe impl Send for NamedValue {}

pub type OnReadyCallback = unsafe extern "C" fn(error: *mut c_void, user_arg: *mut c_void);

#[repr(C)]
pub struct EventOnReadyArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub event: *mut c_void,
    pub callback: Option<OnReadyCallback>,
    pub user_arg: *mut c_void,
}

#[repr(C)]
pub struct ClientCreateArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub create_options: *const NamedValue,
    pub num_options: usize,
    pub kv_get_callback: *mut c_void,
    pub kv_get_user_arg: *mut c_void,
    pub kv_put_callback: *mut c_void,
    pub kv_put_user_arg: *mut c_void,
    pub client: *mut c_void,
}

#[repr(C)]
pub struct ClientLookupDeviceArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub client: *mut c_void,
    pub id: i32,
    pub device: *mut c_void,
}

#[repr(C)]
pub struct Program {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub code: *mut c_char,
    pub code_size: usize,
    pub format: *const c_char,
    pub format_size: usize,
}

#[repr(C)]
pub struct ClientCompileArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub client: *mut c_void,
    pub program: *const Program,
    pub compile_options: *const c_char,
    pub compile_options_size: usize,
    pub executable: *mut c_void,
}

#[repr(C)]
pub struct DefaultDeviceAssignmentArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub client: *mut c_void,
    pub num_replicas: i32,
    pub num_partitions: i32,
    pub default_assignment_size: usize,
    pub default_assignment: *mut i32,
}

/// `PJRT_Buffer_MemoryLayout_Type`.
pub const LAYOUT_TILED: i32 = 0;
pub const LAYOUT_STRIDES: i32 = 1;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct MemoryLayoutTiled {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub minor_to_major: *const i64,
    pub minor_to_major_size: usize,
    pub tile_dims: *const i64,
    pub tile_dim_sizes: *const usize,
    pub num_tiles: usize,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct MemoryLayoutStrides {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub byte_strides: *const i64,
    pub num_byte_strides: usize,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub union MemoryLayoutUnion {
    pub tiled: MemoryLayoutTiled,
    pub strides: MemoryLayoutStrides,
}

#[repr(C)]
pub struct MemoryLayout {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub layout: MemoryLayoutUnion,
    pub layout_type: i32,
}

#[repr(C)]
pub struct BufferFromHostBufferArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub client: *mut c_void,
    pub data: *const c_void,
    pub buffer_type: i32,
    pub dims: *const i64,
    pub num_dims: usize,
    pub byte_strides: *const i64,
    pub num_byte_strides: usize,
    pub host_buffer_semantics: i32,
    pub device: *mut c_void,
    pub memory: *mut c_void,
    pub device_layout: *const MemoryLayout,
    pub done_with_host_buffer: *mut c_void,
    pub buffer: *mut c_void,
}

/// `PJRT_Buffer_CopyToDevice_Args` and `PJRT_Buffer_CopyToMemory_Args`
/// (the same layout: the destination is a device or a memory).
#[repr(C)]
pub struct CopyToArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub buffer: *mut c_void,
    pub destination: *mut c_void,
    pub dst_buffer: *mut c_void,
}

/// `PJRT_ExecuteOptions` (the fields up to minor 54).
#[repr(C)]
pub struct ExecuteOptions {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub send_callbacks: *mut c_void,
    pub recv_callbacks: *mut c_void,
    pub num_send_ops: usize,
    pub num_recv_ops: usize,
    pub launch_id: i32,
    pub non_donatable_input_indices: *const i64,
    pub num_non_donatable_input_indices: usize,
}

#[repr(C)]
pub struct ExecuteArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub executable: *mut c_void,
    pub options: *const ExecuteOptions,
    pub argument_lists: *const *const *mut c_void,
    pub num_devices: usize,
    pub num_args: usize,
    pub output_lists: *const *mut *mut c_void,
    pub device_complete_events: *mut *mut c_void,
    pub execute_device: *mut c_void,
}

#[repr(C)]
pub struct OutputElementTypesOut {
    pub types: *const i32,
    pub len: usize,
}

/// `PJRT_Executable_OutputDimensions_Args` after the executable.
#[repr(C)]
pub struct OutputDimensionsOut {
    pub num_outputs: usize,
    pub dims: *const i64,
    pub dim_sizes: *const usize,
}

/// `PJRT_Executable_OutputMemoryKinds_Args` after the executable.
#[repr(C)]
pub struct OutputMemoryKindsOut {
    pub num_outputs: usize,
    pub kinds: *const *const c_char,
    pub kind_sizes: *const usize,
}

#[repr(C)]
pub struct ToHostBufferArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub src: *mut c_void,
    pub host_layout: *const MemoryLayout,
    pub dst: *mut c_void,
    pub dst_size: usize,
    pub event: *mut c_void,
}

#[repr(C)]
pub struct GetMemoryLayoutArgs {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub buffer: *mut c_void,
    pub layout: MemoryLayout,
}

#[repr(C)]
pub struct CompiledMemoryStatsOut {
    pub generated_code_size_in_bytes: i64,
    pub argument_size_in_bytes: i64,
    pub output_size_in_bytes: i64,
    pub alias_size_in_bytes: i64,
    pub temp_size_in_bytes: i64,
    pub host_generated_code_size_in_bytes: i64,
    pub host_argument_size_in_bytes: i64,
    pub host_output_size_in_bytes: i64,
    pub host_alias_size_in_bytes: i64,
    pub host_temp_size_in_bytes: i64,
}

/// `PJRT_Buffer_Type` values of the element types the runtime supports.
pub mod buffer_type {
    pub const PRED: i32 = 1;
    pub const S8: i32 = 2;
    pub const S16: i32 = 3;
    pub const S32: i32 = 4;
    pub const S64: i32 = 5;
    pub const U8: i32 = 6;
    pub const U16: i32 = 7;
    pub const U32: i32 = 8;
    pub const U64: i32 = 9;
    pub const F16: i32 = 10;
    pub const F32: i32 = 11;
    pub const F64: i32 = 12;
    pub const BF16: i32 = 13;
    pub const C64: i32 = 14;
    pub const C128: i32 = 15;
}
