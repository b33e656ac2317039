// StableHLO programs have no recursion: a call cycle is refused with an
// error at the call that closes it (issue 19: `@main` calling `@main`
// overflowed the stack at run time).
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

func.func @main(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{recursion is not supported: @main calls itself (StableHLO programs have no recursion)}}
  %r = func.call @main(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %r = func.call @f(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func private @f(%a: tensor<f32>) -> tensor<f32> {
  %r = func.call @g(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func private @g(%a: tensor<f32>) -> tensor<f32> {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    // expected-error @+1 {{recursion is not supported: call cycle @f -> @g -> @f}}
    %s = func.call @f(%a) : (tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A function called from several places (a diamond) is not a cycle.
func.func @diamond(%a: tensor<f32>) -> tensor<f32> {
  %r = func.call @f(%a) : (tensor<f32>) -> tensor<f32>
  %s = func.call @g(%a) : (tensor<f32>) -> tensor<f32>
  %t = stablehlo.add %r, %s : tensor<f32>
  return %t : tensor<f32>
}
func.func private @f(%a: tensor<f32>) -> tensor<f32> {
  %r = func.call @g(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func private @g(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
