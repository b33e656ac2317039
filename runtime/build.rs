//! Compiles the C half of the runtime (`csrc/`): what Rust cannot express
//! (setjmp/longjmp around calls into compiled code), and, when MPI is
//! installed, the shim over the MPI library (`csrc/mpi.c`, for `src/mpi.rs`).
//!
//! MPI is found through its compiler wrapper (`$MPICC`, else `mpicc`: Open
//! MPI's `--showme:compile` / `--showme:link`, MPICH's `-compile_info` /
//! `-link_info`), else pkg-config (`ompi-c`, `mpich`, `mpi`). When found, the
//! cfg `xla_mpi` is set; without it `src/mpi.rs` is a stub that says how to
//! get MPI support. `XLA_MLIR_NO_MPI=1` builds without MPI even where it is
//! installed. Installing MPI later needs a rebuild of this crate
//! (`touch runtime/build.rs`): cargo cannot watch for a file that does not
//! exist yet.

use std::process::Command;

/// Compiler and linker flags of an MPI installation.
struct MpiFlags {
    compile: Vec<String>,
    link: Vec<String>,
}

/// The words `program args` prints, when it runs and succeeds.
fn words_of(program: &str, args: &[&str]) -> Option<Vec<String>> {
    let output = Command::new(program).args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).split_whitespace().map(str::to_owned).collect())
}

fn find_mpi() -> Option<MpiFlags> {
    let mpicc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    // Open MPI's wrapper.
    if let (Some(compile), Some(link)) = (words_of(&mpicc, &["--showme:compile"]), words_of(&mpicc, &["--showme:link"])) {
        return Some(MpiFlags { compile, link });
    }
    // MPICH's wrapper: the first word of each is the compiler itself.
    if let (Some(compile), Some(link)) = (words_of(&mpicc, &["-compile_info"]), words_of(&mpicc, &["-link_info"])) {
        return Some(MpiFlags { compile: compile.into_iter().skip(1).collect(), link: link.into_iter().skip(1).collect() });
    }
    for package in ["ompi-c", "mpich", "mpi"] {
        if let (Some(compile), Some(link)) =
            (words_of("pkg-config", &["--cflags", package]), words_of("pkg-config", &["--libs", package]))
        {
            return Some(MpiFlags { compile, link });
        }
    }
    None
}

fn main() {
    println!("cargo:rerun-if-changed=csrc");
    println!("cargo:rerun-if-env-changed=XLA_MLIR_NO_MPI");
    println!("cargo:rerun-if-env-changed=MPICC");
    println!("cargo:rustc-check-cfg=cfg(xla_mpi)");
    cc::Build::new().file("csrc/guard.c").warnings(true).compile("xla_runtime_c");

    let disabled = std::env::var("XLA_MLIR_NO_MPI").is_ok_and(|v| !v.is_empty() && v != "0");
    let Some(mpi) = (if disabled { None } else { find_mpi() }) else {
        println!("cargo:warning=MPI not found (or XLA_MLIR_NO_MPI is set): building without MPI support (install libopenmpi-dev for it)");
        return;
    };
    let mut build = cc::Build::new();
    build.file("csrc/mpi.c").warnings(true);
    for flag in &mpi.compile {
        match flag.strip_prefix("-I") {
            Some(dir) => {
                build.include(dir);
            }
            None => {
                build.flag(flag);
            }
        }
    }
    build.compile("xla_runtime_mpi");
    for flag in &mpi.link {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        } else if flag.starts_with("-Wl,") || flag.starts_with("-pthread") {
            println!("cargo:rustc-link-arg={flag}");
        }
    }
    println!("cargo:rustc-cfg=xla_mpi");
}
