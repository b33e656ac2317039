//! Safe wrapper of the C++ source session (`include/xla-c/Driver.h`).

use crate::ffi;
use melior::{Context, ir::Module};
use mlir_sys::{MlirStringRef, mlirModuleFromOperation};
use std::marker::PhantomData;

fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr().cast(), length: s.len() }
}

/// One source buffer and the diagnostic handler that reports against it.
///
/// While the session lives, every diagnostic emitted in its context is printed
/// in mlir-opt's format (`name:line:col: error: message` plus the source line)
/// or, in verify mode, checked against the buffer's `// expected-error {{..}}`
/// annotations. Sessions nest like handlers: the newest one sees diagnostics
/// first.
pub struct SourceSession<'c> {
    raw: ffi::XlaSourceSession,
    _context: PhantomData<&'c Context>,
}

impl<'c> SourceSession<'c> {
    /// Opens a session over a copy of `buffer`, called `name` in locations.
    pub fn new(context: &'c Context, buffer: &str, name: &str, verify_diagnostics: bool) -> Self {
        // SAFETY: the context outlives the session (lifetime 'c); the C++
        // side copies both strings.
        let raw = unsafe {
            ffi::xlaSourceSessionCreate(
                context.to_raw(),
                string_ref(buffer),
                string_ref(name),
                verify_diagnostics,
            )
        };
        Self { raw, _context: PhantomData }
    }

    /// Parses and verifies the buffer as a module; `None` when it is invalid
    /// (the reason has been reported through the session).
    pub fn parse_module(&self) -> Option<Module<'c>> {
        // SAFETY: the session is alive; a non-null result is a fresh module
        // operation that we own.
        unsafe {
            let op = ffi::xlaSourceSessionParseModule(self.raw);
            if op.ptr.is_null() {
                return None;
            }
            Module::from_option_raw(mlirModuleFromOperation(op))
        }
    }

    /// In verify mode, whether the emitted diagnostics matched the
    /// expectations exactly (mismatches are reported); `true` otherwise.
    pub fn verify(&self) -> bool {
        // SAFETY: the session is alive.
        unsafe { ffi::xlaSourceSessionVerify(self.raw).value != 0 }
    }
}

impl Drop for SourceSession<'_> {
    fn drop(&mut self) {
        // SAFETY: created by xlaSourceSessionCreate and destroyed only here.
        unsafe { ffi::xlaSourceSessionDestroy(self.raw) }
    }
}
