//===- SdyAttrs.cpp - sdy attributes: syntax and checks -------------------===//
//
// Parsers and printers of the sdy attributes (the syntax JAX prints; see
// SdyAttrs.td) and the checks of a sharding against its mesh and tensor.
//
//===----------------------------------------------------------------------===//

#include "xla/Dialect/Sdy/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xla::sdy;

#define GET_ATTRDEF_CLASSES
#include "xla/Dialect/Sdy/SdyAttrs.cpp.inc"

void SdyDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xla/Dialect/Sdy/SdyAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

static void printQuoted(AsmPrinter &printer, StringRef name) {
  printer.printString(name);
}

/// `"x"`, `"x":(2)4`
static AxisRefAttr parseAxisRefBody(AsmParser &parser) {
  std::string name;
  if (parser.parseString(&name))
    return {};
  int64_t preSize = 0, size = 0;
  if (succeeded(parser.parseOptionalColon())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseLParen() || parser.parseInteger(preSize) || parser.parseRParen() ||
        parser.parseInteger(size))
      return {};
    if (preSize < 1 || size < 2) {
      parser.emitError(loc) << "sub-axis \"" << name << "\":(" << preSize << ")" << size
                            << " needs a pre-size of at least 1 and a size of at least 2";
      return {};
    }
  }
  return AxisRefAttr::get(parser.getContext(), name, preSize, size);
}

static void printAxisRefBody(AsmPrinter &printer, AxisRefAttr ref) {
  printQuoted(printer, ref.getName());
  if (ref.isSubAxis())
    printer << ":(" << ref.getPreSize() << ")" << ref.getSize();
}

/// `{"x", "y":(1)2}` (possibly empty).
static ParseResult parseAxisRefSet(AsmParser &parser, SmallVectorImpl<AxisRefAttr> &refs) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&]() -> ParseResult {
    AxisRefAttr ref = parseAxisRefBody(parser);
    if (!ref)
      return failure();
    refs.push_back(ref);
    return success();
  });
}

static void printAxisRefSet(AsmPrinter &printer, ArrayRef<AxisRefAttr> refs) {
  printer << '{';
  llvm::interleaveComma(refs, printer, [&](AxisRefAttr ref) { printAxisRefBody(printer, ref); });
  printer << '}';
}

/// `{"x", "y"}` of a TensorShardingPerValue's op syntax and of ManualAxes.
static ParseResult parseNameSet(AsmParser &parser, SmallVectorImpl<StringAttr> &names) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&]() -> ParseResult {
    std::string name;
    if (parser.parseString(&name))
      return failure();
    names.push_back(StringAttr::get(parser.getContext(), name));
    return success();
  });
}

//===----------------------------------------------------------------------===//
// MeshAxisAttr, MeshAttr
//===----------------------------------------------------------------------===//

/// `"x"=2`
static MeshAxisAttr parseMeshAxisBody(AsmParser &parser) {
  std::string name;
  int64_t size;
  if (parser.parseString(&name) || parser.parseEqual() || parser.parseInteger(size))
    return {};
  return MeshAxisAttr::get(parser.getContext(), name, size);
}

static void printMeshAxisBody(AsmPrinter &printer, MeshAxisAttr axis) {
  printQuoted(printer, axis.getName());
  printer << '=' << axis.getSize();
}

Attribute MeshAxisAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  MeshAxisAttr axis = parseMeshAxisBody(parser);
  if (!axis || parser.parseGreater())
    return {};
  return axis;
}

void MeshAxisAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printMeshAxisBody(printer, *this);
  printer << '>';
}

/// `<["x"=2, "y"=2]>`, `<[]>`, `<["x"=2], device_ids=[1, 0]>`
Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SmallVector<MeshAxisAttr> axes;
  SmallVector<int64_t> deviceIds;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        MeshAxisAttr axis = parseMeshAxisBody(parser);
        if (!axis)
          return failure();
        axes.push_back(axis);
        return success();
      }))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
          return parser.parseInteger(deviceIds.emplace_back());
        }))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return MeshAttr::get(parser.getContext(), axes, deviceIds);
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAxes(), printer,
                        [&](MeshAxisAttr axis) { printMeshAxisBody(printer, axis); });
  printer << ']';
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << ']';
  }
  printer << '>';
}

MeshAxisAttr MeshAttr::getAxis(StringRef name) const {
  for (MeshAxisAttr axis : getAxes())
    if (axis.getName() == name)
      return axis;
  return {};
}

int64_t MeshAttr::getTotalSize() const {
  int64_t total = 1;
  for (MeshAxisAttr axis : getAxes())
    total *= axis.getSize();
  return total;
}

namespace xla::sdy {
/// Axis names unique, sizes positive, explicit device ids a permutation of
/// the devices (a single id for the empty, "maximal" mesh).
LogicalResult verifyMesh(MeshAttr mesh, function_ref<InFlightDiagnostic()> emitError) {
  llvm::StringSet<> seen;
  for (MeshAxisAttr axis : mesh.getAxes()) {
    if (axis.getName().empty())
      return emitError() << "mesh axis names must not be empty";
    if (!seen.insert(axis.getName()).second)
      return emitError() << "mesh axis \"" << axis.getName() << "\" is declared twice";
    if (axis.getSize() <= 0)
      return emitError() << "mesh axis \"" << axis.getName() << "\" has size " << axis.getSize()
                         << "; sizes must be positive";
  }
  ArrayRef<int64_t> ids = mesh.getDeviceIds();
  if (ids.empty())
    return success();
  int64_t total = mesh.getTotalSize();
  if (static_cast<int64_t>(ids.size()) != total)
    return emitError() << "device_ids has " << ids.size() << " entries but the mesh has "
                       << total << " devices";
  if (mesh.getAxes().empty())
    return ids[0] >= 0 ? success() : emitError() << "device ids must not be negative";
  SmallVector<bool> present(total, false);
  for (int64_t id : ids) {
    if (id < 0 || id >= total || present[id])
      return emitError() << "device_ids must be a permutation of 0.." << total - 1
                         << " (found " << id << ")";
    present[id] = true;
  }
  return success();
}
} // namespace xla::sdy

//===----------------------------------------------------------------------===//
// AxisRefAttr, DimensionShardingAttr
//===----------------------------------------------------------------------===//

Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  AxisRefAttr ref = parseAxisRefBody(parser);
  if (!ref || parser.parseGreater())
    return {};
  return ref;
}

void AxisRefAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printAxisRefBody(printer, *this);
  printer << '>';
}

int64_t AxisRefAttr::getDeviceCount(MeshAttr mesh) const {
  if (isSubAxis())
    return getSize();
  MeshAxisAttr axis = mesh ? mesh.getAxis(getName()) : MeshAxisAttr();
  return axis ? axis.getSize() : 1;
}

/// `{"x", "y"}`, `{"x", ?}`, `{?}`, `{}`, each optionally followed by `pN`.
static DimensionShardingAttr parseDimShardingBody(AsmParser &parser) {
  SmallVector<AxisRefAttr> axes;
  bool closed = true;
  if (parser.parseLBrace())
    return {};
  if (failed(parser.parseOptionalRBrace())) {
    do {
      if (succeeded(parser.parseOptionalQuestion())) {
        closed = false;
        break;
      }
      AxisRefAttr ref = parseAxisRefBody(parser);
      if (!ref)
        return {};
      axes.push_back(ref);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
  }
  std::optional<int64_t> priority;
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    int64_t value;
    if (!keyword.consume_front("p") || keyword.empty() || keyword.getAsInteger(10, value)) {
      parser.emitError(loc) << "expected a priority `p<N>` after a dimension sharding";
      return {};
    }
    priority = value;
  }
  return DimensionShardingAttr::get(parser.getContext(), axes, closed, priority);
}

static void printDimShardingBody(AsmPrinter &printer, DimensionShardingAttr dim) {
  printer << '{';
  llvm::interleaveComma(dim.getAxes(), printer,
                        [&](AxisRefAttr ref) { printAxisRefBody(printer, ref); });
  if (!dim.getIsClosed())
    printer << (dim.getAxes().empty() ? "?" : ", ?");
  printer << '}';
  if (dim.getPriority())
    printer << 'p' << *dim.getPriority();
}

Attribute DimensionShardingAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  DimensionShardingAttr dim = parseDimShardingBody(parser);
  if (!dim || parser.parseGreater())
    return {};
  return dim;
}

void DimensionShardingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printDimShardingBody(printer, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// TensorShardingAttr, TensorShardingPerValueAttr
//===----------------------------------------------------------------------===//

/// `<@mesh, [{"x"}, {}], replicated={"y"}, unreduced={"z"}>`; the mesh may be
/// inline: `<mesh<["x"=2]>, [...]>`.
Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  if (parser.parseLess())
    return {};
  Attribute meshOrRef;
  StringAttr symbol;
  if (succeeded(parser.parseOptionalSymbolName(symbol))) {
    meshOrRef = FlatSymbolRefAttr::get(symbol);
  } else {
    if (parser.parseKeyword("mesh"))
      return {};
    meshOrRef = MeshAttr::parse(parser, Type());
    if (!meshOrRef)
      return {};
  }
  SmallVector<DimensionShardingAttr> dims;
  SmallVector<AxisRefAttr> replicated, unreduced;
  if (parser.parseComma() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        DimensionShardingAttr dim = parseDimShardingBody(parser);
        if (!dim)
          return failure();
        dims.push_back(dim);
        return success();
      }))
    return {};
  bool seenReplicated = false, seenUnreduced = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return {};
    bool isReplicated = keyword == "replicated";
    if (!isReplicated && keyword != "unreduced") {
      parser.emitError(loc) << "expected `replicated` or `unreduced`, got `" << keyword << "`";
      return {};
    }
    bool &seen = isReplicated ? seenReplicated : seenUnreduced;
    if (seen || (isReplicated && seenUnreduced)) {
      parser.emitError(loc) << "`" << keyword
                            << "` appears twice or out of order (replicated, then unreduced)";
      return {};
    }
    seen = true;
    if (parser.parseEqual() || parseAxisRefSet(parser, isReplicated ? replicated : unreduced))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return TensorShardingAttr::get(ctx, meshOrRef, dims, replicated, unreduced);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (auto ref = dyn_cast<FlatSymbolRefAttr>(getMeshOrRef())) {
    printer.printSymbolName(ref.getValue());
  } else {
    printer << "mesh";
    cast<MeshAttr>(getMeshOrRef()).print(printer);
  }
  printer << ", [";
  llvm::interleaveComma(getDimShardings(), printer,
                        [&](DimensionShardingAttr dim) { printDimShardingBody(printer, dim); });
  printer << ']';
  if (!getReplicatedAxes().empty()) {
    printer << ", replicated=";
    printAxisRefSet(printer, getReplicatedAxes());
  }
  if (!getUnreducedAxes().empty()) {
    printer << ", unreduced=";
    printAxisRefSet(printer, getUnreducedAxes());
  }
  printer << '>';
}

MeshAttr TensorShardingAttr::getMesh(Operation *anchor) const {
  if (auto mesh = dyn_cast<MeshAttr>(getMeshOrRef()))
    return mesh;
  auto ref = dyn_cast<FlatSymbolRefAttr>(getMeshOrRef());
  if (!ref || !anchor)
    return {};
  auto meshOp = SymbolTable::lookupNearestSymbolFrom<MeshOp>(anchor, ref.getAttr());
  return meshOp ? meshOp.getMesh() : MeshAttr();
}

namespace {
/// One use of a mesh axis (or sub-axis) as the multiplicative interval
/// [begin, end) of the axis' device index.
struct AxisUse {
  StringRef name;
  int64_t begin, end;
};
} // namespace

LogicalResult TensorShardingAttr::verifyFor(Type type, Operation *anchor,
                                            function_ref<InFlightDiagnostic()> emitError) const {
  MeshAttr mesh = getMesh(anchor);
  if (!mesh) {
    auto ref = dyn_cast<FlatSymbolRefAttr>(getMeshOrRef());
    if (!ref)
      return emitError() << "sharding needs a mesh: a symbol (@name) or an inline mesh<[...]>";
    return emitError() << "sharding refers to " << ref
                       << ", which is not an sdy.mesh of the enclosing module";
  }
  if (isa<MeshAttr>(getMeshOrRef()) && failed(verifyMesh(mesh, emitError)))
    return failure();
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    if (ranked.getRank() != static_cast<int64_t>(getDimShardings().size()))
      return emitError() << "sharding has " << getDimShardings().size()
                         << " dimension shardings but " << type << " has rank "
                         << ranked.getRank();
  }
  SmallVector<AxisUse> uses;
  auto check = [&](AxisRefAttr ref) -> LogicalResult {
    MeshAxisAttr axis = mesh.getAxis(ref.getName());
    if (!axis) {
      InFlightDiagnostic diag = emitError();
      diag << "axis \"" << ref.getName() << "\" is not an axis of the mesh (";
      llvm::interleaveComma(mesh.getAxes(), diag,
                            [&](MeshAxisAttr a) { diag << '"' << a.getName() << '"'; });
      return diag << ")";
    }
    AxisUse use{ref.getName(), 1, axis.getSize()};
    if (ref.isSubAxis()) {
      int64_t extent = ref.getPreSize() * ref.getSize();
      if (extent > axis.getSize() || axis.getSize() % extent != 0)
        return emitError() << "sub-axis \"" << ref.getName() << "\":(" << ref.getPreSize()
                           << ")" << ref.getSize() << " does not divide axis \""
                           << ref.getName() << "\" of size " << axis.getSize();
      use = {ref.getName(), ref.getPreSize(), extent};
    }
    for (const AxisUse &other : uses)
      if (other.name == use.name && use.begin < other.end && other.begin < use.end)
        return emitError() << "axis \"" << ref.getName()
                           << "\" is used more than once in the sharding";
    uses.push_back(use);
    return success();
  };
  for (DimensionShardingAttr dim : getDimShardings())
    for (AxisRefAttr ref : dim.getAxes())
      if (failed(check(ref)))
        return failure();
  for (AxisRefAttr ref : getReplicatedAxes())
    if (failed(check(ref)))
      return failure();
  for (AxisRefAttr ref : getUnreducedAxes())
    if (failed(check(ref)))
      return failure();
  return success();
}

namespace xla::sdy {
/// `[<@mesh, [...]>, ...]` (the list inside sharding_per_value, and
/// manual_computation's in_shardings/out_shardings).
ParseResult parseShardingList(AsmParser &parser, TensorShardingPerValueAttr &result) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        auto sharding = dyn_cast_or_null<TensorShardingAttr>(TensorShardingAttr::parse(parser, Type()));
        if (!sharding)
          return failure();
        shardings.push_back(sharding);
        return success();
      }))
    return failure();
  result = TensorShardingPerValueAttr::get(parser.getContext(), shardings);
  return success();
}

void printShardingList(AsmPrinter &printer, TensorShardingPerValueAttr list) {
  printer << '[';
  llvm::interleaveComma(list.getShardings(), printer,
                        [&](TensorShardingAttr sharding) { sharding.print(printer); });
  printer << ']';
}

/// `{"x", "y"}`
ParseResult parseManualAxesBody(AsmParser &parser, ManualAxesAttr &result) {
  SmallVector<StringAttr> names;
  if (parseNameSet(parser, names))
    return failure();
  result = ManualAxesAttr::get(parser.getContext(), names);
  return success();
}

void printManualAxesBody(AsmPrinter &printer, ManualAxesAttr axes) {
  printer << '{';
  llvm::interleaveComma(axes.getAxes(), printer,
                        [&](StringAttr name) { printQuoted(printer, name.getValue()); });
  printer << '}';
}
} // namespace xla::sdy

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  TensorShardingPerValueAttr result;
  if (parser.parseLess() || parseShardingList(parser, result) || parser.parseGreater())
    return {};
  return result;
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printShardingList(printer, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ManualAxesAttr
//===----------------------------------------------------------------------===//

Attribute ManualAxesAttr::parse(AsmParser &parser, Type) {
  ManualAxesAttr result;
  if (parser.parseLess() || parseManualAxesBody(parser, result) || parser.parseGreater())
    return {};
  return result;
}

void ManualAxesAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printManualAxesBody(printer, *this);
  printer << '>';
}

bool ManualAxesAttr::contains(StringRef name) const {
  return llvm::any_of(getAxes(), [&](StringAttr axis) { return axis.getValue() == name; });
}

//===----------------------------------------------------------------------===//
// OpShardingRuleAttr
//===----------------------------------------------------------------------===//

/// Factor `n` is named `i`..`z` for n < 18, then `z_1`, `z_2`, ...
static std::string factorName(int64_t index) {
  if (index < 18)
    return std::string(1, static_cast<char>('i' + index));
  return "z_" + std::to_string(index - 17);
}

/// Splits a run of factor names (`ij`, `zz_1`, `z_8z_9`) into indices.
static LogicalResult splitFactorNames(StringRef text, SmallVectorImpl<int64_t> &factors) {
  while (!text.empty()) {
    char c = text.front();
    if (c < 'i' || c > 'z')
      return failure();
    text = text.drop_front();
    if (c == 'z' && text.starts_with("_")) {
      text = text.drop_front();
      size_t digits = 0;
      while (digits < text.size() && llvm::isDigit(text[digits]))
        ++digits;
      int64_t n;
      if (digits == 0 || text.take_front(digits).getAsInteger(10, n) || n < 1)
        return failure();
      factors.push_back(17 + n);
      text = text.drop_front(digits);
    } else {
      factors.push_back(c - 'i');
    }
  }
  return success();
}

/// `([i, j], [])` — one `[...]` per tensor, one factor run per dimension.
static ParseResult parseTensorMappings(AsmParser &parser, ArrayAttr &result) {
  Builder builder(parser.getContext());
  SmallVector<Attribute> tensors;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
        SmallVector<Attribute> dims;
        if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
              SMLoc loc = parser.getCurrentLocation();
              StringRef run;
              SmallVector<int64_t> factors;
              if (parser.parseKeyword(&run))
                return failure();
              if (failed(splitFactorNames(run, factors)))
                return parser.emitError(loc) << "`" << run
                                             << "` is not a sequence of factor names (i..z, z_1, z_2, ...)";
              dims.push_back(builder.getDenseI64ArrayAttr(factors));
              return success();
            }))
          return failure();
        tensors.push_back(builder.getArrayAttr(dims));
        return success();
      }))
    return failure();
  result = builder.getArrayAttr(tensors);
  return success();
}

static void printTensorMappings(AsmPrinter &printer, ArrayAttr tensors) {
  printer << '(';
  llvm::interleaveComma(tensors, printer, [&](Attribute tensor) {
    printer << '[';
    llvm::interleaveComma(cast<ArrayAttr>(tensor), printer, [&](Attribute dim) {
      for (int64_t factor : cast<DenseI64ArrayAttr>(dim).asArrayRef())
        printer << factorName(factor);
    });
    printer << ']';
  });
  printer << ')';
}

/// `{i, j}` of the special factor lists.
static ParseResult parseFactorSet(AsmParser &parser, SmallVectorImpl<int64_t> &factors) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    SmallVector<int64_t> one;
    if (parser.parseKeyword(&name))
      return failure();
    if (failed(splitFactorNames(name, one)) || one.size() != 1)
      return parser.emitError(loc) << "`" << name << "` is not a factor name";
    factors.push_back(one[0]);
    return success();
  });
}

static void printFactorSet(AsmPrinter &printer, StringRef keyword, ArrayRef<int64_t> factors) {
  if (factors.empty())
    return;
  printer << ' ' << keyword << "={";
  llvm::interleaveComma(factors, printer, [&](int64_t f) { printer << factorName(f); });
  printer << '}';
}

/// `<([i, j], [j, k])->([i, k]) {i=2, j=4, k=8} reduction={j}, custom>`
Attribute OpShardingRuleAttr::parse(AsmParser &parser, Type) {
  ArrayAttr operands, results;
  SMLoc start = parser.getCurrentLocation();
  if (parser.parseLess() || parseTensorMappings(parser, operands) || parser.parseArrow() ||
      parseTensorMappings(parser, results))
    return {};
  // Factor sizes, by name; every factor a mapping uses must have one.
  SmallVector<int64_t> sizes;
  if (succeeded(parser.parseOptionalLBrace())) {
    SmallVector<std::pair<int64_t, int64_t>> given;
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef name;
      SmallVector<int64_t> one;
      int64_t size;
      if (parser.parseKeyword(&name))
        return {};
      if (failed(splitFactorNames(name, one)) || one.size() != 1) {
        parser.emitError(loc) << "`" << name << "` is not a factor name";
        return {};
      }
      if (parser.parseEqual() || parser.parseInteger(size))
        return {};
      given.push_back({one[0], size});
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
    sizes.assign(given.size(), -1);
    for (auto [index, size] : given) {
      if (index >= static_cast<int64_t>(sizes.size()) || sizes[index] != -1) {
        parser.emitError(start) << "factor sizes must name the factors " << factorName(0)
                                << ".." << factorName(given.size() - 1) << " once each";
        return {};
      }
      sizes[index] = size;
    }
  }
  SmallVector<int64_t> reduction, needReplication, permutation, blocked;
  bool custom = false;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalComma())) {
      if (parser.parseKeyword("custom"))
        return {};
      custom = true;
      break;
    }
    StringRef keyword;
    if (failed(parser.parseOptionalKeyword(&keyword)))
      break;
    SmallVector<int64_t> *list = llvm::StringSwitch<SmallVector<int64_t> *>(keyword)
                                     .Case("reduction", &reduction)
                                     .Case("need_replication", &needReplication)
                                     .Case("permutation", &permutation)
                                     .Case("blocked_propagation", &blocked)
                                     .Default(nullptr);
    if (!list) {
      parser.emitError(loc) << "unknown factor list `" << keyword
                            << "` (expected reduction, need_replication, permutation or "
                               "blocked_propagation)";
      return {};
    }
    if (parser.parseEqual() || parseFactorSet(parser, *list))
      return {};
  }
  if (parser.parseGreater())
    return {};
  // Every factor index used must have a size.
  auto inRange = [&](int64_t f) { return f >= 0 && f < static_cast<int64_t>(sizes.size()); };
  for (ArrayAttr tensors : {operands, results})
    for (Attribute tensor : tensors)
      for (Attribute dim : cast<ArrayAttr>(tensor))
        for (int64_t f : cast<DenseI64ArrayAttr>(dim).asArrayRef())
          if (!inRange(f)) {
            parser.emitError(start) << "factor " << factorName(f) << " has no size";
            return {};
          }
  for (ArrayRef<int64_t> list : {ArrayRef<int64_t>(reduction), ArrayRef<int64_t>(needReplication),
                                 ArrayRef<int64_t>(permutation), ArrayRef<int64_t>(blocked)})
    for (int64_t f : list)
      if (!inRange(f)) {
        parser.emitError(start) << "factor " << factorName(f) << " has no size";
        return {};
      }
  return OpShardingRuleAttr::get(parser.getContext(), sizes, operands, results, reduction,
                                 needReplication, permutation, blocked, custom);
}

void OpShardingRuleAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printTensorMappings(printer, getOperandMappings());
  printer << "->";
  printTensorMappings(printer, getResultMappings());
  if (!getFactorSizes().empty()) {
    printer << " {";
    llvm::interleaveComma(llvm::enumerate(getFactorSizes()), printer, [&](auto it) {
      printer << factorName(it.index()) << '=' << it.value();
    });
    printer << '}';
  }
  printFactorSet(printer, "reduction", getReductionFactors());
  printFactorSet(printer, "need_replication", getNeedReplicationFactors());
  printFactorSet(printer, "permutation", getPermutationFactors());
  printFactorSet(printer, "blocked_propagation", getBlockedPropagationFactors());
  if (getIsCustomRule())
    printer << ", custom";
  printer << '>';
}
