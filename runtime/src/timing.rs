//! Where compile time goes: `--timing` on `xla-run` and `xla-translate`.
//!
//! When enabled ([`enable`]), the MLIR pass managers of the pipelines
//! report the time of every pass (MLIR's own report, printed to stderr when
//! the pipeline finishes), and the stages around them are recorded here:
//! parsing, the MLIR pipeline as a whole, translation to LLVM IR, LLVM's
//! optimization, machine-code generation (for the JIT, LLVM's optimization
//! and code generation happen together when the engine is created), and
//! running. [`report`] formats them as a table with each stage's share.
//!
//! The record is process-wide (the tools compile one program per process).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

static ENABLED: AtomicBool = AtomicBool::new(false);
static STAGES: Mutex<Vec<(String, f64)>> = Mutex::new(Vec::new());

/// Turns timing on: stages are recorded and pipelines report their passes.
pub fn enable() {
    ENABLED.store(true, Ordering::Relaxed);
    xla_lowering::passes::set_pass_timing(true);
}

/// Whether timing is on.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Runs `work`, recording its wall time under `stage` when timing is on.
pub fn time<T>(stage: &str, work: impl FnOnce() -> T) -> T {
    if !enabled() {
        return work();
    }
    let start = Instant::now();
    let result = work();
    let seconds = start.elapsed().as_secs_f64();
    STAGES.lock().unwrap_or_else(|e| e.into_inner()).push((stage.to_owned(), seconds));
    result
}

/// The recorded stages as a table (stage, seconds, share of the total).
pub fn report() -> String {
    let stages = STAGES.lock().unwrap_or_else(|e| e.into_inner());
    let total: f64 = stages.iter().map(|(_, s)| s).sum();
    let width = stages.iter().map(|(name, _)| name.len()).max().unwrap_or(5).max(5);
    let mut text = String::from("===-------------------------------------------------------------------------===\n");
    text.push_str("                              Stage timing report\n");
    text.push_str("===-------------------------------------------------------------------------===\n");
    for (name, seconds) in stages.iter() {
        let share = if total > 0.0 { 100.0 * seconds / total } else { 0.0 };
        text.push_str(&format!("  {name:<width$}  {seconds:>9.4} s  {share:>5.1}%\n"));
    }
    text.push_str(&format!("  {:<width$}  {total:>9.4} s  100.0%\n", "total"));
    text
}
