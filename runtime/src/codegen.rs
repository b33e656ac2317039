//! LLVM-level code generation from a module in the LLVM dialect: LLVM IR
//! text and native object files (through inkwell).

use crate::RuntimeError;
use inkwell::{
    OptimizationLevel,
    context::{AsContextRef, Context as LlvmContext},
    module::{Linkage, Module as LlvmModule},
    passes::PassBuilderOptions,
    targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine},
};
use melior::ir::{AttributeLike, Module};
use std::path::Path;

/// Options of native code generation.
#[derive(Clone, Debug)]
pub struct TargetOptions {
    /// `host` for the machine running the compiler, or an LLVM CPU name
    /// (`x86-64`, `x86-64-v3`, `skylake`, ...).
    pub cpu: String,
    /// Optimisation level 0-3 of the LLVM pipeline (`default<On>`).
    pub opt_level: u8,
    /// Target triple (`x86_64-unknown-linux-gnu`, ...); `None` for the host.
    pub triple: Option<String>,
}

impl Default for TargetOptions {
    fn default() -> Self {
        Self { cpu: "host".into(), opt_level: 3, triple: None }
    }
}

/// Translates a module in the LLVM dialect to an LLVM module in `context`.
pub fn translate_to_llvm<'l>(module: &Module, context: &'l LlvmContext) -> Result<LlvmModule<'l>, RuntimeError> {
    // SAFETY: both handles are live; the LLVM context outlives the returned
    // module (lifetime 'l), and the module pointer is handed to inkwell,
    // which takes ownership of it.
    unsafe {
        let raw = mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), context.as_ctx_ref() as _);
        if raw.is_null() {
            return Err(RuntimeError::Compile(
                "translation to LLVM IR failed: the module must be fully lowered to the LLVM dialect (run xla-cpu-pipeline)".into(),
            ));
        }
        Ok(LlvmModule::new(raw as _))
    }
}

fn target_machine(options: &TargetOptions) -> Result<TargetMachine, RuntimeError> {
    Target::initialize_native(&InitializationConfig::default()).map_err(RuntimeError::Compile)?;
    let triple = match &options.triple {
        Some(name) => inkwell::targets::TargetTriple::create(name),
        None => TargetMachine::get_default_triple(),
    };
    let target = Target::from_triple(&triple).map_err(|e| {
        RuntimeError::Compile(format!("unsupported target triple `{}`: {}", triple.as_str().to_string_lossy(), e.to_string().trim()))
    })?;
    let is_host = options.triple.is_none();
    if options.cpu == "host" && !is_host {
        return Err(RuntimeError::Compile("--target-cpu=host needs the host triple; name a CPU for another triple".into()));
    }
    let (cpu, features) = if options.cpu == "host" {
        (TargetMachine::get_host_cpu_name().to_string(), TargetMachine::get_host_cpu_features().to_string())
    } else {
        (options.cpu.clone(), String::new())
    };
    let level = match options.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    target
        .create_target_machine(&triple, &cpu, &features, level, RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| RuntimeError::Compile(format!("LLVM cannot create a target machine for CPU `{cpu}`")))
}

/// Sets the module's target, runs LLVM's `default<On>` pipeline, and keeps
/// only the functions for which `exported` holds externally visible, so
/// that an entry point called `main` cannot clash with a C program's `main`.
fn prepare(
    module: &LlvmModule,
    machine: &TargetMachine,
    options: &TargetOptions,
    exported: &dyn Fn(&str) -> bool,
) -> Result<(), RuntimeError> {
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    for function in module.get_functions() {
        let name = function.get_name().to_string_lossy();
        if function.count_basic_blocks() > 0 && !exported(&name) {
            function.set_linkage(Linkage::Internal);
        }
    }
    for global in module.get_globals() {
        // `llvm.global_ctors`/`dtors` (the GPU path's kernel module loads)
        // keep their special appending linkage.
        if global.get_initializer().is_some() && !global.get_name().to_bytes().starts_with(b"llvm.") {
            global.set_linkage(Linkage::Internal);
        }
    }
    module
        .run_passes(&format!("default<O{}>", options.opt_level.min(3)), machine, PassBuilderOptions::create())
        .map_err(|e| RuntimeError::Compile(format!("LLVM optimisation failed: {e}")))
}

/// The C-interface wrappers that `llvm.emit_c_interface` makes, and the
/// weak runtime defaults of plain objects (overridable).
fn is_c_interface(name: &str) -> bool {
    name.starts_with("_mlir_ciface_") || name == ALLOCATION_FAILED || name == PARALLEL_FOR
}

use xla_lowering::checked_alloc::ALLOCATION_FAILED;
use xla_lowering::parallel_tasks::PARALLEL_FOR;

/// Objects (plain and AOT) and LLVM IR: when the module calls
/// `xla_parallel_for`, a weak default that runs the whole loop on the
/// calling thread, `task(ctx, 0, iterations)`. A program that links the
/// object may define its own, running the chunks of `[0, iterations)` on
/// its threads (see the AOT header), so objects need no thread library.
fn define_default_parallel_for(module: &LlvmModule) -> Result<(), RuntimeError> {
    let Some(function) = module.get_function(PARALLEL_FOR).filter(|f| f.count_basic_blocks() == 0) else { return Ok(()) };
    let context = module.get_context();
    let builder = context.create_builder();
    let failed = |e: inkwell::builder::BuilderError| RuntimeError::Compile(format!("building the parallel-loop default failed: {e}"));
    let entry = context.append_basic_block(function, "entry");
    let run = context.append_basic_block(function, "run");
    let done = context.append_basic_block(function, "done");
    builder.position_at_end(entry);
    let param = |i: u32| function.get_nth_param(i).ok_or_else(|| RuntimeError::Compile(format!("`{PARALLEL_FOR}` is declared with a wrong signature")));
    let task = param(0)?.into_pointer_value();
    let ctx = param(1)?;
    let iterations = param(2)?.into_int_value();
    let int64 = context.i64_type();
    let positive = builder.build_int_compare(inkwell::IntPredicate::SGT, iterations, int64.const_zero(), "positive").map_err(failed)?;
    builder.build_conditional_branch(positive, run, done).map_err(failed)?;
    builder.position_at_end(run);
    let task_type = context.void_type().fn_type(&[ctx.get_type().into(), int64.into(), int64.into()], false);
    builder
        .build_indirect_call(task_type, task, &[ctx.into(), int64.const_zero().into(), iterations.into()], "")
        .map_err(failed)?;
    builder.build_unconditional_branch(done).map_err(failed)?;
    builder.position_at_end(done);
    builder.build_return(None).map_err(failed)?;
    function.set_linkage(Linkage::WeakAny);
    Ok(())
}

/// The allocation-failure hook of the module's checked allocations
/// (`xla-checked-allocations`), when it is declared and not yet defined.
fn allocation_failure_hook<'l>(module: &LlvmModule<'l>) -> Option<inkwell::values::FunctionValue<'l>> {
    module.get_function(ALLOCATION_FAILED).filter(|f| f.count_basic_blocks() == 0)
}

/// Plain objects and LLVM IR: `xla_allocation_failed` gets a weak default
/// that calls `abort()`; a program linking the object may define its own
/// (`void xla_allocation_failed(uint64_t size)`, must not return).
fn define_default_allocation_failure(module: &LlvmModule) -> Result<(), RuntimeError> {
    let Some(hook) = allocation_failure_hook(module) else { return Ok(()) };
    let context = module.get_context();
    let abort = module
        .get_function("abort")
        .unwrap_or_else(|| module.add_function("abort", context.void_type().fn_type(&[], false), Some(Linkage::External)));
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(hook, "entry"));
    let failed = |e: inkwell::builder::BuilderError| RuntimeError::Compile(format!("building the allocation-failure default failed: {e}"));
    builder.build_call(abort, &[], "").map_err(failed)?;
    builder.build_unreachable().map_err(failed)?;
    hook.set_linkage(Linkage::WeakAny);
    Ok(())
}

/// `--dump-dir`: the optimized LLVM IR and the assembly of `module`.
fn dump_llvm(module: &LlvmModule, machine: &TargetMachine) -> Result<(), RuntimeError> {
    if crate::dump::dir().is_none() {
        return Ok(());
    }
    crate::dump::write_stage("llvm-ir.ll", module.print_to_string().to_bytes())?;
    let assembly = machine
        .write_to_memory_buffer(module, FileType::Assembly)
        .map_err(|e| RuntimeError::Compile(format!("cannot emit the assembly: {e}")))?;
    crate::dump::write_stage("assembly.s", assembly.as_slice())
}

/// `--dump-dir` for the JIT (which optimizes and generates code inside the
/// engine): the LLVM IR and assembly of the lowered module as an object for
/// the host would have them.
pub fn dump_lowered(module: &Module) -> Result<(), RuntimeError> {
    if crate::dump::dir().is_none() {
        return Ok(());
    }
    let options = TargetOptions::default();
    let context = LlvmContext::create();
    let llvm = translate_to_llvm(module, &context)?;
    define_default_allocation_failure(&llvm)?;
    define_default_parallel_for(&llvm)?;
    let machine = target_machine(&options)?;
    prepare(&llvm, &machine, &options, &is_c_interface)?;
    dump_llvm(&llvm, &machine)
}

/// LLVM IR text of a module in the LLVM dialect, optimised for the target.
pub fn emit_llvm_ir(module: &Module, options: &TargetOptions) -> Result<String, RuntimeError> {
    let context = LlvmContext::create();
    let llvm = crate::timing::time("translation to LLVM IR", || translate_to_llvm(module, &context))?;
    define_default_allocation_failure(&llvm)?;
    define_default_parallel_for(&llvm)?;
    let machine = target_machine(options)?;
    crate::timing::time("LLVM optimization (default<O3>)", || prepare(&llvm, &machine, options, &is_c_interface))?;
    dump_llvm(&llvm, &machine)?;
    Ok(llvm.print_to_string().to_string())
}

/// Writes a relocatable object file for the target.
pub fn emit_object(module: &Module, options: &TargetOptions, path: &Path) -> Result<(), RuntimeError> {
    let context = LlvmContext::create();
    let llvm = crate::timing::time("translation to LLVM IR", || translate_to_llvm(module, &context))?;
    define_default_allocation_failure(&llvm)?;
    define_default_parallel_for(&llvm)?;
    let machine = target_machine(options)?;
    crate::timing::time("LLVM optimization (default<O3>)", || prepare(&llvm, &machine, options, &is_c_interface))?;
    dump_llvm(&llvm, &machine)?;
    crate::timing::time("machine code", || machine.write_to_file(&llvm, FileType::Object, path))
        .map_err(|e| RuntimeError::Compile(format!("cannot write {}: {e}", path.display())))
}

/// Status of an AOT entry point: it computed its results.
pub const AOT_OK: i32 = 0;
/// Status of an AOT entry point: a temporary could not be allocated (the
/// results are not written).
pub const AOT_OUT_OF_MEMORY: i32 = 1;

/// An object file whose external symbols are `symbol` and `symbol_scratch`, plain C
/// functions; `symbol` is
/// function `int symbol(const T0 *arg0, ..., T *result0, ...)` (returning
/// [`AOT_OK`] or [`AOT_OUT_OF_MEMORY`]) taking one
/// dense row-major buffer per parameter of `specs.0` and per result of
/// `specs.1`, in that order. It calls `lowered`, the entry point as the CPU
/// pipeline lowered it (every memref expanded to `allocated, aligned,
/// offset, sizes..., strides...`, results as trailing out-parameters).
///
/// With `scratch = Some(bytes)` (the entry's buffers were planned into an
/// arena of that many bytes, see `xla_lowering::buffer_plan`), the object
/// `int symbol_scratch(buffers..., void *scratch)`, also exported, calls
/// `lowered.planned` on the caller's memory (at least `bytes` bytes,
/// 64-byte aligned) instead of allocating the arena when `scratch` is not
/// NULL; otherwise (and for `scratch = None`: nothing planned) it is `symbol`.
pub fn emit_aot_object(
    module: &Module,
    options: &TargetOptions,
    lowered: &str,
    symbol: &str,
    specs: (&[crate::TensorSpec], &[crate::TensorSpec]),
    scratch: Option<u64>,
) -> Result<Vec<u8>, RuntimeError> {
    use inkwell::AddressSpace;
    let context = LlvmContext::create();
    let llvm = crate::timing::time("translation to LLVM IR", || translate_to_llvm(module, &context))?;
    define_default_parallel_for(&llvm)?;
    let machine = target_machine(options)?;
    let inner = llvm
        .get_function(lowered)
        .ok_or_else(|| RuntimeError::Compile(format!("the lowered module has no function `{lowered}`")))?;
    let planned_name = format!("{lowered}{}", xla_lowering::buffer_plan::PLANNED_SUFFIX);
    let planned = match scratch {
        Some(bytes) => Some((
            llvm.get_function(&planned_name)
                .ok_or_else(|| RuntimeError::Compile(format!("the lowered module has no function `{planned_name}`")))?,
            bytes,
        )),
        None => None,
    };
    let scratch_symbol = format!("{symbol}_scratch");
    // A function of the module that already has an exported name (a
    // private helper called like the object's symbol) steps aside.
    for name in [symbol, scratch_symbol.as_str()] {
        if let Some(existing) = llvm.get_function(name) {
            existing.as_global_value().set_name(&format!("{name}.impl"));
        }
    }
    let pointer = context.ptr_type(AddressSpace::default());
    let int64 = context.i64_type();
    let buffers: Vec<&crate::TensorSpec> = specs.0.iter().chain(specs.1).collect();
    let int32 = context.i32_type();
    let failed = |e: inkwell::builder::BuilderError| RuntimeError::Compile(format!("building the AOT entry point failed: {e}"));
    // Allocation failure: the entry point sets a (thread-local) jump buffer
    // with `_setjmp`; the module's `xla_allocation_failed` jumps back to it,
    // and the entry point returns AOT_OUT_OF_MEMORY. Frames skipped are those
    // of compiled code; temporaries allocated before the failure leak.
    let jump = if let Some(hook) = allocation_failure_hook(&llvm) {
        use inkwell::attributes::{Attribute, AttributeLoc};
        // glibc's jmp_buf is 200 bytes on x86-64, 312 on AArch64.
        let buffer_type = int64.array_type(64);
        let jump_buffer = llvm.add_global(buffer_type, None, "xla.aot.jmp_buf");
        jump_buffer.set_thread_local(true);
        jump_buffer.set_initializer(&buffer_type.const_zero());
        jump_buffer.set_alignment(16);
        jump_buffer.set_linkage(Linkage::Internal);
        let returns_twice = context.create_enum_attribute(Attribute::get_named_enum_kind_id("returns_twice"), 0);
        let noreturn = context.create_enum_attribute(Attribute::get_named_enum_kind_id("noreturn"), 0);
        let setjmp = llvm.add_function("_setjmp", int32.fn_type(&[pointer.into()], false), Some(Linkage::External));
        setjmp.add_attribute(AttributeLoc::Function, returns_twice);
        let longjmp = llvm.add_function("longjmp", context.void_type().fn_type(&[pointer.into(), int32.into()], false), Some(Linkage::External));
        longjmp.add_attribute(AttributeLoc::Function, noreturn);
        let hook_builder = context.create_builder();
        hook_builder.position_at_end(context.append_basic_block(hook, "entry"));
        hook_builder
            .build_call(longjmp, &[jump_buffer.as_pointer_value().into(), int32.const_int(1, false).into()], "")
            .map_err(failed)?;
        hook_builder.build_unreachable().map_err(failed)?;
        Some((jump_buffer, setjmp, returns_twice))
    } else {
        None
    };
    // One entry point: `with_scratch` adds the scratch parameter.
    let define = |name: &str, with_scratch: bool| -> Result<(), RuntimeError> {
        use inkwell::attributes::AttributeLoc;
        let parameters = buffers.len() + usize::from(with_scratch);
        let function = llvm.add_function(name, int32.fn_type(&vec![pointer.into(); parameters], false), Some(Linkage::External));
        let builder = context.create_builder();
        builder.position_at_end(context.append_basic_block(function, "entry"));
        if let Some((jump_buffer, setjmp, returns_twice)) = jump {
            let status = builder.build_call(setjmp, &[jump_buffer.as_pointer_value().into()], "status").map_err(failed)?;
            status.add_attribute(AttributeLoc::Function, returns_twice);
            let status = status.try_as_basic_value().basic().expect("_setjmp returns an int").into_int_value();
            let jumped = builder.build_int_compare(inkwell::IntPredicate::NE, status, int32.const_zero(), "jumped").map_err(failed)?;
            let out_of_memory = context.append_basic_block(function, "out_of_memory");
            let run = context.append_basic_block(function, "run");
            builder.build_conditional_branch(jumped, out_of_memory, run).map_err(failed)?;
            builder.position_at_end(out_of_memory);
            builder.build_return(Some(&int32.const_int(AOT_OUT_OF_MEMORY as u64, false))).map_err(failed)?;
            builder.position_at_end(run);
        }
        let mut arguments: Vec<inkwell::values::BasicMetadataValueEnum> = Vec::new();
        for (index, spec) in buffers.iter().enumerate() {
            let data = function.get_nth_param(index as u32).expect("one parameter per buffer");
            arguments.extend::<[inkwell::values::BasicMetadataValueEnum; 3]>([data.into(), data.into(), int64.const_zero().into()]);
            let mut strides = vec![0u64; spec.shape.len()];
            let mut stride = 1u64;
            for (i, &dim) in spec.shape.iter().enumerate().rev() {
                strides[i] = stride;
                stride = stride.saturating_mul(dim as u64);
            }
            let words = spec.shape.iter().map(|&d| d as u64).chain(strides);
            arguments.extend(words.map(|w| inkwell::values::BasicMetadataValueEnum::from(int64.const_int(w, false))));
        }
        if inner.count_params() as usize != arguments.len() {
            return Err(RuntimeError::Compile(format!(
                "the lowered `{lowered}` takes {} words, but its signature describes {} (unsupported argument types?)",
                inner.count_params(),
                arguments.len()
            )));
        }
        if let (true, Some((planned, bytes))) = (with_scratch, planned) {
            // scratch == NULL: the plain entry point allocates the arena.
            let scratch = function.get_nth_param(buffers.len() as u32).expect("the scratch parameter").into_pointer_value();
            let given = context.append_basic_block(function, "given_scratch");
            let allocate = context.append_basic_block(function, "allocate_scratch");
            let is_null = builder.build_is_null(scratch, "no_scratch").map_err(failed)?;
            builder.build_conditional_branch(is_null, allocate, given).map_err(failed)?;
            builder.position_at_end(allocate);
            builder.build_call(inner, &arguments, "").map_err(failed)?;
            builder.build_return(Some(&int32.const_int(AOT_OK as u64, false))).map_err(failed)?;
            builder.position_at_end(given);
            let mut with_arena = arguments.clone();
            for word in [scratch.into(), scratch.into(), int64.const_zero().into(), int64.const_int(bytes, false).into(), int64.const_int(1, false).into()] {
                with_arena.push(word);
            }
            if planned.count_params() as usize != with_arena.len() {
                return Err(RuntimeError::Compile(format!("the lowered `{planned_name}` does not take the arena as its last argument")));
            }
            builder.build_call(planned, &with_arena, "").map_err(failed)?;
        } else {
            builder.build_call(inner, &arguments, "").map_err(failed)?;
        }
        builder.build_return(Some(&int32.const_int(AOT_OK as u64, false))).map_err(failed)?;
        Ok(())
    };
    define(symbol, false)?;
    define(&scratch_symbol, true)?;
    crate::timing::time("LLVM optimization (default<O3>)", || {
        prepare(&llvm, &machine, options, &|name| name == symbol || name == PARALLEL_FOR || name == scratch_symbol)
    })?;
    dump_llvm(&llvm, &machine)?;
    llvm.verify().map_err(|e| RuntimeError::Compile(format!("the AOT module is invalid: {}", e.to_string_lossy())))?;
    let buffer = crate::timing::time("machine code", || machine.write_to_memory_buffer(&llvm, FileType::Object))
        .map_err(|e| RuntimeError::Compile(format!("cannot emit the object: {e}")))?;
    Ok(buffer.as_slice().to_vec())
}

/// The objects of every `gpu.binary` op of a module lowered by the GPU
/// pipeline: `(gpu.binary symbol, object bytes)`, in order.
fn gpu_objects(module: &Module) -> Result<Vec<(String, Vec<u8>)>, RuntimeError> {
    use melior::ir::{
        BlockLike,
        attribute::{ArrayAttribute, StringAttribute},
        operation::OperationLike,
    };
    let mut objects = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str().ok() != Some("gpu.binary") {
            continue;
        }
        let name = op
            .attribute("sym_name")
            .ok()
            .and_then(|a| StringAttribute::try_from(a).ok())
            .map(|s| s.value().to_owned())
            .unwrap_or_default();
        let array = op
            .attribute("objects")
            .ok()
            .and_then(|a| ArrayAttribute::try_from(a).ok())
            .ok_or_else(|| RuntimeError::Compile(format!("gpu.binary @{name} has no objects")))?;
        for index in 0..array.len() {
            let object = array.element(index).map_err(|e| RuntimeError::Compile(e.to_string()))?;
            // SAFETY: the elements of `objects` on a gpu.binary are
            // #gpu.object attributes (checked by its verifier); the
            // returned string lives as long as the attribute.
            let bytes = unsafe {
                let raw = mlir_sys::mlirGPUObjectAttrGetObject(object.to_raw());
                std::slice::from_raw_parts(raw.data.cast::<u8>(), raw.length).to_vec()
            };
            objects.push((name.clone(), bytes));
        }
    }
    Ok(objects)
}

/// The PTX of every kernel module of a module lowered by the GPU pipeline:
/// `(gpu.binary symbol, PTX text)` for each `gpu.binary` object. Empty when
/// the program has no kernels (all its work is sequential host code).
pub fn extract_ptx(module: &Module) -> Result<Vec<(String, String)>, RuntimeError> {
    Ok(gpu_objects(module)?
        .into_iter()
        .map(|(name, bytes)| (name, String::from_utf8_lossy(&bytes).into_owned()))
        .collect())
}

/// The NVVM LLVM IR of every kernel module of a module lowered by
/// `add_gpu_pipeline_to_llvm_ir` (objects in LLVM bitcode):
/// `(gpu.binary symbol, LLVM IR text)`.
pub fn extract_nvvm_ir(module: &Module) -> Result<Vec<(String, String)>, RuntimeError> {
    let llvm = LlvmContext::create();
    gpu_objects(module)?
        .into_iter()
        .map(|(name, bytes)| {
            let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&bytes, &name);
            let parsed = LlvmModule::parse_bitcode_from_buffer(&buffer, &llvm)
                .map_err(|e| RuntimeError::Compile(format!("kernel module @{name} is not LLVM bitcode: {e}")))?;
            let text = parsed.print_to_string().to_string();
            Ok((name, text))
        })
        .collect()
}
