// Integer maximum and minimum reductions over long rows and columns, signed
// and unsigned. On the GPU, arith-expand makes their combiners a
// comparison and a select, which xla-gpu-select-minmax turns back into
// arith.maxsi/minui/..., so that the reductions are split into partial
// results (or, with 256 rows or more, one block per row); the
// emulation test (cargo test -p xla-runtime --test integration
// gpu_emulation) runs this file with low split thresholds. Each result is
// compared with the same reduction of the values converted to f64, whose
// float maximum/minimum no integer rewrite touches.
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}4 passed, 0 failed

// Values (i * 7919 + j * 104729) mod 20011 - 10005: negative and positive.
func.func private @signed() -> tensor<300x2048xi32> {
  %i = stablehlo.iota dim = 0 : tensor<300x2048xi32>
  %j = stablehlo.iota dim = 1 : tensor<300x2048xi32>
  %a = stablehlo.constant dense<7919> : tensor<300x2048xi32>
  %b = stablehlo.constant dense<104729> : tensor<300x2048xi32>
  %ia = stablehlo.multiply %i, %a : tensor<300x2048xi32>
  %jb = stablehlo.multiply %j, %b : tensor<300x2048xi32>
  %s = stablehlo.add %ia, %jb : tensor<300x2048xi32>
  %m = stablehlo.constant dense<20011> : tensor<300x2048xi32>
  %h = stablehlo.constant dense<10005> : tensor<300x2048xi32>
  %r = stablehlo.remainder %s, %m : tensor<300x2048xi32>
  %v = stablehlo.subtract %r, %h : tensor<300x2048xi32>
  %x = stablehlo.optimization_barrier %v : tensor<300x2048xi32>
  return %x : tensor<300x2048xi32>
}

func.func @signed_row_max() {
  %x = func.call @signed() : () -> tensor<300x2048xi32>
  %init = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<300x2048xi32>, tensor<i32>) -> tensor<300xi32>
  %f = stablehlo.convert %x : (tensor<300x2048xi32>) -> tensor<300x2048xf64>
  %finit = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %fr = stablehlo.reduce(%f init: %finit) applies stablehlo.maximum across dimensions = [1] : (tensor<300x2048xf64>, tensor<f64>) -> tensor<300xf64>
  %ref = stablehlo.convert %fr : (tensor<300xf64>) -> tensor<300xi32>
  check.expect_eq %r, %ref : tensor<300xi32>
  func.return
}

// A column minimum into an initial value above some columns' minima.
func.func @signed_column_min() {
  %x = func.call @signed() : () -> tensor<300x2048xi32>
  %init = stablehlo.constant dense<-9990> : tensor<i32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.minimum across dimensions = [0] : (tensor<300x2048xi32>, tensor<i32>) -> tensor<2048xi32>
  %f = stablehlo.convert %x : (tensor<300x2048xi32>) -> tensor<300x2048xf64>
  %finit = stablehlo.constant dense<-9990.0> : tensor<f64>
  %fr = stablehlo.reduce(%f init: %finit) applies stablehlo.minimum across dimensions = [0] : (tensor<300x2048xf64>, tensor<f64>) -> tensor<2048xf64>
  %ref = stablehlo.convert %fr : (tensor<2048xf64>) -> tensor<2048xi32>
  check.expect_eq %r, %ref : tensor<2048xi32>
  func.return
}

// ui32 above 2^31 are large, not negative: row minima and maxima.
func.func private @unsigned() -> tensor<256x1024xui32> {
  %i = stablehlo.iota dim = 0 : tensor<256x1024xui32>
  %j = stablehlo.iota dim = 1 : tensor<256x1024xui32>
  %big = stablehlo.constant dense<2654435761> : tensor<256x1024xui32>
  %a = stablehlo.multiply %j, %big : tensor<256x1024xui32>
  %v = stablehlo.add %a, %i : tensor<256x1024xui32>
  %x = stablehlo.optimization_barrier %v : tensor<256x1024xui32>
  return %x : tensor<256x1024xui32>
}

func.func @unsigned_row_min() {
  %x = func.call @unsigned() : () -> tensor<256x1024xui32>
  %init = stablehlo.constant dense<4294967295> : tensor<ui32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.minimum across dimensions = [1] : (tensor<256x1024xui32>, tensor<ui32>) -> tensor<256xui32>
  %f = stablehlo.convert %x : (tensor<256x1024xui32>) -> tensor<256x1024xf64>
  %finit = stablehlo.constant dense<4294967295.0> : tensor<f64>
  %fr = stablehlo.reduce(%f init: %finit) applies stablehlo.minimum across dimensions = [1] : (tensor<256x1024xf64>, tensor<f64>) -> tensor<256xf64>
  %ref = stablehlo.convert %fr : (tensor<256xf64>) -> tensor<256xui32>
  check.expect_eq %r, %ref : tensor<256xui32>
  func.return
}

func.func @unsigned_row_max() {
  %x = func.call @unsigned() : () -> tensor<256x1024xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<256x1024xui32>, tensor<ui32>) -> tensor<256xui32>
  %f = stablehlo.convert %x : (tensor<256x1024xui32>) -> tensor<256x1024xf64>
  %finit = stablehlo.constant dense<0.0> : tensor<f64>
  %fr = stablehlo.reduce(%f init: %finit) applies stablehlo.maximum across dimensions = [1] : (tensor<256x1024xf64>, tensor<f64>) -> tensor<256xf64>
  %ref = stablehlo.convert %fr : (tensor<256xf64>) -> tensor<256xui32>
  check.expect_eq %r, %ref : tensor<256xui32>
  func.return
}
