//===- StablehloOps.td - StableHLO-compatible operations -----------------===//
//
// Each op carries the semantics of the XLA operation of the same name in the
// seed documents (../shared/seeds), and the syntax StableHLO prints, so that
// `jax.jit(f).lower(...).as_text()` parses unmodified.
//
// Verification lives in C++ (lib/StableHLO/StablehloOps.cpp); the custom
// directives used below (`SameOperandsAndResultType`, `SelectOpType`) are
// defined there too.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_OPS
#define XLA_STABLEHLO_OPS

include "xla/Dialect/StableHLO/StablehloDialect.td"
include "xla/Dialect/StableHLO/StablehloEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "xla/Dialect/StableHLO/StablehloAttrs.td"

include "xla/Dialect/StableHLO/StablehloInferType.td"

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def StableHLO_ConstantOp : StableHLO_Op<"constant", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "A tensor literal (XLA: ConstantLiteral).";
  let description = [{
    Produces a tensor whose type and contents are those of `value`.

    ```mlir
    %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```

    A quantized constant (generic form) holds its storage integers: `value`
    is an integer tensor of the result's shape and storage width.

    ```mlir
    %q = "stablehlo.constant"() {value = dense<[3, 5]> : tensor<2xi8>}
           : () -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_TensorOrQuant:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise unary operations
//===----------------------------------------------------------------------===//

class StableHLO_UnaryElementwiseOp<string mnemonic, Type operandType,
                                   string xlaName, bit hasAccuracy = 0>
    : StableHLO_Op<mnemonic, [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Element-wise " # mnemonic # " (XLA: " # xlaName # ").";
  let description = [{
    Applies the operation to every element of `operand`.

    ```mlir
    %r = stablehlo.}] # mnemonic # [{ %x : tensor<4xf32>
    ```
  }];
  let arguments = !if(hasAccuracy,
      (ins operandType:$operand, OptionalAttr<HLO_ResultAccuracyAttr>:$result_accuracy),
      (ins operandType:$operand));
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::xla::stablehlo::inferElementwiseOp(location, getOperationName(),
          adaptor.getOperands().getTypes(), ::mlir::Type(), true, types);
    }
  }];
}

// The transcendental ops, which take an optional `result_accuracy`
// (`{result_accuracy = #stablehlo.result_accuracy<...>}` in the attribute
// dictionary); see HLO_ResultAccuracyAttr for what the lowerings do with it.
class StableHLO_TranscendentalOp<string mnemonic, Type operandType, string xlaName>
    : StableHLO_UnaryElementwiseOp<mnemonic, operandType, xlaName, 1>;

def StableHLO_AbsOp : StableHLO_Op<"abs", [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Element-wise absolute value (XLA: Abs).";
  let description = [{
    `|x|`; for complex elements the modulus, a real number, so
    `abs(tensor<4xcomplex<f32>>)` is a `tensor<4xf32>`. For signed integers
    `abs(INT_MIN) = INT_MIN`.

    ```mlir
    %r = stablehlo.abs %x : tensor<4xf32>
    %m = stablehlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_IntFpComplexOrQuantTensor:$operand);
  let results = (outs AnyTypeOf<[HLO_IntOrFpTensor, HLO_QuantizedTensor]>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}
def StableHLO_NegOp : StableHLO_UnaryElementwiseOp<"negate", HLO_IntFpComplexOrQuantTensor, "Neg">;
def StableHLO_ExpOp : StableHLO_TranscendentalOp<"exponential", HLO_FpComplexOrQuantTensor, "Exp">;
def StableHLO_LogOp : StableHLO_TranscendentalOp<"log", HLO_FpComplexOrQuantTensor, "Log">;
def StableHLO_TanhOp : StableHLO_TranscendentalOp<"tanh", HLO_FpComplexOrQuantTensor, "Tanh">;
def StableHLO_SqrtOp : StableHLO_TranscendentalOp<"sqrt", HLO_FpComplexOrQuantTensor, "Sqrt">;
def StableHLO_RsqrtOp : StableHLO_TranscendentalOp<"rsqrt", HLO_FpComplexOrQuantTensor, "Rsqrt">;
def StableHLO_NotOp : StableHLO_UnaryElementwiseOp<"not", HLO_PredOrIntTensor, "Not">;
def StableHLO_FloorOp : StableHLO_UnaryElementwiseOp<"floor", HLO_FpOrQuantTensor, "Floor">;
def StableHLO_CeilOp : StableHLO_UnaryElementwiseOp<"ceil", HLO_FpOrQuantTensor, "Ceil">;
def StableHLO_SineOp : StableHLO_TranscendentalOp<"sine", HLO_FpComplexOrQuantTensor, "Sin">;
def StableHLO_CosineOp : StableHLO_TranscendentalOp<"cosine", HLO_FpComplexOrQuantTensor, "Cos">;
def StableHLO_TanOp : StableHLO_TranscendentalOp<"tan", HLO_FpComplexOrQuantTensor, "Tan">;
def StableHLO_LogisticOp : StableHLO_TranscendentalOp<"logistic", HLO_FpComplexOrQuantTensor, "Logistic">;
def StableHLO_Expm1Op : StableHLO_TranscendentalOp<"exponential_minus_one", HLO_FpComplexOrQuantTensor, "Expm1">;
def StableHLO_Log1pOp : StableHLO_TranscendentalOp<"log_plus_one", HLO_FpComplexOrQuantTensor, "Log1p">;
def StableHLO_CbrtOp : StableHLO_TranscendentalOp<"cbrt", HLO_FpComplexOrQuantTensor, "Cbrt">;
def StableHLO_RoundNearestEvenOp : StableHLO_UnaryElementwiseOp<"round_nearest_even", HLO_FpOrQuantTensor, "RoundNearestEven">;
def StableHLO_RoundOp : StableHLO_UnaryElementwiseOp<"round_nearest_afz", HLO_FpOrQuantTensor, "RoundNearestAfz">;
def StableHLO_SignOp : StableHLO_UnaryElementwiseOp<"sign", HLO_IntFpComplexOrQuantTensor, "Sign">;
def StableHLO_PopulationCountOp : StableHLO_UnaryElementwiseOp<"popcnt", HLO_IntTensor, "PopulationCount">;
def StableHLO_ClzOp : StableHLO_UnaryElementwiseOp<"count_leading_zeros", HLO_IntTensor, "Clz">;

def StableHLO_IsFiniteOp : StableHLO_Op<"is_finite", [HLO_InferType, Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Whether each element is finite (XLA: IsFinite).";
  let description = [{
    True where the element is neither infinite nor NaN.

    ```mlir
    %r = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantTensor:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = "$x attr-dict `:` functional-type(operands, results)";
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::xla::stablehlo::inferElementwiseOp(location, getOperationName(),
          adaptor.getOperands().getTypes(), ::mlir::IntegerType::get(context, 1), true, types);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Element-wise binary operations
//===----------------------------------------------------------------------===//

class StableHLO_BinaryElementwiseOp<string mnemonic, Type operandType,
                                    string xlaName>
    : StableHLO_Op<mnemonic, [HLO_InferType, Pure, Elementwise]> {
  let summary = "Element-wise " # mnemonic # " (XLA: " # xlaName # ").";
  let description = [{
    Combines `lhs` and `rhs` element by element. Both operands and the result
    have the same type; broadcasting is explicit (`broadcast_in_dim`).

    ```mlir
    %r = stablehlo.}] # mnemonic # [{ %a, %b : tensor<4xf32>
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::xla::stablehlo::inferElementwiseOp(location, getOperationName(),
          adaptor.getOperands().getTypes(), ::mlir::Type(), true, types);
    }
  }];
}

def StableHLO_AddOp : StableHLO_BinaryElementwiseOp<"add", HLO_TensorOrQuant, "Add">;
def StableHLO_SubtractOp : StableHLO_BinaryElementwiseOp<"subtract", HLO_IntFpComplexOrQuantTensor, "Sub">;
def StableHLO_MulOp : StableHLO_BinaryElementwiseOp<"multiply", HLO_TensorOrQuant, "Mul">;
def StableHLO_DivOp : StableHLO_BinaryElementwiseOp<"divide", HLO_IntFpComplexOrQuantTensor, "Div">;
def StableHLO_MaxOp : StableHLO_BinaryElementwiseOp<"maximum", HLO_TensorOrQuant, "Max">;
def StableHLO_MinOp : StableHLO_BinaryElementwiseOp<"minimum", HLO_TensorOrQuant, "Min">;
// Bitwise on integers, logical on i1.
def StableHLO_AndOp : StableHLO_BinaryElementwiseOp<"and", HLO_PredOrIntTensor, "And">;
def StableHLO_OrOp : StableHLO_BinaryElementwiseOp<"or", HLO_PredOrIntTensor, "Or">;
def StableHLO_XorOp : StableHLO_BinaryElementwiseOp<"xor", HLO_PredOrIntTensor, "Xor">;
def StableHLO_PowOp : StableHLO_BinaryElementwiseOp<"power", HLO_IntFpComplexOrQuantTensor, "Pow">;
def StableHLO_RemOp : StableHLO_BinaryElementwiseOp<"remainder", HLO_IntFpComplexOrQuantTensor, "Rem">;
def StableHLO_Atan2Op : StableHLO_BinaryElementwiseOp<"atan2", HLO_FpComplexOrQuantTensor, "Atan2">;
def StableHLO_ShiftLeftOp : StableHLO_BinaryElementwiseOp<"shift_left", HLO_IntTensor, "ShiftLeft">;
def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryElementwiseOp<"shift_right_arithmetic", HLO_IntTensor, "ShiftRightArithmetic">;
def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryElementwiseOp<"shift_right_logical", HLO_IntTensor, "ShiftRightLogical">;

def StableHLO_ClampOp : StableHLO_Op<"clamp", [HLO_InferType, Pure]> {
  let summary = "Clamps elements into [min, max] (XLA: Clamp).";
  let description = [{
    `result = min(max(operand, min), max)`; `min` and `max` are scalars or
    have the operand's shape.

    ```mlir
    %r = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$min, HLO_TensorOrQuant:$operand, HLO_TensorOrQuant:$max);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

def StableHLO_CompareOp : StableHLO_Op<"compare", [HLO_InferType, Pure, Elementwise,
    SameOperandsElementType, SameOperandsAndResultShape]> {
  let summary = "Element-wise comparison (XLA: Compare).";
  let description = [{
    Compares `lhs` and `rhs` element by element with `comparison_direction`,
    producing a tensor of i1. `compare_type` says how to compare: FLOAT
    (IEEE, NaN unordered), TOTALORDER (-NaN < -Inf < ... < -0 < +0 < ... <
    +Inf < +NaN), SIGNED or UNSIGNED. When absent it follows from the element
    type.

    ```mlir
    %p = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$lhs, HLO_TensorOrQuant:$rhs,
                       HLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Not `Elementwise`: that trait forbids the scalar predicate select allows.
def StableHLO_SelectOp : StableHLO_Op<"select", [HLO_InferType, Pure]> {
  let summary = "Element-wise choice between two tensors (XLA: Select).";
  let description = [{
    `result[i] = pred[i] ? on_true[i] : on_false[i]`. `pred` is either a
    scalar (choosing a whole operand) or has the operands' shape.

    ```mlir
    %r = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_TensorOrQuant:$on_true,
                       HLO_TensorOrQuant:$on_false);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def StableHLO_ConvertOp : StableHLO_Op<"convert", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Element-wise type conversion (XLA: ConvertElementType).";
  let description = [{
    Converts every element to the result element type, like a C++ cast:
    integers widen with sign extension and narrow by truncation, floats round
    to nearest even, float to integer rounds toward zero and saturates (NaN
    becomes 0), and conversion to i1 tests for non-zero.

    ```mlir
    %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "Reinterprets the bits of each element (XLA: BitcastConvertType).";
  let description = [{
    Same bits, new element type. Equal bit widths keep the shape; a narrower
    result element adds a minor dimension of width ratio, a wider one removes
    it (elements little-endian within the group).

    ```mlir
    %r = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_RealOp : StableHLO_Op<"real", [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Real part of each complex element (XLA: Real).";
  let description = [{
    ```mlir
    %r = stablehlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "operands attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))";
}

def StableHLO_ImagOp : StableHLO_Op<"imag", [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Imaginary part of each complex element (XLA: Imag).";
  let description = [{
    Zero for real operands.

    ```mlir
    %r = stablehlo.imag %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "operands attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))";
}

def StableHLO_ComplexOp : StableHLO_Op<"complex", [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Builds complex elements from real and imaginary parts (XLA: Complex).";
  let description = [{
    ```mlir
    %z = stablehlo.complex %re, %im : tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F32, F64]>:$lhs, RankedTensorOf<[F32, F64]>:$rhs);
  let results = (outs RankedTensorOf<[HLO_Complex]>:$result);
  let assemblyFormat = [{
    operands attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [HLO_InferShape, Pure]> {
  let summary = "Generalized matrix product (XLA: DotGeneral).";
  let description = [{
    Contracts `lhs` and `rhs` over `lhs/rhs_contracting_dimensions`, pairing
    `lhs/rhs_batching_dimensions`. The result dimensions are the batch
    dimensions, then the remaining lhs dimensions, then the remaining rhs
    dimensions, each in order.

    ```mlir
    %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
           precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    ```

    `algorithm` (`#stablehlo.dot_algorithm`, written `algorithm = <...>`
    in this form) asks for operands rounded to `lhs/rhs_precision_type`
    and products summed in `accumulation_type`; with it every precision is
    DEFAULT. The CPU lowering rounds a float operand to a narrower
    precision type given with one component (`reduce_precision` to its
    exponent and mantissa bits, e.g. tf32 = e8m10) and sums in the wider of
    the element and accumulation types; more components (bf16 x3, ...)
    stand for the full element precision and change nothing.
  }];
  let arguments = (ins HLO_TensorOrQuant:$lhs, HLO_TensorOrQuant:$rhs,
                       HLO_DotDimensionNumbersAttr:$dot_dimension_numbers,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<HLO_DotAlgorithmAttr>:$algorithm);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [HLO_InferShape, Pure]> {
  let summary = "Windowed contraction of an input with a kernel (XLA: Conv, ConvGeneralDilated).";
  let description = [{
    Slides the kernel over the spatial dimensions of the (padded,
    `lhs_dilation`-dilated) input with `window_strides` and `rhs_dilation`,
    contracting the input feature dimension. `feature_group_count` splits
    input and output features into groups (grouped/depthwise convolution);
    `batch_group_count` splits the batch likewise (weight gradients).

    ```mlir
    %r = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
           window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
           {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
           : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$lhs, HLO_TensorOrQuant:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbersAttr:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and regions
//===----------------------------------------------------------------------===//

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "Returns values from the body of a region-holding op.";
  let description = [{
    Terminates the body of `reduce` (and, later, of the other region-holding
    ops), yielding its values.

    ```mlir
    stablehlo.return %sum : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [HLO_InferType, RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "Reduction over dimensions with a computation (XLA: Reduce).";
  let description = [{
    Reduces `inputs` over `dimensions`, starting from `init_values` and
    combining with `body`, whose arguments are the accumulators then the
    elements (each a rank-0 tensor) and which returns the new accumulators.
    The order of combination is unspecified, so `body` should be associative.

    ```mlir
    %r = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
           : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs,
                       Variadic<HLO_TensorOrQuant>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "Broadcast along new and size-1 dimensions (XLA: BroadcastInDim).";
  let description = [{
    Expands `operand` to the result shape: operand dimension `i` becomes
    result dimension `broadcast_dimensions[i]`, whose size must equal the
    operand's or the operand's must be 1. The other result dimensions are new.

    ```mlir
    %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "Same elements, new static shape (XLA: Reshape/Collapse).";
  let description = [{
    Reinterprets `operand` with the result's shape, keeping the elements in
    row-major order. Element count and type must agree.

    ```mlir
    %r = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [HLO_InferType, Pure]> {
  let summary = "Permutes dimensions (XLA: Transpose).";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`:
    `result[i0, ..., in] = operand[j]` where `j[permutation[k]] = ik`.

    ```mlir
    %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "Indices along one dimension (XLA: Iota).";
  let description = [{
    `result[i0, ..., in] = i_{iota_dimension}`, converted to the element type.

    ```mlir
    %r = stablehlo.iota dim = 1 : tensor<2x3xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_TensorOrQuant:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [HLO_InferType, Pure]> {
  let summary = "Joins tensors along a dimension (XLA: ConcatInDim).";
  let description = [{
    All inputs have the same shape except along `dimension`, along which the
    result holds them one after the other.

    ```mlir
    %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_TensorOrQuant:$result);
  // `%a, %b, dim = 0`: custom, since a declarative variadic operand list
  // would take the comma before `dim` for another operand.
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [HLO_InferType, Pure]> {
  let summary = "A static strided sub-tensor (XLA: Slice).";
  let description = [{
    Takes, along each dimension `d`, the elements from `start_indices[d]` up
    to (excluding) `limit_indices[d]` every `strides[d]`.

    ```mlir
    %r = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [HLO_InferType, Pure]> {
  let summary = "Edge and interior padding (XLA: Pad).";
  let description = [{
    Along each dimension, puts `interior_padding` copies of `padding_value`
    between neighbouring elements, then `edge_padding_low`/`_high` before and
    after. Negative edge padding removes elements from that end.

    ```mlir
    %r = stablehlo.pad %x, %zero, low = [1, -1], high = [0, 2], interior = [1, 0]
           : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_TensorOrQuant:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high
      `,` `interior` `=` $interior_padding attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [HLO_InferType, Pure]> {
  let summary = "Reverses the order of elements along dimensions (XLA: Rev).";
  let description = [{
    ```mlir
    %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_TensorOrQuant:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

include "xla/Dialect/StableHLO/StablehloControlFlowOps.td"
include "xla/Dialect/StableHLO/StablehloIndexingOps.td"
include "xla/Dialect/StableHLO/StablehloWindowOps.td"
include "xla/Dialect/StableHLO/StablehloMiscOps.td"
include "xla/Dialect/StableHLO/StablehloCollectiveOps.td"
include "xla/Dialect/StableHLO/StablehloQuantOps.td"

#endif // XLA_STABLEHLO_OPS
