//! The less common paths of the GPU kernel mapping, executed without a GPU:
//! with 32-thread blocks and at most 2 blocks per grid (a testing hook of
//! `xla-gpu-map-parallel-loops`) every kernel of more than 64 iterations
//! strides through its iteration space, and with the thresholds of
//! `xla-gpu-split-reductions` lowered every reduction of at least 4
//! iterations that qualifies is split into partial results. The examples
//! and check functions must still give their expected results with the
//! kernels run as host loops. (A test binary of its own: the hooks are
//! process-wide.)

mod common;

#[test]
fn grid_stride_loops_and_split_reductions_give_the_same_results() {
    xla_lowering::gpu::map_loops::set_limits_for_testing(Some((32, 2)));
    xla_lowering::gpu::split_reductions::set_thresholds_for_testing(Some((4, i64::MAX)));
    let mut failures = common::examples();
    let (passed, check_failures) = common::check_functions();
    failures.extend(check_failures);
    xla_lowering::gpu::map_loops::set_limits_for_testing(None);
    xla_lowering::gpu::split_reductions::set_thresholds_for_testing(None);
    assert!(passed > 0);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
