//! Compiles the C half of the runtime (`csrc/`): what Rust cannot express
//! (setjmp/longjmp around calls into compiled code).

fn main() {
    println!("cargo:rerun-if-changed=csrc");
    cc::Build::new().file("csrc/guard.c").warnings(true).compile("xla_runtime_c");
}
