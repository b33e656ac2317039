//! Emitting MLIR diagnostics from Rust code.

use melior::ir::Location;
use std::ffi::CString;

/// Emits an error at `location`; it reaches the user through the context's
/// diagnostic handlers (with file:line:col).
pub fn emit_error(location: Location, message: impl std::fmt::Display) {
    let message = CString::new(message.to_string().replace('\0', " ")).expect("NULs were replaced");
    // SAFETY: the location is valid and the message a NUL-terminated string
    // that outlives the call.
    unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) }
}
