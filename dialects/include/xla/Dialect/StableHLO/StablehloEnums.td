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

#endif // XLA_STABLEHLO_ENUMS
