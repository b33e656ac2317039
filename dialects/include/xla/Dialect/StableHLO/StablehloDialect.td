//===- StablehloDialect.td - the StableHLO-compatible dialect ------------===//
//
// The dialect that JAX, TensorFlow and PyTorch/XLA print. It is registered
// under the name `stablehlo` so that their output parses unmodified.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_DIALECT
#define XLA_STABLEHLO_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::xla::stablehlo";
  let summary = "StableHLO-compatible operations of the XLA compiler.";
  let description = [{
    Operations with the semantics of XLA's operation set (see the seed
    documents), spelled as StableHLO spells them.

    ## Element types

    The spec's element types all verify, and all run on the CPU (the JIT,
    `xla-run`, and ahead-of-time objects) and through the GPU pipeline:

    - `i1`; signless, `si*` and `ui*` integers of 2, 4, 8, 16, 32 and 64
      bits (signless ones are signed);
    - `f16`, `bf16`, `f32`, `f64`, `complex<f32>`, `complex<f64>`;
    - the narrow floats `f8E4M3FN`, `f8E5M2`, `f8E4M3FNUZ`, `f8E5M2FNUZ`,
      `f8E4M3B11FNUZ`, `f8E3M4`, `f8E4M3`, `f4E2M1FN`, `f6E2M3FN`,
      `f6E3M2FN` and `f8E8M0FNU` (MLIR's builtin types of those names).

    In memory every element of fewer than 8 bits takes one byte, its bits in
    the low end and the upper bits zero (as `ml_dtypes` stores `int4` or
    `float4_e2m1fn` and as LLVM stores `i4`); `.npy` files hold them as
    `numpy.save` writes `ml_dtypes` arrays (raw bytes, `<V1`), so `xla-run`
    takes their type from the function signature.

    Narrow floats compute in `f32`: an op on them converts its operands to
    `f32`, computes, and rounds its result back, once per op (correct
    rounding for every format here, since `f32` carries more than twice
    their precision). Ops that only move elements keep them as they are;
    `dot_general` and `convolution` accumulate in `f32`. Rounding into a
    narrow format is to nearest, ties to even, with subnormals; overflow,
    infinities and NaN follow `ml_dtypes`: formats with infinities (`f8E5M2`,
    `f8E4M3`, `f8E3M4`) overflow to ±inf; `FN` ones overflow to NaN (sign
    kept); `FNUZ` ones to their only NaN (`0x80`) and turn -0 into +0; the
    4- and 6-bit formats, which have neither, saturate to ±max and turn NaN
    into a zero of the opposite sign (`ml_dtypes`' choice, as the spec leaves
    it open); `f8E8M0FNU` (powers of two 2^-127..2^127, no sign, no zero)
    turns zero, negative values, NaN and overflow into NaN and values below
    2^-127 into 2^-127. A NaN moved by a data-movement op keeps its bits;
    one produced by arithmetic is the format's NaN with the sign of the
    `f32` NaN. Bitcasts of `i1` treat it as one bit (`tensor<8xi1>` ↔
    `tensor<i8>`, element k is bit k), which StableHLO leaves to the
    implementation.

    ## Quantized tensors

    `!quant.uniform` element types (per-tensor and per-axis, over 2- to
    32-bit storage, expressed as `f16`, `bf16`, `f32` or `f64`) verify in the
    ops whose spec takes them (their operand tables below name "uniform
    quantized") and run on the CPU. `xla-lower-quantized` rewrites every
    quantized op into integer and float StableHLO before anything else, so
    the GPU pipeline sees only those: the spec's `dequantize_op_quantize`
    for arithmetic, reduce_precision, cholesky, triangular_solve,
    batch_norm_*, collective_permute, collective_broadcast and iota; the
    storage integers for element-moving ops, ops with regions, control
    flow, tuples and constants; the constant true for `is_finite`. Quantized
    parameters and results cross the runtime ABI as their storage integers.
  }];
  // The attribute parser is the generated one plus the long spelling of
  // #stablehlo.bounds, `#stablehlo.type_extensions<bounds = [8, ?]>`
  // (StablehloAttrs.cpp).
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

// Every op checks the quantization constraints of its quantized operands
// and results (HLOQuantizationConstraints, StablehloOps.h; the checks are in
// lib/StableHLO/StablehloQuantization.cpp). Ops without quantized types pay
// one scan of their types.
def HLO_QuantizationConstraints : NativeOpTrait<"HLOQuantizationConstraints">;

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, !listconcat([HLO_QuantizationConstraints], traits)>;

//===----------------------------------------------------------------------===//
// Element and tensor types accepted by the operations.
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (i1)">;
def HLO_SInt : SignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_SignlessInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SignlessInt, HLO_SInt, HLO_UInt]>;
// The spec's FloatType: the narrow formats (4-, 6- and 8-bit, MLIR's builtin
// types; OCP, NVIDIA/AMD and Graphcore formats) besides f16, bf16, f32, f64.
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
                           F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                           F8E5M2FNUZ, F8E8M0FNU, F16, BF16, F32, F64]>;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def HLO_Tensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_IntFpOrComplexTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_IntOrFpTensor : RankedTensorOf<[HLO_Int, HLO_Float]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;

//===----------------------------------------------------------------------===//
// Quantized tensors: upstream MLIR's `!quant.uniform` element types
// (per-tensor and per-axis) over integer storage, with a float expressed
// type. Added to the type lists of the ops whose spec allows quantized
// tensors; each op's quantization constraints are checked by
// HLOQuantizationConstraints.
//===----------------------------------------------------------------------===//

def HLO_QuantizedElement : Type<CPred<"::xla::stablehlo::isHloQuantizedElement($_self)">,
                                "uniform quantized (!quant.uniform)">;
def HLO_QuantizedTensor : RankedTensorOf<[HLO_QuantizedElement]>;
def HLO_TensorOrQuant : AnyTypeOf<[HLO_Tensor, HLO_QuantizedTensor]>;
def HLO_FpComplexOrQuantTensor : AnyTypeOf<[HLO_FpOrComplexTensor, HLO_QuantizedTensor]>;
def HLO_IntFpComplexOrQuantTensor : AnyTypeOf<[HLO_IntFpOrComplexTensor, HLO_QuantizedTensor]>;
def HLO_FpOrQuantTensor : AnyTypeOf<[HLO_FpTensor, HLO_QuantizedTensor]>;

//===----------------------------------------------------------------------===//
// Tokens and tuples
//===----------------------------------------------------------------------===//

def HLO_Token : TypeDef<StableHLO_Dialect, "Token"> {
  let mnemonic = "token";
  // The summary names the type in constraint errors ("must be ... token").
  let summary = "token";
  let description = [{
    Orders side-effecting operations (XLA: token). A value with no data:
    `after_all`, `send`, `recv`, `infeed`, `outfeed` and custom calls thread
    tokens through the program to order their side effects. Printed
    `!stablehlo.token`.
  }];
}

// Operands and results of custom_call, tuple and get_tuple_element.
// Quantized tensors included: the spec allows them wherever it says "values"
// or "tensors, quantized tensors or tokens" (tuple, get_tuple_element,
// composite, custom_call, recv, infeed).
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_QuantizedTensor, HLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_QuantizedTensor, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, HLO_QuantizedTensor, HLO_Token, HLO_Tuple]>;

#endif // XLA_STABLEHLO_DIALECT
