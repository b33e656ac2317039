//! xla-fuzz: mutation fuzzing of parse + verify, `xla-cpu-pipeline` and JIT
//! execution, in process, with crashes and hangs isolated by a fork server.
//!
//!     xla-fuzz --time 3600 --jobs 2 --out fuzz-out       # a long run
//!     xla-fuzz --replay fuzz-out/crash-lower-123.mlir    # one input, diagnostics printed
//!     xla-fuzz --seed 1 --print-mutant 123               # the mutant of an index

use clap::{Arg, ArgAction, Command, value_parser};
use std::{path::PathBuf, process::ExitCode};
use xla_tools::{
    fail,
    fuzz::{
        mutate::{Rng, load_seeds, mutant},
        server::{self, Options},
        target::{Depth, Limits, Target, screen},
    },
    parse_args, read_source,
};

const TOOL: &str = "xla-fuzz";

fn command() -> Command {
    let default_seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/../test");
    Command::new(TOOL)
        .about("Mutation fuzzing of parse/verify, xla-cpu-pipeline and JIT execution, in process, with a fork server isolating crashes and hangs")
        .arg(Arg::new("seed").long("seed").default_value("1").value_parser(value_parser!(u64)).help("Random seed; the mutant of each input index depends only on it"))
        .arg(Arg::new("iterations").long("iterations").value_parser(value_parser!(u64)).help("Number of inputs (default 10000 unless --time is given)"))
        .arg(Arg::new("time").long("time").value_parser(value_parser!(f64)).help("Stop after this many seconds"))
        .arg(Arg::new("stage").long("stage").value_parser(["parse", "lower", "run"]).default_value("run").help("How far inputs go: parse + verify, + xla-cpu-pipeline, + JIT execution"))
        .arg(Arg::new("out").long("out").default_value("fuzz-out").help("Directory for reproducers of crashes and hangs, and worker logs"))
        .arg(Arg::new("jobs").long("jobs").default_value("1").value_parser(value_parser!(usize)).help("Worker processes"))
        .arg(Arg::new("seeds").long("seeds").default_value(default_seeds).help("Directory whose .mlir files (split on `// -----`) are the seeds"))
        .arg(Arg::new("timeout").long("timeout").default_value("60").value_parser(value_parser!(f64)).help("Seconds without progress in parse/verify/lowering before a hang is reported"))
        .arg(Arg::new("exec-timeout").long("exec-timeout").default_value("10").value_parser(value_parser!(f64)).help("Seconds a compiled program may run (execution timeouts are not bugs)"))
        .arg(Arg::new("memory-mb").long("memory-mb").default_value("4096").value_parser(value_parser!(u64)).help("Address-space limit of each worker in MiB (0: none)"))
        .arg(Arg::new("lower-fraction").long("lower-fraction").default_value("1").value_parser(value_parser!(f64)).help("Fraction of the verified inputs that go through xla-cpu-pipeline"))
        .arg(Arg::new("run-fraction").long("run-fraction").default_value("0.1").value_parser(value_parser!(f64)).help("Fraction of those, with a small static-shaped entry, that are JIT-compiled and run"))
        .arg(Arg::new("recycle").long("recycle").default_value("2000").value_parser(value_parser!(u64)).help("Inputs per worker process before it is replaced"))
        .arg(Arg::new("progress").long("progress").default_value("10").value_parser(value_parser!(f64)).help("Seconds between progress lines (0: none)"))
        .arg(Arg::new("self-test").long("self-test").action(ArgAction::SetTrue).help("Obey `xla-fuzz-self-test: abort|hang|spin` markers in inputs (the harness's own test)"))
        .arg(Arg::new("replay").long("replay").action(ArgAction::Append).value_name("FILE").help("Run these files in this process (every stage, diagnostics printed) instead of fuzzing"))
        .arg(Arg::new("captured").long("captured").action(ArgAction::SetTrue).help("With --replay: capture diagnostics as the workers do (print only the outcome)"))
        .arg(Arg::new("replay-history").long("replay-history").value_name("TXT").help("Rerun, in one process and in order, the inputs a crashed worker had taken (the `history` line of a saved crash-*.txt; same --seed, --seeds, --stage and fractions as the run)"))
        .arg(Arg::new("print-mutant").long("print-mutant").value_parser(value_parser!(u64)).value_name("INDEX").help("Print the mutant of this input index and exit"))
}

fn main() -> ExitCode {
    // `xla-fuzz ... | head` ends quietly, like a C tool (and the workers
    // with it), instead of panicking on the closed pipe.
    // SAFETY: restoring the default disposition of one signal.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    // The fork server forks from this thread before any MLIR context
    // exists; workers and --replay run on the tools' large stack.
    tool_main()
}

fn tool_main() -> ExitCode {
    let matches = parse_args(command());
    // A pass that breaks the IR is what fuzzing looks for: verify after
    // every pass, in release builds too.
    xla_lowering::passes::set_verify_each(true);
    let depth = match matches.get_one::<String>("stage").map(String::as_str) {
        Some("parse") => Depth::Parse,
        Some("lower") => Depth::Lower,
        _ => Depth::Run,
    };
    let limits = Limits {
        depth,
        lower_fraction: *matches.get_one::<f64>("lower-fraction").expect("default"),
        run_fraction: *matches.get_one::<f64>("run-fraction").expect("default"),
        max_run_bytes: 1 << 20,
        max_run_elements: 1 << 22,
        self_test: matches.get_flag("self-test"),
    };
    let seed = *matches.get_one::<u64>("seed").expect("default");

    if let Some(files) = matches.get_many::<String>("replay") {
        // Every stage, whatever the fractions say.
        let limits = Limits { lower_fraction: 1.0, run_fraction: 1.0, ..limits };
        let files: Vec<String> = files.cloned().collect();
        let captured = matches.get_flag("captured");
        return match xla_tools::call_with_large_stack(move || replay(&files, &limits, seed, captured)) {
            Ok(code) => code,
            Err(_) => ExitCode::from(101),
        };
    }

    let seeds_dir = PathBuf::from(matches.get_one::<String>("seeds").expect("default"));
    let seeds = match load_seeds(&seeds_dir) {
        Ok(seeds) => seeds,
        Err(message) => return fail(TOOL, message),
    };
    if let Some(path) = matches.get_one::<String>("replay-history") {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return fail(TOOL, format!("cannot read '{path}': {error}")),
        };
        let Some(history) = text.lines().find_map(|l| l.strip_prefix("history ")) else {
            return fail(TOOL, format!("'{path}' has no history line"));
        };
        let indices: Vec<u64> = history.split_whitespace().filter_map(|i| i.parse().ok()).collect();
        return match xla_tools::call_with_large_stack(move || replay_history(&seeds, &indices, &limits, seed)) {
            Ok(code) => code,
            Err(_) => ExitCode::from(101),
        };
    }
    if let Some(&index) = matches.get_one::<u64>("print-mutant") {
        let seeds_for_screen = seeds.clone();
        let valid = xla_tools::call_with_large_stack(move || screen(&Target::new(false), &seeds_for_screen)).unwrap_or_default();
        let (origin, text) = mutant(&seeds, &valid, &mut Rng::for_input(seed, index));
        eprintln!("{TOOL}: mutant {index} of seed {seed}, from {}", seeds[origin].origin);
        print!("{text}");
        return ExitCode::SUCCESS;
    }

    let out = PathBuf::from(matches.get_one::<String>("out").expect("default"));
    if let Err(error) = std::fs::create_dir_all(&out) {
        return fail(TOOL, format!("cannot create '{}': {error}", out.display()));
    }
    let time = matches.get_one::<f64>("time").copied();
    let iterations = matches.get_one::<u64>("iterations").copied().or(if time.is_none() { Some(10_000) } else { None });
    let options = Options {
        seed,
        iterations,
        time,
        jobs: *matches.get_one::<usize>("jobs").expect("default"),
        out,
        timeout: *matches.get_one::<f64>("timeout").expect("default"),
        exec_timeout: *matches.get_one::<f64>("exec-timeout").expect("default"),
        memory_mb: *matches.get_one::<u64>("memory-mb").expect("default"),
        recycle: (*matches.get_one::<u64>("recycle").expect("default")).clamp(1, server::MAX_HISTORY as u64),
        progress: *matches.get_one::<f64>("progress").expect("default"),
        limits,
    };
    println!("fuzz: {} seeds from {}; seed {seed}, {} worker(s)", seeds.len(), seeds_dir.display(), options.jobs);
    let summary = server::run(&seeds, &options);
    println!("{}", summary.details());
    println!("{}", summary.line());
    if summary.crashes + summary.hangs + summary.silent + summary.roundtrip > 0 {
        if summary.silent + summary.roundtrip > 0 {
            println!("fuzz: failures without a diagnostic and round-trip failures are saved as {}/silent-* and roundtrip-*", options.out.display());
        }
        for path in &summary.saved {
            println!("fuzz: saved {}", path.display());
        }
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Runs each file through every stage in this process, diagnostics printed.
fn replay(files: &[String], limits: &Limits, seed: u64, captured: bool) -> ExitCode {
    let target = Target::new(!captured);
    for file in files {
        let (text, name) = match read_source(file) {
            Ok(source) => source,
            Err(message) => return fail(TOOL, message),
        };
        let mut rng = Rng::new(seed);
        let outcome = target.process(&text, &name, limits, &mut rng, &mut |stage| eprintln!("{TOOL}: {name}: {}", stage.name()));
        println!("{name}: {outcome:?}");
    }
    ExitCode::SUCCESS
}

/// Reruns the inputs of `indices` in order in one process, as a worker
/// would (diagnostics captured), printing each index before it starts.
fn replay_history(seeds: &[xla_tools::fuzz::mutate::Seed], indices: &[u64], limits: &Limits, seed: u64) -> ExitCode {
    // Screened in a context of its own, as the fork server does.
    let valid = screen(&Target::new(false), seeds);
    let target = Target::new(false);
    for &index in indices {
        let mut rng = Rng::for_input(seed, index);
        let (_, text) = mutant(seeds, &valid, &mut rng);
        eprintln!("{TOOL}: input {index}");
        let outcome = target.process(&text, &format!("input{index}.mlir"), limits, &mut rng, &mut |_| {});
        if outcome.roundtrip_failure.is_some() || outcome.silent_failure.is_some() {
            println!("input {index}: {outcome:?}");
        }
    }
    println!("{TOOL}: replayed {} inputs without a crash", indices.len());
    ExitCode::SUCCESS
}
