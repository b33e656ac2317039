//===- ChloOps.td - the CHLO ops JAX emits -------------------------------===//
//
// "Client HLO": ops that JAX prints in StableHLO modules but that have no
// StableHLO counterpart (special functions, implicitly broadcasting
// binaries, top_k, ragged_dot, scan), and the seed's ScaledDot, which has no
// StableHLO or CHLO op upstream (`chlo.scaled_dot` is ours, in the style of
// ragged_dot). `chlo-legalize-to-stablehlo` (lowering/src/chlo/) rewrites
// every one of them into StableHLO.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_CHLO_OPS
#define XLA_CHLO_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "xla/Dialect/CHLO/ChloEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "xla/Dialect/StableHLO/StablehloAttrs.td"
include "xla/Dialect/StableHLO/StablehloInferType.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::xla::chlo";
  let summary = "Client HLO ops that JAX emits alongside StableHLO.";
  let description = [{
    Special functions (erf, lgamma, ...), the implicitly broadcasting
    binaries (`broadcast_add`, ...) and `top_k`, with the syntax JAX prints.
    They have no lowering of their own: `chlo-legalize-to-stablehlo`
    decomposes them into StableHLO, so they run wherever StableHLO runs
    (the CPU and the GPU pipeline), on the element types each op's operand
    table below lists.

    ## Coverage of StableHLO's CHLO

    Compared with the op list of StableHLO's `ChloOps.td` (openxla/stablehlo,
    read for issue 15), every op is here:

    - unary: `acos`, `acosh`, `asin`, `asinh`, `atan`, `atanh`, `bessel_i1e`,
      `conj`, `cosh`, `sinh`, `tan`, `digamma`, `erf`, `erf_inv`, `erfc`,
      `is_inf`, `is_neg_inf`, `is_pos_inf`, `lgamma`, `square`;
    - binary: `next_after`, `polygamma`, `zeta`;
    - broadcasting: `broadcast_add`, `broadcast_atan2`, `broadcast_divide`,
      `broadcast_maximum`, `broadcast_minimum`, `broadcast_multiply`,
      `broadcast_next_after`, `broadcast_polygamma`, `broadcast_power`,
      `broadcast_remainder`, `broadcast_shift_left`,
      `broadcast_shift_right_arithmetic`, `broadcast_shift_right_logical`,
      `broadcast_subtract`, `broadcast_zeta`, `broadcast_and`,
      `broadcast_or`, `broadcast_xor`, `broadcast_complex`,
      `broadcast_compare`, `broadcast_select`;
    - others: `constant`, `constant_like`, `top_k`, `ragged_dot`,
      `minimum_broadcast_shapes` (a helper on `index` shape tensors that
      shape-reification passes emit, not JAX);
    - ours beyond that list: `mulhi`, `scan` and `scaled_dot` (the seed's
      Scan and ScaledDot).

    Differences: the broadcasting ops take ranked tensors (no unranked
    ones). `bessel_i1e` takes complex operands, as upstream's operand type
    admits, and computes exp(-|Re z|) I1(z) for them (upstream's
    decomposition handles floats only).
  }];
  let useDefaultAttributePrinterParser = 1;
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<CHLO_Dialect, mnemonic, traits>;

// CHLO_Precision: ChloEnums.td (its own file, so that the enum generators
// do not also emit the StableHLO enums this file includes).

// `#chlo<precision DEFAULT>`, as JAX prints it in ragged_dot's precision_config.
def CHLO_PrecisionAttr : EnumAttr<CHLO_Dialect, CHLO_Precision, "precision">;
def CHLO_ComparisonDirectionAttr
    : EnumAttr<CHLO_Dialect, CHLO_ComparisonDirection, "comparison_direction">;
def CHLO_ComparisonTypeAttr
    : EnumAttr<CHLO_Dialect, CHLO_ComparisonType, "comparison_type">;
def CHLO_PrecisionConfigAttr : TypedArrayAttrBase<CHLO_PrecisionAttr,
    "precision of each operand">;

def CHLO_RaggedDotDimensionNumbersAttr
    : AttrDef<CHLO_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "Dimension numbers of ragged_dot.";
  let description = [{
    `#chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
    lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2],
    lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>`; empty lists
    are omitted (as JAX prints them), fields may come in any order.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsGroupDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

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
// Complex operands as upstream's ChloOps.td admits (HLO_AnyFpOrComplexTensor):
// exp(-|Re z|) I1(z), the scaling of scipy's ive(1, z).
def CHLO_BesselI1eOp : CHLO_SameTypeUnaryOp<"bessel_i1e", CHLO_FpOrComplexTensor,
    "exp(-|Re x|) times the modified Bessel function of the first kind of order 1.">;
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

def CHLO_PolygammaOp : CHLO_SameShapeBinaryOp<"polygamma", CHLO_FpTensor,
    "The n-th derivative of digamma at x (x is n, y is x); n a non-negative integer value.">;
def CHLO_ZetaOp : CHLO_SameShapeBinaryOp<"zeta", CHLO_FpTensor,
    "The Hurwitz zeta function zeta(x, q) = sum over k >= 0 of (q + k)^-x (x is x, y is q).">;

def CHLO_IntTensor : RankedTensorOf<[SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>,
                                     SignedIntOfWidths<[2, 4, 8, 16, 32, 64]>,
                                     UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>]>;

def CHLO_MulhiOp : CHLO_Op<"mulhi", [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "The high half of the double-width product of two integers.";
  let description = [{
    Element-wise: the upper N bits of the exact 2N-bit product `x * y` of
    two N-bit integers, signed for signless and `si` elements, unsigned for
    `ui` elements (`mulhi(-1, 1) = -1`; as `ui8`, `mulhi(255, 255) = 254`).
    Decomposed by `chlo-legalize-to-stablehlo`: a product in twice the
    width for N <= 32, 32-bit halves for N = 64.

    ```mlir
    %r = chlo.mulhi %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
    ```
  }];
  let arguments = (ins CHLO_IntTensor:$x, CHLO_IntTensor:$y);
  let results = (outs CHLO_IntTensor:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)";
}

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
// The broadcasting forms of chlo.polygamma and chlo.zeta (decomposed into
// broadcasts and those ops), and of stablehlo.complex (float parts, a
// complex result).
def CHLO_BroadcastPolygammaOp : CHLO_BroadcastBinaryOp<"broadcast_polygamma", "polygamma", CHLO_FpTensor, CHLO_FpTensor>;
def CHLO_BroadcastZetaOp : CHLO_BroadcastBinaryOp<"broadcast_zeta", "zeta", CHLO_FpTensor, CHLO_FpTensor>;
def CHLO_BroadcastComplexOp : CHLO_BroadcastBinaryOp<"broadcast_complex", "complex",
    RankedTensorOf<[F32, F64]>, RankedTensorOf<[Complex<AnyTypeOf<[F32, F64]>>]>>;

def CHLO_BroadcastCompareOp : CHLO_Op<"broadcast_compare", [Pure]> {
  let summary = "Broadcasting stablehlo.compare.";
  let description = [{
    Broadcasts both operands to the result shape (numpy rules, or
    `broadcast_dimensions` mapping the lower-rank operand's dimensions),
    then compares them as `stablehlo.compare` does. A missing
    `compare_type` is the spec's default for the element type: FLOAT for
    floats and complex, SIGNED for signless and `si` integers, UNSIGNED for
    `ui` integers and `i1`.

    ```mlir
    %r = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>}
           : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    ```
  }];
  let arguments = (ins CHLO_Tensor:$lhs, CHLO_Tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       CHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<CHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs CHLO_PredTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def CHLO_BroadcastSelectOp : CHLO_Op<"broadcast_select", [Pure]> {
  let summary = "Broadcasting stablehlo.select.";
  let description = [{
    Broadcasts `pred`, `on_true` and `on_false` to the result shape (numpy
    rules: aligned at the minor end, size-1 dimensions stretched), then
    selects element by element.

    ```mlir
    %r = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I1]>:$pred, CHLO_Tensor:$on_true, CHLO_Tensor:$on_false);
  let results = (outs CHLO_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
    `(` type($pred) `,` type($on_true) `,` type($on_false) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

def CHLO_ConstantOp : CHLO_Op<"constant", [Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "A tensor literal (as stablehlo.constant).";
  let description = [{
    ```mlir
    %c = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs CHLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
}

def CHLO_ConstantLikeOp : CHLO_Op<"constant_like", [Pure]> {
  let summary = "A splat of `value` with the shape of `operand`.";
  let description = [{
    The result has the operand's shape and the value's type as element
    type.

    ```mlir
    %c = "chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value, CHLO_Tensor:$operand);
  let results = (outs CHLO_Tensor:$result);
  let hasVerifier = 1;
}

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

def CHLO_RaggedDotOp : CHLO_Op<"ragged_dot", [Pure]> {
  let summary = "A dot_general whose lhs is split into groups along one ragged dimension.";
  let description = [{
    `jax.lax.ragged_dot`. In the mode JAX uses by default the ragged
    dimension of lhs is a non-contracting one: its rows are split into
    consecutive groups of `group_sizes[g]` rows, and the rows of group g are
    multiplied with the slice g of rhs along its group dimension (which does
    not appear in the result). Rows past `sum(group_sizes)` give zeros.
    (A ragged contracting dimension adds a leading group dimension to the
    result; a ragged batching dimension needs no group dimension in rhs.)
    Printed in the generic form, as JAX prints it:

    ```mlir
    %r = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>],
        ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
        lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}>
        : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
    ```
  }];
  let arguments = (ins
    RankedTensorOf<[AnyInteger, CHLO_Float, Complex<AnyTypeOf<[F32, F64]>>]>:$lhs,
    RankedTensorOf<[AnyInteger, CHLO_Float, Complex<AnyTypeOf<[F32, F64]>>]>:$rhs,
    RankedTensorOf<[AnySignlessInteger]>:$group_sizes,
    CHLO_RaggedDotDimensionNumbersAttr:$ragged_dot_dimension_numbers,
    OptionalAttr<CHLO_PrecisionConfigAttr>:$precision_config
  );
  let results = (outs RankedTensorOf<[AnyInteger, CHLO_Float, Complex<AnyTypeOf<[F32, F64]>>]>:$result);
  let hasVerifier = 1;
}

// The float types a scaled_dot operand or scale may have: the narrow ones
// of block-scaled formats (MX, NVFP4) and the ordinary ones.
def CHLO_ScaledDotFloat : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4,
    F8E4M3, F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ,
    F8E8M0FNU, F16, BF16, F32, F64]>;

def CHLO_ScaledDotOp : CHLO_Op<"scaled_dot", [Pure, HLO_InferShape]> {
  let summary = "A dot_general of block-scaled operands (XLA: ScaledDot).";
  let description = [{
    The seed's `ScaledDot(lhs, lhs_scale, rhs, rhs_scale, dimension_numbers,
    precision_config, preferred_element_type)`: like `dot_general`, on the
    operands multiplied by their scales. Neither StableHLO nor CHLO has this
    op; this is ours, in the style of `chlo.ragged_dot` (and of MHLO's
    `mhlo.scaled_dot`), with the operands in the seed's order.

    Each scale has its operand's rank, and each of its dimensions divides
    the operand's: along dimension `d` one scale element covers a block of
    `operand_d / scale_d` consecutive operand elements (a scale dimension
    equal to the operand's scales element-wise, a dimension of size 1 scales
    the whole dimension). So

    ```
    lhs'[i...] = lhs[i...] * lhs_scale[i_0 / b_0, ..., i_r / b_r]   (b_d = lhs_d / lhs_scale_d)
    rhs'[j...] = rhs[j...] * rhs_scale[j_0 / c_0, ..., j_r / c_r]
    result = dot_general(lhs', rhs', dot_dimension_numbers)
    ```

    The product with the scale is computed in XLA's dequantization type:
    `bf16` when operand and scale are both narrower than 16 bits (f8 and
    f4 data with f8E8M0 scales), their type when they agree, `f32` for two
    different types of one width, else the wider one. The result element
    type is the preferred element type (any float; inferred: the
    dequantization type); its shape is dot_general's (batch dimensions,
    then lhs then rhs free dimensions). Printed in the generic form:

    ```mlir
    %r = "chlo.scaled_dot"(%lhs, %lhs_scale, %rhs, %rhs_scale) <{dot_dimension_numbers =
        #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}>
        : (tensor<2x8xf32>, tensor<2x2xf32>, tensor<8x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    ```

    Constraints (the ids the verifier tests cite):
    (C1) the batching lists, and the contracting lists, of lhs and rhs have
    the same length; (C2) the batching and contracting dimensions of each
    operand are in range and distinct; (C3) paired batching and paired
    contracting dimensions have the same size; (C4) each scale has its
    operand's rank; (C5) each scale dimension equals or divides the
    operand's; (C6) `precision_config` has 0 or 2 entries; (C7) the result
    has dot_general's shape.
  }];
  let arguments = (ins
    RankedTensorOf<[CHLO_ScaledDotFloat]>:$lhs,
    RankedTensorOf<[CHLO_ScaledDotFloat]>:$lhs_scale,
    RankedTensorOf<[CHLO_ScaledDotFloat]>:$rhs,
    RankedTensorOf<[CHLO_ScaledDotFloat]>:$rhs_scale,
    HLO_DotDimensionNumbersAttr:$dot_dimension_numbers,
    OptionalAttr<CHLO_PrecisionConfigAttr>:$precision_config
  );
  let results = (outs RankedTensorOf<[F16, BF16, F32, F64]>:$result);
}

def CHLO_ScanOp : CHLO_Op<"scan", [HLO_InferType, RecursiveMemoryEffects,
    AttrSizedOperandSegments]> {
  let summary = "Applies a computation along one dimension, carrying state (XLA: Scan).";
  let description = [{
    The seed's `Scan(inputs..., inits..., to_apply, scan_dimension,
    is_reverse, is_associative)`, with StableHLO's `chlo.scan` syntax. With
    `m` inputs, `k` inits and a body returning `n + k` values, step `t` (of
    `N`, the size of `dimension` in the inputs and outputs) runs

    ```
    i = is_reverse ? N - 1 - t : t
    (o_0, ..., o_{n-1}, c_0, ..., c_{k-1}) = body(inputs[i along dimension]..., carries...)
    outputs[j][i along dimension] = o_j;  carries = (c_0, ..., c_{k-1})
    ```

    starting from the inits. The results are the `n` outputs (each body
    output with the dimension of size `N` inserted at `dimension`), then the
    `k` final carries (the inits when `N` is 0). `is_associative` says
    whether the body is associative (a hint; absent means unknown); the
    computation is the sequential one either way.

    ```mlir
    %sums, %total = chlo.scan(%x) inits(%zero) dimension = 0 {
    ^bb0(%e: tensor<f32>, %acc: tensor<f32>):
      %s = stablehlo.add %e, %acc : tensor<f32>
      stablehlo.return %s, %s : tensor<f32>, tensor<f32>
    } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
    ```

    Constraints (the ids the verifier tests cite):
    (C1) `dimension` is in range of every input and of every output
    (0 <= dimension <= the rank of the body's output value); (C2) every
    input has the same size along `dimension`; (C3) the body takes `m + k`
    arguments; (C4) body argument `i < m` has input `i`'s type without
    `dimension`; (C5) body argument `m + j` has init `j`'s type; (C6) the
    body ends with `stablehlo.return` of at least `k` values, the last `k`
    of the inits' types; (C7) there are `n + k` results: the outputs as
    described, then the inits' types; (C8) an input or an output gives the
    length `N` (`m + n > 0`).
  }];
  let arguments = (ins
    Variadic<AnyRankedTensor>:$inputs,
    Variadic<AnyRankedTensor>:$inits,
    I64Attr:$dimension,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_reverse,
    OptionalAttr<BoolAttr>:$is_associative
  );
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  // `(` $inputs `)` `inits` `(` $inits `)` `dimension` `=` $dimension
  // attr-dict-with-keyword $body `:` functional-type(operands, results),
  // written by hand: when what follows the body fails to parse, the body
  // is leaked rather than destroyed, because the parser may have resolved
  // a forward reference from outside to a value defined in it (a use that
  // the destroyed body would leave dangling; found by xla-fuzz).
  let hasCustomAssemblyFormat = 1;
}

def CHLO_MinimumBroadcastShapesOp : CHLO_Op<"minimum_broadcast_shapes", [Pure]> {
  let summary = "The shapes of two or more broadcast operands with the fewest dimensions.";
  let description = [{
    Takes N >= 2 shapes (1-D `index` tensors) of operands that broadcast
    together (numpy-style: right-aligned, a size 1 expands) and returns N
    shapes. Result `i` is a reshape of operand `i`, and broadcasting the
    results gives a reshape of what broadcasting the operands gives; among
    those, each result has the fewest dimensions: adjacent dimensions
    (counted from the right) in which the same operands are broadcast (size
    1 while another operand's size is not 1) are multiplied into one,
    dimensions that are 1 in every operand are dropped, and leading 1s are
    removed. Shapes that do not broadcast together (two sizes other than 1
    differ in one dimension) are returned unchanged.

    ```mlir
    %a, %b = chlo.minimum_broadcast_shapes %s, %t : tensor<6xindex>, tensor<5xindex>
        -> tensor<3xindex>, tensor<2xindex>
    // [1, 2, 3, 1, 2, 1] and [1, 1, 1, 2, 3] give [6, 2, 1] and [2, 3]
    ```

    Constraints (the ids the verifier tests cite): (C1) as many results as
    operands; (C2) at least two operands; (C3) a result of static length is
    no longer than its operand (of static length): merging and dropping
    dimensions never adds one.

    Decomposed by `chlo-legalize-to-stablehlo` into scalar index arithmetic
    on the shapes' elements (`tensor.extract`, `arith`, `tensor.from_elements`),
    computed at run time. The CPU/GPU pipelines need operands and results of
    static length (their tensors have static shapes); a result's static
    length asserts the rank the op computes, as a `tensor.cast` to a static
    type does: the result holds the last entries of the operand-length
    shape, which are the minimal shape when the assertion holds.
  }];
  let arguments = (ins Variadic<1DTensorOf<[Index]>>:$shapes);
  let results = (outs Variadic<1DTensorOf<[Index]>>:$results);
  let assemblyFormat = "$shapes attr-dict `:` type($shapes) `->` type($results)";
  let hasVerifier = 1;
}

#endif // XLA_CHLO_OPS
