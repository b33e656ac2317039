//! The GPU kernel mapping, executed without a GPU: every JAX example and
//! every check function of the execution tests goes through the GPU pipeline
//! up to `gpu.launch` (`xla-gpu-emulation-pipeline`), its kernels run on the
//! host as loops over blocks and threads (`xla-gpu-launch-to-loops`), and
//! the results must match JAX's outputs / the checks' expectations, as they
//! do on the CPU path. This checks what the GPU path adds (loop
//! interchange, one thread per iteration, delinearized ids, bounds guards,
//! sequential host code between kernels); not NVVM code generation.

mod common;

#[test]
fn examples_match_jax_with_kernels_as_host_loops() {
    let failures = common::examples();
    assert!(failures.is_empty(), "{} examples failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn check_functions_pass_with_kernels_as_host_loops() {
    let (passed, failures) = common::check_functions();
    assert!(passed > 0);
    assert!(failures.is_empty(), "{passed} expectations passed, {} failed:\n{}", failures.len(), failures.join("\n"));
}
