// xla-translate --checks compiles each argument-less function with check.*
// ops, instrumented as by xla-run --check (the checked values become
// results), through the GPU pipeline, one module per function.
// RUN: xla-translate %s --emit=ptx --checks --split-input-file 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: xla-translate %s --emit=ptx --checks --split-input-file -o %t.dir/c.ptx | FileCheck %s --check-prefix=FILES
// RUN: ls %t.dir | FileCheck %s --check-prefix=LS
// RUN: not xla-translate %s --emit=llvm-ir --checks 2>&1 | FileCheck %s --check-prefix=NOTPTX
// RUN: not xla-translate %s --emit=ptx --split-input-file 2>&1 | FileCheck %s --check-prefix=NOSPLIT

// CHECK: // @add_test
// CHECK: // gpu.binary @add_test_kernel
// CHECK: .visible .entry add_test_kernel(
// CHECK: add.rn.f32
// CHECK: // @scalar_test
// CHECK: // No GPU kernels
// SUMMARY: 2 compiled, 0 failed
// FILES: c.0.add_test.add_test_kernel.ptx
// FILES: 2 compiled, 0 failed
// LS: c.0.add_test.add_test_kernel.ptx
// LS: c.0.add_test.add_test_kernel_0.ptx
// LS: c.1.scalar_test.ptx
// NOTPTX: xla-translate: error: --checks applies to --emit=ptx only
// NOSPLIT: xla-translate: error: --split-input-file applies to --checks only

func.func @add_test() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.add %a, %a : tensor<3xf32>
  check.expect_almost_eq_const %b, dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  return
}

// -----

func.func @scalar_test() {
  %a = stablehlo.constant dense<2> : tensor<i32>
  %b = stablehlo.multiply %a, %a : tensor<i32>
  check.expect_eq_const %b, dense<4> : tensor<i32>
  return
}
