//===- ChloOps.td - the CHLO ops JAX emits -------------------------------===//
//
// "Client HLO": ops that JAX prints in StableHLO modules but that have no
// StableHLO counterpart (special functions, implicitly broadcasting
// binaries, top_k). `chlo-legalize-to-stablehlo` (lowering/src/chlo.rs)
// rewrites every one of them into StableHLO.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_CHLO_OPS
#define XLA_CHLO_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::xla::chlo";
  let summary = "Client HLO ops that JAX emits alongside StableHLO.";
  let description = [{
    Special functions (erf, lgamma, ...), the implicitly broadcasting
    binaries (`broadcast_add`, ...) and `top_k`, with the syntax JAX prints.
    They have no lowering of their own: `chlo-legalize-to-stablehlo`
    decomposes them into StableHLO.
  }];
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<CHLO_Dialect, mnemonic, traits>;

def CHLO_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def CHLO_FpTensor : RankedTensorOf<[CHLO_Float]>;
def CHLO_FpOrComplexTensor : RankedTensorOf<[CHLO_Float, Complex<AnyTypeOf<[F32, F64]>>]>;
def CHLO_Tensor : RankedTensorOf<[I1, AnyInteger, CHLO_Float, Complex<AnyTypeOf<[F32, F64]>>]>;
def CHLO_PredTensor : RankedTensorOf<[I1]>;

// `chlo.erf %x : tensor<4xf32> -> tensor<4xf32>`
class CHLO_UnaryOp<string mnemonic, Type operandType, Type resultType, string what>
    : CHLO_Op<mnemonic, [Pure, SameOperandsAndResultShape]> {
  let summary = what;
  let description = [{
    Element-wise. Decomposed by `chlo-legalize-to-stablehlo`.

    ```mlir
    %r = chlo.}] # mnemonic # [{ %x : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

class CHLO_SameTypeUnaryOp<string mnemonic, Type type, string what>
    : CHLO_UnaryOp<mnemonic, type, type, what> {
  let traits = [Pure, SameOperandsAndResultShape, AllTypesMatch<["operand", "result"]>];
}

def CHLO_AcosOp : CHLO_SameTypeUnaryOp<"acos", CHLO_FpOrComplexTensor, "Arc cosine.">;
def CHLO_AcoshOp : CHLO_SameTypeUnaryOp<"acosh", CHLO_FpOrComplexTensor, "Inverse hyperbolic cosine.">;
def CHLO_AsinOp : CHLO_SameTypeUnaryOp<"asin", CHLO_FpOrComplexTensor, "Arc sine.">;
def CHLO_AsinhOp : CHLO_SameTypeUnaryOp<"asinh", CHLO_FpOrComplexTensor, "Inverse hyperbolic sine.">;
def CHLO_AtanOp : CHLO_SameTypeUnaryOp<"atan", CHLO_FpOrComplexTensor, "Arc tangent.">;
def CHLO_AtanhOp : CHLO_SameTypeUnaryOp<"atanh", CHLO_FpOrComplexTensor, "Inverse hyperbolic tangent.">;
def CHLO_CoshOp : CHLO_SameTypeUnaryOp<"cosh", CHLO_FpOrComplexTensor, "Hyperbolic cosine.">;
def CHLO_SinhOp : CHLO_SameTypeUnaryOp<"sinh", CHLO_FpOrComplexTensor, "Hyperbolic sine.">;
def CHLO_TanOp : CHLO_SameTypeUnaryOp<"tan", CHLO_FpOrComplexTensor, "Tangent.">;
def CHLO_ConjOp : CHLO_SameTypeUnaryOp<"conj", CHLO_FpOrComplexTensor, "Complex conjugate.">;
def CHLO_SquareOp : CHLO_SameTypeUnaryOp<"square", CHLO_Tensor, "x * x.">;
def CHLO_ErfOp : CHLO_SameTypeUnaryOp<"erf", CHLO_FpTensor, "Error function.">;
def CHLO_ErfcOp : CHLO_SameTypeUnaryOp<"erfc", CHLO_FpTensor, "Complementary error function.">;
def CHLO_ErfInvOp : CHLO_SameTypeUnaryOp<"erf_inv", CHLO_FpTensor, "Inverse error function.">;
def CHLO_LgammaOp : CHLO_SameTypeUnaryOp<"lgamma", CHLO_FpTensor, "Log of the absolute value of the gamma function.">;
def CHLO_DigammaOp : CHLO_SameTypeUnaryOp<"digamma", CHLO_FpTensor, "Derivative of lgamma.">;
def CHLO_IsInfOp : CHLO_UnaryOp<"is_inf", CHLO_FpTensor, CHLO_PredTensor, "Whether an element is +inf or -inf.">;
def CHLO_IsPosInfOp : CHLO_UnaryOp<"is_pos_inf", CHLO_FpTensor, CHLO_PredTensor, "Whether an element is +inf.">;
def CHLO_IsNegInfOp : CHLO_UnaryOp<"is_neg_inf", CHLO_FpTensor, CHLO_PredTensor, "Whether an element is -inf.">;

// `chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`
class CHLO_SameShapeBinaryOp<string mnemonic, Type type, string what>
    : CHLO_Op<mnemonic, [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = what;
  let description = [{
    Element-wise on operands of one shape. Decomposed by
    `chlo-legalize-to-stablehlo`.

    ```mlir
    %r = chlo.}] # mnemonic # [{ %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins type:$x, type:$y);
  let results = (outs type:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)";
}

def CHLO_NextAfterOp : CHLO_SameShapeBinaryOp<"next_after", CHLO_FpTensor,
    "The next representable value after x in the direction of y.">;

// The implicitly broadcasting binaries:
// `chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>`
class CHLO_BroadcastBinaryOp<string mnemonic, string stablehlo, Type type, Type resultType>
    : CHLO_Op<mnemonic, [Pure]> {
  let summary = "Broadcasting stablehlo." # stablehlo # ".";
  let description = [{
    Broadcasts both operands to the result shape (numpy rules, or
    `broadcast_dimensions` mapping the lower-rank operand's dimensions),
    then applies `stablehlo.}] # stablehlo # [{`.

    ```mlir
    %r = chlo.}] # mnemonic # [{ %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins type:$lhs, type:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def CHLO_BroadcastAddOp : CHLO_BroadcastBinaryOp<"broadcast_add", "add", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastSubOp : CHLO_BroadcastBinaryOp<"broadcast_subtract", "subtract", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastMulOp : CHLO_BroadcastBinaryOp<"broadcast_multiply", "multiply", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastDivOp : CHLO_BroadcastBinaryOp<"broadcast_divide", "divide", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastRemOp : CHLO_BroadcastBinaryOp<"broadcast_remainder", "remainder", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastMaxOp : CHLO_BroadcastBinaryOp<"broadcast_maximum", "maximum", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastMinOp : CHLO_BroadcastBinaryOp<"broadcast_minimum", "minimum", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastPowOp : CHLO_BroadcastBinaryOp<"broadcast_power", "power", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastAtan2Op : CHLO_BroadcastBinaryOp<"broadcast_atan2", "atan2", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastAndOp : CHLO_BroadcastBinaryOp<"broadcast_and", "and", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastOrOp : CHLO_BroadcastBinaryOp<"broadcast_or", "or", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastXorOp : CHLO_BroadcastBinaryOp<"broadcast_xor", "xor", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastShiftLeftOp : CHLO_BroadcastBinaryOp<"broadcast_shift_left", "shift_left", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastShiftRightArithmeticOp : CHLO_BroadcastBinaryOp<"broadcast_shift_right_arithmetic", "shift_right_arithmetic", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastShiftRightLogicalOp : CHLO_BroadcastBinaryOp<"broadcast_shift_right_logical", "shift_right_logical", CHLO_Tensor, CHLO_Tensor>;
def CHLO_BroadcastNextAfterOp : CHLO_BroadcastBinaryOp<"broadcast_next_after", "next_after", CHLO_FpTensor, CHLO_FpTensor>;

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure]> {
  let summary = "The k largest elements along the last dimension, and their indices.";
  let description = [{
    Sorted descending; equal values keep their order (lower index first),
    NaN counts as larger than every number.

    ```mlir
    %values, %indices = chlo.top_k(%x, k = 3) : tensor<2x7xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
    ```
  }];
  let arguments = (ins RankedTensorOf<[AnyInteger, CHLO_Float]>:$operand, I64Attr:$k);
  let results = (outs RankedTensorOf<[AnyInteger, CHLO_Float]>:$values, RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:` type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

#endif // XLA_CHLO_OPS
