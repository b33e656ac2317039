//! xla-translate: lower a StableHLO (or already lowered) module with the CPU
//! pipeline and emit LLVM IR, a native object file, or an AOT object + C
//! header pair; or with the GPU pipeline and emit PTX.

use clap::{Arg, Command, value_parser};
use melior::pass::PassManager;
use std::process::ExitCode;
use xla_dialects::{SourceSession, create_context};
use xla_runtime::{
    aot::{self, AotOptions},
    codegen::{self, TargetOptions},
    layout::Layout,
};
use xla_tools::{fail, parse_args, print_line, read_source, split_input, write_output};

const TOOL: &str = "xla-translate";

fn command() -> Command {
    Command::new(TOOL)
        .about("Compile an MLIR module to LLVM IR, a native object file, an AOT object + C header, or PTX")
        .arg(Arg::new("input").default_value("-").help("Input .mlir file (- for stdin)"))
        .arg(
            Arg::new("output")
                .short('o')
                .default_value("-")
                .help("Output file (- for stdout; required for obj); for aot the path prefix NAME of NAME.o and NAME.h"),
        )
        .arg(
            Arg::new("timing")
                .long("timing")
                .action(clap::ArgAction::SetTrue)
                .help("Report to stderr the time of each compiler pass (MLIR's report) and of each stage: parsing, the MLIR pipeline, translation to LLVM IR, LLVM optimization, machine code"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .required(true)
                .value_parser(["llvm-ir", "obj", "aot", "ptx"])
                .help("What to produce"),
        )
        .arg(
            Arg::new("target")
                .long("target")
                .value_parser(["cpu", "gpu", "gpu-host"])
                .default_value("cpu")
                .help("For --emit=llvm-ir: cpu (the CPU pipeline), gpu (the kernels' NVVM LLVM IR, libdevice linked), \
                       gpu-host (the GPU path's host code: launches through the runtime ABI, PTX embedded)"),
        )
        .arg(Arg::new("entry").long("entry").default_value("main").help("Function compiled by --emit=aot"))
        .arg(
            Arg::new("symbol")
                .long("symbol")
                .value_name("C-NAME")
                .help("C name of the --emit=aot function (default: the file name of -o)"),
        )
        .arg(
            Arg::new("arg-layout")
                .long("arg-layout")
                .value_name("I=MINOR_TO_MAJOR")
                .action(clap::ArgAction::Append)
                .help("Layout of parameter I for --emit=aot, e.g. 0={0,1} for a column-major matrix (default row-major), 0={0,1;padded=3x5;padding=zero} padded"),
        )
        .arg(
            Arg::new("result-layout")
                .long("result-layout")
                .value_name("I=MINOR_TO_MAJOR")
                .action(clap::ArgAction::Append)
                .help("Layout of result I for --emit=aot"),
        )
        .arg(
            Arg::new("target-triple")
                .long("target-triple")
                .value_name("TRIPLE")
                .help("LLVM target triple of obj/aot/llvm-ir (default: the host's; x86-64 triples)"),
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
        .arg(
            Arg::new("checks")
                .long("checks")
                .action(clap::ArgAction::SetTrue)
                .help("With --emit=ptx: compile every argument-less function with check.* ops, each instrumented as by xla-run --check in a module of its own; ends with `N compiled, N failed`"),
        )
        .arg(
            Arg::new("split-input-file")
                .long("split-input-file")
                .action(clap::ArgAction::SetTrue)
                .help("With --checks: treat each '// -----' chunk as a separate module"),
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

/// What the GPU pipeline produces.
#[derive(Clone, Copy, PartialEq)]
enum GpuOutput {
    /// Kernel modules as PTX.
    Ptx,
    /// Kernel modules as NVVM LLVM IR.
    NvvmIr,
    /// Host code in the LLVM dialect, kernels as PTX.
    Host,
}

/// The GPU pipeline for `arch`.
fn gpu_manager<'c>(
    context: &'c melior::Context,
    arch: &str,
    libdevice: Option<&str>,
    output: GpuOutput,
) -> Result<PassManager<'c>, String> {
    let manager = PassManager::new(context);
    let passes = manager.as_operation_pass_manager();
    match output {
        GpuOutput::NvvmIr => xla_lowering::passes::add_gpu_pipeline_to_llvm_ir(&passes, arch, libdevice)?,
        GpuOutput::Ptx | GpuOutput::Host => xla_lowering::passes::add_gpu_pipeline(&passes, arch, libdevice)?,
    }
    if output == GpuOutput::Host {
        xla_lowering::passes::add_gpu_host_lowering(&passes)?;
    }
    xla_lowering::passes::instrument(context, &manager);
    Ok(manager)
}

/// The PTX written for a program without kernels (all its work is
/// sequential host code): a valid module that defines nothing.
fn empty_ptx(arch: &str) -> String {
    format!(
        "// No GPU kernels: all the work of this program runs on the host.\n.version {}\n.target {arch}\n.address_size 64\n",
        xla_lowering::passes::PTX_VERSION
    )
}

/// Writes PTX: to stdout, every kernel module with a `// gpu.binary @name`
/// header; to a file, the module itself, or, when there are several, one
/// file per module named `<stem>.<module>.ptx` (each a complete PTX module
/// that ptxas accepts), listing the files written on stdout. Without
/// kernels, an empty module (see [`empty_ptx`]).
fn write_ptx(output: &str, kernels: &[(String, String)], arch: &str) -> Result<(), String> {
    let all: String = kernels.iter().map(|(name, ptx)| format!("// gpu.binary @{name}\n{ptx}")).collect();
    xla_runtime::dump::write_stage("kernels.ptx", all.as_bytes()).map_err(|e| e.to_string())?;
    if kernels.is_empty() {
        return write_output(output, &empty_ptx(arch));
    }
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

/// `--checks`: each argument-less function with `check.*` ops of each chunk,
/// instrumented (its checked values become results) in a fresh module,
/// through the GPU pipeline. To stdout every function's PTX under a
/// `// @function` header; with `-o DIR/NAME`, the PTX of each function as
/// `DIR/NAME.<function>.ptx` (`NAME.<chunk>.<function>.ptx` with
/// --split-input-file; one file per kernel module as for a single program).
fn compile_checks(text: &str, name: &str, split: bool, output: &str, arch: &str, libdevice: Option<&str>) -> ExitCode {
    let (mut compiled, mut failed, mut functions) = (0usize, 0usize, 0usize);
    let path = std::path::Path::new(output);
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("checks").to_owned();
    for (chunk_index, chunk) in split_input(text, split).iter().enumerate() {
        let names = {
            let context = create_context();
            let session = SourceSession::new(&context, chunk, name, false);
            let Some(module) = xla_tools::parse_module(&session) else {
                failed += 1;
                continue;
            };
            xla_runtime::check::check_functions(&module)
        };
        for function in names {
            functions += 1;
            let context = create_context();
            let session = SourceSession::new(&context, chunk, name, false);
            let Some(mut module) = xla_tools::parse_module(&session) else {
                failed += 1;
                continue;
            };
            if let Err(message) = xla_runtime::check::instrument(&context, &module, &function) {
                eprintln!("{TOOL}: error: cannot instrument the checks of `{function}`: {message}");
                failed += 1;
                continue;
            }
            let manager = match gpu_manager(&context, arch, libdevice, GpuOutput::Ptx) {
                Ok(manager) => manager,
                Err(message) => return fail(TOOL, message),
            };
            if manager.run(&mut module).is_err() {
                eprintln!("{TOOL}: error: `{function}` did not compile");
                failed += 1;
                continue;
            }
            let kernels = match codegen::extract_ptx(&module) {
                Ok(kernels) => kernels,
                Err(error) => {
                    eprintln!("{TOOL}: error: `{function}`: {error}");
                    failed += 1;
                    continue;
                }
            };
            let written = if output == "-" {
                write_output(output, &format!("// @{function}\n")).and_then(|_| write_ptx(output, &kernels, arch))
            } else {
                let file = if split { format!("{stem}.{chunk_index}.{function}.ptx") } else { format!("{stem}.{function}.ptx") };
                write_ptx(&path.with_file_name(file).to_string_lossy(), &kernels, arch)
            };
            if let Err(message) = written {
                return fail(TOOL, message);
            }
            compiled += 1;
        }
    }
    if functions == 0 && failed == 0 {
        return fail(TOOL, "no argument-less function with check.* ops to compile");
    }
    // With PTX on stdout the summary goes to stderr.
    let summary = format!("{compiled} compiled, {failed} failed");
    if output == "-" {
        eprintln!("{summary}");
    } else {
        print_line(TOOL, summary);
    }
    if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

fn main() -> ExitCode {
    xla_tools::run_with_large_stack(tool_main)
}

fn tool_main() -> ExitCode {
    let matches = parse_args(xla_tools::split_args(xla_tools::report_args(xla_tools::contraction_args(xla_tools::dump_args(command())))));
    if let Err(message) = xla_tools::apply_report_args(&matches) {
        return fail(TOOL, message);
    }
    let input = matches.get_one::<String>("input").expect("has a default");
    let output = matches.get_one::<String>("output").expect("has a default");
    let emit = matches.get_one::<String>("emit").expect("required").as_str();
    let options = TargetOptions {
        cpu: matches.get_one::<String>("target-cpu").expect("has a default").clone(),
        opt_level: *matches.get_one::<u8>("opt-level").expect("has a default"),
        triple: matches.get_one::<String>("target-triple").cloned(),
    };
    // The contraction kernels' vectors fit the CPU compiled for, not the host.
    let lanes = xla_lowering::contraction_kernels::target_lanes(options.triple.as_deref(), &options.cpu);
    xla_tools::apply_contraction_args(&matches, Some(lanes));
    xla_tools::apply_split_args(&matches);
    // XLA_MLIR_PARALLEL_MIN_COST: what xla-cpu-parallel-tasks outlines.
    if let Err(message) = xla_tools::apply_parallel_min_cost(None) {
        return fail(TOOL, message);
    }
    if matches.get_flag("timing") {
        xla_runtime::timing::enable();
    }
    let gpu_arch = matches.get_one::<String>("gpu-arch").expect("has a default");
    let arch_ok = gpu_arch.strip_prefix("sm_").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric()));
    if !arch_ok {
        return fail(TOOL, format!("invalid --gpu-arch '{gpu_arch}': expected a CUDA architecture such as sm_90"));
    }
    let checks = matches.get_flag("checks");
    if checks && emit != "ptx" {
        return fail(TOOL, "--checks applies to --emit=ptx only");
    }
    if matches.get_flag("split-input-file") && !checks {
        return fail(TOOL, "--split-input-file applies to --checks only");
    }
    if emit == "obj" && output == "-" {
        return fail(TOOL, "--emit=obj needs an output file (-o FILE.o)");
    }
    if emit == "aot" && output == "-" {
        return fail(TOOL, "--emit=aot needs an output path prefix (-o DIR/NAME writes DIR/NAME.o and DIR/NAME.h)");
    }
    let layouts = |flag: &str| -> Result<Vec<Option<Layout>>, String> {
        let mut layouts: Vec<Option<Layout>> = Vec::new();
        for value in matches.get_many::<String>(flag).into_iter().flatten() {
            let (index, layout) =
                value.split_once('=').ok_or_else(|| format!("invalid --{flag} '{value}': expected I=MINOR_TO_MAJOR, e.g. 0={{0,1}}"))?;
            let index: usize = index.trim().parse().map_err(|_| format!("invalid --{flag} '{value}': `{index}` is not an index"))?;
            let layout = Layout::parse(layout).map_err(|e| format!("invalid --{flag} '{value}': {e}"))?;
            if layouts.len() <= index {
                layouts.resize(index + 1, None);
            }
            if layouts[index].replace(layout).is_some() {
                return Err(format!("--{flag} is given twice for index {index}"));
            }
        }
        Ok(layouts)
    };
    let (argument_layouts, result_layouts) = match (layouts("arg-layout"), layouts("result-layout")) {
        (Ok(a), Ok(r)) => (a, r),
        (Err(message), _) | (_, Err(message)) => return fail(TOOL, message),
    };
    if emit != "aot" && (!argument_layouts.is_empty() || !result_layouts.is_empty() || matches.contains_id("symbol")) {
        return fail(TOOL, "--arg-layout, --result-layout and --symbol apply to --emit=aot only");
    }
    let symbol = match matches.get_one::<String>("symbol") {
        Some(symbol) => symbol.clone(),
        None => std::path::Path::new(output).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    if emit == "aot" {
        if let Err(message) = xla_runtime::aot::check_symbol(&symbol) {
            let hint = if matches.contains_id("symbol") { "" } else { " (the name comes from -o; choose another or pass --symbol)" };
            return fail(TOOL, format!("invalid AOT function name: {message}{hint}"));
        }
    }

    let (text, name) = match read_source(input) {
        Ok(source) => source,
        Err(message) => return fail(TOOL, message),
    };
    let libdevice = match matches.get_one::<String>("libdevice") {
        Some(path) if !std::path::Path::new(path).is_file() => {
            return fail(TOOL, format!("--libdevice '{path}' is not a file"));
        }
        Some(path) => Some(path.clone()),
        None if emit == "ptx" => xla_lowering::passes::find_libdevice(),
        None => None,
    };
    if checks {
        return compile_checks(&text, &name, matches.get_flag("split-input-file"), output, gpu_arch, libdevice.as_deref());
    }
    let context = create_context();
    let session = SourceSession::new(&context, &text, &name, false);
    let Some(mut module) = xla_runtime::timing::time("parsing and verification", || xla_tools::parse_module(&session)) else {
        return ExitCode::from(1);
    };
    if let Err(message) = xla_tools::start_dump(&matches, &context, &module, &name) {
        return fail(TOOL, message);
    }
    let code = translate(&matches, &context, &mut module, &name, output, symbol, options, (argument_layouts, result_layouts), gpu_arch, libdevice);
    xla_tools::print_reports(&matches);
    if let Err(message) = xla_tools::finish_dump(&matches) {
        return fail(TOOL, message);
    }
    if xla_runtime::timing::enabled() {
        eprint!("{}", xla_runtime::timing::report());
    }
    code
}

/// Compiles the parsed module and writes what `--emit` asks for.
#[allow(clippy::too_many_arguments)]
fn translate(
    matches: &clap::ArgMatches,
    context: &melior::Context,
    module: &mut melior::ir::Module,
    name: &str,
    output: &str,
    symbol: String,
    options: TargetOptions,
    (argument_layouts, result_layouts): (Vec<Option<xla_runtime::layout::Layout>>, Vec<Option<xla_runtime::layout::Layout>>),
    gpu_arch: &str,
    libdevice: Option<String>,
) -> ExitCode {
    let emit = matches.get_one::<String>("emit").expect("required").as_str();
    let (replicas, partitions) = xla_runtime::devices::module_devices(module);
    if replicas * partitions > 1 && (emit == "aot" || emit == "obj" || emit == "ptx") {
        return fail(
            TOOL,
            format!(
                "the module is written for {} devices (mhlo.num_replicas = {replicas}, mhlo.num_partitions = {partitions}): its collectives need the runtime's communicator, so it runs with xla-run (in-process devices or MPI); --emit={emit} supports one-device programs only (--emit=llvm-ir shows the code, with calls of xla_collective/xla_device_id)",
                replicas * partitions
            ),
        );
    }
    if emit == "aot" {
        let options = AotOptions {
            entry: matches.get_one::<String>("entry").expect("has a default").clone(),
            symbol,
            target: options,
            argument_layouts,
            result_layouts,
            source: std::path::Path::new(name).file_name().map_or_else(|| name.to_owned(), |n| n.to_string_lossy().into_owned()),
        };
        let artifacts = match aot::compile(context, module, &options) {
            Ok(artifacts) => artifacts,
            Err(error) => return fail(TOOL, error),
        };
        xla_tools::print_memory_plans(matches);
        for (extension, bytes) in [("o", artifacts.object.as_slice()), ("h", artifacts.header.as_bytes())] {
            let path = format!("{output}.{extension}");
            if let Err(error) = std::fs::write(&path, bytes) {
                return fail(TOOL, format!("cannot write {path}: {error}"));
            }
        }
        return ExitCode::SUCCESS;
    }
    let target = matches.get_one::<String>("target").expect("has a default").as_str();
    if target != "cpu" && emit != "llvm-ir" {
        return fail(TOOL, "--target applies to --emit=llvm-ir only (--emit=ptx always targets the GPU)");
    }
    let gpu_output = match (emit, target) {
        ("ptx", _) => Some(GpuOutput::Ptx),
        (_, "gpu") => Some(GpuOutput::NvvmIr),
        (_, "gpu-host") => Some(GpuOutput::Host),
        _ => None,
    };
    let manager = if let Some(gpu_output) = gpu_output {
        let libdevice = libdevice.clone().or_else(xla_lowering::passes::find_libdevice);
        if gpu_output == GpuOutput::Host {
            xla_runtime::jit::mark_public_functions(context, module);
        }
        gpu_manager(context, gpu_arch, libdevice.as_deref(), gpu_output)
    } else {
        xla_runtime::jit::mark_public_functions(context, module);
        xla_lowering::passes::pipeline_manager(context, "xla-cpu-pipeline")
    };
    let manager = match manager {
        Ok(manager) => manager,
        Err(message) => return fail(TOOL, message),
    };
    if xla_runtime::timing::time("MLIR pipeline", || manager.run(module)).is_err() {
        return ExitCode::from(1);
    }
    drop(manager); // prints the pass timing report, when asked for
    xla_tools::print_memory_plans(matches);
    let result = match emit {
        "ptx" => codegen::extract_ptx(module).map_err(|e| e.to_string()).and_then(|kernels| write_ptx(output, &kernels, gpu_arch)),
        "llvm-ir" if target == "gpu" => codegen::extract_nvvm_ir(module).map_err(|e| e.to_string()).and_then(|kernels| {
            let text: String = kernels.iter().map(|(name, ir)| format!("; gpu.binary @{name}\n{ir}\n")).collect();
            write_output(output, &text)
        }),
        "llvm-ir" => codegen::emit_llvm_ir(module, &options).map_err(|e| e.to_string()).and_then(|ir| write_output(output, &ir)),
        _ => codegen::emit_object(module, &options, std::path::Path::new(output)).map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(TOOL, message),
    }
}
