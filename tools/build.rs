//! Version facts for `--version`: the commit the tools were built from (when
//! built in a git checkout) and the LLVM/MLIR release they link.

use std::process::Command;

fn main() {
    let output = |program: &str, args: &[&str]| -> Option<String> {
        let out = Command::new(program).args(args).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned()).filter(|s| !s.is_empty())
    };
    let commit = output("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"]).is_some();
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let llvm = output(&format!("{prefix}/bin/llvm-config"), &["--version"]).unwrap_or_else(|| "22".into());
    println!("cargo:rustc-env=XLA_MLIR_COMMIT={commit}{}", if dirty { "-modified" } else { "" });
    println!("cargo:rustc-env=XLA_MLIR_LLVM_VERSION={llvm}");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    // A new commit or a change of the work tree: the commit line changes.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for path in [".git/HEAD", ".git/index"] {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    // The parse guard (csrc/parse_quarantine.cpp): replacements of the
    // global operator delete, for the tools' binaries only.
    println!("cargo:rerun-if-changed=csrc/parse_quarantine.cpp");
    cc::Build::new().cpp(true).flag("-std=c++17").file("csrc/parse_quarantine.cpp").compile("xla_parse_quarantine");
}
