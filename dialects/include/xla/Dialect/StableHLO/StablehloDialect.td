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
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
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
def HLO_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
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
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>;

#endif // XLA_STABLEHLO_DIALECT
