//! Code shared by the drivers: reading inputs, reporting errors the same
//! way, and clap error handling that keeps exit code 1 for bad usage.

pub mod fuzz;

use std::{fmt::Display, io::Read, path::Path, process::ExitCode};

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
    match command.version(VERSION).try_get_matches() {
        Ok(matches) => matches,
        Err(error) => {
            let code = if error.use_stderr() { 1 } else { 0 };
            let _ = error.print();
            std::process::exit(code);
        }
    }
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
    use super::split_input;

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
