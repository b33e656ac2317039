//===- StablehloCollectives.cpp - collectives, send/recv, feeds, tokens --===//
//
// Syntax of after_all and verification of the ops in
// StablehloCollectiveOps.td. The number of replicas and partitions is not
// known here, so the rules that depend on it (e.g. all_gather_c3, the size
// of replica_groups) are left to the runtime; the others are checked, with
// the spec constraint ids in comments and in the negative tests of
// test/Dialect/stablehlo/invalid-collective-ops.mlir.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace xla::stablehlo;

//===----------------------------------------------------------------------===//
// AfterAllOp
//===----------------------------------------------------------------------===//

// %a, %b {attrs} : !stablehlo.token
ParseResult AfterAllOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseOperandList(operands) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColon() || parser.parseType(type) ||
      parser.resolveOperands(operands, type, loc, result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

void AfterAllOp::print(OpAsmPrinter &printer) {
  if (!getInputs().empty())
    printer << ' ' << getInputs();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : " << getResult().getType();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

// replica_groups is a 2-D list of distinct process ids, each below
// size(replica_groups) when `boundBySize`; returns the group size (its second
// dimension).
static FailureOr<int64_t> verifyReplicaGroups(Operation *op, DenseIntElementsAttr groups,
                                              bool boundBySize = true) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return op->emitOpError() << "replica_groups must be a 2-dimensional tensor, got " << type;
  int64_t size = type.getNumElements();
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &v : groups.getValues<APInt>()) {
    int64_t id = v.getSExtValue();
    if (id < 0 || (boundBySize && id >= size))
      return op->emitOpError() << "replica_groups has " << id << ", out of range [0, "
                               << (boundBySize ? std::to_string(size) : "N") << ")";
    if (!seen.insert(id).second)
      return op->emitOpError() << "replica_groups has " << id << " more than once";
  }
  return type.getDimSize(1);
}

static LogicalResult verifyGlobalIds(Operation *op, bool useGlobalDeviceIds, ChannelHandleAttr channel) {
  if (useGlobalDeviceIds && (!channel || channel.getHandle() <= 0))
    return op->emitOpError() << "use_global_device_ids requires a channel_handle with handle > 0";
  return success();
}

// The size of the dimension a collective splits or joins, when the process
// group is exactly a row of replica_groups (cross_replica or flattened ids;
// with a channel and replica ids the group also spans the partitions).
static std::optional<int64_t> knownGroupSize(int64_t groupSize, int64_t numGroups,
                                             ChannelHandleAttr channel, bool useGlobalDeviceIds) {
  bool crossReplicaAndPartition = channel && channel.getHandle() > 0 && !useGlobalDeviceIds;
  if (numGroups == 0 || crossReplicaAndPartition)
    return std::nullopt;
  return groupSize;
}

static int64_t numGroups(DenseIntElementsAttr groups) {
  return cast<ShapedType>(groups.getType()).getDimSize(0);
}

// `computation` : (tensor<E>, tensor<E>) -> tensor<E> for an element type E
// that the element type of every operand promotes to (all_reduce_c5,
// reduce_scatter_c7); the results have element type E (all_reduce_c7,
// reduce_scatter_c8, with the shapes in the shape functions).
static LogicalResult verifyReduction(Operation *op, Region &computation, TypeRange operandTypes) {
  Type element = getElementTypeOrSelf(operandTypes.front());
  for (Type type : operandTypes)
    if (getElementTypeOrSelf(type) != element)
      return op->emitOpError() << "operands must share one element type, got " << element << " and "
                               << getElementTypeOrSelf(type);
  Block &body = computation.front();
  Type reduced = element;
  if (body.getNumArguments() >= 1)
    if (auto scalar = dyn_cast<RankedTensorType>(body.getArgument(0).getType());
        scalar && scalar.getRank() == 0 && isPromotable(element, scalar.getElementType()))
      reduced = scalar.getElementType();
  auto scalar = RankedTensorType::get({}, reduced);
  // An empty block has no terminator (getTerminator() would read past it).
  auto ret = body.empty() ? ReturnOp() : dyn_cast<ReturnOp>(&body.back());
  if (body.getNumArguments() != 2 || body.getArgument(0).getType() != scalar ||
      body.getArgument(1).getType() != scalar || !ret || ret->getNumOperands() != 1 ||
      ret->getOperand(0).getType() != scalar)
    return op->emitOpError() << "computation must have type (" << scalar << ", " << scalar << ") -> "
                             << scalar << ", or the same in an element type that " << element
                             << " promotes to";
  for (Type result : op->getResultTypes())
    if (getElementTypeOrSelf(result) != reduced)
      return op->emitOpError() << "results must have the computation's element type " << reduced
                               << ", got " << result;
  return success();
}

// With the group size unknown from the attributes, the shape function
// infers `?` for the gathered (scattered) dimension; the result must still be
// a multiple (a divisor) of the operand there. With a known group size the
// shape function gives the exact type, and this check adds nothing.
static LogicalResult verifyUnknownGroupScaling(Operation *op, RankedTensorType operand, RankedTensorType result,
                                               int64_t dim, bool divide) {
  int64_t in = operand.getDimSize(dim), out = result.getDimSize(dim);
  if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
    return success();
  if (divide ? out == 0 || in % out != 0 : in == 0 || out % in != 0)
    return op->emitOpError() << "result type " << result << " does not follow from operand type " << operand;
  return success();
}

//===----------------------------------------------------------------------===//
// AllGatherOp, AllReduceOp, ReduceScatterOp, AllToAllOp
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  // all_gather_c2/c4: distinct ids in range; c5: global ids need a channel.
  FailureOr<int64_t> groupSize = verifyReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize) || failed(verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandleAttr())))
    return failure();
  // all_gather_c1/c6 (all_gather_dim in range, the result shape) are in
  // the shape function, exact when the group size is known.
  if (knownGroupSize(*groupSize, numGroups(getReplicaGroups()), getChannelHandleAttr(), getUseGlobalDeviceIds()))
    return success();
  for (auto [operand, result] : llvm::zip(getOperands(), getResults()))
    if (failed(verifyUnknownGroupScaling(*this, cast<RankedTensorType>(operand.getType()),
                                         cast<RankedTensorType>(result.getType()), getAllGatherDim(),
                                         /*divide=*/false)))
      return failure();
  return success();
}

LogicalResult AllReduceOp::verify() {
  // all_reduce_c1/c3: distinct ids in range; c4: global ids need a channel.
  if (failed(verifyReplicaGroups(*this, getReplicaGroups())) ||
      failed(verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandleAttr())))
    return failure();
  if (getOperands().empty())
    return emitOpError() << "needs at least one operand";
  // all_reduce_c6 (results have the operand types) is checked with
  // inferReturnTypes.
  // all_reduce_c5: the computation reduces two scalars of the element type.
  return verifyReduction(*this, getComputation(), getOperands().getTypes());
}

LogicalResult ReduceScatterOp::verify() {
  // reduce_scatter_c3/c5: distinct ids in range; c6: global ids need a channel.
  FailureOr<int64_t> groupSize = verifyReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize) || failed(verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandleAttr())))
    return failure();
  // reduce_scatter_c1/c2/c8 (scatter_dimension in range and split evenly,
  // the result shape) are in the shape function, exact when the group size
  // is known.
  // reduce_scatter_c7: the computation reduces two scalars of the element type.
  if (failed(verifyReduction(*this, getComputation(), getOperand().getType())))
    return failure();
  if (knownGroupSize(*groupSize, numGroups(getReplicaGroups()), getChannelHandleAttr(), getUseGlobalDeviceIds()))
    return success();
  return verifyUnknownGroupScaling(*this, cast<RankedTensorType>(getOperand().getType()),
                                   cast<RankedTensorType>(getResult().getType()), getScatterDimension(),
                                   /*divide=*/true);
}

LogicalResult AllToAllOp::verify() {
  // all_to_all_c5/c7: distinct ids in range. all_to_all_c1-c4/c8 (dimensions
  // in range, a positive split_count that divides the split dimension, the
  // result shapes) are in the shape function.
  FailureOr<int64_t> groupSize = verifyReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize))
    return failure();
  // all_to_all_c6: each process splits its operands into one block per
  // member of its group, so a group (a row of replica_groups, when that is
  // the whole group) has split_count members.
  if (auto known = knownGroupSize(*groupSize, numGroups(getReplicaGroups()), getChannelHandleAttr(),
                                  /*useGlobalDeviceIds=*/false);
      known && *known != getSplitCount())
    return emitOpError() << "replica_groups has groups of " << *known << " processes, but split_count is "
                         << getSplitCount() << " (one block per group member)";
  return success();
}

//===----------------------------------------------------------------------===//
// RaggedAllToAllOp
//===----------------------------------------------------------------------===//

// The StableHLO spec has no ragged_all_to_all yet (JAX emits XLA's
// RaggedAllToAll as a custom_call); the rules below are XLA's, numbered
// here as ragged_all_to_all_cN in the style of the spec:
//   c1: input and output have one element type and one rank (at least 1),
//       and equal dimensions after the first;
//   c2: the result has the type of output;
//   c3: input_offsets, send_sizes, output_offsets and recv_sizes have one
//       type, of rank 1 or 2, with i32 or i64 elements;
//   c4: replica_groups holds distinct ids in range (as all_to_all_c5/c7);
//   c5: the tables hold U updates for each of the G members of a group:
//       a 2-D table has G rows, a 1-D table a multiple of G entries.
LogicalResult RaggedAllToAllOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto output = cast<RankedTensorType>(getOutput().getType());
  // ragged_all_to_all_c1
  if (input.getElementType() != output.getElementType())
    return emitOpError() << "input and output must have one element type, got " << input.getElementType()
                         << " and " << output.getElementType();
  if (input.getRank() == 0 || input.getRank() != output.getRank())
    return emitOpError() << "input and output must have one rank of at least 1, got " << input << " and "
                         << output;
  for (int64_t d = 1; d < input.getRank(); ++d) {
    int64_t in = input.getDimSize(d), out = output.getDimSize(d);
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) && in != out)
      return emitOpError() << "input and output must have equal dimensions after the first, got " << input
                           << " and " << output << " (dimension " << d << ")";
  }
  // ragged_all_to_all_c2
  if (getResult().getType() != output)
    return emitOpError() << "result type " << getResult().getType() << " must be the type of output, "
                         << output;
  // ragged_all_to_all_c3
  Value tables[] = {getInputOffsets(), getSendSizes(), getOutputOffsets(), getRecvSizes()};
  StringRef names[] = {"input_offsets", "send_sizes", "output_offsets", "recv_sizes"};
  auto table = cast<RankedTensorType>(tables[0].getType());
  for (int i = 1; i < 4; ++i)
    if (tables[i].getType() != table)
      return emitOpError() << names[i] << " must have the type of input_offsets, " << table << ", got "
                           << tables[i].getType();
  if (table.getRank() != 1 && table.getRank() != 2)
    return emitOpError() << "offset and size tables must have rank 1 or 2, got " << table;
  if (!table.getElementType().isSignlessInteger(32) && !table.getElementType().isSignlessInteger(64))
    return emitOpError() << "offset and size tables must have i32 or i64 elements, got " << table;
  // ragged_all_to_all_c4
  FailureOr<int64_t> groupSize = verifyReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize))
    return failure();
  // ragged_all_to_all_c5, when the group size is known (replica_groups is
  // not empty: its rows are the groups, as for all_to_all).
  int64_t members = *groupSize, entries = table.getDimSize(0);
  if (numGroups(getReplicaGroups()) == 0 || members == 0 || ShapedType::isDynamic(entries))
    return success();
  if (table.getRank() == 2 && entries != members)
    return emitOpError() << "a 2-D offset or size table must have one row per group member (" << members
                         << "), got " << table;
  if (table.getRank() == 1 && entries % members != 0)
    return emitOpError() << "a 1-D offset or size table must have a multiple of the group size (" << members
                         << ") entries, got " << table;
  return success();
}

//===----------------------------------------------------------------------===//
// CollectivePermuteOp, CollectiveBroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult CollectivePermuteOp::verify() {
  DenseIntElementsAttr pairs = getSourceTargetPairs();
  auto type = cast<ShapedType>(pairs.getType());
  // collective_permute_c1: a list of [source, target] pairs.
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError() << "source_target_pairs must have shape [N, 2], got " << type;
  // The pairs are read one at a time, never copied: a splat may stand for
  // more pairs than memory holds (`dense<0> : tensor<9223372036854775807x2xi64>`
  // made a SmallVector of 2^64 - 2 elements abort), and it repeats its first
  // pair at once.
  llvm::SmallSet<int64_t, 16> sources, targets;
  auto value = pairs.value_begin<APInt>();
  for (int64_t i = 0, n = type.getDimSize(0); i < n; ++i) {
    int64_t source = (*value).getSExtValue();
    ++value;
    int64_t target = (*value).getSExtValue();
    ++value;
    // collective_permute_c4: process ids are non-negative.
    if (source < 0 || target < 0)
      return emitOpError() << "source_target_pairs has the negative process id "
                           << std::min(source, target);
    // collective_permute_c2/c3: no process sends or receives twice.
    if (!sources.insert(source).second)
      return emitOpError() << "source " << source << " appears twice in source_target_pairs";
    if (!targets.insert(target).second)
      return emitOpError() << "target " << target << " appears twice in source_target_pairs";
  }
  // collective_permute_c5 (the operand's type) is checked with inferReturnTypes.
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  // collective_broadcast_c1/c2 (the upper bound is the number of replicas or
  // partitions, unknown here).
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), /*boundBySize=*/false)))
    return failure();
  // collective_broadcast_c3 (the operand's type) is checked with
  // inferReturnTypes.
  return success();
}

//===----------------------------------------------------------------------===//
// SendOp, RecvOp, InfeedOp
//===----------------------------------------------------------------------===//

// send_c1 / recv_c1: the channel type matches is_host_transfer.
static LogicalResult verifyChannelType(Operation *op, ChannelHandleAttr channel, bool hostTransfer,
                                       int64_t hostType, StringRef hostName) {
  constexpr int64_t kDeviceToDevice = 1;
  int64_t expected = hostTransfer ? hostType : kDeviceToDevice;
  if (channel.getType() != expected)
    return op->emitOpError() << "channel_handle type must be " << expected << " ("
                             << (hostTransfer ? hostName : "DEVICE_TO_DEVICE")
                             << ") when is_host_transfer is " << (hostTransfer ? "true" : "false")
                             << ", got " << channel.getType();
  return success();
}

// The results are payload tensors, then a token (recv_c2/c3,
// infeed_c1/c2): one token, last.
static LogicalResult verifyTokenLast(Operation *op, TypeRange results) {
  if (results.empty() || !isa<TokenType>(results.back()))
    return op->emitOpError() << "results must end with a !stablehlo.token";
  for (auto [i, type] : llvm::enumerate(results.drop_back()))
    if (!isa<RankedTensorType>(type))
      return op->emitOpError() << "result " << i << " must be a tensor (only the last result is a token), got "
                               << type;
  return success();
}

LogicalResult SendOp::verify() {
  return verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(), 2, "DEVICE_TO_HOST");
}

LogicalResult RecvOp::verify() {
  if (failed(verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(), 3, "HOST_TO_DEVICE")))
    return failure();
  return verifyTokenLast(*this, getResultTypes());
}

LogicalResult InfeedOp::verify() {
  if (failed(verifyTokenLast(*this, getResultTypes())))
    return failure();
  // infeed: `layout`, when given, has one minor-to-major list per payload
  // result: a permutation of that result's dimensions (XLA's layouts;
  // StableHLO checks the same on this attribute).
  ArrayAttr layout = getLayoutAttr();
  if (!layout)
    return success();
  TypeRange payload = TypeRange(getResultTypes()).drop_back();
  if (layout.size() != payload.size())
    return emitOpError() << "layout has " << layout.size() << " entries, but there are " << payload.size()
                         << " payload results (one minor-to-major list each)";
  for (auto [i, entry, type] : llvm::enumerate(layout, payload)) {
    auto list = dyn_cast<ArrayAttr>(entry);
    int64_t rank = cast<RankedTensorType>(type).getRank();
    llvm::SmallSet<int64_t, 8> seen;
    bool valid = list && static_cast<int64_t>(list.size()) == rank;
    for (Attribute dim : valid ? list.getValue() : ArrayRef<Attribute>()) {
      auto value = dyn_cast<IntegerAttr>(dim);
      if (!value || value.getInt() < 0 || value.getInt() >= rank || !seen.insert(value.getInt()).second)
        valid = false;
    }
    if (!valid)
      return emitOpError() << "layout entry " << i << " must be a permutation of [0, " << rank
                           << ") (minor-to-major dimensions of result " << i << "), got " << entry;
  }
  return success();
}
