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
}

impl Default for TargetOptions {
    fn default() -> Self {
        Self { cpu: "host".into(), opt_level: 3 }
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
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| RuntimeError::Compile(e.to_string()))?;
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
/// only the C-interface wrappers (`_mlir_ciface_*`) externally visible, so
/// that an entry point called `main` cannot clash with a C program's `main`.
fn prepare(module: &LlvmModule, machine: &TargetMachine, options: &TargetOptions) -> Result<(), RuntimeError> {
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    for function in module.get_functions() {
        let name = function.get_name().to_string_lossy();
        if function.count_basic_blocks() > 0 && !name.starts_with("_mlir_ciface_") {
            function.set_linkage(Linkage::Internal);
        }
    }
    module
        .run_passes(&format!("default<O{}>", options.opt_level.min(3)), machine, PassBuilderOptions::create())
        .map_err(|e| RuntimeError::Compile(format!("LLVM optimisation failed: {e}")))
}

/// LLVM IR text of a module in the LLVM dialect, optimised for the target.
pub fn emit_llvm_ir(module: &Module, options: &TargetOptions) -> Result<String, RuntimeError> {
    let context = LlvmContext::create();
    let llvm = translate_to_llvm(module, &context)?;
    let machine = target_machine(options)?;
    prepare(&llvm, &machine, options)?;
    Ok(llvm.print_to_string().to_string())
}

/// Writes a relocatable object file for the target.
pub fn emit_object(module: &Module, options: &TargetOptions, path: &Path) -> Result<(), RuntimeError> {
    let context = LlvmContext::create();
    let llvm = translate_to_llvm(module, &context)?;
    let machine = target_machine(options)?;
    prepare(&llvm, &machine, options)?;
    machine
        .write_to_file(&llvm, FileType::Object, path)
        .map_err(|e| RuntimeError::Compile(format!("cannot write {}: {e}", path.display())))
}

/// The PTX of every kernel module of a module lowered by the GPU pipeline:
/// `(gpu.binary symbol, PTX text)` for each `gpu.binary` object.
pub fn extract_ptx(module: &Module) -> Result<Vec<(String, String)>, RuntimeError> {
    use melior::ir::{
        BlockLike,
        attribute::{ArrayAttribute, StringAttribute},
        operation::OperationLike,
    };
    let mut kernels = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        if op.name().as_string_ref().as_str().ok() == Some("gpu.binary") {
            let name = op
                .attribute("sym_name")
                .ok()
                .and_then(|a| StringAttribute::try_from(a).ok())
                .map(|s| s.value().to_owned())
                .unwrap_or_default();
            let objects = op
                .attribute("objects")
                .ok()
                .and_then(|a| ArrayAttribute::try_from(a).ok())
                .ok_or_else(|| RuntimeError::Compile(format!("gpu.binary @{name} has no objects")))?;
            for index in 0..objects.len() {
                let object = objects.element(index).map_err(|e| RuntimeError::Compile(e.to_string()))?;
                // SAFETY: the elements of `objects` on a gpu.binary are
                // #gpu.object attributes (checked by its verifier); the
                // returned string lives as long as the attribute.
                let text = unsafe {
                    let raw = mlir_sys::mlirGPUObjectAttrGetObject(object.to_raw());
                    let bytes = std::slice::from_raw_parts(raw.data.cast::<u8>(), raw.length);
                    String::from_utf8_lossy(bytes).into_owned()
                };
                kernels.push((name.clone(), text));
            }
        }
        next = op.next_in_block();
    }
    if kernels.is_empty() {
        return Err(RuntimeError::Compile("the GPU pipeline produced no kernels".into()));
    }
    Ok(kernels)
}
