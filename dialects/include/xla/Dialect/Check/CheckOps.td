//===- CheckOps.td - self-checking execution tests -----------------------===//
//
// StableHLO's test syntax: a function without arguments computes values and
// states what they must be. `xla-run --check` runs every such function and
// reports each failed expectation at its location.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_CHECK_OPS
#define XLA_CHECK_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::xla::check";
  let summary = "Expectations on computed tensors, for execution tests.";
  let description = [{
    Ops that state what a value must be. They have no lowering: `xla-run
    --check` turns each function's expectations into extra results, runs the
    function and compares on the host.
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "The two tensors are equal, element by element (NaN equals NaN).";
  let description = [{
    ```mlir
    check.expect_eq %a, %b : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "The tensor equals a constant (NaN equals NaN).";
  let description = [{
    ```mlir
    check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, ElementsAttr:$value);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "The tensors agree within an absolute tolerance (default 1e-4).";
  let description = [{
    Floats (and complex parts) within `tolerance`; integers exactly.

    ```mlir
    check.expect_almost_eq %a, %b, tolerance = 1.0e-3 : tensor<2xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                       DefaultValuedAttr<F64Attr, "1.0e-4">:$tolerance);
  let hasCustomAssemblyFormat = 1;
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary = "The tensor agrees with a constant within an absolute tolerance (default 1e-4).";
  let description = [{
    ```mlir
    check.expect_almost_eq_const %a, dense<[0.5, 0.25]> : tensor<2xf32>
    check.expect_almost_eq_const %a, dense<[0.5, 0.25]> : tensor<2xf32>, tolerance = 1.0e-2
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, ElementsAttr:$value,
                       DefaultValuedAttr<F64Attr, "1.0e-4">:$tolerance);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Check_ExpectCloseOp : Check_Op<"expect_close", [AllTypesMatch<["actual", "expected"]>]> {
  let summary = "Float or complex tensors within a number of units in the last place.";
  let description = [{
    Each element pair differs by at least `min_ulp_difference` (default 0)
    and at most `max_ulp_difference` ulps (default 3), counted in the
    element type (for complex elements, the larger distance of the two
    parts); NaN only matches NaN. Both bounds are 64-bit integers of any signedness (StableHLO's
    tests write `{max_ulp_difference = 10 : ui64}`), not negative.

    ```mlir
    check.expect_close %a, %b, max_ulp_difference = 2 : tensor<2xf32>, tensor<2xf32>
    check.expect_close %a, %b, max_ulp_difference = 1, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, AnyRankedTensor:$expected,
                       OptionalAttr<AnyI64Attr>:$max_ulp_difference,
                       OptionalAttr<AnyI64Attr>:$min_ulp_difference);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // XLA_CHECK_OPS
