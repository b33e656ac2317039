// xla-gpu-select-minmax: arith.select of an integer comparison of its own
// two operands becomes the min/max op that arith-expand expanded; the
// comparison goes when nothing else uses it.
// RUN: xla-opt %s --xla-gpu-select-minmax | FileCheck %s

// CHECK-LABEL: func.func @forms
// CHECK-NOT: arith.cmpi
// CHECK: %[[A:.*]] = arith.minsi %arg0, %arg1 : i32
// CHECK: %[[B:.*]] = arith.maxsi %arg1, %arg0 : i32
// CHECK: %[[C:.*]] = arith.maxsi %arg0, %arg1 : i32
// CHECK: %[[D:.*]] = arith.minui %arg0, %arg1 : i32
// CHECK: %[[E:.*]] = arith.minui %arg1, %arg0 : i32
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @forms(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %lt = arith.cmpi slt, %a, %b : i32
  %0 = arith.select %lt, %a, %b : i32
  %1 = arith.select %lt, %b, %a : i32
  %ge = arith.cmpi sge, %a, %b : i32
  %2 = arith.select %ge, %a, %b : i32
  %ule = arith.cmpi ule, %a, %b : i32
  %3 = arith.select %ule, %a, %b : i32
  %ugt = arith.cmpi ugt, %a, %b : i32
  %4 = arith.select %ugt, %b, %a : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// Left alone: eq, a select of other values, floats; a comparison used
// elsewhere stays.
// CHECK-LABEL: func.func @kept
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK: arith.select %[[EQ]], %arg0, %arg1 : i32
// CHECK: %[[LT:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK: arith.select %[[LT]], %arg0, %arg2 : i32
// CHECK: %[[LT2:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK: arith.minsi %arg1, %arg2 : i32
// CHECK: arith.cmpf olt
// CHECK: arith.select {{.*}} : f32
// CHECK: return {{.*}}, %[[LT2]]
func.func @kept(%a: i32, %b: i32, %c: i32, %x: f32, %y: f32) -> (i32, i32, i32, f32, i1) {
  %eq = arith.cmpi eq, %a, %b : i32
  %0 = arith.select %eq, %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %1 = arith.select %lt, %a, %c : i32
  %lt2 = arith.cmpi slt, %b, %c : i32
  %2 = arith.select %lt2, %b, %c : i32
  %flt = arith.cmpf olt, %x, %y : f32
  %3 = arith.select %flt, %x, %y : f32
  return %0, %1, %2, %3, %lt2 : i32, i32, i32, f32, i1
}
