//! `--dump-dir DIR`: every stage of a compilation as a file, the way XLA's
//! `--xla_dump_to` does.
//!
//! - `DIR/00_input.mlir`: the module as parsed;
//! - `DIR/01_stablehlo.dot`: the computation as a graph (ops with their
//!   result types as nodes, values as edges, a cluster per function and
//!   region; `dot -Tsvg`), and `DIR/02_fusion.dot`: which StableHLO ops
//!   went into which loop nest after fusion (written by the tools, see
//!   `xla_tools::graph`);
//! - `DIR/passes/...`: the IR after every pass (MLIR's tree printing: a
//!   directory per op the passes ran on, `N_pass-name.mlir` in order, each
//!   file the whole module), filtered by `--dump-pass-filter`;
//! - then, numbered in the order they are produced: the optimized LLVM IR
//!   (`NN_llvm-ir.ll`), the assembly (`NN_assembly.s`) and, for the GPU,
//!   the kernels' PTX (`NN_kernels.ptx`).
//!
//! The setting is process-wide (the tools compile one program per process).

use crate::RuntimeError;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);
/// The number of the next stage file (0 and 1-2 are the input and graphs).
static NEXT: AtomicUsize = AtomicUsize::new(3);

/// Dumps go to `dir` from now on (created if missing); pass managers made
/// afterwards write the IR after each pass to `dir/passes`.
pub fn set_dir(dir: &Path) -> Result<(), RuntimeError> {
    std::fs::create_dir_all(dir.join("passes"))
        .map_err(|e| RuntimeError::Execute(format!("cannot create the dump directory '{}': {e}", dir.display())))?;
    xla_lowering::passes::set_ir_dump_dir(Some(dir.join("passes")));
    *DIR.lock().unwrap_or_else(|e| e.into_inner()) = Some(dir.to_owned());
    Ok(())
}

/// The dump directory, when dumping.
pub fn dir() -> Option<PathBuf> {
    DIR.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Writes `contents` as `DIR/name` (a fixed name, e.g. `00_input.mlir`).
pub fn write_named(name: &str, contents: &[u8]) -> Result<(), RuntimeError> {
    let Some(dir) = dir() else { return Ok(()) };
    let path = dir.join(name);
    std::fs::write(&path, contents).map_err(|e| RuntimeError::Execute(format!("cannot write '{}': {e}", path.display())))
}

/// Writes the next stage, `DIR/NN_name`.
pub fn write_stage(name: &str, contents: &[u8]) -> Result<(), RuntimeError> {
    if dir().is_none() {
        return Ok(());
    }
    let number = NEXT.fetch_add(1, Ordering::Relaxed);
    write_named(&format!("{number:02}_{name}"), contents)
}
