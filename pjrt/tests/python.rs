//! `cargo test -p xla-mlir-pjrt --test python`: runs the pytest suite of the
//! plugin (`python/tests/test_plugin.py`: jax.jit on xla_mlir against jax's
//! CPU backend) with the library cargo built for this run, and prints
//! `pjrt-pytest: N passed, N failed`.
//!
//! The Python: `$XLA_MLIR_PYTHON`, else `.venv-jax/bin/python` at the
//! repository root (made by `.ci/run`: jax==0.10.2 and pytest), else
//! `python3`. Without jax and pytest there, the suite is skipped with the
//! reason printed: jax is an optional dependency of the repository.

use std::{path::Path, path::PathBuf, process::Command};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let python = std::env::var("XLA_MLIR_PYTHON").map(PathBuf::from).unwrap_or_else(|_| {
        let venv = root.join(".venv-jax/bin/python");
        if venv.is_file() { venv } else { PathBuf::from("python3") }
    });
    let ready = Command::new(&python)
        .args(["-c", "import jax, pytest"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ready {
        println!(
            "pjrt-pytest: skipped: {} cannot import jax and pytest (bash .ci/run makes .venv-jax with jax==0.10.2; \
             or set XLA_MLIR_PYTHON)",
            python.display()
        );
        return;
    }
    // The test binary lives in target/<profile>/deps. `cargo test` builds
    // the cdylib next to it (deps/, not uplifted); `cargo build` puts it one
    // level up. The one of this test run comes first.
    let exe = std::env::current_exe().expect("the test binary has a path");
    let library = exe
        .parent()
        .into_iter()
        .flat_map(|deps| [Some(deps.to_path_buf()), deps.parent().map(Path::to_path_buf)])
        .flatten()
        .map(|dir| dir.join("libxla_mlir_pjrt.so"))
        .find(|candidate| candidate.is_file());
    let mut command = Command::new(&python);
    command.args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "python/tests/test_plugin.py"]).current_dir(&root);
    if let Some(library) = library {
        command.env("XLA_MLIR_PJRT_LIBRARY", library);
    }
    let output = command.output().unwrap_or_else(|error| {
        eprintln!("pjrt-pytest: cannot run {}: {error}", python.display());
        std::process::exit(1);
    });
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    // pytest's last line: "86 passed, 1 skipped in 28.1s" (or "2 failed, ...").
    let count = |label: &str| -> usize {
        stdout
            .lines()
            .last()
            .unwrap_or("")
            .split(',')
            .filter_map(|part| {
                let mut words = part.split_whitespace();
                let n = words.next()?.parse::<usize>().ok()?;
                (words.next()? == label).then_some(n)
            })
            .sum()
    };
    let passed = count("passed");
    let failed = count("failed") + count("error") + count("errors");
    let failed = failed.max(usize::from(!output.status.success()));
    println!("\npjrt-pytest: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
