//===- StablehloEnums.td - enum attributes -------------------------------===//

#ifndef XLA_STABLEHLO_ENUMS
#define XLA_STABLEHLO_ENUMS

include "xla/Dialect/StableHLO/StablehloDialect.td"
include "mlir/IR/EnumAttr.td"

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison `compare` performs.", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

// Printed in full as `#stablehlo<comparison_direction GT>`, and as the bare
// keyword `GT` inside the pretty form of `compare`.
def HLO_ComparisonDirectionAttr
    : EnumAttr<StableHLO_Dialect, HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "How `compare` interprets its operands.", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

def HLO_ComparisonTypeAttr
    : EnumAttr<StableHLO_Dialect, HLO_ComparisonType, "comparison_type">;

def HLO_Precision : I32EnumAttr<"Precision",
    "Precision of an operand of dot_general/convolution.", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

// `#stablehlo<precision DEFAULT>`, and bare `DEFAULT` in `precision = [...]`.
def HLO_PrecisionAttr : EnumAttr<StableHLO_Dialect, HLO_Precision, "precision">;

def HLO_PrecisionConfigAttr : TypedArrayAttrBase<HLO_PrecisionAttr,
    "precision of each operand">;

def HLO_FftType : I32EnumAttr<"FftType", "Which transform `fft` computes.", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

// `#stablehlo<fft_type FFT>`, and bare `FFT` in `stablehlo.fft %x, type = FFT`.
def HLO_FftTypeAttr : EnumAttr<StableHLO_Dialect, HLO_FftType, "fft_type">;

def HLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "Distribution of `rng`.", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

def HLO_RngDistributionAttr
    : EnumAttr<StableHLO_Dialect, HLO_RngDistribution, "rng_distribution">;

def HLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "Bit generator of `rng_bit_generator`.", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

def HLO_RngAlgorithmAttr
    : EnumAttr<StableHLO_Dialect, HLO_RngAlgorithm, "rng_algorithm">;

// StableHLO numbers these from 1 (0 is its TRANSPOSE_INVALID, not accepted).
def HLO_Transpose : I32EnumAttr<"Transpose",
    "How `triangular_solve` uses `a`: as is, transposed, or conjugate-transposed.", [
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

// `#stablehlo<transpose NO_TRANSPOSE>`.
def HLO_TransposeAttr : EnumAttr<StableHLO_Dialect, HLO_Transpose, "transpose">;

def HLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "How `result_accuracy` constrains a transcendental op.", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::stablehlo";
}

// `#stablehlo.result_accuracy_mode<TOLERANCE>`, as StableHLO prints it.
def HLO_ResultAccuracyModeAttr
    : EnumAttr<StableHLO_Dialect, HLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// Stored and printed as a plain i32 (`api_version = 4 : i32`), as StableHLO
// does: the specialized attribute is an IntegerAttr restricted to the cases.
def HLO_CustomCallApiVersionAttr : I32EnumAttr<"CustomCallApiVersion",
    "Calling convention of a custom_call target.", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::xla::stablehlo";
}

#endif // XLA_STABLEHLO_ENUMS
