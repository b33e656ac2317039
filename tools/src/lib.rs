//! Code shared by the drivers: reading inputs, reporting errors the same
//! way, and clap error handling that keeps exit code 1 for bad usage.

pub mod fuzz;
pub mod graph;

use std::{fmt::Display, io::Read, path::Path, process::ExitCode};

extern "C" {
    fn xla_parse_quarantine_begin();
    fn xla_parse_quarantine_end();
}

/// Parses and verifies `session`'s buffer ([`SourceSession::parse_module`])
/// with the memory that C++ frees during the parse held back until it
/// returns (`csrc/parse_quarantine.cpp`): a guard against a known bug of
/// MLIR's parser that writes into freed memory on some invalid inputs
/// (docs/known_bugs.md). Every tool parses through this.
///
/// [`SourceSession::parse_module`]: xla_dialects::SourceSession::parse_module
pub fn parse_module<'c>(session: &xla_dialects::SourceSession<'c>) -> Option<melior::ir::Module<'c>> {
    // SAFETY: the two calls only switch this thread's holding of freed
    // memory on and off; every pointer held is freed at the end, after the
    // parser has returned and dropped its references.
    unsafe { xla_parse_quarantine_begin() };
    let module = session.parse_module();
    // SAFETY: as above.
    unsafe { xla_parse_quarantine_end() };
    module
}

/// Prints `tool: error: message` to stderr and returns exit code 1.
pub fn fail(tool: &str, message: impl Display) -> ExitCode {
    eprintln!("{tool}: error: {message}");
    ExitCode::from(1)
}

/// Reads a source file, or stdin for `-`. Returns the text and the name to
/// use in locations.
pub fn read_source(path: &str) -> Result<(String, String), String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok((text, "<stdin>".into()));
    }
    let bytes = std::fs::read(Path::new(path)).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("'{path}' is not valid UTF-8 text"))?;
    Ok((text, path.to_owned()))
}

/// What `--version` prints after the tool's name: the project's version,
/// the commit it was built from, and the LLVM/MLIR release it links.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("XLA_MLIR_COMMIT"),
    ", LLVM/MLIR ",
    env!("XLA_MLIR_LLVM_VERSION"),
    ")"
);

/// Parses the command line; `--help`/`--version` print and exit 0, every
/// other problem prints clap's message and exits 1 (not clap's 2).
pub fn parse_args(command: clap::Command) -> clap::ArgMatches {
    parse_args_from(command, std::env::args_os())
}

/// [`parse_args`] of the given arguments (the program name first).
pub fn parse_args_from(command: clap::Command, args: impl IntoIterator<Item = std::ffi::OsString>) -> clap::ArgMatches {
    match command.version(VERSION).try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(error) => {
            let code = if error.use_stderr() { 1 } else { 0 };
            let _ = error.print();
            std::process::exit(code);
        }
    }
}

/// mlir-opt's spelling of upstream passes: each `--NAME` or `--NAME=OPTIONS`
/// that is not one of `command`'s own flags but names a registered MLIR pass
/// or pipeline becomes `--pass-pipeline=TEXT` in the same place, so that
/// passes still run in command-line order (`--canonicalize --cse`,
/// `--one-shot-bufferize=bufferize-function-boundaries=1`). A pass
/// restricted to one kind of op is nested under it, as mlir-opt's implicit
/// nesting does: `--convert-linalg-to-loops` runs as
/// `func.func(convert-linalg-to-loops)`. Anything else is left for clap to
/// report.
pub fn upstream_pass_args(command: &clap::Command, args: impl IntoIterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let ours: std::collections::HashSet<&str> =
        command.get_arguments().filter_map(|a| a.get_long()).chain(["help", "version"]).collect();
    let mut out = Vec::new();
    let mut rest = false;
    for arg in args {
        if rest || arg.as_os_str() == "--" {
            rest = true;
            out.push(arg);
            continue;
        }
        // Arguments that are not UTF-8 (file names) are left for clap.
        let Some(flag) = arg.to_str().and_then(|a| a.strip_prefix("--")) else {
            out.push(arg);
            continue;
        };
        let (name, options) = match flag.split_once('=') {
            Some((name, options)) => (name, Some(options)),
            None => (flag, None),
        };
        if ours.contains(name) {
            out.push(arg);
            continue;
        }
        match xla_dialects::registered_pass_pipeline(name, options.unwrap_or_default()) {
            Some(Ok(pipeline)) => out.push(format!("--pass-pipeline={pipeline}").into()),
            Some(Err(reason)) => {
                eprintln!("{}: error: invalid options of --{name}: {}", command.get_name(), reason.trim());
                std::process::exit(1);
            }
            None => out.push(arg),
        }
    }
    out
}

/// Prints one line to stdout. A closed pipe (`xla-run ... | head`) ends the
/// program quietly with status 0 instead of panicking; any other write error
/// is reported and ends it with status 1.
pub fn print_line(tool: &str, line: impl Display) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{line}").and_then(|_| stdout.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("{tool}: error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// Writes `text` to `path`, or stdout for `-`.
pub fn write_output(path: &str, text: &str) -> Result<(), String> {
    if path == "-" {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        return match stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush()) {
            // The reader went away (`| head`): nothing left to do.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
            result => result.map_err(|e| format!("cannot write to standard output: {e}")),
        };
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}"))
}

/// The chunks of a `--split-input-file` buffer, each padded with newlines so
/// that line numbers in diagnostics are those of the whole file.
pub fn split_input(text: &str, split: bool) -> Vec<String> {
    if !split {
        return vec![text.to_owned()];
    }
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

/// Stack size of the thread that runs a tool, and of every thread created
/// after [`run_with_large_stack`] starts (MLIR's pass threads): virtual
/// memory, touched only as deep as the input nests. MLIR's parser and passes
/// recurse once per nesting level; with this stack they handle
/// `xla_dialects::MAX_NESTING_DEPTH` levels, and the session refuses deeper
/// input with a located error.
pub const STACK_BYTES: usize = 1 << 30;

/// Runs a tool's `main` on a thread with a [`STACK_BYTES`] stack and makes
/// that the default for threads created from then on (LLVM's thread pool
/// uses the C library's default).
pub fn run_with_large_stack(main: fn() -> ExitCode) -> ExitCode {
    match call_with_large_stack(main) {
        Ok(code) => code,
        // A panic has printed its message on the worker thread.
        Err(None) => ExitCode::from(101),
        Err(Some(error)) => fail("xla", format!("cannot start the main thread: {error}")),
    }
}

/// Calls `f` on a thread with a [`STACK_BYTES`] stack (after making that the
/// default for threads created from then on) and waits for it. `Err(None)`
/// if it panicked, `Err(Some(..))` if the thread could not start.
pub fn call_with_large_stack<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Option<std::io::Error>> {
    extern "C" {
        // glibc (since 2.18); not bound by the libc crate.
        fn pthread_setattr_default_np(attr: *const libc::pthread_attr_t) -> libc::c_int;
    }
    // SAFETY: `attr` is initialised before use and destroyed after; the
    // default attributes are copied by the C library.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_attr_init(&mut attr) == 0 {
            libc::pthread_attr_setstacksize(&mut attr, STACK_BYTES);
            pthread_setattr_default_np(&attr);
            libc::pthread_attr_destroy(&mut attr);
        }
    }
    match std::thread::Builder::new().name("main".into()).stack_size(STACK_BYTES).spawn(f) {
        Ok(handle) => handle.join().map_err(|_| None),
        Err(error) => Err(Some(error)),
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_report_sections, split_input};

    #[test]
    fn report_sections() {
        assert_eq!(parse_report_sections("all"), Ok(vec!["fusion".to_owned(), "memory".to_owned()]));
        assert_eq!(parse_report_sections("fusion, fusion"), Ok(vec!["fusion".to_owned(), "fusion".to_owned()]));
        assert!(parse_report_sections("fusion,memoryy").unwrap_err().contains("unknown report section 'memoryy'"));
    }

    #[test]
    fn split_keeps_line_numbers() {
        let chunks = split_input("a\n// -----\nb\nc\n// -----\nd", true);
        assert_eq!(chunks, vec!["a\n", "\n\nb\nc\n", "\n\n\n\n\nd"]);
        assert_eq!(split_input("a\n// -----\nb", false), vec!["a\n// -----\nb"]);
    }
}

/// Applies the parallel-loop threshold: `flag` (a tool's
/// `--parallel-min-cost`) or else `XLA_MLIR_PARALLEL_MIN_COST`, to what the
/// compiler outlines (`xla-cpu-parallel-tasks`) and to what the thread pool
/// splits. An error for a malformed variable.
pub fn apply_parallel_min_cost(flag: Option<u64>) -> Result<(), String> {
    let cost = match flag {
        Some(cost) => Some(cost.min(i64::MAX as u64) as i64),
        None => xla_runtime::pool::min_cost_from_environment().map_err(|e| e.to_string())?,
    };
    if let Some(cost) = cost {
        xla_lowering::parallel_tasks::set_min_cost(cost);
        xla_runtime::pool::set_min_parallel_cost(cost);
    }
    Ok(())
}

/// `--contraction-lanes` and `--contraction-tile`, shared by the drivers:
/// the vector width and register tile of `xla-contraction-kernels`.
pub fn contraction_args(command: clap::Command) -> clap::Command {
    command
        .arg(
            clap::Arg::new("contraction-lanes")
                .long("contraction-lanes")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(1..=xla_lowering::contraction_kernels::MAX_LANES))
                .help("f32 lanes of the contraction kernels' vectors [default: the compile target's: 16 with AVX-512, 8 with AVX, else 4]"),
        )
        .arg(
            clap::Arg::new("contraction-tile")
                .long("contraction-tile")
                .value_name("ROWS,VECTORS")
                .value_parser(parse_tile)
                .help("Register tile of the contraction kernels (each at most the extents) instead of the one chosen per contraction; for tests and tuning"),
        )
        .arg(
            clap::Arg::new("no-gpu-block-tiles")
                .long("no-gpu-block-tiles")
                .action(clap::ArgAction::SetTrue)
                .help("GPU: keep matrix products on per-thread kernels (xla-gpu-block-tiles off); for comparisons"),
        )
        .arg(
            clap::Arg::new("no-gpu-tensor-cores")
                .long("no-gpu-tensor-cores")
                .action(clap::ArgAction::SetTrue)
                .help("GPU: bf16/f16 matrix products on the f32 block tiles instead of the tensor cores (mma.sync); for comparisons"),
        )
        .arg(
            clap::Arg::new("no-gpu-device-buffers")
                .long("no-gpu-device-buffers")
                .action(clap::ArgAction::SetTrue)
                .help("GPU (xla-run): arguments and results in CUDA managed memory even where only kernels touch them (device memory with explicit copies otherwise); for comparisons"),
        )
        .arg(
            clap::Arg::new("no-gpu-block-reductions")
                .long("no-gpu-block-reductions")
                .action(clap::ArgAction::SetTrue)
                .help("GPU: reductions with many outputs keep split partial results (rows) or one thread per output (columns) instead of kernels whose blocks share outputs (xla-gpu-block-reductions); for comparisons"),
        )
        .arg(
            clap::Arg::new("no-gpu-vector-access")
                .long("no-gpu-vector-access")
                .action(clap::ArgAction::SetTrue)
                .help("GPU: one element per thread in element-wise kernels (xla-gpu-vector-access off); for comparisons"),
        )
}

fn parse_tile(value: &str) -> Result<(i64, i64), String> {
    let bad = || format!("expected ROWS,VECTORS (two positive integers), e.g. 6,2; got '{value}'");
    let (rows, vectors) = value.split_once(',').ok_or_else(bad)?;
    let parse = |n: &str| n.trim().parse::<i64>().ok().filter(|&n| (1..=1024).contains(&n));
    Ok((parse(rows).ok_or_else(bad)?, parse(vectors).ok_or_else(bad)?))
}

/// Applies `--contraction-lanes` (else `target_lanes`: the compile
/// target's lanes, `None` for the host's) and `--contraction-tile` to the
/// contraction kernel passes created from now on.
pub fn apply_contraction_args(matches: &clap::ArgMatches, target_lanes: Option<i64>) {
    let lanes = matches.get_one::<i64>("contraction-lanes").copied().or(target_lanes);
    xla_lowering::contraction_kernels::set_lanes(lanes);
    xla_lowering::contraction_kernels::set_tile(matches.get_one::<(i64, i64)>("contraction-tile").copied());
    xla_lowering::gpu::block_tiles::set_enabled(!matches.get_flag("no-gpu-block-tiles"));
    xla_lowering::gpu::block_tiles::set_tensor_cores(!matches.get_flag("no-gpu-tensor-cores"));
    xla_lowering::gpu::vector_access::set_enabled(!matches.get_flag("no-gpu-vector-access"));
    xla_lowering::gpu::block_reductions::set_enabled(!matches.get_flag("no-gpu-block-reductions"));
    xla_runtime::gpu::set_device_buffers(!matches.get_flag("no-gpu-device-buffers"));
}

/// `--split-functions-max-ops` and `--split-functions-max-loops`, shared by
/// the drivers: the thresholds of `xla-split-large-functions`;
/// `--share-kernels-min-copies`, that of `xla-share-kernels`; and
/// `--verify-each`.
pub fn split_args(command: clap::Command) -> clap::Command {
    command
        .arg(
            clap::Arg::new("split-functions-max-loops")
                .long("split-functions-max-loops")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(1..))
                .help(format!(
                    "Functions (and regions) holding more than N loops (linalg ops on buffers, scf/affine loops) are cut into private noinline functions before the loops [default: {}]",
                    xla_lowering::split_functions::DEFAULT_MAX_LOOPS
                )),
        )
        .arg(
            clap::Arg::new("split-functions-max-ops")
                .long("split-functions-max-ops")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(1..))
                .help(format!(
                    "Functions (and regions) of more than N operations are cut into private noinline functions before the loops [default: {}]",
                    xla_lowering::split_functions::DEFAULT_MAX_OPS
                )),
        )
        .arg(
            clap::Arg::new("split-functions-max-depth")
                .long("split-functions-max-depth")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(2..))
                .help(format!(
                    "Bodies of control flow (if branches, loop bodies) whose operations nest deeper than N are outlined whole into private noinline functions [default: {}]",
                    xla_lowering::split_functions::DEFAULT_MAX_DEPTH
                )),
        )
        .arg(
            clap::Arg::new("verify-each")
                .long("verify-each")
                .value_name("BOOL")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("true")
                .value_parser(clap::value_parser!(bool))
                .help(format!(
                    "Verify the IR after every pass (names the pass that broke it) instead of once after the last pass [default: {}, as this build is {}]",
                    cfg!(debug_assertions),
                    if cfg!(debug_assertions) { "a debug build" } else { "a release build" }
                )),
        )
        .arg(
            clap::Arg::new("share-kernels-min-copies")
                .long("share-kernels-min-copies")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(2..))
                .help(format!(
                    "Linalg ops on buffers repeated identically at least N times are compiled once, as one private noinline function that each calls (xla-share-kernels; a very large N turns it off) [default: {}]",
                    xla_lowering::share_kernels::DEFAULT_MIN_COPIES
                )),
        )
}

/// Applies `--split-functions-max-ops`, `--split-functions-max-loops`,
/// `--share-kernels-min-copies` and `--verify-each` to the passes and pass
/// managers created from now on.
pub fn apply_split_args(matches: &clap::ArgMatches) {
    if let Some(&max_ops) = matches.get_one::<i64>("split-functions-max-ops") {
        xla_lowering::split_functions::set_max_ops(max_ops);
    }
    if let Some(&max_loops) = matches.get_one::<i64>("split-functions-max-loops") {
        xla_lowering::split_functions::set_max_loops(max_loops);
    }
    if let Some(&max_depth) = matches.get_one::<i64>("split-functions-max-depth") {
        xla_lowering::split_functions::set_max_depth(max_depth);
    }
    if let Some(&verify_each) = matches.get_one::<bool>("verify-each") {
        xla_lowering::passes::set_verify_each(verify_each);
    }
    if let Some(&min_copies) = matches.get_one::<i64>("share-kernels-min-copies") {
        xla_lowering::share_kernels::set_min_copies(min_copies);
    }
}

/// `--dump-dir` and `--dump-pass-filter`, shared by the drivers.
pub fn dump_args(command: clap::Command) -> clap::Command {
    command
        .arg(
            clap::Arg::new("dump-dir")
                .long("dump-dir")
                .value_name("DIR")
                .help("Write every stage to DIR: 00_input.mlir, 01_stablehlo.dot and 02_fusion.dot (Graphviz), passes/ (the IR after each pass), then the LLVM IR, the assembly (and PTX)"),
        )
        .arg(
            clap::Arg::new("dump-pass-filter")
                .long("dump-pass-filter")
                .value_name("REGEX")
                .requires("dump-dir")
                .help("With --dump-dir: keep only the IR after the passes whose name (e.g. one-shot-bufferize) matches REGEX"),
        )
}

/// Starts dumping when `--dump-dir` was given: the directory, the parsed
/// input, the graph of the computation and the graph of its fusion (on a
/// copy of the module, with the stages up to fusion).
pub fn start_dump(matches: &clap::ArgMatches, context: &melior::Context, module: &melior::ir::Module, name: &str) -> Result<(), String> {
    let Some(dir) = matches.get_one::<String>("dump-dir") else { return Ok(()) };
    if let Some(filter) = matches.get_one::<String>("dump-pass-filter") {
        regex::Regex::new(filter).map_err(|e| format!("invalid --dump-pass-filter: {e}"))?;
    }
    xla_runtime::dump::set_dir(Path::new(dir)).map_err(|e| e.to_string())?;
    let write = |file: &str, text: &str| xla_runtime::dump::write_named(file, text.as_bytes()).map_err(|e| e.to_string());
    write("00_input.mlir", &module.as_operation().to_string())?;
    let title = Path::new(name).file_name().map_or(name.to_owned(), |n| n.to_string_lossy().into_owned());
    write("01_stablehlo.dot", &graph::computation(module, &title))?;
    // The fusion graph: the stages up to fusion on a copy, without dumping
    // their passes.
    let copy = xla_lowering::builders::clone_operation(&module.as_operation());
    if let Some(copy) = melior::ir::Module::from_operation(copy) {
        let saved = xla_runtime::dump::dir();
        xla_lowering::passes::set_ir_dump_dir(None);
        let mut copy = copy;
        let fused = xla_lowering::passes::pipeline_manager(context, "xla-cpu-fusion").and_then(|m| m.run(&mut copy).map_err(|e| e.to_string()));
        xla_lowering::passes::set_ir_dump_dir(saved.map(|d| d.join("passes")));
        // The copy's fusion plan is not the program's: drop it from the reports.
        let _ = xla_lowering::fusion_plan::take_report();
        match fused {
            Ok(()) => write("02_fusion.dot", &graph::fusion(module, &copy, &format!("{title} after fusion")))?,
            Err(_) => write("02_fusion.dot", &format!("digraph \"{title}\" {{ label=\"the program could not be lowered to the fusion stage\"; }}\n"))?,
        }
    }
    Ok(())
}

/// Ends dumping: applies `--dump-pass-filter` to the files of `passes/`
/// (named `N_pass-name.mlir` by MLIR's tree printing).
pub fn finish_dump(matches: &clap::ArgMatches) -> Result<(), String> {
    let (Some(dir), Some(filter)) = (matches.get_one::<String>("dump-dir"), matches.get_one::<String>("dump-pass-filter")) else {
        return Ok(());
    };
    let filter = regex::Regex::new(filter).map_err(|e| format!("invalid --dump-pass-filter: {e}"))?;
    fn walk(dir: &Path, filter: &regex::Regex) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, filter)?;
                continue;
            }
            let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let pass = name.split_once('_').map_or(name.as_str(), |(_, pass)| pass);
            if !filter.is_match(pass) {
                std::fs::remove_file(&path)?;
            }
        }
        Ok(())
    }
    walk(&Path::new(dir).join("passes"), &filter).map_err(|e| format!("cannot filter the dumps in '{dir}': {e}"))
}

/// The sections `--report` can print (to stderr), in the order they are printed.
pub const REPORT_SECTIONS: &[&str] = &["fusion", "memory"];

/// `--report[=SECTIONS]`, `--fusion=MODE`, `--no-buffer-plan` and
/// `--prefer-vector-width`, shared by the drivers.
pub fn report_args(command: clap::Command) -> clap::Command {
    command
        .arg(
            clap::Arg::new("report")
                .long("report")
                .value_name("SECTIONS")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("all")
                .value_parser(parse_report_sections)
                .help("Print to stderr what the compiler decided, for a comma list of sections (fusion: the fusion planner's groups, kinds, reasons and estimated bytes moved; memory: the buffer plan of each function and, in xla-run, the heap bytes compiled code allocated) [default: all]"),
        )
        .arg(
            clap::Arg::new("no-buffer-plan")
                .long("no-buffer-plan")
                .action(clap::ArgAction::SetTrue)
                .help("Do not plan buffers (xla-plan-buffers): every temporary its own malloc/free, as before buffer assignment"),
        )
        .arg(
            clap::Arg::new("prefer-vector-width")
                .long("prefer-vector-width")
                .value_name("BITS")
                .value_parser(clap::value_parser!(u32))
                .help("Vector width LLVM vectorizes compiled loops with, where the target has it (xla-prefer-vector-width) [default: 512; 0: LLVM's tuning for the CPU, 256 on most AVX-512 CPUs]"),
        )
        .arg(
            clap::Arg::new("fusion")
                .long("fusion")
                .value_name("MODE")
                .value_parser(|text: &str| xla_lowering::fusion_plan::Mode::parse(text))
                .help("Fusion: planned (the fusion planner's groups, the default), greedy (the former rule: every single-use element-wise producer, no planner), off (nothing fused)"),
        )
}

fn parse_report_sections(value: &str) -> Result<Vec<String>, String> {
    let mut sections = Vec::new();
    for section in value.split(',').map(str::trim) {
        match section {
            "all" => sections.extend(REPORT_SECTIONS.iter().map(|s| s.to_string())),
            s if REPORT_SECTIONS.contains(&s) => sections.push(s.to_owned()),
            s => return Err(format!("unknown report section '{s}' (expected a comma list of: all, {})", REPORT_SECTIONS.join(", "))),
        }
    }
    Ok(sections)
}

/// Whether `--report` asks for `section`.
pub fn report_wants(matches: &clap::ArgMatches, section: &str) -> bool {
    matches.get_one::<Vec<String>>("report").is_some_and(|sections| sections.iter().any(|s| s == section))
}

/// Applies `--no-buffer-plan`, `--prefer-vector-width` and `--fusion` to the passes created from
/// now on, and forgets earlier plans (call before compiling).
pub fn apply_report_args(matches: &clap::ArgMatches) -> Result<(), String> {
    xla_lowering::buffer_plan::set_enabled(!matches.get_flag("no-buffer-plan"));
    let width = matches.get_one::<u32>("prefer-vector-width").copied();
    xla_lowering::vector_width::set_width(width.unwrap_or(xla_lowering::vector_width::DEFAULT_WIDTH))
        .map_err(|e| format!("--prefer-vector-width: {e}"))?;
    xla_lowering::buffer_plan::take_plans();
    let mode = matches.get_one::<xla_lowering::fusion_plan::Mode>("fusion").copied();
    xla_lowering::fusion_plan::set_mode(mode.unwrap_or(xla_lowering::fusion_plan::Mode::Planned));
    Ok(())
}

/// With `--report=fusion`: prints what the fusion planner recorded since
/// the last call to stderr, under a heading.
pub fn print_reports(matches: &clap::ArgMatches) {
    let fusion = xla_lowering::fusion_plan::take_report();
    if report_wants(matches, "fusion") {
        eprintln!("=== fusion report ===");
        eprint!("{fusion}");
    }
}

/// With `--report=memory`: prints the buffer plans made on this thread
/// since [`apply_report_args`] to stderr.
pub fn print_memory_plans(matches: &clap::ArgMatches) {
    if !report_wants(matches, "memory") {
        return;
    }
    let plans = xla_lowering::buffer_plan::take_plans();
    if plans.is_empty() {
        eprintln!("memory plan: none (buffer planning {})", if xla_lowering::buffer_plan::enabled() { "found no function" } else { "is off" });
    }
    for plan in plans {
        eprint!("{}", plan.render());
    }
}
