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

#endif // XLA_CHLO_ENUMS
