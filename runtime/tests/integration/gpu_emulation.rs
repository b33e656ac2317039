//! The GPU kernel mapping, executed without a GPU: every JAX example and
//! every check function of the execution tests goes through the GPU pipeline
//! up to `gpu.launch` (`xla-gpu-emulation-pipeline`), its kernels run on the
//! host as loops over blocks and threads (`xla-gpu-launch-to-loops`), and
//! the results must match JAX's outputs / the checks' expectations, as they
//! do on the CPU path. This checks what the GPU path adds (loop
//! interchange, one thread per iteration, delinearized ids, bounds guards,
//! sequential host code between kernels); not NVVM code generation.
//!
//! The last test covers the less common paths: with 32-thread blocks and at
//! most 2 blocks per grid (a testing hook of `xla-gpu-map-parallel-loops`)
//! every kernel of more than 64 iterations strides through its iteration
//! space, and with the thresholds of `xla-gpu-split-reductions` lowered
//! every reduction of at least 4 iterations that qualifies is split into
//! partial results, and every contraction-like nest whose last two parallel
//! dimensions allow it is tiled (`xla-gpu-register-tiles` with no minimum
//! thread count). The hooks are process-wide, so the tests of this binary
//! take turns (`SERIAL`).

#[test]
fn examples_match_jax_with_kernels_as_host_loops() {
    let _turn = crate::SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let failures = crate::common::examples();
    assert!(failures.is_empty(), "{} examples failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn check_functions_pass_with_kernels_as_host_loops() {
    let _turn = crate::SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (passed, failures) = crate::common::check_functions();
    assert!(passed > 0);
    assert!(failures.is_empty(), "{passed} expectations passed, {} failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn grid_stride_loops_split_reductions_and_register_tiles_give_the_same_results() {
    let _turn = crate::SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    xla_lowering::gpu::map_loops::set_limits_for_testing(Some((32, 2)));
    xla_lowering::gpu::split_reductions::set_thresholds_for_testing(Some((4, i64::MAX)));
    xla_lowering::gpu::register_tiles::set_min_threads_for_testing(Some(1));
    let mut failures = crate::common::examples();
    let (passed, check_failures) = crate::common::check_functions();
    failures.extend(check_failures);
    xla_lowering::gpu::map_loops::set_limits_for_testing(None);
    xla_lowering::gpu::split_reductions::set_thresholds_for_testing(None);
    xla_lowering::gpu::register_tiles::set_min_threads_for_testing(None);
    assert!(passed > 0);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
