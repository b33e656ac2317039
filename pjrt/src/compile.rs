//! From the program jax hands `PJRT_Client_Compile` to a [`CpuExecutable`].
//!
//! jax sends a StableHLO *portable artifact*: VHLO in MLIR bytecode, which
//! MLIR 22 cannot read (no `vhlo` dialect, and ours has no bytecode
//! interface). jaxlib, loaded in the same process, can: the Python package
//! registers a translator ([`xla_mlir_pjrt_set_translator`]) that
//! deserializes the artifact with jaxlib's own MLIR and prints it as
//! StableHLO text, which [`SourceSession`] parses like any `.mlir` file.
//! See ARCHITECTURE.md ("The PJRT plugin") for the choice and its risks.

use std::ffi::{c_char, c_void};
use std::sync::Mutex;
use xla_dialects::{SourceSession, create_context};
use xla_runtime::{CpuExecutable, Signature};

/// The translator: `translate(data, size, sink)` must call
/// [`xla_mlir_pjrt_translation_result`] on `sink` once, with the text or an
/// error message, before it returns.
pub type Translator = unsafe extern "C" fn(data: *const u8, size: usize, sink: *mut c_void);

static TRANSLATOR: Mutex<Option<Translator>> = Mutex::new(None);

/// Where a translator leaves its answer.
struct Sink {
    result: Option<Result<String, String>>,
}

/// Registers the function that turns a portable artifact into StableHLO
/// text (`None`/NULL removes it). Called by the Python package through
/// ctypes before jax compiles anything.
#[unsafe(no_mangle)]
pub extern "C" fn xla_mlir_pjrt_set_translator(translator: Option<Translator>) {
    *TRANSLATOR.lock().unwrap_or_else(|e| e.into_inner()) = translator;
}

/// The translator's answer: `ok` = 1 and the text, or `ok` = 0 and an error
/// message. The bytes are copied.
///
/// # Safety
/// `sink` is the pointer the translator was given; `text` points at `size`
/// readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn xla_mlir_pjrt_translation_result(sink: *mut c_void, text: *const u8, size: usize, ok: i32) {
    if sink.is_null() {
        return;
    }
    let bytes = if text.is_null() || size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(text, size) } };
    let text = String::from_utf8_lossy(bytes).into_owned();
    let sink = unsafe { &mut *(sink as *mut Sink) };
    sink.result = Some(if ok != 0 { Ok(text) } else { Err(text) });
}

/// The magic number of MLIR bytecode.
const BYTECODE_MAGIC: &[u8] = b"ML\xefR";

/// StableHLO text of `code`: MLIR bytecode (the portable artifact) goes
/// through the registered translator; anything else must be text.
pub fn program_text(code: &[u8]) -> Result<String, String> {
    if !code.starts_with(BYTECODE_MAGIC) {
        return String::from_utf8(code.to_vec()).map_err(|_| {
            "the program is neither MLIR bytecode nor UTF-8 text; the xla-mlir plugin reads StableHLO only.".to_owned()
        });
    }
    let translator = *TRANSLATOR.lock().unwrap_or_else(|e| e.into_inner());
    let Some(translate) = translator else {
        return Err("the program is a StableHLO portable artifact (MLIR bytecode), and no translator is registered: \
                    load the plugin through the `xla_mlir_pjrt` Python package, which registers one using jaxlib's MLIR."
            .to_owned());
    };
    let mut sink = Sink { result: None };
    // SAFETY: the translator reads `code` during the call only and answers
    // through `sink`, which outlives the call.
    unsafe { translate(code.as_ptr(), code.len(), (&mut sink as *mut Sink).cast()) };
    match sink.result {
        Some(Ok(text)) => Ok(text),
        Some(Err(message)) => Err(format!("cannot read the StableHLO portable artifact: {message}")),
        None => Err("the StableHLO translator returned no result.".to_owned()),
    }
}

/// Collects the diagnostics emitted in a context (instead of printing them
/// on the Python process's stderr), to return them in the error.
struct Diagnostics {
    lines: Mutex<Vec<String>>,
}

unsafe extern "C" fn print_to_string(text: mlir_sys::MlirStringRef, user: *mut c_void) {
    let out = unsafe { &mut *(user as *mut String) };
    let bytes = unsafe { std::slice::from_raw_parts(text.data.cast::<u8>(), text.length) };
    out.push_str(&String::from_utf8_lossy(bytes));
}

/// `location: severity: message` of a diagnostic, then its notes.
unsafe fn format_diagnostic(diagnostic: mlir_sys::MlirDiagnostic, lines: &mut Vec<String>) {
    unsafe {
        let mut location = String::new();
        mlir_sys::mlirLocationPrint(mlir_sys::mlirDiagnosticGetLocation(diagnostic), Some(print_to_string), (&mut location as *mut String).cast());
        let mut message = String::new();
        mlir_sys::mlirDiagnosticPrint(diagnostic, Some(print_to_string), (&mut message as *mut String).cast());
        let severity = match mlir_sys::mlirDiagnosticGetSeverity(diagnostic) {
            mlir_sys::MlirDiagnosticSeverity_MlirDiagnosticError => "error",
            mlir_sys::MlirDiagnosticSeverity_MlirDiagnosticWarning => "warning",
            mlir_sys::MlirDiagnosticSeverity_MlirDiagnosticNote => "note",
            _ => "remark",
        };
        lines.push(format!("{location}: {severity}: {message}"));
        for i in 0..mlir_sys::mlirDiagnosticGetNumNotes(diagnostic) {
            format_diagnostic(mlir_sys::mlirDiagnosticGetNote(diagnostic, i), lines);
        }
    }
}

unsafe extern "C" fn collect_diagnostic(diagnostic: mlir_sys::MlirDiagnostic, user: *mut c_void) -> mlir_sys::MlirLogicalResult {
    let diagnostics = unsafe { &*(user as *const Diagnostics) };
    let mut lines = diagnostics.lines.lock().unwrap_or_else(|e| e.into_inner());
    unsafe { format_diagnostic(diagnostic, &mut lines) };
    mlir_sys::MlirLogicalResult { value: 1 }
}

/// A compiled program and what jax asks about it.
pub struct Compiled {
    pub executable: CpuExecutable,
    pub name: String,
    /// `PJRT_Buffer_Type` of each output.
    pub output_types: Vec<i32>,
    /// The dimensions of every output, concatenated, and each output's rank.
    pub output_dims: Vec<i64>,
    pub output_ranks: Vec<usize>,
    /// "device" for every output (one memory).
    pub output_kinds: Vec<*const c_char>,
    pub output_kind_sizes: Vec<usize>,
    pub fingerprint: String,
    /// The devices the program runs on and how its arrays are split over
    /// them.
    pub layout: crate::sharding::DeviceLayout,
    /// Per argument: jax donates it (`tf.aliasing_output` /
    /// `jax.buffer_donor`), so the execution releases it.
    pub donated: Vec<bool>,
    /// Each output's shape as its buffers hand it out (single-device runs).
    pub output_meta: Vec<std::sync::Arc<crate::ShapeMeta>>,
}

// SAFETY: the kind pointers point at a 'static string; the executable is
// Send + Sync.
unsafe impl Send for Compiled {}
unsafe impl Sync for Compiled {}

/// The stack of the thread that parses and compiles: MLIR's parser and
/// passes recurse once per nesting level (see `xla_dialects::MAX_NESTING_DEPTH`).
const COMPILE_STACK_BYTES: usize = 512 << 20;

/// The entry function jax exports.
const ENTRY: &str = "main";

/// The serialized `xla.OpSharding` of every argument and result of each
/// multi-device program compiled in this process, by fingerprint: what the
/// Python package answers when jax asks which shardings the compiler chose
/// (see [`xla_mlir_pjrt_sharding`]).
static SHARDINGS: Mutex<Option<std::collections::HashMap<String, [Vec<Vec<u8>>; 2]>>> = Mutex::new(None);

/// How many programs this process has compiled (cache hits excluded).
static COMPILATIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The number of programs compiled so far: the tests check with it that
/// the same program is compiled once per client.
#[unsafe(no_mangle)]
pub extern "C" fn xla_mlir_pjrt_compilations() -> u64 {
    COMPILATIONS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Parses `text` and JIT-compiles its `main`; the error is complete
/// sentences with the diagnostics, one per line.
pub fn compile_text(text: String, fingerprint: String) -> Result<Compiled, String> {
    COMPILATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let worker = std::thread::Builder::new()
        .name("xla-mlir compile".into())
        .stack_size(COMPILE_STACK_BYTES)
        .spawn(move || compile_on_this_thread(&text, fingerprint))
        .map_err(|e| format!("cannot start the compiler thread: {e}"))?;
    worker.join().unwrap_or_else(|_| Err("the compiler panicked (a bug in xla-mlir).".to_owned()))
}

fn compile_on_this_thread(text: &str, fingerprint: String) -> Result<Compiled, String> {
    let context = create_context();
    let session = SourceSession::new(&context, text, "jax-program.mlir", false);
    // Attached after the session's handler, so it sees every diagnostic
    // first and keeps it from the process's stderr.
    let diagnostics = Box::new(Diagnostics { lines: Mutex::new(Vec::new()) });
    // SAFETY: `diagnostics` outlives the handler, which is detached below
    // before it is dropped.
    let handler = unsafe {
        mlir_sys::mlirContextAttachDiagnosticHandler(
            context.to_raw(),
            Some(collect_diagnostic),
            (&*diagnostics as *const Diagnostics).cast_mut().cast(),
            None,
        )
    };
    let with_diagnostics = |message: String| {
        let lines = diagnostics.lines.lock().unwrap_or_else(|e| e.into_inner());
        if lines.is_empty() { message } else { format!("{message}\n{}", lines.join("\n")) }
    };
    let result = (|| {
        let Some(mut module) = session.parse_module() else {
            return Err(with_diagnostics("xla-mlir cannot parse the program jax sent:".into()));
        };
        sink_constants_into_regions(&module);
        let donated = crate::sharding::donated_arguments(&module, ENTRY);
        let layout = crate::sharding::read(&module, ENTRY).map_err(|e| with_diagnostics(format!("xla-mlir cannot run the program on several devices: {e}")))?;
        let executable = CpuExecutable::compile(&context, &mut module, ENTRY)
            .map_err(|e| with_diagnostics(format!("xla-mlir cannot compile the program: {e}").replace("see the errors above", "the errors follow")))?;
        Ok(describe(executable, fingerprint, layout, donated))
    })();
    // SAFETY: the handler was attached above to this context.
    unsafe { mlir_sys::mlirContextDetachDiagnosticHandler(context.to_raw(), handler) };
    drop(session);
    result
}

/// Gives every block that uses a constant defined in an enclosing block its
/// own copy of the constant.
///
/// jax's serialization of a portable artifact CSEs constants across
/// regions: the comparator of a `stablehlo.sort` (and the bodies of
/// reductions) then use a `stablehlo.constant` of the enclosing function,
/// which StableHLO allows but the lowering refuses ("uses a value defined
/// outside it"); `jax.jit(f).lower().as_text()`, which the examples were
/// made from, keeps the constants inside. Copying a constant is always
/// correct (it has no side effects).
fn sink_constants_into_regions(module: &melior::ir::Module) {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut constants = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = op.name();
        let name = name.as_string_ref().as_str().unwrap_or("");
        if (name == "stablehlo.constant" || name == "arith.constant") && op.result_count() == 1 {
            constants.push(op.to_raw());
        }
        WalkResult::Advance
    });
    // SAFETY: every handle belongs to the live module; a use is read (and
    // its successor saved) before the operand is redirected, which unlinks it.
    unsafe {
        use mlir_sys::*;
        for constant in constants {
            let home = mlirOperationGetBlock(constant);
            let value = mlirOperationGetResult(constant, 0);
            let mut copies: Vec<(MlirBlock, MlirValue)> = Vec::new();
            let mut use_ = mlirValueGetFirstUse(value);
            while !mlirOpOperandIsNull(use_) {
                let next = mlirOpOperandGetNextUse(use_);
                let owner = mlirOpOperandGetOwner(use_);
                let block = mlirOperationGetBlock(owner);
                if block.ptr != home.ptr {
                    let copy = match copies.iter().find(|(b, _)| b.ptr == block.ptr) {
                        Some(&(_, copy)) => copy,
                        None => {
                            let clone = mlirOperationClone(constant);
                            mlirBlockInsertOwnedOperation(block, 0, clone);
                            let copy = mlirOperationGetResult(clone, 0);
                            copies.push((block, copy));
                            copy
                        }
                    };
                    mlirOperationSetOperand(owner, mlirOpOperandGetOperandNumber(use_) as isize, copy);
                }
                use_ = next;
            }
        }
    }
}

/// The number of arguments (`which` = 0) or results (1) of the program with
/// fingerprint `fingerprint` (`size` bytes) that has shardings recorded,
/// or -1 when none is (a single-device program, or not ours).
///
/// # Safety
/// `fingerprint` points at `size` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn xla_mlir_pjrt_sharding_count(fingerprint: *const u8, size: usize, which: i32) -> i64 {
    let key = String::from_utf8_lossy(unsafe { fingerprint_bytes(fingerprint, size) }).into_owned();
    let table = SHARDINGS.lock().unwrap_or_else(|e| e.into_inner());
    match (table.as_ref().and_then(|t| t.get(&key)), which) {
        (Some(protos), 0 | 1) => protos[which as usize].len() as i64,
        _ => -1,
    }
}

/// The serialized `xla.OpSharding` of argument (`which` = 0) or result (1)
/// `index`: its bytes are copied into `out` (`capacity` bytes); returns
/// the proto's size (call with `capacity` 0 to learn it), or -1.
///
/// # Safety
/// `fingerprint` points at `size` readable bytes, `out` at `capacity`
/// writable ones.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn xla_mlir_pjrt_sharding(fingerprint: *const u8, size: usize, which: i32, index: usize, out: *mut u8, capacity: usize) -> i64 {
    let key = String::from_utf8_lossy(unsafe { fingerprint_bytes(fingerprint, size) }).into_owned();
    let table = SHARDINGS.lock().unwrap_or_else(|e| e.into_inner());
    let Some(proto) = table.as_ref().and_then(|t| t.get(&key)).filter(|_| which == 0 || which == 1).and_then(|p| p[which as usize].get(index)) else {
        return -1;
    };
    if capacity >= proto.len() && !out.is_null() {
        unsafe { std::ptr::copy_nonoverlapping(proto.as_ptr(), out, proto.len()) };
    }
    proto.len() as i64
}

unsafe fn fingerprint_bytes<'a>(data: *const u8, size: usize) -> &'a [u8] {
    if data.is_null() || size == 0 { &[] } else { unsafe { std::slice::from_raw_parts(data, size) } }
}

fn describe(executable: CpuExecutable, fingerprint: String, layout: crate::sharding::DeviceLayout, donated: Vec<bool>) -> Compiled {
    let signature: &Signature = executable.signature();
    let name = signature.name.clone();
    let output_types = signature.outputs.iter().map(|o| crate::buffer_type_of(o.element_type)).collect();
    // Per device: a program over several partitions gives each device its
    // shard of every result.
    let shapes: Vec<Vec<usize>> = if layout.partitions > 1 {
        layout.outputs.iter().map(|split| split.shard_shape()).collect()
    } else {
        signature.outputs.iter().map(|o| o.shape.clone()).collect()
    };
    let output_dims = shapes.iter().flat_map(|s| s.iter().map(|&d| d as i64)).collect();
    let output_ranks = shapes.iter().map(|s| s.len()).collect();
    let n = signature.outputs.len();
    if layout.devices() > 1 {
        let devices = layout.devices();
        let protos = |splits: &[crate::sharding::Split]| splits.iter().map(|s| crate::sharding::op_sharding(s, devices)).collect();
        let entry = [protos(&layout.inputs), protos(&layout.outputs)];
        SHARDINGS.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(Default::default).insert(fingerprint.clone(), entry);
    }
    Compiled {
        name,
        output_types,
        output_dims,
        output_ranks,
        output_kinds: vec![crate::MEMORY_KIND.as_ptr().cast(); n],
        output_kind_sizes: vec![crate::MEMORY_KIND.len(); n],
        fingerprint,
        output_meta: signature.outputs.iter().map(|o| crate::ShapeMeta::new(o.shape.clone())).collect(),
        executable,
        layout,
        donated,
    }
}
