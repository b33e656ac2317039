//! Builds the C++ dialect library (top-level CMakeLists.txt) and links it.

use std::{env, path::Path, process::exit};

const LLVM_PREFIX: &str = "/usr/lib/llvm-22";

fn main() {
    let prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| LLVM_PREFIX.into());
    let mlir_dir = Path::new(&prefix).join("lib/cmake/mlir");
    let tblgen = Path::new(&prefix).join("bin/mlir-tblgen");
    if !mlir_dir.join("MLIRConfig.cmake").exists() || !tblgen.exists() {
        eprintln!(
            "error: LLVM/MLIR 22 was not found under {prefix} (no {} or {}).\n\
             Install the pinned toolchain with: bash third_party/install-toolchain.sh",
            mlir_dir.join("MLIRConfig.cmake").display(),
            tblgen.display()
        );
        exit(1);
    }

    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).parent().expect("dialects/ has a parent");
    for watched in ["CMakeLists.txt", "dialects/CMakeLists.txt", "dialects/include", "dialects/lib"] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }

    // The C++ is always built optimized: at -O0 the generated parsers and
    // verifiers are slow, and the debug archive is several times larger.
    let mut config = cmake::Config::new(root);
    config
        .generator("Ninja")
        .profile("Release")
        .define("MLIR_DIR", &mlir_dir)
        .define("MLIR_TABLEGEN_EXE", &tblgen)
        .build_target("install");
    // Extra flags for the C++ only, e.g. `-fsanitize=address` (README,
    // "Fuzzing"); CXXFLAGS would also reach the C++ of other crates' build
    // scripts and proc macros.
    println!("cargo:rerun-if-env-changed=XLA_DIALECTS_CXXFLAGS");
    if let Ok(flags) = env::var("XLA_DIALECTS_CXXFLAGS") {
        for flag in flags.split_whitespace() {
            config.cxxflag(flag);
        }
    }
    let out = config.build();

    println!("cargo:rustc-link-search=native={}/lib", out.display());
    println!("cargo:rustc-link-lib=static=XLADialects");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    // melior::dialect! reads our .td files through this include path.
    println!(
        "cargo:rustc-env=XLA_DIALECTS_INCLUDE_DIR={}",
        Path::new(&manifest).join("include").display()
    );
}
