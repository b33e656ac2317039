// The contraction kernels' vector width follows the CPU compiled for
// (--target-cpu), not the host that compiles: 8 f32 lanes (ymm) for a CPU
// with AVX but not AVX-512, 16 (zmm) for one with AVX-512, whatever the
// host has.
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=haswell | FileCheck %s --check-prefix=AVX2
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=skylake-avx512 | FileCheck %s --check-prefix=AVX512
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=znver4 --target-triple=x86_64-unknown-linux-gnu | FileCheck %s --check-prefix=AVX512
// AVX2-NOT: <16 x float>
// AVX2: call <8 x float> @llvm.{{fma|fmuladd}}.v8f32(
// AVX2-NOT: <16 x float>
// AVX512: call <16 x float> @llvm.{{fma|fmuladd}}.v16f32(

// The machine code: ymm registers only for haswell, zmm for skylake-avx512.
// RUN: xla-translate %s --emit=obj --target-cpu=haswell -o %t.haswell.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.haswell.o | FileCheck %s --check-prefix=YMM
// YMM-NOT: zmm
// YMM: vfmadd{{[0-9]+}}ps {{.*}}%ymm
// YMM-NOT: zmm
// RUN: xla-translate %s --emit=obj --target-cpu=skylake-avx512 -o %t.skx.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.skx.o | FileCheck %s --check-prefix=ZMM
// ZMM: vfmadd{{[0-9]+}}ps {{.*}}%zmm

// A CPU without AVX (the generic x86-64) gets 4 lanes (xmm).
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=x86-64 | FileCheck %s --check-prefix=SSE
// SSE-NOT: <8 x float>
// SSE: call <4 x float> @llvm.{{fma|fmuladd}}.v4f32(

// --contraction-lanes overrides the target's choice; --contraction-tile
// fixes the register tile.
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=skylake-avx512 --contraction-lanes 8 | FileCheck %s --check-prefix=AVX2
// RUN: xla-translate %s --emit=llvm-ir --target-cpu=haswell --contraction-tile 3,1 | FileCheck %s --check-prefix=AVX2

// Bad settings are errors.
// RUN: not xla-translate %s --emit=llvm-ir --contraction-lanes 0 2>&1 | FileCheck %s --check-prefix=BADLANES
// BADLANES: error: {{.*}}'0'{{.*}}--contraction-lanes
// RUN: not xla-translate %s --emit=llvm-ir --contraction-tile 2 2>&1 | FileCheck %s --check-prefix=BADTILE
// RUN: not xla-run %s --contraction-tile 0,1 2>&1 | FileCheck %s --check-prefix=BADTILE
// BADTILE: error: {{.*}}--contraction-tile{{.*}}expected ROWS,VECTORS

func.func @main(%a: tensor<48x96xf32>, %b: tensor<96x64xf32>) -> tensor<48x64xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<48x96xf32>, tensor<96x64xf32>) -> tensor<48x64xf32>
  return %r : tensor<48x64xf32>
}
