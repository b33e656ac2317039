//! Ahead-of-time compilation (seed 002: "emit an object/header file pair
//! that can be linked directly into another application").
//!
//! [`compile`] lowers a StableHLO module with the CPU pipeline and returns
//! an object file and a C header. The object defines two external symbols
//! (`NAME` and `NAME_scratch`, below; besides a weak `xla_parallel_for` when it
//! has parallel loops), the first the
//! plain C function
//!
//! ```c
//! int NAME(const T0 *arg0, ..., const Tn *argn, R0 *result0, ..., Rm *resultm);
//! ```
//!
//! which returns `NAME_OK` (0) when it computed the results, or
//! `NAME_OUT_OF_MEMORY` (1) when a temporary could not be allocated (then
//! the results are not written, and temporaries allocated before the
//! failure are not freed);
//!
//! - every parameter and result is one dense buffer, row-major unless a
//!   `minor_to_major` layout was requested for it ([`crate::layout`]);
//! - the caller allocates all buffers, the arguments are only read, and the
//!   results are fully written; results must not overlap arguments or each
//!   other; the alignment of the element type is enough;
//! - the function keeps no state: temporaries are allocated with `malloc`
//!   (those that buffer assignment planned as one arena per call) and freed
//!   before it returns, so it is reentrant and thread-safe;
//! - `int NAME_scratch(..., void *scratch)` does the same on a caller's
//!   arena of `NAME_SCRATCH_BYTES` bytes (64-byte aligned; NULL: allocate);
//! - it depends on nothing but libc and libm (`cc main.c NAME.o -lm`);
//! - it runs on the calling thread: its parallel loops call
//!   `xla_parallel_for`, whose weak default in the object runs the whole
//!   loop inline; a program may define its own to run the chunks on its
//!   threads (the header says how).
//!
//! The header spells this out per buffer (shape, element type, C type, byte
//! size, layout) and defines `NAME_ARGi_*`/`NAME_RESULTi_*` macros.

use crate::{
    ElementType, RuntimeError, Signature, TensorSpec,
    codegen::{self, TargetOptions},
    layout::{self, Layout},
};
use melior::{Context, ir::Module};

/// What to compile and how.
#[derive(Clone, Debug)]
pub struct AotOptions {
    /// The StableHLO function to compile.
    pub entry: String,
    /// The C name of the compiled function (a C identifier, not `main`).
    pub symbol: String,
    pub target: TargetOptions,
    /// `minor_to_major` layouts of parameters and results (`None`: row-major).
    pub argument_layouts: Vec<Option<Layout>>,
    pub result_layouts: Vec<Option<Layout>>,
    /// Name of the source file, for the header's comment.
    pub source: String,
}

/// The object and header of one compiled function.
pub struct AotArtifacts {
    pub object: Vec<u8>,
    pub header: String,
}

const C_KEYWORDS: &[&str] = &[
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for",
    "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
    "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "main",
];

/// Checks that `symbol` can name a C function next to a C program's own.
pub fn check_symbol(symbol: &str) -> Result<(), String> {
    let mut chars = symbol.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(format!("`{symbol}` is not a C identifier (letters, digits and _, not starting with a digit)"));
    }
    if C_KEYWORDS.contains(&symbol) || symbol.starts_with("_mlir") {
        return Err(format!("`{symbol}` cannot name the compiled function (a C keyword, `main`, or reserved)"));
    }
    Ok(())
}

/// The C type of one element, and how many of them make one array element.
fn c_type(element: ElementType) -> (&'static str, usize, &'static str) {
    use ElementType::*;
    match element {
        Pred => ("bool", 1, "one byte, 0 or 1"),
        I8 => ("int8_t", 1, ""),
        I16 => ("int16_t", 1, ""),
        I32 => ("int32_t", 1, ""),
        I64 => ("int64_t", 1, ""),
        U8 => ("uint8_t", 1, ""),
        U16 => ("uint16_t", 1, ""),
        U32 => ("uint32_t", 1, ""),
        U64 => ("uint64_t", 1, ""),
        F16 => ("uint16_t", 1, "IEEE binary16 bit patterns"),
        BF16 => ("uint16_t", 1, "bfloat16 bit patterns (the high half of an f32)"),
        F32 => ("float", 1, ""),
        F64 => ("double", 1, ""),
        C64 => ("float", 2, "interleaved (real, imaginary) pairs"),
        C128 => ("double", 2, "interleaved (real, imaginary) pairs"),
        I2 | I4 => ("int8_t", 1, "one byte each, the two's complement bits in the low end, upper bits zero"),
        U2 | U4 => ("uint8_t", 1, "one byte each, the bits in the low end, upper bits zero"),
        Bytes1 => ("uint8_t", 1, ""),
        _ => ("uint8_t", 1, "bit patterns, one byte each (low end), as ml_dtypes stores them"),
    }
}

/// `f32[2,3]`.
fn hlo_shape(spec: &TensorSpec) -> String {
    let dims: Vec<String> = spec.shape.iter().map(|d| d.to_string()).collect();
    format!("{}[{}]", spec.element_type.mlir_name(), dims.join(","))
}

/// The header of the compiled function.
fn header(options: &AotOptions, logical: &Signature, layouts: (&[Layout], &[Layout]), scratch_bytes: u64) -> String {
    let symbol = &options.symbol;
    let upper = symbol.to_ascii_uppercase();
    let guard = format!("XLA_AOT_{upper}_H_");
    let mut text = String::new();
    text.push_str(&format!(
        "/* {symbol}.h: generated by xla-translate --emit=aot from {} (function @{}).\n\
         \x20*\n\
         \x20* int {symbol}(arguments..., results...) computes the function on dense\n\
         \x20* buffers that the caller allocates: it only reads the arguments and fully\n\
         \x20* writes the results, which must not overlap the arguments or each other.\n\
         \x20* It returns {upper}_OK, or {upper}_OUT_OF_MEMORY when malloc failed for a\n\
         \x20* temporary (the results are then not written, and the temporaries\n\
         \x20* allocated before the failure are not freed).\n\
         \x20* A buffer holds its elements in the order of its layout's minor_to_major\n\
         \x20* permutation, read backwards (row-major, {{rank-1,...,0}}, unless stated\n\
         \x20* otherwise below); any address aligned for the C element type will do.\n\
         \x20* The function keeps no state (temporaries are malloc'd and freed), so\n\
         \x20* it is reentrant and thread-safe. Link with: cc main.c {symbol}.o -lm\n\
         \x20*/\n\
         #ifndef {guard}\n#define {guard}\n\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n\
         /* Parallel loops: the object runs everything on the calling thread,\n\
         \x20* unless the program defines (once, for all objects)\n\
         \x20*   void xla_parallel_for(void (*task)(void *ctx, int64_t begin, int64_t end),\n\
         \x20*                         void *ctx, int64_t iterations, int64_t cost);\n\
         \x20* The object calls it for each large loop whose iterations are independent.\n\
         \x20* It must call task(ctx, b, e) for disjoint ranges [b, e) that cover\n\
         \x20* [0, iterations), on any threads, and return when all calls returned;\n\
         \x20* `cost` estimates the operations of one iteration (run small loops\n\
         \x20* inline). Tasks do not allocate memory. Results do not depend on how the\n\
         \x20* range is cut. The object's weak default calls task(ctx, 0, iterations). */\n\
         void xla_parallel_for(void (*task)(void *ctx, int64_t begin, int64_t end), void *ctx,\n\
         \x20                     int64_t iterations, int64_t cost);\n\n\
         #define {upper}_NUM_ARGS {}\n#define {upper}_NUM_RESULTS {}\n\n\
         /* Return values of {symbol}. */\n#define {upper}_OK {}\n#define {upper}_OUT_OF_MEMORY {}\n\n",
        options.source,
        options.entry,
        logical.inputs.len(),
        logical.outputs.len(),
        codegen::AOT_OK,
        codegen::AOT_OUT_OF_MEMORY
    ));
    let mut parameters = Vec::new();
    let (mut casts, mut all_bytes, mut descrs) = (Vec::new(), Vec::new(), Vec::new());
    let groups = [("arg", "ARG", &logical.inputs, layouts.0, "const "), ("result", "RESULT", &logical.outputs, layouts.1, "")];
    for (lower, caps, specs, layouts, qualifier) in groups {
        for (i, (spec, layout)) in specs.iter().zip(layouts).enumerate() {
            let (c, per_element, note) = c_type(spec.element_type);
            // The buffer holds the physical (permuted, padded) array.
            let physical = layout.physical_shape(&spec.shape);
            let elements: usize = physical.iter().product();
            let bytes = elements * spec.element_type.byte_size();
            let layout_note = if layout.is_row_major() {
                format!("row-major, minor_to_major {layout}")
            } else {
                let dims: Vec<String> = physical.iter().map(|d| d.to_string()).collect();
                let what = if layout.padded_dimensions.is_some() { "layout" } else { "minor_to_major" };
                let mut note = format!("{what} {layout}: stored as the row-major [{}] array", dims.join(","));
                if let Some(padded) = layout.padded_dimensions.as_ref().filter(|_| layout.pads(&spec.shape)) {
                    let sizes: Vec<String> = padded.iter().enumerate().map(|(d, p)| format!("dimension {d} to {p}")).collect();
                    note.push_str(&format!(",\n *   padded ({}) after the logical elements of each dimension", sizes.join(", ")));
                    note.push_str(&if lower == "arg" {
                        "; the padding is never read".to_owned()
                    } else if layout.padding_value == layout::PaddingValue::Unknown {
                        "; the padding's contents are unspecified".to_owned()
                    } else {
                        format!("; the padding is written with the value `{}`", layout.padding_value.as_str())
                    });
                }
                note
            };
            let what = if lower == "arg" { "Argument" } else { "Result" };
            text.push_str(&format!("/* {what} {i}: {}, {layout_note}.\n", hlo_shape(spec)));
            text.push_str(&format!(
                " * {elements} element(s), {bytes} bytes, as {} {c}{}. */\n",
                elements * per_element,
                if note.is_empty() { String::new() } else { format!(" ({note})") }
            ));
            let dims: Vec<String> = spec.shape.iter().map(|d| d.to_string()).collect();
            let order: Vec<String> = layout.minor_to_major.iter().map(|d| d.to_string()).collect();
            text.push_str(&format!("#define {upper}_{caps}{i}_RANK {}\n", spec.shape.len()));
            if !spec.shape.is_empty() {
                text.push_str(&format!("#define {upper}_{caps}{i}_DIMS {{{}}}\n", dims.join(", ")));
                text.push_str(&format!("#define {upper}_{caps}{i}_MINOR_TO_MAJOR {{{}}}\n", order.join(", ")));
                if let Some(padded) = &layout.padded_dimensions {
                    let sizes: Vec<String> = padded.iter().map(|d| d.to_string()).collect();
                    text.push_str(&format!("#define {upper}_{caps}{i}_PADDED_DIMS {{{}}}\n", sizes.join(", ")));
                }
            }
            text.push_str(&format!("#define {upper}_{caps}{i}_ELEMENTS {elements}\n"));
            text.push_str(&format!("#define {upper}_{caps}{i}_BYTES {bytes}\n"));
            text.push_str(&format!("typedef {c} {symbol}_{lower}{i}_t;\n\n"));
            parameters.push(format!("{qualifier}{c} *{lower}{i}"));
            casts.push(format!("({qualifier}{c} *)buffers[{}]", casts.len()));
            all_bytes.push(bytes.to_string());
            // numpy.save writes ml_dtypes' bfloat16 as raw two-byte records (`<V2`).
            descrs.push(format!("\"{}\"", spec.element_type.npy_file_descr()));
        }
    }
    let parameters = if parameters.is_empty() { "void".to_owned() } else { parameters.join(", ") };
    text.push_str(&format!("int {symbol}({parameters});\n\n"));
    let with_scratch = if parameters == "void" { "void *scratch".to_owned() } else { format!("{parameters}, void *scratch") };
    text.push_str(&format!(
        "/* Scratch memory: {symbol} allocates its temporaries as one arena of\n\
         \x20* {upper}_SCRATCH_BYTES bytes per call (0: it needs none; temporaries it\n\
         \x20* could not plan are allocated on their own). {symbol}_scratch computes\n\
         \x20* the same on the caller's arena instead: `scratch` must hold\n\
         \x20* {upper}_SCRATCH_BYTES bytes, aligned to {upper}_SCRATCH_ALIGNMENT,\n\
         \x20* overlap no argument or result, and not be used by another call at\n\
         \x20* the same time; NULL = allocate it. */\n\
         #define {upper}_SCRATCH_BYTES {scratch_bytes}\n\
         #define {upper}_SCRATCH_ALIGNMENT {}\n\
         int {symbol}_scratch({with_scratch});\n\n",
        xla_lowering::buffer_plan::ALIGNMENT
    ));
    text.push_str(&format!(
        "/* For generic callers: the byte size and numpy dtype of every buffer\n\
         \x20* (arguments, then results), and a call taking them as one array. */\n\
         #define {upper}_BUFFER_BYTES {{{}}}\n\
         #define {upper}_BUFFER_NPY_DTYPES {{{}}}\n\
         static inline int {symbol}_call_buffers(void *const *buffers) {{\n  \
         {}return {symbol}({});\n}}\n\
         static inline int {symbol}_call_buffers_scratch(void *const *buffers, void *scratch) {{\n  \
         {}return {symbol}_scratch({}scratch);\n}}\n\n",
        all_bytes.join(", "),
        descrs.join(", "),
        if casts.is_empty() { "(void)buffers;\n  " } else { "" },
        casts.join(", "),
        if casts.is_empty() { "(void)buffers;\n  " } else { "" },
        casts.iter().map(|c| format!("{c}, ")).collect::<String>()
    ));
    text.push_str(&format!("#ifdef __cplusplus\n}}\n#endif\n\n#endif /* {guard} */\n"));
    text
}

/// Lowers `module` (in place) and compiles `options.entry` to an object and
/// header. Diagnostics of a failed lowering go to the context's handlers.
pub fn compile(context: &Context, module: &mut Module, options: &AotOptions) -> Result<AotArtifacts, RuntimeError> {
    check_symbol(&options.symbol).map_err(RuntimeError::Compile)?;
    // An object has no runtime to take infeed/outfeed/host send/recv.
    if !xla_lowering::stablehlo_to_linalg::host_transfer::reject_host_transfers(module.as_operation(), "AOT objects (--emit=aot)") {
        return Err(RuntimeError::Compile("the program has host transfers (see the errors above)".into()));
    }
    let logical = Signature::of(module, &options.entry)?;
    let entry = layout::apply_layouts(context, module, &options.entry, &options.argument_layouts, &options.result_layouts)?;
    let physical = Signature::of(module, &entry)?;
    let layouts = |given: &[Option<Layout>], specs: &[TensorSpec]| -> Vec<Layout> {
        specs
            .iter()
            .enumerate()
            .map(|(i, spec)| given.get(i).cloned().flatten().unwrap_or_else(|| Layout::row_major(spec.shape.len())))
            .collect()
    };
    let argument_layouts = layouts(&options.argument_layouts, &logical.inputs);
    let result_layouts = layouts(&options.result_layouts, &logical.outputs);
    let manager = xla_lowering::passes::pipeline_manager(context, "xla-cpu-pipeline").map_err(RuntimeError::Compile)?;
    crate::timing::time("MLIR pipeline (xla-cpu-pipeline)", || manager.run(module))
        .map_err(|_| RuntimeError::Compile("the CPU pipeline failed (see the errors above)".into()))?;
    drop(manager); // prints the pass timing report, when asked for
    let lowered = xla_lowering::reserved_symbols::compiled_name(&entry);
    // The entry's arena, when buffer assignment planned one.
    let scratch = xla_lowering::buffer_plan::plans().iter().rev().find(|p| p.function == lowered).map(|p| p.arena_bytes).filter(|&b| b > 0);
    let object = codegen::emit_aot_object(module, &options.target, &lowered, &options.symbol, (&physical.inputs, &physical.outputs), scratch)?;
    Ok(AotArtifacts { object, header: header(options, &logical, (&argument_layouts, &result_layouts), scratch.unwrap_or(0)) })
}
