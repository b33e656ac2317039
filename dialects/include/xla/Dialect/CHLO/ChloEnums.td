//===- ChloEnums.td - the CHLO dialect's enums ----------------------------===//
//
// Separate from ChloOps.td, which includes StableHLO's attributes and enums:
// the enum generators (-gen-enum-decls/-defs) emit every enum they see, so
// they run on this file alone.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_CHLO_ENUMS
#define XLA_CHLO_ENUMS

include "mlir/IR/EnumAttr.td"

def CHLO_Precision : I32EnumAttr<"Precision",
    "Precision of an operand of ragged_dot.", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::chlo";
}

// broadcast_compare's direction and type: the cases (and their numbers)
// of stablehlo.compare's, printed `#chlo<comparison_direction LT>` and
// `#chlo<comparison_type FLOAT>` as StableHLO's CHLO prints them.
def CHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison broadcast_compare performs.", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::chlo";
}

def CHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "How broadcast_compare interprets its operands.", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::chlo";
}

#endif // XLA_CHLO_ENUMS
