//! `cargo test --test lit`: runs the LLVM lit suite in test/ against the
//! binaries cargo built for this test run, then the execution tests again on
//! 8 threads with every parallel loop split (`XLA_MLIR_NUM_THREADS=8`,
//! `XLA_MLIR_PARALLEL_MIN_COST=0`), and prints `N passed, N failed`.
//!
//! Environment: `LIT` (default /usr/lib/llvm-22/bin/lit), `LLVM_TOOLS_DIR`
//! (FileCheck, not; default /usr/lib/llvm-22/bin), `LIT_FILTER` (a regex of
//! test paths to run), `LIT_OPTS` (extra lit arguments).

use std::{path::Path, process::Command};

fn main() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    let (passed, failed, unsupported) = run_lit(&suite, &[]);
    println!("\nlit: {passed} passed, {failed} failed, {unsupported} unsupported (skipped, reasons above)");
    let threaded = [("XLA_MLIR_NUM_THREADS", "8"), ("XLA_MLIR_PARALLEL_MIN_COST", "0")];
    let (passed_8, failed_8, _) = run_lit(&suite.join("Execution"), &threaded);
    println!("lit: {passed_8} passed, {failed_8} failed (test/Execution again on 8 threads, every parallel loop split)");
    if failed > 0 || passed == 0 || failed_8 > 0 || passed_8 == 0 {
        std::process::exit(1);
    }
}

/// Runs lit on `suite` with extra environment variables; (passed, failed,
/// unsupported). A failure of lit itself counts as one failed test.
fn run_lit(suite: &Path, environment: &[(&str, &str)]) -> (usize, usize, usize) {
    let tools_dir = Path::new(env!("CARGO_BIN_EXE_xla-opt")).parent().expect("binaries live in a directory");
    let lit = std::env::var("LIT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/lit".into());
    let mut command = Command::new("python3");
    command.arg(&lit).arg("-sv").arg(suite).env("XLA_TOOLS_DIR", tools_dir);
    command.envs(environment.iter().copied());
    if let Ok(options) = std::env::var("LIT_OPTS") {
        command.args(options.split_whitespace());
    }
    let output = match command.output() {
        Ok(output) => output,
        Err(error) => {
            eprintln!("lit: cannot run {lit}: {error} (install the toolchain: bash third_party/install-toolchain.sh)");
            std::process::exit(1);
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    eprint!("{stderr}");
    // lit's summary lines look like "  Passed: 12", or, aligned when
    // several kinds appear, "  Passed     : 49 (98.00%)".
    let count = |label: &str| -> usize {
        stdout
            .lines()
            .chain(stderr.lines())
            .filter_map(|line| {
                let (name, rest) = line.split_once(':')?;
                (name.trim() == label).then_some(rest)
            })
            .filter_map(|rest| rest.trim().split_whitespace().next()?.parse::<usize>().ok())
            .sum()
    };
    let passed = count("Passed") + count("Expectedly Failed");
    let failed = count("Failed") + count("Unexpectedly Passed") + count("Unresolved") + count("Timed Out");
    let unsupported = count("Unsupported");
    (passed, failed.max(usize::from(!output.status.success())), unsupported)
}
