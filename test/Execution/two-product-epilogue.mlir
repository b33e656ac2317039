// Output fusion of x @ W + h @ U (+ bias, tanh: a recurrent cell). On
// tensors, xla-epilogue-in-place moves one product right before the
// consumer and makes the consumer write over the other product (or over
// the loop's state, inside a loop); the kernel of the moved product then
// applies the consumer to its tiles and stores them there, so that product
// never needs a buffer. Each result is compared with the same computation
// in f64; unfused, on other tiles and thread counts, the results match too.
// RUN: xla-run --check %s | FileCheck %s
// RUN: xla-run --check --contraction-tile 3,1 --threads 8 %s | FileCheck %s
// RUN: xla-run --check --contraction-lanes 8 --threads 1 %s | FileCheck %s
// RUN: xla-run --check --fusion=off %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}2 passed, 0 failed
// Both cells' first product (x @ w, at lines 57 and 109) is fused and
// stored over the other product, or over the loop's state.
// RUN: xla-run --check --report=fusion %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: epilogue fused: contraction@57, consumer@62
// REPORT: epilogue fused: contraction@109, consumer@114

func.func private @input(%scale: tensor<f32>) -> tensor<32x64xf32> {
  %i = stablehlo.iota dim = 0 : tensor<32x64xf32>
  %j = stablehlo.iota dim = 1 : tensor<32x64xf32>
  %a = stablehlo.constant dense<0.37> : tensor<32x64xf32>
  %s = stablehlo.broadcast_in_dim %scale, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
  %ai = stablehlo.multiply %i, %a : tensor<32x64xf32>
  %sj = stablehlo.multiply %j, %s : tensor<32x64xf32>
  %t = stablehlo.add %ai, %sj : tensor<32x64xf32>
  %x = stablehlo.sine %t : tensor<32x64xf32>
  return %x : tensor<32x64xf32>
}

func.func private @weights(%scale: tensor<f32>) -> tensor<64x96xf32> {
  %i = stablehlo.iota dim = 0 : tensor<64x96xf32>
  %j = stablehlo.iota dim = 1 : tensor<64x96xf32>
  %s = stablehlo.broadcast_in_dim %scale, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
  %c = stablehlo.constant dense<0.71> : tensor<64x96xf32>
  %si = stablehlo.multiply %i, %s : tensor<64x96xf32>
  %cj = stablehlo.multiply %j, %c : tensor<64x96xf32>
  %t = stablehlo.add %si, %cj : tensor<64x96xf32>
  %w = stablehlo.cosine %t : tensor<64x96xf32>
  %k = stablehlo.constant dense<0.125> : tensor<64x96xf32>
  %r = stablehlo.multiply %w, %k : tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

// tanh(x @ w + y @ u + b) once: the consumer writes over y @ u.
func.func @cell_value() -> tensor<32x96xf32> {
  %c1 = stablehlo.constant dense<1.3> : tensor<f32>
  %c2 = stablehlo.constant dense<0.9> : tensor<f32>
  %c3 = stablehlo.constant dense<0.45> : tensor<f32>
  %c4 = stablehlo.constant dense<1.7> : tensor<f32>
  %x = func.call @input(%c1) : (tensor<f32>) -> tensor<32x64xf32>
  %y = func.call @input(%c2) : (tensor<f32>) -> tensor<32x64xf32>
  %w = func.call @weights(%c3) : (tensor<f32>) -> tensor<64x96xf32>
  %u = func.call @weights(%c4) : (tensor<f32>) -> tensor<64x96xf32>
  %b = stablehlo.constant dense<[-0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09]> : tensor<96xf32>
  %xw = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
  %yu = stablehlo.dot_general %y, %u, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
  %s = stablehlo.add %xw, %yu : tensor<32x96xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<96xf32>) -> tensor<32x96xf32>
  %sb = stablehlo.add %s, %bb : tensor<32x96xf32>
  %r = stablehlo.tanh %sb : tensor<32x96xf32>
  return %r : tensor<32x96xf32>
}

func.func @cell() {
  %r = func.call @cell_value() : () -> tensor<32x96xf32>
  %c1 = stablehlo.constant dense<1.3> : tensor<f32>
  %c2 = stablehlo.constant dense<0.9> : tensor<f32>
  %c3 = stablehlo.constant dense<0.45> : tensor<f32>
  %c4 = stablehlo.constant dense<1.7> : tensor<f32>
  %x = func.call @input(%c1) : (tensor<f32>) -> tensor<32x64xf32>
  %y = func.call @input(%c2) : (tensor<f32>) -> tensor<32x64xf32>
  %w = func.call @weights(%c3) : (tensor<f32>) -> tensor<64x96xf32>
  %u = func.call @weights(%c4) : (tensor<f32>) -> tensor<64x96xf32>
  %b = stablehlo.constant dense<[-0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0.00, -0.01, -0.02, -0.03, -0.04, -0.05, -0.06, -0.07, -0.08, -0.09]> : tensor<96xf32>
  %x64 = stablehlo.convert %x : (tensor<32x64xf32>) -> tensor<32x64xf64>
  %y64 = stablehlo.convert %y : (tensor<32x64xf32>) -> tensor<32x64xf64>
  %w64 = stablehlo.convert %w : (tensor<64x96xf32>) -> tensor<64x96xf64>
  %u64 = stablehlo.convert %u : (tensor<64x96xf32>) -> tensor<64x96xf64>
  %b64 = stablehlo.convert %b : (tensor<96xf32>) -> tensor<96xf64>
  %xw64 = stablehlo.dot_general %x64, %w64, contracting_dims = [1] x [0] : (tensor<32x64xf64>, tensor<64x96xf64>) -> tensor<32x96xf64>
  %yu64 = stablehlo.dot_general %y64, %u64, contracting_dims = [1] x [0] : (tensor<32x64xf64>, tensor<64x96xf64>) -> tensor<32x96xf64>
  %s64 = stablehlo.add %xw64, %yu64 : tensor<32x96xf64>
  %bb64 = stablehlo.broadcast_in_dim %b64, dims = [1] : (tensor<96xf64>) -> tensor<32x96xf64>
  %sb64 = stablehlo.add %s64, %bb64 : tensor<32x96xf64>
  %r64 = stablehlo.tanh %sb64 : tensor<32x96xf64>
  %ref = stablehlo.convert %r64 : (tensor<32x96xf64>) -> tensor<32x96xf32>
  // The difference, not %r itself, is returned to the checker: %r stays a
  // temporary (a product computed in a result's buffer is not fused).
  %d = stablehlo.subtract %r, %ref : tensor<32x96xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<32x96xf32>
  check.expect_almost_eq %d, %zero, tolerance = 1.0e-5 : tensor<32x96xf32>
  func.return
}

// Six steps of h = tanh(x @ w + h @ u + b) in a while loop (the state in
// place): the consumer writes the new state over the old one, after h @ u
// has read it; x @ w is fused and stored straight into the state.
func.func private @rnn(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %u: tensor<64x64xf32>, %b: tensor<64xf32>) -> tensor<32x64xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<32x64xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %h = %zero) : tensor<i32>, tensor<32x64xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %xw = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %hu = stablehlo.dot_general %h, %u, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32>
    %s = stablehlo.add %xw, %hu : tensor<32x64xf32>
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<32x64xf32>
    %sb = stablehlo.add %s, %bb : tensor<32x64xf32>
    %hn = stablehlo.tanh %sb : tensor<32x64xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %in = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %in, %hn : tensor<i32>, tensor<32x64xf32>
  }
  return %r#1 : tensor<32x64xf32>
}

func.func private @rnn64(%x: tensor<32x64xf64>, %w: tensor<64x64xf64>, %u: tensor<64x64xf64>, %b: tensor<64xf64>) -> tensor<32x64xf64> {
  %zero = stablehlo.constant dense<0.0> : tensor<32x64xf64>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %h = %zero) : tensor<i32>, tensor<32x64xf64>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %xw = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<32x64xf64>, tensor<64x64xf64>) -> tensor<32x64xf64>
    %hu = stablehlo.dot_general %h, %u, contracting_dims = [1] x [0] : (tensor<32x64xf64>, tensor<64x64xf64>) -> tensor<32x64xf64>
    %s = stablehlo.add %xw, %hu : tensor<32x64xf64>
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf64>) -> tensor<32x64xf64>
    %sb = stablehlo.add %s, %bb : tensor<32x64xf64>
    %hn = stablehlo.tanh %sb : tensor<32x64xf64>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %in = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %in, %hn : tensor<i32>, tensor<32x64xf64>
  }
  return %r#1 : tensor<32x64xf64>
}

func.func @recurrent_value() -> tensor<32x64xf32> {
  %c1 = stablehlo.constant dense<1.3> : tensor<f32>
  %c3 = stablehlo.constant dense<0.45> : tensor<f32>
  %c4 = stablehlo.constant dense<1.7> : tensor<f32>
  %x = func.call @input(%c1) : (tensor<f32>) -> tensor<32x64xf32>
  %wf = func.call @weights(%c3) : (tensor<f32>) -> tensor<64x96xf32>
  %uf = func.call @weights(%c4) : (tensor<f32>) -> tensor<64x96xf32>
  %w = stablehlo.slice %wf [0:64, 0:64] : (tensor<64x96xf32>) -> tensor<64x64xf32>
  %u = stablehlo.slice %uf [0:64, 32:96] : (tensor<64x96xf32>) -> tensor<64x64xf32>
  %b = stablehlo.constant dense<[-0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00]> : tensor<64xf32>
  %h = func.call @rnn(%x, %w, %u, %b) : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<32x64xf32>
  return %h : tensor<32x64xf32>
}

func.func @recurrent() {
  %h = func.call @recurrent_value() : () -> tensor<32x64xf32>
  %c1 = stablehlo.constant dense<1.3> : tensor<f32>
  %c3 = stablehlo.constant dense<0.45> : tensor<f32>
  %c4 = stablehlo.constant dense<1.7> : tensor<f32>
  %x = func.call @input(%c1) : (tensor<f32>) -> tensor<32x64xf32>
  %wf = func.call @weights(%c3) : (tensor<f32>) -> tensor<64x96xf32>
  %uf = func.call @weights(%c4) : (tensor<f32>) -> tensor<64x96xf32>
  %w = stablehlo.slice %wf [0:64, 0:64] : (tensor<64x96xf32>) -> tensor<64x64xf32>
  %u = stablehlo.slice %uf [0:64, 32:96] : (tensor<64x96xf32>) -> tensor<64x64xf32>
  %b = stablehlo.constant dense<[-0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00, -0.10, 0.14, 0.04, -0.06, -0.16, 0.08, -0.02, -0.12, 0.12, 0.02, -0.08, 0.16, 0.06, -0.04, -0.14, 0.10, 0.00]> : tensor<64xf32>
  %x64 = stablehlo.convert %x : (tensor<32x64xf32>) -> tensor<32x64xf64>
  %w64 = stablehlo.convert %w : (tensor<64x64xf32>) -> tensor<64x64xf64>
  %u64 = stablehlo.convert %u : (tensor<64x64xf32>) -> tensor<64x64xf64>
  %b64 = stablehlo.convert %b : (tensor<64xf32>) -> tensor<64xf64>
  %h64 = func.call @rnn64(%x64, %w64, %u64, %b64) : (tensor<32x64xf64>, tensor<64x64xf64>, tensor<64x64xf64>, tensor<64xf64>) -> tensor<32x64xf64>
  %ref = stablehlo.convert %h64 : (tensor<32x64xf64>) -> tensor<32x64xf32>
  %d = stablehlo.subtract %h, %ref : tensor<32x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<32x64xf32>
  check.expect_almost_eq %d, %zero, tolerance = 2.0e-5 : tensor<32x64xf32>
  func.return
}
