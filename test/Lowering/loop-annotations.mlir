// RUN: xla-opt %s --xla-loop-annotations | FileCheck %s
// RUN: xla-translate --emit llvm-ir -O 0 %s | FileCheck %s --check-prefix=IR

// xla-loop-annotations: the llvm.loop_annotation that a pass put on an
// scf.for reaches LLVM. convert-scf-to-cf carries it to the loop's latch
// branch and convert-to-llvm keeps it there as a discardable attribute,
// which translation ignores; the pass makes it the llvm.br's own
// loop_annotation, which becomes !llvm.loop metadata.

#rolled = #llvm.loop_annotation<unroll = <disable = true>>

// CHECK-LABEL: llvm.func @latch(
// CHECK: llvm.cond_br %{{.*}}, ^bb2, ^bb1(%{{.*}} : i64) {loop_annotation = #{{.*}}}
// CHECK-NOT: llvm.loop_annotation
// CHECK-LABEL: func.func @loop(
llvm.func @latch(%n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%zero : i64)
^bb1(%i: i64):
  %next = llvm.add %i, %one : i64
  %done = llvm.icmp "sge" %next, %n : i64
  llvm.cond_br %done, ^bb2, ^bb1(%next : i64) {llvm.loop_annotation = #rolled}
^bb2:
  llvm.return
}

// An scf.for (a running sum, which stays sequential) through the whole CPU
// pipeline (xla-translate).
// IR-LABEL: define internal float @loop(
// IR: br label %{{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR: ![[LOOP]] = distinct !{![[LOOP]], ![[DISABLE:[0-9]+]]}
// IR: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
func.func @loop(%n: index, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %m[%i] : memref<?xf32>
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  } {llvm.loop_annotation = #rolled}
  return %sum : f32
}
