//! xla-run: JIT-compile a StableHLO module for the CPU (or, with
//! `--device=gpu`, for an NVIDIA GPU through the CUDA driver), run one
//! function on .npy or inline inputs, and write or print the results.
//! Host transfers: `--infeed` values (consumed in order), `--recv
//! CHANNEL=VALUE`, outfeeds and sends to the host written to
//! `--outfeed-dir` / `--send-dir` or printed.

use clap::{Arg, ArgAction, Command, value_parser};
use std::{path::Path, process::ExitCode};
use xla_dialects::{SourceSession, create_context};
use melior::{Context, ir::Module};
use xla_runtime::{
    BenchStats, CpuExecutable, GpuExecutable, HostTensor, RuntimeError, Signature, check,
    host_transfer::HostQueues,
    compare::{Tolerance, compare},
};
use xla_tools::{fail, parse_args, print_line, read_source, split_input};

const TOOL: &str = "xla-run";

fn command() -> Command {
    Command::new(TOOL)
        .about("Compile a StableHLO module for the CPU or GPU and run a function")
        // `--version` also says whether the build can run under mpirun.
        .long_version(&*Box::leak(
            format!("{}\nmpi: {}", xla_tools::VERSION, if xla_runtime::mpi::SUPPORTED { "yes" } else { "no" }).into_boxed_str(),
        ))
        .arg(Arg::new("input-file").required(true).help("Input .mlir file (- for stdin)"))
        .arg(
            Arg::new("check")
                .long("check")
                .action(ArgAction::SetTrue)
                .help("Run every argument-less function that contains check.* ops and report each expectation; ends with `N passed, N failed`"),
        )
        .arg(
            Arg::new("split-input-file")
                .long("split-input-file")
                .action(ArgAction::SetTrue)
                .help("With --check: treat each '// -----' chunk as a separate module"),
        )
        .arg(
            Arg::new("device")
                .long("device")
                .value_parser(["cpu", "gpu"])
                .default_value("cpu")
                .help("Where to run: cpu (JIT), or gpu (PTX kernels through the CUDA driver, loaded at run time)"),
        )
        .arg(Arg::new("entry").long("entry").default_value("main").help("Function to run"))
        .arg(
            Arg::new("input")
                .long("input")
                .action(ArgAction::Append)
                .value_name("NPY|SPEC")
                .allow_hyphen_values(true)
                .help("An argument, in order: a .npy file (also written @file.npy), a .npz archive (all its arrays, in order), or an inline value like 2x3xf32=[1,2,3,4,5,6]"),
        )
        .arg(
            Arg::new("expect")
                .long("expect")
                .action(ArgAction::Append)
                .value_name("NPY")
                .help("Expected value of each result, in order (a .npy file, or a .npz archive of several); exit 1 unless all match"),
        )
        .arg(Arg::new("atol").long("atol").default_value("1e-6").value_parser(tolerance).help("Absolute float tolerance of --expect"))
        .arg(Arg::new("rtol").long("rtol").default_value("1e-5").value_parser(tolerance).help("Relative float tolerance of --expect"))
        .arg(
            Arg::new("timeout")
                .long("timeout")
                .value_name("SECONDS")
                .value_parser(seconds)
                .help("Give up after SECONDS of compiling and running (a program may loop for ever): error, exit 1"),
        )
        .arg(
            Arg::new("threads")
                .long("threads")
                .value_name("N")
                .value_parser(value_parser!(u32).range(1..=4096))
                .help("Threads of the pool that runs parallel loops (default: $XLA_MLIR_NUM_THREADS, else every core this process may use); 1 runs everything on the calling thread"),
        )
        .arg(
            Arg::new("devices")
                .long("devices")
                .value_name("N")
                .value_parser(value_parser!(u64).range(1..=4096))
                .help("Run on N in-process devices (threads). A module that states its device count (mhlo.num_replicas × mhlo.num_partitions) must agree; one that does not becomes N replicas of the same program (its collectives span all of them)"),
        )
        .arg(
            Arg::new("parallel-min-cost")
                .long("parallel-min-cost")
                .value_name("OPS")
                .value_parser(value_parser!(u64).range(0..=(i64::MAX as u64)))
                .help("Parallel loops with less estimated work (operations) run on one thread [default: $XLA_MLIR_PARALLEL_MIN_COST, else 65536]; 0 splits every parallel loop, one chunk per thread (for testing)"),
        )
        .arg(
            Arg::new("timing")
                .long("timing")
                .action(ArgAction::SetTrue)
                .help("Report to stderr the time of each compiler pass (MLIR's report) and of each stage: parsing, the MLIR pipeline, LLVM optimization and machine code, running"),
        )
        .arg(
            Arg::new("opt-level")
                .long("opt-level")
                .value_name("N")
                .default_value("3")
                .value_parser(clap::value_parser!(u8).range(0..=3))
                .help("LLVM optimization level of the CPU JIT, 0-3 (the IR pipeline and machine code); lower compiles faster"),
        )
        .arg(Arg::new("output-dir").long("output-dir").help("Write results as out_0.npy, out_1.npy, ... here instead of printing them"))
        .arg(Arg::new("output-npz").long("output-npz").value_name("FILE").help("Write results as one .npz archive (out_0, out_1, ...) instead of printing them"))
        .arg(
            Arg::new("infeed")
                .long("infeed")
                .action(ArgAction::Append)
                .value_name("NPY|NPZ|SPEC")
                .allow_hyphen_values(true)
                .help("One infeed value, in order (each stablehlo.infeed that reads tensors consumes the next): a .npy file (one tensor), a .npz archive (all its arrays, in order: an infeed of several tensors) or an inline value"),
        )
        .arg(
            Arg::new("outfeed-dir")
                .long("outfeed-dir")
                .value_name("DIR")
                .help("Write the k-th outfeed's tensor i as outfeed_<k>_<i>.npy here (k, i from 0) instead of printing the outfeeds"),
        )
        .arg(
            Arg::new("recv")
                .long("recv")
                .action(ArgAction::Append)
                .value_name("CHANNEL=NPY|NPZ|SPEC")
                .allow_hyphen_values(true)
                .help("A value for a stablehlo.recv from the host (is_host_transfer) on channel CHANNEL (channel_handle's handle), consumed in order per channel; the value as for --infeed"),
        )
        .arg(
            Arg::new("send-dir")
                .long("send-dir")
                .value_name("DIR")
                .help("Write the k-th value sent to the host on channel c, tensor i, as send_<c>_<k>_<i>.npy here instead of printing it"),
        )
        .arg(
            Arg::new("bench")
                .long("bench")
                .value_name("N")
                .value_parser(value_parser!(usize))
                .help("Run N times after a warm-up and print {\"median_ms\", \"min_ms\", \"cpu_median_ms\" (process CPU time per run, all threads), \"runs\"} as JSON; on the GPU also \"device_median_ms\" (CUDA events from the first kernel launch to the end of the last, per run) and \"first_call_ms\" (the warm-up run, host inputs to host results)"),
        )
}

/// A tolerance: a finite number, zero or more (`nan` would fail every
/// comparison).
fn tolerance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() && value >= 0.0 => Ok(value),
        Ok(_) => Err(format!("`{text}` is not a finite tolerance of 0 or more")),
        Err(error) => Err(format!("`{text}` is not a number: {error}")),
    }
}

/// A positive, finite number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() && value > 0.0 => Ok(value),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}

/// A compiled entry point for either device.
enum Executable {
    /// With the number of devices the program runs on (threads of this
    /// process, see xla_runtime::devices).
    Cpu(CpuExecutable, usize),
    /// Under mpirun: this process is device `rank` of the program, its
    /// peers the other ranks (xla_runtime::mpi).
    Mpi(CpuExecutable, std::sync::Arc<xla_runtime::mpi::MpiCommunicator>),
    Gpu(GpuExecutable),
}

impl Executable {
    fn compile(gpu: bool, context: &Context, module: &mut Module, entry: &str) -> Result<Self, RuntimeError> {
        let (replicas, partitions) = xla_runtime::devices::module_devices(module);
        let devices = replicas * partitions;
        if let Some(world) = xla_runtime::mpi::world().map_err(RuntimeError::Execute)? {
            use xla_runtime::devices::Communicator;
            if gpu {
                return Err(RuntimeError::Compile("under mpirun, programs run on the CPU only (one device per rank)".into()));
            }
            if world.device_count() != devices {
                return Err(RuntimeError::Compile(format!(
                    "the module is written for {devices} devices (mhlo.num_replicas = {replicas}, mhlo.num_partitions = {partitions}), but mpirun started {} processes: run it with `mpirun -n {devices}`",
                    world.device_count()
                )));
            }
            return Ok(Self::Mpi(CpuExecutable::compile(context, module, entry)?, world));
        }
        Ok(if gpu {
            if devices > 1 {
                return Err(RuntimeError::Compile(format!(
                    "the module is written for {devices} devices (mhlo.num_replicas = {replicas}, mhlo.num_partitions = {partitions}); programs over several devices run on the CPU only"
                )));
            }
            Self::Gpu(GpuExecutable::compile(context, module, entry)?)
        } else {
            Self::Cpu(CpuExecutable::compile(context, module, entry)?, devices)
        })
    }

    fn execute(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RuntimeError> {
        match self {
            Self::Cpu(e, devices) => e.execute_on_devices(inputs, *devices),
            Self::Mpi(e, world) => e.execute_as_device(inputs, world.rank(), world.clone()),
            Self::Gpu(e) => e.execute(inputs),
        }
    }

    fn bench(&self, inputs: &[HostTensor], runs: usize) -> Result<BenchStats, RuntimeError> {
        match self {
            Self::Cpu(e, devices) => e.bench_on_devices(inputs, *devices, runs),
            Self::Mpi(e, world) => e.bench_as_device(inputs, runs, world.rank(), world.clone()),
            Self::Gpu(e) => e.bench(inputs, runs),
        }
    }

    fn signature(&self) -> &Signature {
        match self {
            Self::Cpu(e, _) | Self::Mpi(e, _) => e.signature(),
            Self::Gpu(e) => e.signature(),
        }
    }

    /// Whether this process reports the results: under mpirun only rank 0
    /// prints, writes and compares them (device 0's, as in one process).
    fn reports(&self) -> bool {
        !matches!(self, Self::Mpi(_, world) if world.rank() != 0)
    }
}

fn load_input(argument: &str) -> Result<Vec<HostTensor>, String> {
    // `@file.npy` (iree-run-module's spelling) names a file too.
    let argument = match argument.strip_prefix('@') {
        Some(rest) if !Path::new(argument).exists() => rest,
        _ => argument,
    };
    let path = Path::new(argument);
    if !path.exists() && argument.contains('=') {
        return HostTensor::parse_inline(argument)
            .map(|t| vec![t])
            .map_err(|e| format!("invalid inline input '{}': {e}", xla_runtime::host_tensor::clip(argument)));
    }
    if argument.ends_with(".npz") {
        return HostTensor::read_npz(path)
            .map(|arrays| arrays.into_iter().map(|(_, t)| t).collect())
            .map_err(|e| format!("cannot load input '{argument}': {e}"));
    }
    HostTensor::read_npy(path).map(|t| vec![t]).map_err(|e| format!("cannot load input '{argument}': {e}"))
}

/// The expected values of `--expect`: each `.npy` one value, each `.npz`
/// all of its arrays in order; labelled for the report.
fn load_expected(paths: &[&String]) -> Result<Vec<(String, HostTensor)>, String> {
    let mut expected = Vec::new();
    for path in paths {
        if path.ends_with(".npz") {
            let arrays = HostTensor::read_npz(Path::new(path.as_str())).map_err(|e| format!("cannot load expected values '{path}': {e}"))?;
            expected.extend(arrays.into_iter().map(|(name, t)| (format!("{path}:{name}"), t)));
        } else {
            let tensor = HostTensor::read_npy(Path::new(path.as_str())).map_err(|e| format!("cannot load expected value '{path}': {e}"))?;
            expected.push(((*path).clone(), tensor));
        }
    }
    Ok(expected)
}

fn main() -> ExitCode {
    xla_tools::run_with_large_stack(tool_main)
}

fn tool_main() -> ExitCode {
    let matches = parse_args(xla_tools::split_args(xla_tools::report_args(xla_tools::contraction_args(xla_tools::dump_args(command())))));
    if let Err(message) = xla_tools::apply_report_args(&matches) {
        return fail(TOOL, message);
    }
    let file = matches.get_one::<String>("input-file").expect("required");
    let entry = matches.get_one::<String>("entry").expect("has a default");
    let gpu = matches.get_one::<String>("device").map(String::as_str) == Some("gpu");
    if let Some(&limit) = matches.get_one::<f64>("timeout") {
        // Compiled code cannot be interrupted: the watchdog ends the process.
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(limit));
            eprintln!("{TOOL}: error: timed out after {limit} s of compiling and running (--timeout); the program may not terminate");
            xla_runtime::mpi::exit_job(1);
        });
    }
    let threads = match matches.get_one::<u32>("threads") {
        Some(&n) => Ok(n as usize),
        None => xla_runtime::pool::threads_from_environment().map(|n| n.unwrap_or_else(xla_runtime::pool::num_threads)),
    };
    if let Err(error) = threads.and_then(xla_runtime::pool::set_num_threads) {
        return fail(TOOL, error);
    }
    let timing = matches.get_flag("timing");
    if timing {
        xla_runtime::timing::enable();
    }
    if let Err(message) = xla_tools::apply_parallel_min_cost(matches.get_one::<u64>("parallel-min-cost").copied()) {
        return fail(TOOL, message);
    }
    xla_tools::apply_contraction_args(&matches, None);
    xla_tools::apply_split_args(&matches);
    xla_runtime::jit::set_opt_level(*matches.get_one::<u8>("opt-level").expect("has a default"));
    // Without a GPU there is nothing to do: say so before parsing anything.
    if gpu {
        if let Err(error) = xla_runtime::gpu::device_description() {
            return fail(TOOL, error);
        }
    }
    let mut inputs = Vec::new();
    for argument in matches.get_many::<String>("input").into_iter().flatten() {
        match load_input(argument) {
            Ok(tensors) => inputs.extend(tensors),
            Err(message) => return fail(TOOL, message),
        }
    }

    let (text, name) = match read_source(file) {
        Ok(source) => source,
        Err(message) => return fail(TOOL, message),
    };
    if matches.get_flag("check") {
        return run_checks(&text, &name, matches.get_flag("split-input-file"), gpu, &matches);
    }
    let context = create_context();
    let session = SourceSession::new(&context, &text, &name, false);
    let Some(mut module) = xla_runtime::timing::time("parsing and verification", || xla_tools::parse_module(&session)) else {
        return ExitCode::from(1);
    };
    if let Some(&devices) = matches.get_one::<u64>("devices") {
        if let Err(message) = xla_runtime::devices::set_device_count(&context, &module, devices as usize) {
            return fail(TOOL, message);
        }
    }
    if let Err(message) = xla_tools::start_dump(&matches, &context, &module, &name) {
        return fail(TOOL, message);
    }
    let executable = Executable::compile(gpu, &context, &mut module, entry);
    xla_tools::print_reports(&matches);
    let executable = match executable {
        Ok(executable) => executable,
        Err(error) => return fail(TOOL, error),
    };
    xla_tools::print_memory_plans(&matches);
    if let Err(message) = xla_tools::finish_dump(&matches) {
        return fail(TOOL, message);
    }
    let code = xla_runtime::timing::time("running", || run_compiled(&matches, &executable, &inputs));
    if timing {
        eprint!("{}", xla_runtime::timing::report());
    }
    code
}

/// The host transfer queues of `--infeed` and `--recv`.
fn load_host_queues(matches: &clap::ArgMatches) -> Result<HostQueues, String> {
    let mut queues = HostQueues::new();
    for argument in matches.get_many::<String>("infeed").into_iter().flatten() {
        queues.infeed.push_back(load_input(argument).map_err(|e| format!("--infeed: {e}"))?);
    }
    for argument in matches.get_many::<String>("recv").into_iter().flatten() {
        let (channel, value) = argument
            .split_once('=')
            .and_then(|(channel, value)| Some((channel.trim().parse::<i64>().ok()?, value)))
            .ok_or_else(|| format!("--recv: `{}` is not CHANNEL=VALUE (an integer channel id)", xla_runtime::host_tensor::clip(argument)))?;
        queues.recv.entry(channel).or_default().push_back(load_input(value).map_err(|e| format!("--recv: {e}"))?);
    }
    Ok(queues)
}

/// Writes (or prints) what the run's outfeeds and sends to the host gave,
/// and warns about infeed/recv values that no op read.
fn report_host_queues(matches: &clap::ArgMatches, queues: &HostQueues) -> Result<(), String> {
    let write = |dir: &String, name: String, tensor: &HostTensor| -> Result<(), String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create '{dir}': {e}"))?;
        let path = Path::new(dir).join(name);
        tensor.write_npy(&path).map_err(|e| format!("cannot write '{}': {e}", path.display()))
    };
    let outfeed_dir = matches.get_one::<String>("outfeed-dir");
    for (k, value) in queues.outfeed.iter().enumerate() {
        for (i, tensor) in value.iter().enumerate() {
            match outfeed_dir {
                Some(dir) => write(dir, format!("outfeed_{k}_{i}.npy"), tensor)?,
                None => print_line(TOOL, format!("outfeed[{k}][{i}]: {} = {}", spec_of(tensor), tensor.format())),
            }
        }
    }
    let send_dir = matches.get_one::<String>("send-dir");
    for (channel, values) in &queues.sent {
        for (k, value) in values.iter().enumerate() {
            for (i, tensor) in value.iter().enumerate() {
                match send_dir {
                    Some(dir) => write(dir, format!("send_{channel}_{k}_{i}.npy"), tensor)?,
                    None => print_line(TOOL, format!("send[{channel}][{k}][{i}]: {} = {}", spec_of(tensor), tensor.format())),
                }
            }
        }
    }
    if !queues.infeed.is_empty() {
        eprintln!("{TOOL}: warning: {} --infeed value(s) were not read by the program", queues.infeed.len());
    }
    for (channel, values) in &queues.recv {
        if !values.is_empty() {
            eprintln!("{TOOL}: warning: {} --recv value(s) for channel {channel} were not received by the program", values.len());
        }
    }
    Ok(())
}

fn spec_of(tensor: &HostTensor) -> xla_runtime::TensorSpec {
    xla_runtime::TensorSpec { element_type: tensor.element_type, shape: tensor.shape.clone() }
}

/// Runs the compiled entry point as the command line asks: benchmark,
/// compare with expected values, write or print the results.
fn run_compiled(matches: &clap::ArgMatches, executable: &Executable, inputs: &[HostTensor]) -> ExitCode {
    let entry = matches.get_one::<String>("entry").expect("has a default");
    let host_flags = ["infeed", "outfeed-dir", "recv", "send-dir"];
    if matches.contains_id("bench") {
        if let Some(flag) = host_flags.iter().find(|f| matches.contains_id(f)) {
            return fail(TOOL, format!("--bench cannot be combined with --{flag}: each run would consume the host transfer queues"));
        }
    }
    if let Some(&runs) = matches.get_one::<usize>("bench") {
        return match executable.bench(inputs, runs) {
            Ok(_) if !executable.reports() => ExitCode::SUCCESS,
            Ok(stats) => {
                let mut json = serde_json::json!({"median_ms": stats.median_ms, "min_ms": stats.min_ms, "cpu_median_ms": stats.cpu_median_ms, "runs": stats.runs});
                if let Some(ms) = stats.device_median_ms {
                    json["device_median_ms"] = ms.into();
                }
                if let Some(ms) = stats.first_call_ms {
                    json["first_call_ms"] = ms.into();
                }
                print_line(TOOL, json);
                ExitCode::SUCCESS
            }
            Err(error) => fail(TOOL, error),
        };
    }

    let mut queues = match load_host_queues(matches) {
        Ok(queues) => queues,
        Err(message) => return fail(TOOL, message),
    };
    // Host transfers happen on this thread: a program that has them runs
    // as one device (the lowering refuses them over several devices).
    xla_runtime::memory::reset();
    let outputs = match xla_runtime::host_transfer::with_host_transfer(&mut queues, || executable.execute(inputs)) {
        Ok(outputs) => outputs,
        Err(error) => return fail(TOOL, error),
    };
    if xla_tools::report_wants(matches, "memory") && matches!(executable, Executable::Cpu(..)) {
        let measured = xla_runtime::memory::stats();
        eprintln!(
            "memory measured: peak {} bytes live, {} allocation(s), {} bytes in all",
            measured.peak_bytes, measured.allocations, measured.total_bytes
        );
    }
    if executable.reports() {
        if let Err(message) = report_host_queues(matches, &queues) {
            return fail(TOOL, message);
        }
    }
    if !executable.reports() {
        return ExitCode::SUCCESS;
    }
    let paths: Vec<&String> = matches.get_many::<String>("expect").into_iter().flatten().collect();
    let expected = match load_expected(&paths) {
        Ok(expected) => expected,
        Err(message) => return fail(TOOL, message),
    };
    if !paths.is_empty() {
        if expected.len() != outputs.len() {
            return fail(TOOL, format!("{} --expect value(s) given, but `{entry}` has {} result(s)", expected.len(), outputs.len()));
        }
        let tolerance = Tolerance {
            atol: *matches.get_one::<f64>("atol").expect("has a default"),
            rtol: *matches.get_one::<f64>("rtol").expect("has a default"),
        };
        let mut all_match = true;
        for (index, (output, (label, wanted))) in outputs.iter().zip(&expected).enumerate() {
            match compare(output, wanted, tolerance) {
                Ok(()) => print_line(TOOL, format!("result[{index}]: matches {label}")),
                Err(message) => {
                    print_line(TOOL, format!("result[{index}]: MISMATCH with {label}: {message}"));
                    all_match = false;
                }
            }
        }
        if !all_match {
            return ExitCode::from(1);
        }
    }
    if let Some(path) = matches.get_one::<String>("output-npz") {
        let arrays: Vec<(String, &HostTensor)> = outputs.iter().enumerate().map(|(i, t)| (format!("out_{i}"), t)).collect();
        if let Err(error) = HostTensor::write_npz(Path::new(path), &arrays) {
            return fail(TOOL, format!("cannot write '{path}': {error}"));
        }
    }
    match matches.get_one::<String>("output-dir") {
        Some(dir) => {
            if let Err(error) = std::fs::create_dir_all(dir) {
                return fail(TOOL, format!("cannot create '{dir}': {error}"));
            }
            for (index, output) in outputs.iter().enumerate() {
                let path = Path::new(dir).join(format!("out_{index}.npy"));
                if let Err(error) = output.write_npy(&path) {
                    return fail(TOOL, format!("cannot write '{}': {error}", path.display()));
                }
            }
        }
        None if paths.is_empty() && !matches.contains_id("output-npz") => {
            for (index, (output, spec)) in outputs.iter().zip(&executable.signature().outputs).enumerate() {
                print_line(TOOL, format!("result[{index}]: {spec} = {}", output.format()));
            }
        }
        None => {}
    }
    ExitCode::SUCCESS
}

/// `--check`: for each chunk and each argument-less function with `check.*`
/// ops, instrument it (results = actual and expected values), compile, run,
/// and compare; failures are reported at the check op's location.
fn run_checks(text: &str, name: &str, split: bool, gpu: bool, matches: &clap::ArgMatches) -> ExitCode {
    let (mut passed, mut failed, mut functions) = (0usize, 0usize, 0usize);
    let mut parse_failed = false;
    for chunk in split_input(text, split) {
        let names = {
            let context = create_context();
            let session = SourceSession::new(&context, &chunk, name, false);
            let Some(module) = xla_tools::parse_module(&session) else {
                // The chunk's diagnostics are printed; it counts as a failure.
                parse_failed = true;
                failed += 1;
                continue;
            };
            check::check_functions(&module)
        };
        for function in names {
            functions += 1;
            // A fresh module per function: compilation lowers it in place.
            let context = create_context();
            let session = SourceSession::new(&context, &chunk, name, false);
            let Some(mut module) = xla_tools::parse_module(&session) else {
                parse_failed = true;
                continue;
            };
            let expectations = match check::instrument(&context, &module, &function) {
                Ok(expectations) => expectations,
                Err(message) => {
                    eprintln!("{TOOL}: error: cannot run the checks of `{function}`: {message}");
                    failed += 1;
                    continue;
                }
            };
            let executable = Executable::compile(gpu, &context, &mut module, &function);
            // `--report=fusion`: each function's plan, as it is compiled.
            xla_tools::print_reports(matches);
            let outputs = executable.and_then(|e| e.execute(&[]));
            let outputs = match outputs {
                Ok(outputs) => outputs,
                Err(error) => {
                    eprintln!("{TOOL}: error: `{function}` failed to run: {error}");
                    failed += expectations.len().max(1);
                    continue;
                }
            };
            for (expectation, pair) in expectations.iter().zip(outputs.chunks_exact(2)) {
                match expectation.evaluate(&pair[0], &pair[1]) {
                    Ok(()) => passed += 1,
                    Err(message) => {
                        failed += 1;
                        print_line(TOOL, format!("{}: error: {} failed in @{function}: {message}", expectation.location, expectation.op));
                    }
                }
            }
        }
    }
    if functions == 0 && !parse_failed {
        return fail(TOOL, "no argument-less function with check.* ops to run");
    }
    print_line(TOOL, format!("{passed} passed, {failed} failed"));
    if failed > 0 || parse_failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
