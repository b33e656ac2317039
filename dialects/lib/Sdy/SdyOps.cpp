//===- SdyOps.cpp - sdy dialect: ops, syntax and verifiers ---------------===//

#include "xla/Dialect/Sdy/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace xla::sdy;

#include "xla/Dialect/Sdy/SdyDialect.cpp.inc"
#define GET_OP_CLASSES
#include "xla/Dialect/Sdy/SdyOps.cpp.inc"

void SdyDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "xla/Dialect/Sdy/SdyOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Discardable attributes: `sdy.sharding` on ops, arguments and results
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kShardingAttr = "sdy.sharding";
static constexpr StringLiteral kShardingRuleAttr = "sdy.sharding_rule";

// On an op, `sdy.sharding` gives one sharding per result; `sdy.sharding_rule`
// is an op_sharding_rule. Other `sdy.*` names pass unchecked.
LogicalResult SdyDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName() == kShardingRuleAttr) {
    auto rule = dyn_cast<OpShardingRuleAttr>(attr.getValue());
    if (!rule)
      return op->emitOpError() << "attribute '" << kShardingRuleAttr
                               << "' must be an #sdy.op_sharding_rule, got " << attr.getValue();
    // One mapping per operand and result, one factor run per dimension.
    auto check = [&](ArrayAttr mappings, TypeRange types, StringRef what) -> LogicalResult {
      if (mappings.size() != types.size())
        return op->emitOpError() << "'" << kShardingRuleAttr << "' maps " << mappings.size()
                                 << " " << what << "s but the op has " << types.size();
      for (auto [index, mapping, type] : llvm::enumerate(mappings, types)) {
        auto ranked = dyn_cast<RankedTensorType>(type);
        int64_t dims = cast<ArrayAttr>(mapping).size();
        if (ranked && ranked.getRank() != dims)
          return op->emitOpError() << "'" << kShardingRuleAttr << "' maps " << dims
                                   << " dimensions of " << what << " " << index << ", of type "
                                   << type;
      }
      return success();
    };
    if (failed(check(rule.getOperandMappings(), op->getOperandTypes(), "operand")) ||
        failed(check(rule.getResultMappings(), op->getResultTypes(), "result")))
      return failure();
    return success();
  }
  if (attr.getName() != kShardingAttr)
    return success();
  auto perValue = dyn_cast<TensorShardingPerValueAttr>(attr.getValue());
  if (!perValue)
    return op->emitOpError() << "attribute '" << kShardingAttr
                             << "' must be an #sdy.sharding_per_value, got " << attr.getValue();
  // A `return {sdy.sharding = #sdy.sharding_per_value<[]>}` (no results).
  if (perValue.getShardings().size() != op->getNumResults())
    return op->emitOpError() << "has " << op->getNumResults() << " results but '"
                             << kShardingAttr << "' gives " << perValue.getShardings().size()
                             << " shardings";
  for (auto [index, sharding] : llvm::enumerate(perValue.getShardings()))
    if (failed(sharding.verifyFor(op->getResult(index).getType(), op, [&, index = index]() {
          return op->emitOpError() << "result " << index << ": ";
        })))
      return failure();
  return success();
}

/// The type of argument/result `index` of a function (or of region
/// `regionIndex`'s entry block when the op is no function).
static Type valueType(Operation *op, unsigned regionIndex, unsigned index, bool result) {
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    ArrayRef<Type> types = result ? function.getResultTypes() : function.getArgumentTypes();
    return index < types.size() ? types[index] : Type();
  }
  if (result || regionIndex >= op->getNumRegions() || op->getRegion(regionIndex).empty())
    return {};
  Block &entry = op->getRegion(regionIndex).front();
  return index < entry.getNumArguments() ? entry.getArgument(index).getType() : Type();
}

static LogicalResult verifyValueSharding(Operation *op, unsigned regionIndex, unsigned index,
                                         NamedAttribute attr, bool result) {
  if (attr.getName() != kShardingAttr)
    return success();
  const char *what = result ? "result" : "argument";
  auto sharding = dyn_cast<TensorShardingAttr>(attr.getValue());
  if (!sharding)
    return op->emitOpError() << what << " " << index << ": '" << kShardingAttr
                             << "' must be an #sdy.sharding, got " << attr.getValue();
  return sharding.verifyFor(valueType(op, regionIndex, index, result), op, [&]() {
    return op->emitOpError() << what << " " << index << ": ";
  });
}

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op, unsigned regionIndex,
                                                   unsigned argIndex, NamedAttribute attr) {
  return verifyValueSharding(op, regionIndex, argIndex, attr, /*result=*/false);
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op, unsigned regionIndex,
                                                      unsigned resultIndex, NamedAttribute attr) {
  return verifyValueSharding(op, regionIndex, resultIndex, attr, /*result=*/true);
}

//===----------------------------------------------------------------------===//
// MeshOp, ShardingConstraintOp, ReshardOp
//===----------------------------------------------------------------------===//

LogicalResult MeshOp::verify() {
  return verifyMesh(getMesh(), [&]() { return emitOpError(); });
}

LogicalResult ShardingConstraintOp::verify() {
  return getSharding().verifyFor(getInput().getType(), *this, [&]() { return emitOpError(); });
}

LogicalResult ReshardOp::verify() {
  return getSharding().verifyFor(getInput().getType(), *this, [&]() { return emitOpError(); });
}

//===----------------------------------------------------------------------===//
// ManualComputationOp
//===----------------------------------------------------------------------===//

// (%a, %b) in_shardings=[...] out_shardings=[...] manual_axes={...}
//   (%x: type, %y: type) { body } attr-dict : (global types) -> global types
ParseResult ManualComputationOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  TensorShardingPerValueAttr inShardings, outShardings;
  ManualAxesAttr manualAxes;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("in_shardings") || parser.parseEqual() ||
      parseShardingList(parser, inShardings) || parser.parseKeyword("out_shardings") ||
      parser.parseEqual() || parseShardingList(parser, outShardings) ||
      parser.parseKeyword("manual_axes") || parser.parseEqual() ||
      parseManualAxesBody(parser, manualAxes))
    return failure();
  result.addAttribute("in_shardings", inShardings);
  result.addAttribute("out_shardings", outShardings);
  result.addAttribute("manual_axes", manualAxes);

  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren, /*allowType=*/true))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments))
    return failure();
  ManualComputationOp::ensureTerminator(*body, parser.getBuilder(), result.location);

  FunctionType type;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type) ||
      parser.resolveOperands(operands, type.getInputs(), operandsLoc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void ManualComputationOp::print(OpAsmPrinter &printer) {
  printer << '(' << getTensors() << ") in_shardings=";
  printShardingList(printer, getInShardings());
  printer << " out_shardings=";
  printShardingList(printer, getOutShardings());
  printer << " manual_axes=";
  printManualAxesBody(printer, getManualAxes());
  printer << " (";
  llvm::interleaveComma(getBody().getArguments(), printer,
                        [&](BlockArgument argument) { printer.printRegionArgument(argument); });
  printer << ") ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"in_shardings", "out_shardings", "manual_axes"});
  printer << " : ";
  printer.printFunctionalType(getTensors().getTypes(), getResults().getTypes());
}

/// The per-device type of a value of `global` type under `sharding`: each
/// dimension divided by the devices of the manual axes that shard it (the
/// manual axes come first in a dimension). Reports through `emitError`.
static FailureOr<RankedTensorType>
localType(RankedTensorType global, TensorShardingAttr sharding, MeshAttr mesh,
          ManualAxesAttr manualAxes, function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<int64_t> shape(global.getShape());
  for (auto [d, dim] : llvm::enumerate(sharding.getDimShardings())) {
    int64_t devices = 1;
    SmallVector<StringRef> manual;
    std::optional<StringRef> freeAxis;
    for (AxisRefAttr ref : dim.getAxes()) {
      if (!manualAxes.contains(ref.getName())) {
        freeAxis = ref.getName();
        continue;
      }
      if (freeAxis)
        return emitError() << "in dimension " << d << ", manual axis \"" << ref.getName()
                           << "\" follows the free axis \"" << *freeAxis
                           << "\" (manual axes must come first)";
      devices *= ref.getDeviceCount(mesh);
      manual.push_back(ref.getName());
    }
    if (devices == 1 || ShapedType::isDynamic(shape[d]))
      continue;
    if (shape[d] % devices != 0) {
      InFlightDiagnostic diag = emitError();
      diag << "dimension " << d << " of size " << shape[d] << " is not divisible by the "
           << devices << " devices of axes {";
      llvm::interleaveComma(manual, diag, [&](StringRef name) { diag << '"' << name << '"'; });
      return diag << "}";
    }
    shape[d] /= devices;
  }
  return RankedTensorType::get(shape, global.getElementType(), global.getEncoding());
}

LogicalResult ManualComputationOp::verifyRegions() {
  ArrayRef<TensorShardingAttr> ins = getInShardings().getShardings();
  ArrayRef<TensorShardingAttr> outs = getOutShardings().getShardings();
  if (ins.size() != getTensors().size())
    return emitOpError() << "has " << getTensors().size() << " operands but " << ins.size()
                         << " in_shardings";
  if (outs.size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but " << outs.size()
                         << " out_shardings";
  Block &body = getBody().front();
  if (body.getNumArguments() != getTensors().size())
    return emitOpError() << "has " << getTensors().size() << " operands but its body has "
                         << body.getNumArguments() << " arguments";

  llvm::SmallDenseSet<StringRef> seenManual;
  for (StringAttr axis : getManualAxes().getAxes())
    if (!seenManual.insert(axis.getValue()).second)
      return emitOpError() << "manual axis \"" << axis.getValue() << "\" is listed twice";

  // All shardings of one manual computation are over one mesh; the manual
  // axes are axes of it.
  auto checkSharding = [&](TensorShardingAttr sharding, Type global, const char *what,
                           size_t index) -> FailureOr<Type> {
    auto prefix = [&]() {
      return emitOpError() << what << " " << index << ": ";
    };
    if (failed(sharding.verifyFor(global, *this, prefix)))
      return failure();
    MeshAttr mesh = sharding.getMesh(*this);
    for (StringAttr axis : getManualAxes().getAxes())
      if (!mesh.getAxis(axis.getValue())) {
        InFlightDiagnostic diag = emitOpError();
        diag << "manual axis \"" << axis.getValue() << "\" is not an axis of the mesh of "
             << what << " " << index << " (";
        llvm::interleaveComma(mesh.getAxes(), diag,
                              [&](MeshAxisAttr a) { diag << '"' << a.getName() << '"'; });
        return diag << ")";
      }
    auto ranked = cast<RankedTensorType>(global);
    FailureOr<RankedTensorType> local = localType(ranked, sharding, mesh, getManualAxes(), prefix);
    if (failed(local))
      return failure();
    return Type(*local);
  };

  // One mesh for all in and out shardings (by name, or equal inline meshes).
  std::optional<std::pair<Attribute, std::string>> first;
  auto checkSameMesh = [&](TensorShardingAttr sharding, const char *what,
                           size_t index) -> LogicalResult {
    std::string where = (Twine(what) + " " + Twine(index)).str();
    if (!first) {
      first = {sharding.getMeshOrRef(), where};
      return success();
    }
    if (sharding.getMeshOrRef() == first->first)
      return success();
    return emitOpError() << where << " is sharded over " << sharding.getMeshOrRef() << " but "
                         << first->second << " over " << first->first
                         << " (one mesh per manual computation)";
  };
  for (auto [index, sharding] : llvm::enumerate(ins))
    if (failed(checkSameMesh(sharding, "operand", index)))
      return failure();
  for (auto [index, sharding] : llvm::enumerate(outs))
    if (failed(checkSameMesh(sharding, "result", index)))
      return failure();

  for (auto [index, operand] : llvm::enumerate(getTensors())) {
    FailureOr<Type> local = checkSharding(ins[index], operand.getType(), "operand", index);
    if (failed(local))
      return failure();
    Type argType = body.getArgument(index).getType();
    if (argType != *local)
      return emitOpError() << "body argument " << index << " has type " << argType
                           << " but the local type of operand " << index << " ("
                           << operand.getType() << " under in_shardings) is " << *local;
  }
  Operation *terminator = body.getTerminator();
  if (terminator->getNumOperands() != getNumResults())
    return terminator->emitOpError() << "returns " << terminator->getNumOperands()
                                     << " values but the manual computation has "
                                     << getNumResults() << " results";
  for (auto [index, result] : llvm::enumerate(getResults())) {
    FailureOr<Type> local = checkSharding(outs[index], result.getType(), "result", index);
    if (failed(local))
      return failure();
    Type returned = terminator->getOperand(index).getType();
    if (returned != *local)
      return terminator->emitOpError() << "operand " << index << " has type " << returned
                                       << " but the local type of result " << index << " ("
                                       << result.getType() << " under out_shardings) is "
                                       << *local;
  }
  return success();
}
