//===- StablehloQuantization.cpp - quantized tensors ---------------------===//
//
// The spec's quantization constraints (see Quantization.h): on every
// quantized tensor type an op has, then per op. Constraint ids follow the
// StableHLO specification ("Types" for the element and tensor type
// constraints, the op's section otherwise). The element type constraints
// that upstream's `quant` dialect already checks when a type is built
// (storage range within the storage type, C4; positive finite scales,
// C6/C7) are reported by its parser.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/StableHLO/StablehloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace xla::stablehlo {

namespace {
using quant::QuantizedType;
using quant::UniformQuantizedPerAxisType;
using quant::UniformQuantizedType;

bool isAllowedExpressed(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

QuantizedType quantized(Type type) {
  auto q = dyn_cast_if_present<QuantizedType>(getElementTypeOrSelf(type));
  if (q && isHloQuantizedElement(q))
    return q;
  return {};
}

bool isPerAxis(Type type) {
  return isa_and_present<UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

std::optional<int64_t> axisOf(Type type) {
  if (auto a = dyn_cast_if_present<UniformQuantizedPerAxisType>(getElementTypeOrSelf(type)))
    return a.getQuantizedDimension();
  return std::nullopt;
}

SmallVector<int64_t> zeroPointsOf(QuantizedType q) {
  if (auto u = dyn_cast<UniformQuantizedType>(q))
    return {u.getZeroPoint()};
  auto a = cast<UniformQuantizedPerAxisType>(q);
  return SmallVector<int64_t>(a.getZeroPoints());
}

SmallVector<double> scalesOf(QuantizedType q) {
  if (auto u = dyn_cast<UniformQuantizedType>(q))
    return {u.getScale()};
  auto a = cast<UniformQuantizedPerAxisType>(q);
  return SmallVector<double>(a.getScales());
}

/// The spec's constraints on a quantized tensor type `type`, `what` naming
/// it in the message.
LogicalResult verifyQuantizedTensor(Operation *op, Type type, StringRef what) {
  QuantizedType q = quantized(type);
  // (C1) num_bits(storage_type) < num_bits(expressed_type).
  if (q.getStorageTypeIntegralWidth() >=
      q.getExpressedType().getIntOrFloatBitWidth())
    return op->emitOpError()
           << what << " has storage type of " << q.getStorageTypeIntegralWidth()
           << " bits, not narrower than its expressed type "
           << q.getExpressedType() << " (quantized element type C1)";
  // (C8) storage_min <= zero_points <= storage_max.
  for (int64_t zp : zeroPointsOf(q))
    if (zp < q.getStorageTypeMin() || zp > q.getStorageTypeMax())
      return op->emitOpError()
             << what << " has zero point " << zp << " outside its storage range ["
             << q.getStorageTypeMin() << ", " << q.getStorageTypeMax()
             << "] (quantized element type C8)";
  auto axis = dyn_cast<UniformQuantizedPerAxisType>(q);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!axis || !tensor)
    return success();
  int64_t d = axis.getQuantizedDimension();
  // (C13) quantization_dimension < rank.
  if (d >= tensor.getRank())
    return op->emitOpError()
           << what << " has quantization dimension " << d
           << ", not below its rank " << tensor.getRank()
           << " (quantized tensor type C13)";
  // (C14) size(scales) = shape[quantization_dimension].
  int64_t size = tensor.getDimSize(d);
  if (!ShapedType::isDynamic(size) &&
      static_cast<int64_t>(axis.getScales().size()) != size)
    return op->emitOpError()
           << what << " has " << axis.getScales().size()
           << " scales for quantization dimension " << d << " of size " << size
           << " (quantized tensor type C14)";
  return success();
}

/// Storage type, storage range and expressed type agree.
bool sameStorageAndExpressed(QuantizedType a, QuantizedType b) {
  return a.getStorageType() == b.getStorageType() &&
         a.isSigned() == b.isSigned() &&
         a.getStorageTypeMin() == b.getStorageTypeMin() &&
         a.getStorageTypeMax() == b.getStorageTypeMax() &&
         a.getExpressedType() == b.getExpressedType();
}

/// Element-wise ops: every tensor operand and the result (but compare's and
/// the predicate of select) quantized alike: the same baseline element type
/// (storage, range, expressed type), per-tensor unless `perAxis` (add), where
/// quantization dimensions equal the result's.
LogicalResult verifyElementwise(Operation *op, StringRef name, bool perAxis,
                                StringRef idQuantized, StringRef idPerTensor) {
  SmallVector<std::pair<Type, std::string>> typed;
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    if (name == "select" && i == 0)
      continue;
    typed.push_back({v.getType(), "operand " + std::to_string(i)});
  }
  if (name != "compare")
    for (Type t : op->getResultTypes())
      typed.push_back({t, "the result"});
  QuantizedType first;
  std::string firstName;
  for (auto &[type, what] : typed) {
    QuantizedType q = quantized(type);
    if (!q)
      return op->emitOpError()
             << "mixes quantized and non-quantized tensors: " << what << " is "
             << type << " (" << name << "_" << idQuantized << ")";
    if (!perAxis && isPerAxis(type))
      return op->emitOpError()
             << what << " is per-axis quantized (" << type
             << "); " << name << " takes per-tensor quantized tensors ("
             << name << "_" << idPerTensor << ")";
    if (!first) {
      first = q;
      firstName = what;
      continue;
    }
    if (!sameStorageAndExpressed(first, q))
      return op->emitOpError()
             << "requires quantized tensors of one baseline type (storage type, "
                "storage range and expressed type), got "
             << first << " (" << firstName << ") and " << q << " (" << what
             << ") (" << name << "_" << idQuantized << ")";
  }
  if (perAxis && name != "compare") {
    Type result = op->getResult(0).getType();
    for (Value v : op->getOperands())
      if (auto a = axisOf(v.getType()); a && axisOf(result) != a)
        return op->emitOpError()
               << "requires the quantization dimension of a per-axis quantized "
                  "operand to be the result's, got "
               << v.getType() << " and " << result << " (" << name << "_"
               << idQuantized << ")";
  }
  return success();
}

/// Ops that move elements: quantized operands and results with the same
/// quantization (`sameAxis`: per-axis ones also along the same dimension).
LogicalResult verifyDataMovement(Operation *op, StringRef name) {
  Type result = op->getResult(0).getType();
  QuantizedType r = quantized(result);
  // dynamic_reshape / dynamic_broadcast_in_dim: the rules of reshape /
  // broadcast_in_dim (same constraint numbers) on the data operand; the
  // shape operand is integers. dynamic_pad's padding value is checked
  // like pad's.
  bool dynamicShape = name == "dynamic_reshape" || name == "dynamic_broadcast_in_dim";
  StringRef base = dynamicShape ? name.drop_front(StringRef("dynamic_").size()) : name;
  auto operands = dynamicShape ? op->getOperands().take_front(1) : op->getOperands();
  for (auto [i, v] : llvm::enumerate(operands)) {
    QuantizedType q = quantized(v.getType());
    if (!q != !r)
      return op->emitOpError()
             << "requires operand " << i << " and the result to be both quantized "
             << "or both not, got " << v.getType() << " and " << result
             << " (" << name << "_c1)";
    if (!q)
      continue;
    bool moves = base == "transpose" || base == "reshape" || base == "broadcast_in_dim";
    if (!moves || !isPerAxis(q) || !isPerAxis(r)) {
      if (q != r)
        return op->emitOpError()
               << "requires the quantized element types of operand " << i
               << " and the result to be equal, got " << q << " and " << r
               << " (" << name << "_c1)";
      continue;
    }
    // Per-axis transpose, reshape, broadcast_in_dim: the quantization
    // dimension follows the operand's dimension.
    auto a = cast<UniformQuantizedPerAxisType>(q);
    auto b = cast<UniformQuantizedPerAxisType>(r);
    if (!sameStorageAndExpressed(a, b))
      return op->emitOpError()
             << "requires the same storage and expressed types, got " << q
             << " and " << r << " (" << name << "_c1)";
    auto operandType = cast<RankedTensorType>(v.getType());
    auto resultType = cast<RankedTensorType>(result);
    int64_t qa = a.getQuantizedDimension(), qb = b.getQuantizedDimension();
    bool scalesEqual = a.getScales() == b.getScales() &&
                       a.getZeroPoints() == b.getZeroPoints();
    if (base == "transpose") {
      auto perm = op->getAttrOfType<DenseI64ArrayAttr>("permutation");
      // transpose_c4: quantization_dimension(operand) =
      // permutation(quantization_dimension(result)).
      if (perm && qb < static_cast<int64_t>(perm.size()) && perm[qb] != qa)
        return op->emitOpError()
               << "requires the operand's quantization dimension " << qa
               << " to be permutation[" << qb << "] = " << perm[qb]
               << " (transpose_c4)";
      if (!scalesEqual)
        return op->emitOpError() << "requires the operand's scales and zero "
                                    "points, got " << q << " and " << r
                                 << " (transpose_c1)";
    } else if (base == "broadcast_in_dim") {
      auto dims = op->getAttrOfType<DenseI64ArrayAttr>("broadcast_dimensions");
      // broadcast_in_dim_c6: the result's quantization dimension is the
      // operand's, moved by broadcast_dimensions; a size-1 operand
      // dimension repeats its scale and zero point.
      if (dims && qa < static_cast<int64_t>(dims.size()) && dims[qa] != qb)
        return op->emitOpError()
               << "requires the result's quantization dimension " << qb
               << " to be broadcast_dimensions[" << qa << "] = " << dims[qa]
               << " (" << name << "_c6)";
      bool repeated = a.getScales().size() == 1 &&
                      llvm::all_of(b.getScales(), [&](double s) { return s == a.getScales()[0]; }) &&
                      llvm::all_of(b.getZeroPoints(), [&](int64_t z) { return z == a.getZeroPoints()[0]; });
      if (!scalesEqual && !repeated)
        return op->emitOpError()
               << "requires the operand's scales and zero points (repeated for "
                  "a dimension of size 1), got "
               << q << " and " << r << " (" << name << "_c6)";
    } else {
      // reshape_c3: the quantization dimension keeps its size and the
      // number of elements before it.
      auto before = [](RankedTensorType t, int64_t d) {
        int64_t n = 1;
        for (int64_t s : t.getShape().take_front(d))
          n *= s;
        return n;
      };
      if (operandType.hasStaticShape() && resultType.hasStaticShape() &&
          (operandType.getDimSize(qa) != resultType.getDimSize(qb) ||
           before(operandType, qa) != before(resultType, qb)))
        return op->emitOpError()
               << "must keep the quantization dimension (" << qa << " of "
               << operandType << ", " << qb << " of " << resultType
               << ") and the elements before it (" << name << "_c3)";
      if (!scalesEqual)
        return op->emitOpError() << "requires the operand's scales and zero "
                                    "points, got " << q << " and " << r
                                 << " (" << name << "_c1)";
    }
  }
  return success();
}

/// dot_general and convolution: lhs and rhs quantized, or a float lhs and
/// a quantized rhs (hybrid: float result).
LogicalResult verifyContraction(Operation *op, StringRef name, bool isDot) {
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType();
  Type result = op->getResult(0).getType();
  QuantizedType ql = quantized(lhs), qr = quantized(rhs), qres = quantized(result);
  auto id = [&](int dot, int conv) {
    return (name + "_c" + std::to_string(isDot ? dot : conv)).str();
  };
  // dot_general_c14 / convolution_c28: is_quantized(lhs) =
  // is_quantized(result) and is_quantized(rhs).
  if (!qr || (bool)ql != (bool)qres)
    return op->emitOpError()
           << "requires a quantized rhs, and the lhs and the result both "
              "quantized or both not, got "
           << lhs << ", " << rhs << " -> " << result << " (" << id(14, 28)
           << ")";
  if (isDot) {
    // dot_general_c15: zero_points(rhs) = 0.
    for (int64_t zp : zeroPointsOf(qr))
      if (zp != 0)
        return op->emitOpError() << "requires rhs zero points of 0, got " << qr
                                 << " (dot_general_c15)";
    // dot_general_c16: the rhs quantization dimension is not contracted.
    if (auto a = axisOf(rhs)) {
      auto dims = cast<DotDimensionNumbersAttr>(op->getAttr("dot_dimension_numbers"));
      if (llvm::is_contained(dims.getRhsContractingDimensions(), *a))
        return op->emitOpError() << "requires the rhs quantization dimension " << *a
                                 << " not to be a contracting dimension (dot_general_c16)";
    }
  } else {
    auto dims = cast<ConvDimensionNumbersAttr>(op->getAttr("dimension_numbers"));
    // convolution_c29 / c30: per-axis rhs along the kernel output features,
    // per-axis result along the output features.
    if (auto a = axisOf(rhs); a && *a != dims.getKernelOutputFeatureDimension())
      return op->emitOpError() << "requires the rhs quantization dimension " << *a
                               << " to be the kernel output feature dimension "
                               << dims.getKernelOutputFeatureDimension() << " (convolution_c29)";
    if (auto a = axisOf(result); a && *a != dims.getOutputFeatureDimension())
      return op->emitOpError() << "requires the result quantization dimension " << *a
                               << " to be the output feature dimension "
                               << dims.getOutputFeatureDimension() << " (convolution_c30)";
  }
  if (ql) {
    if (isPerAxis(lhs))
      return op->emitOpError() << "requires a per-tensor quantized lhs, got " << lhs
                               << " (" << name << "_i1)";
    // dot_general_c17 / convolution_c31: storage_type(lhs) = storage_type(rhs).
    if (ql.getStorageType() != qr.getStorageType() || ql.isSigned() != qr.isSigned())
      return op->emitOpError() << "requires the storage types of lhs and rhs to be "
                                  "equal, got " << ql << " and " << qr << " (" << id(17, 31) << ")";
    // dot_general_c18 / convolution_c32: one expressed type.
    if (ql.getExpressedType() != qr.getExpressedType() ||
        qres.getExpressedType() != ql.getExpressedType())
      return op->emitOpError() << "requires one expressed type for lhs, rhs and "
                                  "result, got " << ql << ", " << qr << " and " << qres
                               << " (" << id(18, 32) << ")";
    // dot_general_c19 / convolution_c33: a per-tensor rhs gives a per-tensor result.
    if (!isPerAxis(rhs) && isPerAxis(result))
      return op->emitOpError() << "requires a per-tensor quantized result for a "
                                  "per-tensor quantized rhs, got " << result
                               << " (" << id(19, 33) << ")";
    return success();
  }
  // dot_general_c20 / convolution_c34 (hybrid): element_type(lhs) =
  // expressed_type(rhs) = element_type(result).
  Type el = getElementTypeOrSelf(lhs), er = getElementTypeOrSelf(result);
  if (el != qr.getExpressedType() || er != el)
    return op->emitOpError() << "requires the lhs and result element types to be "
                                "the rhs's expressed type " << qr.getExpressedType()
                             << ", got " << el << " and " << er << " (" << id(20, 34) << ")";
  return success();
}
/// Ops whose spec takes "per-tensor quantized tensors" for their tensor
/// operands and results and only moves, selects or reduces elements (their
/// regions compute with quantized ops of their own): every quantized operand
/// and result is per-tensor. The element type relations (operand and result
/// alike, region argument types) are the op's own constraints, checked by its
/// verifier on the quantized types as on any other element type. `label` is
/// the spec's input label of the quantized operands.
LogicalResult verifyPerTensorOnly(Operation *op, StringRef name, StringRef label) {
  auto check = [&](Type type, const std::string &what) -> LogicalResult {
    if (quantized(type) && isPerAxis(type))
      return op->emitOpError() << what << " is per-axis quantized (" << type << "); "
                               << name << " takes tensors or per-tensor quantized tensors ("
                               << name << "_" << label << ")";
    return success();
  };
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (failed(check(v.getType(), "operand " + std::to_string(i))))
      return failure();
  for (auto [i, t] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(t, "result " + std::to_string(i))))
      return failure();
  return success();
}

/// is_finite: a per-tensor quantized `x` (the result is i1).
LogicalResult verifyIsFinite(Operation *op) {
  Type x = op->getOperand(0).getType();
  if (isPerAxis(x))
    return op->emitOpError() << "operand is per-axis quantized (" << x
                             << "); is_finite takes a per-tensor quantized tensor (is_finite_i1)";
  return success();
}
} // namespace

bool isHloQuantizedElement(Type type) {
  auto q = dyn_cast_if_present<QuantizedType>(type);
  if (!q || !isa<UniformQuantizedType, UniformQuantizedPerAxisType>(q))
    return false;
  auto storage = dyn_cast<IntegerType>(q.getStorageType());
  if (!storage)
    return false;
  unsigned width = storage.getWidth();
  return (width == 2 || width == 4 || width == 8 || width == 16 || width == 32) &&
         isAllowedExpressed(q.getExpressedType());
}

bool sameOrBothQuantized(Type a, Type b) {
  return a == b || (isHloQuantizedElement(a) && isHloQuantizedElement(b));
}

bool sameBaselineElement(Type a, Type b) {
  if (a == b)
    return true;
  auto qa = dyn_cast<QuantizedType>(a), qb = dyn_cast<QuantizedType>(b);
  return qa && qb && isHloQuantizedElement(qa) && isHloQuantizedElement(qb) &&
         sameStorageAndExpressed(qa, qb) && isPerAxis(qa) == isPerAxis(qb);
}

LogicalResult verifyQuantizedOperation(Operation *op) {
  bool any = false;
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (quantized(v.getType())) {
      any = true;
      if (failed(verifyQuantizedTensor(op, v.getType(), "operand " + std::to_string(i))))
        return failure();
    }
  for (auto [i, t] : llvm::enumerate(op->getResultTypes()))
    if (quantized(t)) {
      any = true;
      if (failed(verifyQuantizedTensor(op, t, "result " + std::to_string(i))))
        return failure();
    }
  if (!any)
    return success();
  StringRef name = op->getName().stripDialect();
  if (name == "uniform_quantize" || name == "uniform_dequantize")
    return success(); // their own verifiers
  if (name == "add")
    return verifyElementwise(op, name, /*perAxis=*/true, "c2", "i1");
  if (name == "dot_general")
    return verifyContraction(op, name, true);
  // dynamic_conv takes convolution's constraints (its padding an operand).
  if (name == "convolution" || name == "dynamic_conv")
    return verifyContraction(op, "convolution", false);
  if (llvm::is_contained({"broadcast_in_dim", "reshape", "transpose", "concatenate",
                          "slice", "pad", "reverse", "dynamic_broadcast_in_dim",
                          "dynamic_reshape"}, name))
    return verifyDataMovement(op, name);
  // Ops that carry values of any quantized type (per-axis too): control
  // flow, tuples, host transfer, custom calls and composites, constants,
  // get_dimension_size (only the shape matters), bitcast_convert (of the
  // storage integers, elementBits in StablehloOps.cpp).
  // Their type relations (operands, results, region arguments equal) are
  // their own verifiers'.
  if (llvm::is_contained({"while", "if", "case", "return", "tuple", "get_tuple_element",
                          "custom_call", "composite", "send", "recv", "infeed", "outfeed",
                          "constant", "get_dimension_size", "bitcast_convert"}, name))
    return success();
  // Ops on per-tensor quantized tensors that move, select or reduce
  // elements; the label is the spec's input row of the quantized operands.
  static const std::pair<StringRef, StringRef> perTensor[] = {
      {"gather", "i1"}, {"scatter", "i1"}, {"dynamic_slice", "i1"},
      {"dynamic_update_slice", "i1"}, {"reduce", "i1"}, {"reduce_window", "i1"},
      {"select_and_scatter", "i1"}, {"sort", "i1"}, {"map", "i1"},
      {"optimization_barrier", "i1"}, {"all_gather", "i1"}, {"all_reduce", "i1"},
      {"reduce_scatter", "i1"}, {"all_to_all", "i1"}, {"collective_permute", "i1"},
      {"collective_broadcast", "i1"}, {"iota", "output"}, {"dynamic_iota", "result"},
      {"dynamic_pad", "i1"}, {"dynamic_gather", "i1"}};
  for (auto [op_name, label] : perTensor)
    if (name == op_name)
      return verifyPerTensorOnly(op, name, label);
  if (name == "is_finite")
    return verifyIsFinite(op);
  // batch_norm_*: per-tensor quantized operand, vectors and results of one
  // baseline element type (batch_norm_*_c2), computed as
  // dequantize-op-quantize.
  if (name.starts_with("batch_norm_"))
    return verifyElementwise(op, name, /*perAxis=*/false, "c2", "i1");
  // The other element-wise ops that take quantized tensors (ODS decides
  // which), and the ops computed as dequantize-op-quantize with one operand
  // type (reduce_precision, cholesky, triangular_solve): per-tensor, one
  // baseline type.
  return verifyElementwise(op, name, /*perAxis=*/false, "c1", "i1");
}

//===----------------------------------------------------------------------===//
// UniformQuantizeOp, UniformDequantizeOp
//===----------------------------------------------------------------------===//

LogicalResult UniformQuantizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  // uniform_quantize_c1: shape(operand) = shape(result).
  if (operand.getShape() != result.getShape())
    return emitOpError() << "requires the operand and result shapes to be equal, got "
                         << operand << " and " << result << " (uniform_quantize_c1)";
  // uniform_quantize_c2: expressed_type(result) = is_float(operand) ?
  // element_type(operand) : expressed_type(operand).
  Type expressed = quantized(result).getExpressedType();
  Type from = operand.getElementType();
  if (auto q = quantized(operand))
    from = q.getExpressedType();
  if (from != expressed)
    return emitOpError() << "requires the result's expressed type " << expressed
                         << " to be the operand's " << (quantized(operand) ? "expressed " : "element ")
                         << "type " << from << " (uniform_quantize_c2)";
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  // uniform_dequantize_c1: shape(operand) = shape(result).
  if (operand.getShape() != result.getShape())
    return emitOpError() << "requires the operand and result shapes to be equal, got "
                         << operand << " and " << result << " (uniform_dequantize_c1)";
  // uniform_dequantize_c2: element_type(result) = expressed_type(operand).
  Type expressed = quantized(operand).getExpressedType();
  if (result.getElementType() != expressed)
    return emitOpError() << "requires the result element type " << result.getElementType()
                         << " to be the operand's expressed type " << expressed
                         << " (uniform_dequantize_c2)";
  return success();
}

} // namespace xla::stablehlo
