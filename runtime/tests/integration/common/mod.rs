//! Shared by the GPU emulation tests: the GPU pipeline up to `gpu.launch`,
//! kernels as host loops (`xla-gpu-emulation-pipeline`), JIT-compiled and
//! run on the examples' inputs and on the check functions.

use melior::ir::{Module, operation::OperationLike};
use std::path::{Path, PathBuf};
use xla_dialects::{SourceSession, create_context};
use xla_runtime::{
    HostTensor, Signature,
    check,
    compare::{Tolerance, compare},
};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A memref descriptor of MLIR's C interface over `data` (row-major).
fn descriptor(data: *mut u8, shape: &[usize]) -> Vec<u64> {
    let mut words = vec![data as u64, data as u64, 0];
    words.extend(shape.iter().map(|&d| d as u64));
    let mut strides = vec![0u64; shape.len()];
    let mut stride = 1u64;
    for (i, &dim) in shape.iter().enumerate().rev() {
        strides[i] = stride;
        stride *= dim as u64;
    }
    words.extend(strides);
    words
}

/// A 64-byte aligned copy of `bytes` (at least one byte).
fn aligned(bytes: &[u8]) -> Vec<u128> {
    let mut words = vec![0u128; bytes.len().div_ceil(16).max(1) + 4];
    let offset = (64 - (words.as_ptr() as usize) % 64) % 64;
    // SAFETY: the vector has room for `offset + bytes.len()` bytes.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), words.as_mut_ptr().cast::<u8>().add(offset), bytes.len()) };
    words
}

fn aligned_ptr(words: &mut [u128]) -> *mut u8 {
    let offset = (64 - (words.as_ptr() as usize) % 64) % 64;
    // SAFETY: within the allocation (see `aligned`).
    unsafe { words.as_mut_ptr().cast::<u8>().add(offset) }
}

/// Lowers `module` with `xla-gpu-emulation-pipeline`, JIT-compiles it and
/// runs `entry` on `inputs`.
fn run_emulated(context: &melior::Context, module: &mut Module, entry: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let signature = Signature::of(module, entry).map_err(|e| e.to_string())?;
    xla_runtime::jit::mark_public_functions(context, module);
    let manager = xla_lowering::passes::pipeline_manager(context, "xla-gpu-emulation-pipeline")?;
    manager.run(module).map_err(|_| "the emulation pipeline failed (see the errors above)".to_string())?;
    if !module.as_operation().verify() {
        return Err("the lowered module does not verify".into());
    }
    // SAFETY: the module is live and lowered to the LLVM dialect.
    let engine = unsafe { mlir_sys::mlirExecutionEngineCreate(module.to_raw(), 2, 0, std::ptr::null(), false, false) };
    if engine.ptr.is_null() {
        return Err("the JIT could not compile the module".into());
    }
    // The conversions to bf16 LLVM may call, as in xla-run.
    for (name, address) in xla_runtime::soft_float::symbols() {
        // SAFETY: a live engine; the name is static and the address a
        // function with the signature LLVM calls it with.
        unsafe {
            mlir_sys::mlirExecutionEngineRegisterSymbol(engine, mlir_sys::MlirStringRef { data: name.as_ptr().cast(), length: name.len() }, address)
        };
    }
    // Host loops large enough to be parallel tasks call the runtime's
    // thread pool, as in xla-run.
    let parallel_for = xla_lowering::parallel_tasks::PARALLEL_FOR;
    // SAFETY: a live engine; the name outlives the call and the address is
    // `xla_parallel_for`, with the signature the lowered code declares.
    unsafe {
        mlir_sys::mlirExecutionEngineRegisterSymbol(
            engine,
            mlir_sys::MlirStringRef { data: parallel_for.as_ptr().cast(), length: parallel_for.len() },
            xla_runtime::pool::parallel_for_address(),
        )
    };
    // SAFETY: a live engine.
    unsafe { mlir_sys::mlirExecutionEngineInitialize(engine) };
    let name = format!("_mlir_ciface_{}", xla_lowering::reserved_symbols::compiled_name(entry));
    // SAFETY: live engine, the name outlives the call.
    let function = unsafe {
        mlir_sys::mlirExecutionEngineLookupPacked(engine, mlir_sys::MlirStringRef { data: name.as_ptr().cast(), length: name.len() })
    };
    if function.is_null() {
        // SAFETY: created above, destroyed once.
        unsafe { mlir_sys::mlirExecutionEngineDestroy(engine) };
        return Err(format!("no symbol {name}"));
    }
    let mut input_buffers: Vec<Vec<u128>> = inputs.iter().map(|t| aligned(&t.data)).collect();
    let mut output_buffers: Vec<Vec<u128>> =
        signature.outputs.iter().map(|spec| aligned(&vec![0u8; spec.byte_size().expect("sizes were checked")])).collect();
    let mut descriptors: Vec<Vec<u64>> = input_buffers
        .iter_mut()
        .zip(inputs)
        .map(|(buffer, tensor)| descriptor(aligned_ptr(buffer), &tensor.shape))
        .chain(output_buffers.iter_mut().zip(&signature.outputs).map(|(buffer, spec)| descriptor(aligned_ptr(buffer), &spec.shape)))
        .collect();
    let mut slots: Vec<*mut u64> = descriptors.iter_mut().map(|d| d.as_mut_ptr()).collect();
    let mut packed: Vec<*mut std::ffi::c_void> = slots.iter_mut().map(|slot| (slot as *mut *mut u64).cast()).collect();
    // SAFETY: the packed wrapper of the entry's C interface takes one
    // pointer per memref argument (inputs, then results as out-parameters),
    // each to a descriptor of a live buffer of the declared shape.
    unsafe {
        let f: unsafe extern "C" fn(*mut *mut std::ffi::c_void) = std::mem::transmute(function);
        f(packed.as_mut_ptr());
        mlir_sys::mlirExecutionEngineDestroy(engine);
    }
    output_buffers
        .iter_mut()
        .zip(&signature.outputs)
        .map(|(buffer, spec)| {
            let size = spec.byte_size().expect("sizes were checked");
            // SAFETY: the buffer holds `size` bytes from its aligned start.
            let bytes = unsafe { std::slice::from_raw_parts(aligned_ptr(buffer), size) }.to_vec();
            HostTensor::new(spec.element_type, spec.shape.clone(), bytes).map_err(|e| e.to_string())
        })
        .collect()
}

fn numbered(directory: &Path, name: &str, kind: &str) -> Vec<PathBuf> {
    let mut files: Vec<(usize, PathBuf)> = std::fs::read_dir(directory)
        .expect("the examples directory exists")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let file = path.file_name()?.to_str()?.to_owned();
            let index = file.strip_prefix(&format!("{name}.{kind}"))?.strip_suffix(".npy")?.parse().ok()?;
            Some((index, path))
        })
        .collect();
    files.sort();
    files.into_iter().map(|(_, path)| path).collect()
}

/// Runs every example; the failures.
pub fn examples() -> Vec<String> {
    let examples = repository().join("test/examples");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&examples)
        .expect("test/examples exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty());
    let mut failures = Vec::new();
    for source in &sources {
        let name = source.file_stem().and_then(|s| s.to_str()).expect("a file name").to_owned();
        let text = std::fs::read_to_string(source).expect("readable");
        let context = create_context();
        let session = SourceSession::new(&context, &text, &source.to_string_lossy(), false);
        let Some(mut module) = session.parse_module() else {
            failures.push(format!("{name}: does not parse"));
            continue;
        };
        let inputs: Vec<HostTensor> =
            numbered(&examples, &name, "in").iter().map(|p| HostTensor::read_npy(p).expect("a valid .npy")).collect();
        let expected: Vec<HostTensor> =
            numbered(&examples, &name, "expected").iter().map(|p| HostTensor::read_npy(p).expect("a valid .npy")).collect();
        let outputs = match run_emulated(&context, &mut module, "main", &inputs) {
            Ok(outputs) => outputs,
            Err(error) => {
                failures.push(format!("{name}: {error}"));
                continue;
            }
        };
        if outputs.len() != expected.len() {
            failures.push(format!("{name}: {} results, {} expected", outputs.len(), expected.len()));
            continue;
        }
        // As in test/Execution/jax-examples.test (integers always exactly).
        let tolerance = if name == "fft_large" { Tolerance { atol: 1e-4, ..Tolerance::default() } } else { Tolerance::default() };
        for (index, (output, wanted)) in outputs.iter().zip(&expected).enumerate() {
            if let Err(message) = compare(output, wanted, tolerance) {
                failures.push(format!("{name} result {index}: {message}"));
            }
        }
    }
    assert!(!sources.is_empty());
    failures
}

/// Runs every check function; the number of passed expectations and the
/// failures.
pub fn check_functions() -> (usize, Vec<String>) {
    let execution = repository().join("test/Execution");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&execution)
        .expect("test/Execution exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("check.expect")))
        .collect();
    sources.sort();
    let (mut passed, mut failures) = (0usize, Vec::new());
    for source in &sources {
        let text = std::fs::read_to_string(source).expect("readable");
        let file = source.file_name().and_then(|s| s.to_str()).expect("a file name").to_owned();
        for chunk in xla_tools_split(&text) {
            let names = {
                let context = create_context();
                let session = SourceSession::new(&context, &chunk, &file, false);
                let Some(module) = session.parse_module() else { continue };
                // A program over several devices runs on the CPU's devices
                // only (xla-run; e.g. test/Execution/ragged-all-to-all.mlir).
                if xla_runtime::devices::module_devices(&module) != (1, 1) {
                    continue;
                }
                check::check_functions(&module)
            };
            for function in names {
                let context = create_context();
                let session = SourceSession::new(&context, &chunk, &file, false);
                let mut module = session.parse_module().expect("parsed before");
                let expectations = match check::instrument(&context, &module, &function) {
                    Ok(expectations) => expectations,
                    Err(error) => {
                        failures.push(format!("{file} @{function}: {error}"));
                        continue;
                    }
                };
                let outputs = match run_emulated(&context, &mut module, &function, &[]) {
                    Ok(outputs) => outputs,
                    Err(error) => {
                        failures.push(format!("{file} @{function}: {error}"));
                        continue;
                    }
                };
                for (expectation, pair) in expectations.iter().zip(outputs.chunks_exact(2)) {
                    match expectation.evaluate(&pair[0], &pair[1]) {
                        Ok(()) => passed += 1,
                        Err(message) => failures.push(format!("{} @{function}: {} {message}", expectation.location, expectation.op)),
                    }
                }
            }
        }
    }
    (passed, failures)
}

/// The `// -----` chunks of a file (as `--split-input-file`), line numbers
/// kept.
fn xla_tools_split(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_end() == "// -----" {
            chunks.push(std::mem::take(&mut current));
            current.push_str(&"\n".repeat(index + 1));
            continue;
        }
        current.push_str(line);
    }
    chunks.push(current);
    chunks
}
