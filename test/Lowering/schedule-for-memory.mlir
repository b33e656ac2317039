// xla-schedule-for-memory reorders a function body depth first from its
// anchors (the return here), operands first to last or last to first,
// when that lowers the estimated peak of live tensors; otherwise the
// program order stays.
// RUN: xla-opt --xla-schedule-for-memory %s | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>

// %v1 and %v stay alive across %q, %k and %s in program order (16 KiB at
// %s); computed after %s, at most three 4 KiB tensors live at once.
// CHECK-LABEL: func.func @late_operand
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%arg0
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK: %[[K:.*]] = linalg.generic {{.*}} ins(%arg0
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.absf
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[Q]], %[[K]]
// CHECK: %[[V1:.*]] = linalg.generic {{.*}} ins(%arg0
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: %[[V:.*]] = linalg.generic {{.*}} ins(%[[V1]]
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.sqrt
// CHECK: linalg.generic {{.*}} ins(%[[S]], %[[V]]
func.func @late_operand(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %v1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v1 : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.absf %a : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%q, %k : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %out = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%s, %v : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  return %out : tensor<1024xf32>
}

// Depth first from the return would compute %b2 and %r2 first; its peak
// (one 64 KiB tensor) is no lower than the program order's, which stays.
// CHECK-LABEL: func.func @tie_keeps_order
// CHECK: %[[B1:.*]] = linalg.generic
// CHECK: %[[R1:.*]] = linalg.generic {{.*}} ins(%[[B1]]
// CHECK: %[[B2:.*]] = linalg.generic
// CHECK: %[[R2:.*]] = linalg.generic {{.*}} ins(%[[B2]]
// CHECK: linalg.generic {{.*}} ins(%[[R2]], %[[R1]]
func.func @tie_keeps_order(%x: tensor<16384xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<16384xf32>
  %z = tensor.empty() : tensor<f32>
  %b1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16384xf32>) outs(%e : tensor<16384xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16384xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]} ins(%b1 : tensor<16384xf32>) outs(%z : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %b2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16384xf32>) outs(%e : tensor<16384xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<16384xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]} ins(%b2 : tensor<16384xf32>) outs(%z : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %out = linalg.generic {indexing_maps = [#scalar, #scalar, #scalar], iterator_types = []} ins(%r2, %r1 : tensor<f32>, tensor<f32>) outs(%z : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %out : tensor<f32>
}
