//===- StablehloControlFlow.cpp - while, if, case, optimization_barrier --===//
//
// Syntax and verification of the control-flow ops: region signatures must
// match the carried values (while_c1/c2, if_c1..c3, case_c1..c4).
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "SyntaxUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::stablehlo;

// The types a region's stablehlo.return yields, or failure with an error.
static FailureOr<TypeRange> returnedTypes(Operation *op, Region &region,
                                          StringRef name) {
  if (region.empty())
    return op->emitOpError() << name << " region must not be empty";
  // An empty block has no terminator (getTerminator() would read past it).
  Block &block = region.front();
  auto terminator = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(&block.back());
  if (!terminator)
    return op->emitOpError() << name << " region must end with stablehlo.return";
  return TypeRange(terminator->getOperandTypes());
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

// (%arg = %init, ...) : T, ... attr-dict cond { ... } do { ... }
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            OpAsmParser::UnresolvedOperand init;
            if (parser.parseArgument(arg) || parser.parseEqual() ||
                parser.parseOperand(init))
              return failure();
            iterArgs.push_back(arg);
            inits.push_back(init);
            return success();
          }))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (!inits.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != inits.size())
    return parser.emitError(typeLoc) << "expected " << inits.size()
                                     << " types, got " << types.size();
  if (parser.resolveOperands(inits, types, typeLoc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &printer) {
  printer << '(';
  Block &cond = getCond().front();
  llvm::interleaveComma(llvm::zip(cond.getArguments(), getOperand()), printer,
                        [&](auto pair) {
                          printer << std::get<0>(pair) << " = "
                                  << std::get<1>(pair);
                        });
  printer << ')';
  if (!getOperand().empty()) {
    printer << " : ";
    llvm::interleaveComma(getOperand().getTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  printer.printNewline();
  printer << " cond ";
  printer.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult WhileOp::verify() {
  // while_c3 (results = operand types) is checked with inferReturnTypes.
  TypeRange operandTypes = getOperand().getTypes();
  for (auto [name, region] :
       {std::pair<StringRef, Region *>("cond", &getCond()),
        std::pair<StringRef, Region *>("body", &getBody())}) {
    if (region->empty())
      return emitOpError() << name << " region must not be empty";
    // while_c1/c2: both regions take the loop state.
    if (TypeRange(region->front().getArgumentTypes()) != operandTypes)
      return emitOpError() << name << " region arguments "
                           << typesText(region->front().getArgumentTypes())
                           << " must have the operand types "
                           << typesText(operandTypes);
  }
  FailureOr<TypeRange> condTypes = returnedTypes(*this, getCond(), "cond");
  if (failed(condTypes))
    return failure();
  // while_c1: cond returns tensor<i1>.
  auto i1 = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (condTypes->size() != 1 || (*condTypes)[0] != i1)
    return emitOpError() << "cond region must return a single tensor<i1>, got "
                         << typesText(*condTypes);
  FailureOr<TypeRange> bodyTypes = returnedTypes(*this, getBody(), "body");
  if (failed(bodyTypes))
    return failure();
  // while_c2: body returns the next loop state.
  if (*bodyTypes != operandTypes)
    return emitOpError() << "body region must return the operand types "
                         << typesText(operandTypes) << ", got "
                         << typesText(*bodyTypes);
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp, CaseOp
//===----------------------------------------------------------------------===//

static LogicalResult verifyBranches(Operation *op, MutableArrayRef<Region> branches) {
  for (auto [i, branch] : llvm::enumerate(branches)) {
    std::string name = "branch " + std::to_string(i);
    if (!branch.empty() && branch.front().getNumArguments() != 0)
      return op->emitOpError() << name << " must take no arguments";
    // if_c2/c3, case_c3/c4 (branches return the results' types) are checked
    // with inferReturnTypes (inferBranchesOp).
  }
  return success();
}

LogicalResult IfOp::verify() {
  // if_c1: pred is a scalar.
  if (cast<RankedTensorType>(getPred().getType()).getRank() != 0)
    return emitOpError() << "pred must be a rank-0 tensor<i1>, got "
                         << getPred().getType();
  return verifyBranches(*this, (*this)->getRegions());
}

LogicalResult CaseOp::verify() {
  // case_c1: at least one branch; case_c2: index is tensor<i32>.
  if (getBranches().empty())
    return emitOpError() << "needs at least one branch";
  if (cast<RankedTensorType>(getIndex().getType()).getRank() != 0)
    return emitOpError() << "index must be a rank-0 tensor<i32>, got "
                         << getIndex().getType();
  return verifyBranches(*this, (*this)->getRegions());
}

//===----------------------------------------------------------------------===//
// OptimizationBarrierOp
//===----------------------------------------------------------------------===//

// %a, %b : T, U   (or `()` with no operands)
ParseResult OptimizationBarrierOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (operands.empty()) {
    if (parser.parseOptionalLParen().succeeded() && parser.parseRParen())
      return failure();
    return success();
  }
  if (parser.parseColon() || parser.parseTypeList(types) ||
      parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  return success();
}

void OptimizationBarrierOp::print(OpAsmPrinter &printer) {
  if (getOperand().empty()) {
    printer.printOptionalAttrDict((*this)->getAttrs());
    printer << " ()";
    return;
  }
  printer << ' ' << getOperand();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : ";
  llvm::interleaveComma(getOperand().getTypes(), printer);
}

