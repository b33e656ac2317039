//! `xla-rename-reserved-symbols`: functions of the module must not take
//! the names of C library functions that compiled code calls (`tan`,
//! `expf`, `memcpy`, ...): the JIT and the linker would bind those calls to
//! the module's function. JAX names private functions after what they
//! compute, so `@tan` or `@erf` can appear.
//!
//! Such functions get a `.xla` suffix (all their uses follow). For a public
//! one, the entry point's C interface becomes `_mlir_ciface_<name>.xla`;
//! [`compiled_name`] tells the runtime which name to look up.
//!
//! ```mlir
//! func.func private @tan(%x: tensor<f32>) -> tensor<f32>   // becomes @tan.xla
//! %r = call @tan(%a)                                         // becomes call @tan.xla(%a)
//! ```

use melior::{
    ir::{
        BlockLike, OperationRef, RegionLike,
        attribute::StringAttribute,
        operation::OperationLike,
    },
    pass::{ExternalPass, Pass},
};

/// C math functions (double and float versions are derived) and C library
/// functions that lowered code may call.
const MATH: &[&str] = &[
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign", "cos", "cosh", "erf",
    "erfc", "exp", "exp2", "expm1", "fabs", "floor", "fma", "fmax", "fmin", "fmod", "frexp", "hypot", "ldexp", "lgamma",
    "log", "log10", "log1p", "log2", "logb", "modf", "nearbyint", "nextafter", "pow", "remainder", "rint", "round",
    "roundeven", "sin", "sincos", "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc",
];
const LIBC: &[&str] = &[
    "malloc", "free", "calloc", "realloc", "aligned_alloc", "posix_memalign", "memcpy", "memmove", "memset", "memcmp",
    "abort", "exit", "printf", "puts", "main", "xla_allocation_failed", "setjmp", "_setjmp", "longjmp",
];

/// Whether `name` is a C library symbol (a `main` counts only when private:
/// a public `main` is the usual entry point, which C code never calls).
fn reserved(name: &str, public: bool) -> bool {
    if name == "main" {
        return !public;
    }
    let base = name.strip_suffix('f').filter(|b| MATH.contains(b)).unwrap_or(name);
    MATH.contains(&base) || LIBC.contains(&name)
}

/// The symbol a public function named `name` has after this pass.
pub fn compiled_name(name: &str) -> String {
    if reserved(name, true) { format!("{name}.xla") } else { name.to_owned() }
}

/// The pass (see the module documentation).
pub fn create_rename_reserved_symbols_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let Ok(body) = module.region(0) else { return };
            let Some(block) = body.first_block() else { return };
            let mut next = block.first_operation();
            while let Some(op) = next {
                next = op.next_in_block();
                if op.name().as_string_ref().as_str().ok() != Some("func.func") {
                    continue;
                }
                let Some(name) = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
                else {
                    continue;
                };
                let public = op
                    .attribute("sym_visibility")
                    .ok()
                    .and_then(|a| StringAttribute::try_from(a).ok())
                    .is_none_or(|v| v.value() == "public");
                // (public functions keep their visibility; callers find
                // them through `compiled_name`)
                let is_declaration = op.region(0).ok().and_then(|r| r.first_block()).is_none();
                if is_declaration || !reserved(&name, public) {
                    continue;
                }
                let new_name = format!("{name}.xla");
                let old = std::ffi::CString::new(name).expect("symbol names have no NUL");
                let new = std::ffi::CString::new(new_name).expect("symbol names have no NUL");
                // SAFETY: the module and `op` are live; the strings outlive the
                // calls, which copy them.
                unsafe {
                    let old_ref = mlir_sys::mlirStringRefCreateFromCString(old.as_ptr());
                    let new_ref = mlir_sys::mlirStringRefCreateFromCString(new.as_ptr());
                    let _ = mlir_sys::mlirSymbolTableReplaceAllSymbolUses(old_ref, new_ref, module.to_raw());
                    let context = mlir_sys::mlirOperationGetContext(op.to_raw());
                    mlir_sys::mlirOperationSetAttributeByName(
                        op.to_raw(),
                        mlir_sys::mlirSymbolTableGetSymbolAttributeName(),
                        mlir_sys::mlirStringAttrGet(context, new_ref),
                    );
                }
            }
            let _ = &pass;
        },
        "RenameReservedSymbols",
        "xla-rename-reserved-symbols",
        "Rename functions that clash with C library names",
        "builtin.module",
    )
}
