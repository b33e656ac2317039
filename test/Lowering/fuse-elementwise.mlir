// xla-fuse-elementwise: upstream's element-wise fusion rewrites, applied in
// rounds of disjoint producer/consumer pairs (a chain of N ops costs
// O(N log N) instead of O(N^2)) and with fused bodies of at most 1024 ops.
// RUN: xla-opt %s --xla-fuse-elementwise | FileCheck %s
// The front end plus fusion on a chain of 1,100 adds: two loops, not one.
// RUN: python3 -c "import sys; n = 1100; print('func.func @long(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {'); print('\n'.join(f'  %v{i} = stablehlo.add ' + ('%a' if i == 0 else f'%v{i-1}') + ', %b : tensor<4xf32>' for i in range(n))); print(f'  return %v{n-1} : tensor<4xf32>'); print('}')" > %t.mlir
// RUN: xla-opt %t.mlir --stablehlo-legalize-to-linalg | xla-opt --xla-fuse-elementwise | FileCheck %s --check-prefix=LONG
// LONG-COUNT-2: linalg.generic
// LONG-NOT: linalg.generic

#map = affine_map<(d0) -> (d0)>

// A chain of four element-wise ops becomes one generic with four ops.
// CHECK-LABEL: func.func @chain(
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @chain(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%1, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.subf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%2, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %3 : tensor<8xf32>
}

// A producer with two uses stays (upstream's control): three generics.
// CHECK-LABEL: func.func @shared(
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
func.func @shared(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.subf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}
