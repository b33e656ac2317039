// The chlo.scan verifier: one case per constraint (the ids of the op's
// description, docs/ops/chlo.md).
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// (C1) the scan dimension is in range of every input.
func.func @scan_c1_input(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scan' op scan dimension 2 is out of range for input 0 of type 'tensor<2x3xf32>'}}
  %0:2 = chlo.scan(%x) inits(%c) dimension = 2 {
  ^bb0(%e: tensor<3xf32>, %a: tensor<3xf32>):
    stablehlo.return %e, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// (C1) ... and of every output (a rank-0 body output takes dimension 0 only).
func.func @scan_c1_output(%c: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'chlo.scan' op scan dimension 1 is out of range for body output 0 of type 'tensor<f32>'}}
  %0:2 = chlo.scan() inits(%c) dimension = 1 {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a, %a : tensor<f32>, tensor<f32>
  } : (tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// -----

// (C2) all inputs have one length along the scan dimension.
func.func @scan_c2(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.scan' op inputs must have one size along the scan dimension, but input 1 has 3 where an earlier one has 4}}
  %0 = chlo.scan(%x, %y) inits() dimension = 0 {
  ^bb0(%e: tensor<f32>, %f: tensor<f32>):
    stablehlo.return %e : tensor<f32>
  } : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (C3) the body takes one argument per input and per init.
func.func @scan_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scan' op body must take 1 arguments (1 input elements, then 0 carries), got 2}}
  %0 = chlo.scan(%x) inits() dimension = 0 {
  ^bb0(%e: tensor<3xf32>, %a: tensor<3xf32>):
    stablehlo.return %e : tensor<3xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (C4) an input element is the input without the scan dimension.
func.func @scan_c4(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'chlo.scan' op body argument 0 has type 'tensor<2xf32>', but input 0 gives elements of type 'tensor<3xf32>'}}
  %0 = chlo.scan(%x) inits() dimension = 0 {
  ^bb0(%e: tensor<2xf32>):
    stablehlo.return %e : tensor<2xf32>
  } : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// (C5) a carry argument has its init's type.
func.func @scan_c5(%x: tensor<2x3xf32>, %c: tensor<3xi32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'chlo.scan' op body argument 1 (carry 0) has type 'tensor<3xf32>', but init 0 has type 'tensor<3xi32>'}}
  %0:2 = chlo.scan(%x) inits(%c) dimension = 0 {
  ^bb0(%e: tensor<3xf32>, %a: tensor<3xf32>):
    stablehlo.return %e, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<3xi32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// (C6) the body ends with stablehlo.return ...
func.func @scan_c6_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.scan' op body must end with stablehlo.return}}
  %0 = chlo.scan(%x) inits() dimension = 0 {
  ^bb0(%e: tensor<f32>):
    func.return %e : tensor<f32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (C6) ... whose last values are carries of the inits' types.
func.func @scan_c6_carry(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.scan' op body returns carry 0 of type 'tensor<f64>', but init 0 has type 'tensor<f32>'}}
  %0:2 = chlo.scan(%x) inits(%c) dimension = 0 {
  ^bb0(%e: tensor<f32>, %a: tensor<f32>):
    %w = stablehlo.convert %a : (tensor<f32>) -> tensor<f64>
    stablehlo.return %e, %w : tensor<f32>, tensor<f64>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0 : tensor<4xf32>
}

// -----

// (C7) the outputs are the body's outputs stacked along the scan dimension.
func.func @scan_c7(%x: tensor<4x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'chlo.scan' op result type 'tensor<2x4xf32>' does not match the inferred type 'tensor<4x2xf32>'}}
  %0 = chlo.scan(%x) inits() dimension = 0 {
  ^bb0(%e: tensor<2xf32>):
    stablehlo.return %e : tensor<2xf32>
  } : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// (C7) one result per output and per carry.
func.func @scan_c7_count(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.scan' op has 1 result(s), but the operands give 2}}
  %0 = chlo.scan(%x) inits(%c) dimension = 0 {
  ^bb0(%e: tensor<f32>, %a: tensor<f32>):
    stablehlo.return %e, %a : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (C8) an input or an output gives the scan length.
func.func @scan_c8(%c: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'chlo.scan' op needs at least one input or output to give the scan length}}
  %0 = chlo.scan() inits(%c) dimension = 0 {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  } : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
