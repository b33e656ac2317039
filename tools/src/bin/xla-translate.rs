//! xla-translate: lower a StableHLO (or already lowered) module with the CPU
//! pipeline and emit LLVM IR or a native object file.

use clap::{Arg, Command, value_parser};
use melior::pass::PassManager;
use std::process::ExitCode;
use xla_dialects::{SourceSession, create_context};
use xla_runtime::codegen::{self, TargetOptions};
use xla_tools::{fail, parse_args, print_line, read_source, write_output};

const TOOL: &str = "xla-translate";

fn command() -> Command {
    Command::new(TOOL)
        .about("Compile an MLIR module to LLVM IR or a native object file")
        .arg(Arg::new("input").default_value("-").help("Input .mlir file (- for stdin)"))
        .arg(Arg::new("output").short('o').default_value("-").help("Output file (- for stdout; required for obj)"))
        .arg(
            Arg::new("emit")
                .long("emit")
                .required(true)
                .value_parser(["llvm-ir", "obj", "ptx"])
                .help("What to produce"),
        )
        .arg(
            Arg::new("gpu-arch")
                .long("gpu-arch")
                .default_value(xla_lowering::passes::DEFAULT_GPU_ARCH)
                .help("CUDA architecture of --emit=ptx (sm_70 ... sm_90)"),
        )
        .arg(
            Arg::new("libdevice")
                .long("libdevice")
                .value_name("PATH")
                .help("CUDA's libdevice.10.bc for --emit=ptx (default: $XLA_LIBDEVICE, $CUDA_HOME/nvvm/libdevice, /usr/local/cuda)"),
        )
        .arg(Arg::new("target-cpu").long("target-cpu").default_value("host").help("LLVM CPU name, or 'host'"))
        .arg(
            Arg::new("opt-level")
                .short('O')
                .long("opt-level")
                .default_value("3")
                .value_parser(value_parser!(u8).range(0..=3))
                .help("LLVM optimisation level"),
        )
}

/// The GPU pipeline for `arch`.
fn gpu_manager<'c>(context: &'c melior::Context, arch: &str, libdevice: Option<&str>) -> Result<PassManager<'c>, String> {
    let manager = PassManager::new(context);
    xla_lowering::passes::add_gpu_pipeline(&manager.as_operation_pass_manager(), arch, libdevice)?;
    Ok(manager)
}

/// Writes PTX: to stdout, every kernel module with a `// gpu.binary @name`
/// header; to a file, the module itself, or, when there are several, one
/// file per module named `<stem>.<module>.ptx` (each a complete PTX module
/// that ptxas accepts), listing the files written on stdout.
fn write_ptx(output: &str, kernels: &[(String, String)]) -> Result<(), String> {
    if output == "-" {
        let text: String = kernels.iter().map(|(name, ptx)| format!("// gpu.binary @{name}\n{ptx}")).collect();
        return write_output(output, &text);
    }
    if let [(_, ptx)] = kernels {
        return write_output(output, ptx);
    }
    let path = std::path::Path::new(output);
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("kernels");
    for (name, ptx) in kernels {
        let file = path.with_file_name(format!("{stem}.{name}.ptx"));
        write_output(&file.to_string_lossy(), ptx)?;
        print_line(TOOL, file.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    let matches = parse_args(command());
    let input = matches.get_one::<String>("input").expect("has a default");
    let output = matches.get_one::<String>("output").expect("has a default");
    let emit = matches.get_one::<String>("emit").expect("required").as_str();
    let options = TargetOptions {
        cpu: matches.get_one::<String>("target-cpu").expect("has a default").clone(),
        opt_level: *matches.get_one::<u8>("opt-level").expect("has a default"),
    };
    let gpu_arch = matches.get_one::<String>("gpu-arch").expect("has a default");
    let arch_ok = gpu_arch.strip_prefix("sm_").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric()));
    if !arch_ok {
        return fail(TOOL, format!("invalid --gpu-arch '{gpu_arch}': expected a CUDA architecture such as sm_90"));
    }
    if emit == "obj" && output == "-" {
        return fail(TOOL, "--emit=obj needs an output file (-o FILE.o)");
    }

    let (text, name) = match read_source(input) {
        Ok(source) => source,
        Err(message) => return fail(TOOL, message),
    };
    let context = create_context();
    let session = SourceSession::new(&context, &text, &name, false);
    let Some(mut module) = session.parse_module() else {
        return ExitCode::from(1);
    };
    let manager = if emit == "ptx" {
        let libdevice = match matches.get_one::<String>("libdevice") {
            Some(path) if !std::path::Path::new(path).is_file() => {
                return fail(TOOL, format!("--libdevice '{path}' is not a file"));
            }
            Some(path) => Some(path.clone()),
            None => xla_lowering::passes::find_libdevice(),
        };
        gpu_manager(&context, gpu_arch, libdevice.as_deref())
    } else {
        xla_runtime::jit::mark_public_functions(&context, &module);
        xla_lowering::passes::pipeline_manager(&context, "xla-cpu-pipeline")
    };
    let manager = match manager {
        Ok(manager) => manager,
        Err(message) => return fail(TOOL, message),
    };
    if manager.run(&mut module).is_err() {
        return ExitCode::from(1);
    }
    let result = match emit {
        "ptx" => codegen::extract_ptx(&module).map_err(|e| e.to_string()).and_then(|kernels| write_ptx(output, &kernels)),
        "llvm-ir" => codegen::emit_llvm_ir(&module, &options).map_err(|e| e.to_string()).and_then(|ir| write_output(output, &ir)),
        _ => codegen::emit_object(&module, &options, std::path::Path::new(output)).map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(TOOL, message),
    }
}
