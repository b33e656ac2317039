// The CPU pipeline asks LLVM for 512-bit vectors (xla-prefer-vector-width):
// every llvm.func with a body gets prefer_vector_width = "512", LLVM's
// "prefer-vector-width" attribute; --prefer-vector-width 0 leaves LLVM's
// own tuning (256 bits on most AVX-512 CPUs), and a width that is not a
// power of two is refused.
// RUN: xla-opt --xla-cpu-pipeline %s | FileCheck %s --check-prefix=PIPE
// RUN: xla-opt --xla-cpu-pipeline --prefer-vector-width 0 %s | FileCheck %s --check-prefix=NONE
// RUN: xla-opt --xla-cpu-pipeline --prefer-vector-width 256 %s | FileCheck %s --check-prefix=W256
// RUN: not xla-opt --xla-cpu-pipeline --prefer-vector-width 100 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not xla-run --prefer-vector-width 3 %s 2>&1 | FileCheck %s --check-prefix=BAD
//
// What LLVM makes of it, for a CPU with AVX-512 (named, so the test does
// not depend on the host) and one without: 8 doubles per vector with
// AVX-512, 4 with LLVM's tuning or with AVX2 only.
// RUN: xla-translate --emit=llvm-ir --target-cpu=sapphirerapids %s | FileCheck %s --check-prefix=ZMM
// RUN: xla-translate --emit=llvm-ir --target-cpu=sapphirerapids --prefer-vector-width 0 %s | FileCheck %s --check-prefix=YMM
// RUN: xla-translate --emit=llvm-ir --target-cpu=haswell %s | FileCheck %s --check-prefix=YMM

// PIPE: llvm.func @main({{.*}}prefer_vector_width = "512"
// PIPE-NOT: llvm.func @{{.*}} attributes {{.*}}prefer_vector_width = "256"
// NONE-NOT: prefer_vector_width
// W256: llvm.func @main({{.*}}prefer_vector_width = "256"
// BAD: error: --prefer-vector-width: vector width {{100|3}} is not 0 or a power of two from 64 to 4096

// ZMM: define internal void @main_parallel0({{.*}} #[[ATTRS:[0-9]+]] {
// ZMM: fmul <8 x double>
// ZMM: attributes #[[ATTRS]] = {{{.*}}"prefer-vector-width"="512"
// YMM: fmul <4 x double>
// YMM-NOT: <8 x double>
func.func @main(%x: tensor<4096xf64>) -> tensor<4096xf64> {
  %0 = stablehlo.multiply %x, %x : tensor<4096xf64>
  %1 = stablehlo.tanh %0 : tensor<4096xf64>
  return %1 : tensor<4096xf64>
}
