//===- StablehloInferType.td - result type inference traits --------------===//
//
// The traits by which an op computes its result types with a shape function
// (lib/StableHLO/ShapeInference.cpp for StableHLO, lib/CHLO/ChloOps.cpp for
// CHLO) and is verified against it. Shared by StablehloOps.td and
// ChloOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_INFER_TYPE
#define XLA_STABLEHLO_INFER_TYPE

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Result type inference
//===----------------------------------------------------------------------===//

// The op implements InferTypeOpInterface with
//   static LogicalResult inferReturnTypes(MLIRContext *, std::optional<Location>,
//                                         Adaptor, SmallVectorImpl<Type> &);
// calling its shape function in lib/StableHLO/ShapeInference.cpp, and is
// verified against it by the HLOInferredResultTypes trait (StablehloOps.h).
// Declared result types may be more static than the inferred ones; with
// `checkElementType` = 0 their element type is free too (dot_general's
// preferred element type).
class HLO_InferTypeWith<bit checkElementType> : TraitList<[
  DeclareOpInterfaceMethods<InferTypeOpInterface,
                            ["refineReturnTypes", "isCompatibleReturnTypes"]>,
  NativeOpTrait<"HLOInferredResultTypes", [], [{
    static ::llvm::LogicalResult inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes);
    static bool isCompatibleReturnTypes(::mlir::TypeRange declared,
                                        ::mlir::TypeRange inferred);
  }], [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      $cppClass::Adaptor adaptor(operands, attributes, properties, regions);
      return $cppClass::inferReturnTypes(context, location, adaptor,
                                         inferredReturnTypes);
    }
    // Checked by HLOInferredResultTypes::verifyTrait, which names the rule.
    ::llvm::LogicalResult $cppClass::refineReturnTypes(
        ::mlir::MLIRContext *, ::std::optional<::mlir::Location>,
        ::mlir::ValueRange, ::mlir::DictionaryAttr, ::mlir::OpaqueProperties,
        ::mlir::RegionRange, ::llvm::SmallVectorImpl<::mlir::Type> &) {
      return ::llvm::success();
    }
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange declared,
                                            ::mlir::TypeRange inferred) {
      return ::xla::stablehlo::}] #
        !if(checkElementType, "isCompatibleInferredTypes", "isCompatibleInferredShapes") # [{(
          declared, inferred);
    }
  }]>
]>;
def HLO_InferType : HLO_InferTypeWith<1>;
def HLO_InferShape : HLO_InferTypeWith<0>;

#endif // XLA_STABLEHLO_INFER_TYPE
