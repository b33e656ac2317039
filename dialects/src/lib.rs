//! The project's MLIR dialects, as seen from Rust.
//!
//! The dialects themselves are defined in ODS (`include/xla/Dialect/**.td`)
//! and C++ (`lib/`), built by the top-level `CMakeLists.txt` into a static
//! library that `build.rs` links. This crate
//! - registers them, together with every upstream dialect, pass and LLVM
//!   translation, in one [`Context`] ([`create_context`]);
//! - exposes typed builders generated from the same `.td` files
//!   ([`stablehlo`]) and Rust enums for their enum attributes;
//! - reads the sharding annotations of multi-device programs (`sdy`
//!   meshes, shardings, manual computations) as plain data ([`sdy`]);
//! - reads the dimension numbers of gather, scatter, convolution and
//!   `chlo.ragged_dot` as plain data ([`dimension_numbers`]);
//! - wraps the C++ source session ([`SourceSession`]) that parses files with
//!   mlir-opt-quality diagnostics and checks `expected-error` annotations.

pub mod dimension_numbers;
pub mod ffi;
pub mod sdy;
mod source;
pub mod stablehlo;

pub use source::{MAX_NESTING_DEPTH, SourceSession, excessive_nesting};

use melior::{
    Context,
    dialect::{DialectHandle, DialectRegistry},
    utility::{register_all_dialects, register_all_llvm_translations, register_all_passes},
};

/// Adds the project's own dialects to `registry`.
pub fn register_dialects(registry: &DialectRegistry) {
    // SAFETY: the handles are static descriptors produced by
    // MLIR_DEFINE_CAPI_DIALECT_REGISTRATION in lib/CAPI/Dialects.cpp.
    let handles = unsafe {
        [
            DialectHandle::from_raw(ffi::mlirGetDialectHandle__stablehlo__()),
            DialectHandle::from_raw(ffi::mlirGetDialectHandle__chlo__()),
            DialectHandle::from_raw(ffi::mlirGetDialectHandle__check__()),
            DialectHandle::from_raw(ffi::mlirGetDialectHandle__sdy__()),
        ]
    };
    for handle in handles {
        handle.insert_dialect(registry);
    }
}

/// A context that knows every upstream dialect, pass and LLVM translation and
/// the project's dialects, with all of them loaded.
pub fn create_context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    register_dialects(&registry);
    register_all_passes();
    let context = Context::new();
    // JAX attaches attributes of dialects we do not implement (e.g.
    // `mhlo.frontend_attributes`); they parse as opaque attributes and pass
    // through. (`#sdy...` attributes are our `sdy` dialect's.) Operations of such
    // dialects parse in generic form only and are rejected by the lowering.
    context.set_allow_unregistered_dialects(true);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    context
}

/// The registered MLIR pass or pipeline `name` with `options` (mlir-opt's
/// `--NAME=OPTIONS`) as a textual pipeline on a module, nested as the pass
/// requires (`builtin.module(func.func(convert-linalg-to-loops))`): MLIR's
/// own implicit nesting decides. `None` when no such pass or pipeline is
/// registered; `Some(Err(reason))` when the options are invalid.
pub fn registered_pass_pipeline(name: &str, options: &str) -> Option<Result<String, String>> {
    register_all_passes();
    unsafe extern "C" fn collect(text: mlir_sys::MlirStringRef, data: *mut std::ffi::c_void) {
        // SAFETY: `data` is the `text` String below, alive during the call;
        // `text` is a valid string slice from MLIR.
        unsafe {
            let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
            (*(data as *mut String)).push_str(&String::from_utf8_lossy(bytes));
        }
    }
    let mut text = String::new();
    let string = |s: &str| mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() };
    // SAFETY: both strings outlive the call; the callback only appends to `text`.
    let kind = unsafe {
        ffi::xlaRegisteredPassPipeline(string(name), string(options), Some(collect), &mut text as *mut String as *mut std::ffi::c_void)
    };
    match kind {
        1 => Some(Ok(text)),
        -1 => Some(Err(text)),
        _ => None,
    }
}

/// The fields of a `#stablehlo.dot_algorithm` (dot_general's `algorithm`).
#[derive(Debug, Clone, Copy)]
pub struct DotAlgorithm<'c> {
    pub lhs_precision_type: melior::ir::Type<'c>,
    pub rhs_precision_type: melior::ir::Type<'c>,
    pub accumulation_type: melior::ir::Type<'c>,
    pub lhs_component_count: i64,
    pub rhs_component_count: i64,
    pub num_primitive_operations: i64,
    pub allow_imprecise_accumulation: bool,
}

/// The fields of a `#stablehlo.dot_algorithm` attribute, `None` for any
/// other attribute.
pub fn dot_algorithm(attribute: melior::ir::Attribute<'_>) -> Option<DotAlgorithm<'_>> {
    let null = mlir_sys::MlirType { ptr: std::ptr::null() };
    let (mut lhs, mut rhs, mut accumulation) = (null, null, null);
    let mut counts = [0i64; 3];
    let mut allow_imprecise = false;
    // SAFETY: the attribute is live; the function writes the three types,
    // the three counts and the flag, and only for a dot algorithm.
    let found = unsafe {
        ffi::xlaDotAlgorithmGet(
            melior::ir::AttributeLike::to_raw(&attribute),
            &mut lhs,
            &mut rhs,
            &mut accumulation,
            counts.as_mut_ptr(),
            &mut allow_imprecise,
        )
    };
    // SAFETY: on success the types are live types of the attribute's
    // context, which outlives the returned values.
    found.then(|| unsafe {
        DotAlgorithm {
            lhs_precision_type: melior::ir::Type::from_raw(lhs),
            rhs_precision_type: melior::ir::Type::from_raw(rhs),
            accumulation_type: melior::ir::Type::from_raw(accumulation),
            lhs_component_count: counts[0],
            rhs_component_count: counts[1],
            num_primitive_operations: counts[2],
            allow_imprecise_accumulation: allow_imprecise,
        }
    })
}

/// The `(handle, type)` of a `#stablehlo.channel_handle` attribute, `None`
/// for any other attribute.
pub fn channel_handle(attribute: melior::ir::Attribute) -> Option<(i64, i64)> {
    let (mut handle, mut ty) = (0, 0);
    // SAFETY: the attribute is live; the function only writes the two
    // integers, and only for a channel handle.
    unsafe { ffi::xlaChannelHandleGet(melior::ir::AttributeLike::to_raw(&attribute), &mut handle, &mut ty) }.then_some((handle, ty))
}

/// `#stablehlo.channel_handle<handle = handle, type = ty>`.
pub fn channel_handle_attribute(context: &melior::Context, handle: i64, ty: i64) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context; the attribute belongs to it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaChannelHandleAttrGet(context.to_raw(), handle, ty)) }
}

/// Whether `ty` is `!stablehlo.token`.
pub fn is_token_type(ty: melior::ir::Type) -> bool {
    // SAFETY: a live type.
    unsafe { ffi::xlaTypeIsAToken(melior::ir::TypeLike::to_raw(&ty)) }
}

/// The `!stablehlo.token` type.
pub fn token_type(context: &melior::Context) -> melior::ir::Type<'_> {
    // SAFETY: a live context (with the dialect loaded by `create_context`
    // or a registry); the type belongs to it.
    unsafe { melior::ir::Type::from_raw(ffi::xlaTokenTypeGet(context.to_raw())) }
}

/// The `arith::FastMathFlags` bits that the passes set.
pub mod fastmath {
    /// `reassoc`: reassociation allowed.
    pub const REASSOC: u32 = 1;
    /// `contract`: contraction (fusing a multiply and an add) allowed.
    pub const CONTRACT: u32 = 32;
}

/// `#arith.fastmath<...>` with `flags` (a union of [`fastmath`] bits).
pub fn fastmath_attribute(context: &melior::Context, flags: u32) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context; the attribute belongs to it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaArithFastMathAttrGet(context.to_raw(), flags)) }
}

/// The [`fastmath`] bits of an `#arith.fastmath<...>` attribute; `None` for
/// any other attribute.
pub fn fastmath_flags(attribute: melior::ir::Attribute) -> Option<u32> {
    // SAFETY: a live attribute.
    let flags = unsafe { ffi::xlaArithFastMathAttrGetFlags(melior::ir::AttributeLike::to_raw(&attribute)) };
    u32::try_from(flags).ok()
}

/// Whether an `#linalg.iterator_type<...>` is `reduction` (`Some(false)`
/// for `parallel`, `None` for any other attribute).
pub fn is_reduction_iterator(attribute: melior::ir::Attribute) -> Option<bool> {
    // SAFETY: a live attribute.
    match unsafe { ffi::xlaLinalgIteratorTypeIsReduction(melior::ir::AttributeLike::to_raw(&attribute)) } {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    }
}

/// Whether some entry of an array of `#linalg.iterator_type`s (a
/// `linalg.generic`'s `iterator_types`) is `reduction`.
pub fn has_reduction_iterator(attribute: melior::ir::Attribute) -> bool {
    melior::ir::attribute::ArrayAttribute::try_from(attribute).is_ok_and(|array| {
        (0..array.len()).any(|i| array.element(i).ok().and_then(is_reduction_iterator) == Some(true))
    })
}

/// Whether an `#llvm.linkage<...>` attribute is `external`.
pub fn is_external_linkage(attribute: melior::ir::Attribute) -> bool {
    // SAFETY: a live attribute.
    unsafe { ffi::xlaLLVMLinkageIsExternal(melior::ir::AttributeLike::to_raw(&attribute)) }
}

/// `#llvm.loop_annotation<unroll = <disable = true>>`: the attribute that an
/// `scf.for` carries as `llvm.loop_annotation` so that LLVM does not unroll
/// it (SCF-to-CF moves it to the loop's latch branch, `xla-loop-annotations`
/// into the branch's own `loop_annotation`, and translation to LLVM IR makes
/// it `!llvm.loop` metadata).
pub fn loop_unroll_disabled(context: &melior::Context) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context with the LLVM dialect; the attribute is built in it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaLLVMLoopUnrollDisabledGet(context.to_raw())) }
}

/// `#vector.kind<or>`: the `kind` of a `vector.reduction` that tells
/// whether any lane of an i1 vector is set.
pub fn vector_kind_or(context: &melior::Context) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context with the vector dialect; the attribute is built in it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaVectorCombiningKindOrGet(context.to_raw())) }
}

/// `#gpu<shuffle_mode xor>`: the `mode` of a butterfly `gpu.shuffle` (each
/// lane reads the value of the lane whose id differs by the offset's bits).
pub fn gpu_shuffle_xor_mode(context: &melior::Context) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context with the GPU dialect; the attribute is built in it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaGpuShuffleModeXorGet(context.to_raw())) }
}

/// The attributes of an m16n8k16 `nvvm.mma.sync` with a row-major A and a
/// column-major B of f16 or (`bf16`) bf16: `layoutA`, `layoutB`,
/// `multiplicandAPtxType`, `multiplicandBPtxType` and `shape`, by name.
pub fn nvvm_mma_m16n8k16_attributes(context: &melior::Context, bf16: bool) -> [(&'static str, melior::ir::Attribute<'_>); 5] {
    let mut raw = [melior::ir::AttributeLike::to_raw(&melior::ir::Attribute::unit(context)); 5];
    // SAFETY: a live context with the NVVM dialect; five slots written.
    unsafe { ffi::xlaNvvmMmaM16N8K16Attributes(context.to_raw(), bf16, raw.as_mut_ptr()) };
    // SAFETY: the attributes were just built in this context.
    let attribute = |i: usize| unsafe { melior::ir::Attribute::from_raw(raw[i]) };
    [
        ("layoutA", attribute(0)),
        ("layoutB", attribute(1)),
        ("multiplicandAPtxType", attribute(2)),
        ("multiplicandBPtxType", attribute(3)),
        ("shape", attribute(4)),
    ]
}

/// The attributes of an `nvvm.ldmatrix` of 8x8 matrices of 16-bit elements,
/// transposed (`.trans`) or not: `layout`, `shape` and `eltType`, by name.
pub fn nvvm_ldmatrix_attributes(context: &melior::Context, transposed: bool) -> [(&'static str, melior::ir::Attribute<'_>); 3] {
    let mut raw = [melior::ir::AttributeLike::to_raw(&melior::ir::Attribute::unit(context)); 3];
    // SAFETY: a live context with the NVVM dialect; three slots written.
    unsafe { ffi::xlaNvvmLdMatrixAttributes(context.to_raw(), transposed, raw.as_mut_ptr()) };
    // SAFETY: the attributes were just built in this context.
    let attribute = |i: usize| unsafe { melior::ir::Attribute::from_raw(raw[i]) };
    [("layout", attribute(0)), ("shape", attribute(1)), ("eltType", attribute(2))]
}

/// `#linalg.iterator_type<reduction>` (or `<parallel>` when `reduction` is
/// false); the context must have the linalg dialect loaded.
pub fn linalg_iterator_type(context: &melior::Context, reduction: bool) -> melior::ir::Attribute<'_> {
    // SAFETY: a live context; the attribute belongs to it.
    unsafe { melior::ir::Attribute::from_raw(ffi::xlaLinalgIteratorTypeAttrGet(context.to_raw(), reduction)) }
}
