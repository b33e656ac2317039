//! The planner's view of a block of StableHLO: a [`DataflowGraph`] whose
//! nodes are the block's ops (classified for fusion, with the byte sizes of
//! their results) and whose edges are the uses of values between them.

use crate::op_name;
use super::decide::{DataflowGraph, OpClass, OpNode, Read, Refusal, ValueEdge};
use melior::ir::{
    BlockLike, BlockRef, OperationRef, RegionLike, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
    r#type::{DimSize, RankedTensorType, ShapedTypeLike, TypeLike},
};
use petgraph::graph::NodeIndex;
use std::collections::HashMap;

/// Scalar ops per element of the element-wise StableHLO ops, roughly what
/// their lowering (and `xla-polynomial-math`) emits; `None` for ops that are
/// not element-wise.
fn elementwise_cost(name: &str) -> Option<u64> {
    Some(match name {
        "add" | "subtract" | "multiply" | "negate" | "abs" | "maximum" | "minimum" | "compare" | "select" | "and"
        | "or" | "xor" | "not" | "convert" | "sign" | "floor" | "ceil" | "round_nearest_afz" | "round_nearest_even"
        | "shift_left" | "shift_right_arithmetic" | "shift_right_logical" | "real" | "imag" | "complex"
        | "is_finite" | "popcnt" | "count_leading_zeros" => 1,
        "clamp" => 2,
        "divide" | "sqrt" => 4,
        "rsqrt" => 5,
        "reduce_precision" => 6,
        "remainder" => 8,
        "exponential" | "exponential_minus_one" | "log" | "log_plus_one" | "tanh" | "sine" | "cosine" | "cbrt" => 20,
        "logistic" => 22,
        "tan" => 25,
        "atan2" => 30,
        "power" => 40,
        _ => return None,
    })
}

/// Ops with side effects or regions of their own that the planner leaves
/// alone.
fn has_side_effects(name: &str) -> bool {
    matches!(
        name,
        "custom_call"
            | "infeed"
            | "outfeed"
            | "send"
            | "recv"
            | "rng"
            | "rng_bit_generator"
            | "all_gather"
            | "all_reduce"
            | "all_to_all"
            | "reduce_scatter"
            | "collective_permute"
            | "collective_broadcast"
            | "ragged_all_to_all"
            | "partition_id"
            | "replica_id"
            | "after_all"
            | "create_token"
            | "optimization_barrier"
            | "while"
            | "if"
            | "case"
            | "composite"
    )
}

/// Classifies one op.
pub fn classify(op: OperationRef) -> OpClass {
    let full = op_name(&op);
    let Some(name) = full.strip_prefix("stablehlo.") else {
        return OpClass::Opaque { reason: Refusal::SideEffectsOrControlFlow };
    };
    if let Some(cost) = elementwise_cost(name) {
        return OpClass::Elementwise { cost };
    }
    match name {
        "constant" => OpClass::Constant,
        "broadcast_in_dim" => OpClass::Broadcast,
        "reshape" | "transpose" => OpClass::Movement,
        "iota" => OpClass::Iota,
        "dot_general" | "dot" | "convolution" => OpClass::Contraction,
        "reduce" if op.operand_count() >= 2 && op.operand_count() % 2 == 0 => {
            let body = op.region(0).ok().and_then(|r| r.first_block());
            let cost = body.map_or(1, |b| {
                let mut count = 0u64;
                let mut next = b.first_operation();
                while let Some(o) = next {
                    count += 1;
                    next = o.next_in_block();
                }
                count.saturating_sub(1).max(1)
            });
            OpClass::Reduce { cost }
        }
        _ if has_side_effects(name) || op.region_count() > 0 => {
            OpClass::Opaque { reason: Refusal::SideEffectsOrControlFlow }
        }
        _ => OpClass::Opaque { reason: Refusal::NotALoop },
    }
}

/// Bytes of one element of a type; `None` for non-numeric types.
fn element_bytes(element: melior::ir::Type) -> Option<u64> {
    let raw = element.to_raw();
    // SAFETY: `raw` is a live type; each accessor is used on its own kind.
    unsafe {
        if mlir_sys::mlirTypeIsAInteger(raw) {
            return Some((mlir_sys::mlirIntegerTypeGetWidth(raw) as u64).div_ceil(8));
        }
        if mlir_sys::mlirTypeIsAIndex(raw) {
            return Some(8);
        }
        if mlir_sys::mlirTypeIsAFloat(raw) {
            return Some((mlir_sys::mlirFloatTypeGetWidth(raw) as u64).div_ceil(8));
        }
        if mlir_sys::mlirTypeIsAComplex(raw) {
            let inner = crate::builders::complex_part(melior::ir::Type::from_raw(raw));
            return element_bytes(inner).map(|b| 2 * b);
        }
    }
    None
}

/// (elements, bytes) of a statically shaped tensor type.
pub fn tensor_size(t: melior::ir::Type) -> Option<(u64, u64)> {
    let tensor = RankedTensorType::try_from(t).ok()?;
    let mut elements = 1u64;
    for dim in 0..tensor.rank() {
        let DimSize::Static(size) = tensor.dim_size(dim).ok()? else { return None };
        elements = elements.checked_mul(size)?;
    }
    let bytes = elements.checked_mul(element_bytes(tensor.element())?)?;
    Some((elements, bytes))
}

/// The dimensions of a statically shaped tensor type.
fn static_shape(t: melior::ir::Type) -> Option<Vec<i64>> {
    let tensor = RankedTensorType::try_from(t).ok()?;
    (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim).ok()? {
            DimSize::Static(size) => i64::try_from(size).ok(),
            _ => None,
        })
        .collect()
}

fn value_bytes<'c, 'a>(value: impl ValueLike<'c> + 'a) -> Option<u64> {
    tensor_size(value.r#type()).map(|(_, bytes)| bytes)
}

/// The source line of a location (through names, call sites and fused
/// locations), if any.
pub fn line_of(location: mlir_sys::MlirLocation) -> Option<u32> {
    // SAFETY: `location` is live; accessors match its kind.
    unsafe {
        if mlir_sys::mlirLocationIsAFileLineColRange(location) {
            return Some(mlir_sys::mlirLocationFileLineColRangeGetStartLine(location).max(0) as u32);
        }
        if mlir_sys::mlirLocationIsAName(location) {
            return line_of(mlir_sys::mlirLocationNameGetChildLoc(location));
        }
        if mlir_sys::mlirLocationIsACallSite(location) {
            return line_of(mlir_sys::mlirLocationCallSiteGetCallee(location));
        }
        if mlir_sys::mlirLocationIsAFused(location) {
            let count = mlir_sys::mlirLocationFusedGetNumLocations(location) as usize;
            let mut parts = vec![mlir_sys::MlirLocation { ptr: std::ptr::null() }; count];
            mlir_sys::mlirLocationFusedGetLocations(location, parts.as_mut_ptr());
            return parts.into_iter().find_map(|part| line_of(part));
        }
    }
    None
}

/// A block's graph and, per node, its op.
pub struct BlockGraph<'c, 'a> {
    pub graph: DataflowGraph,
    pub ops: Vec<OperationRef<'c, 'a>>,
}

/// Builds the graph of the ops of `block` (its terminator left out: values
/// it uses escape).
pub fn build<'c, 'a>(block: BlockRef<'c, 'a>) -> BlockGraph<'c, 'a> {
    let mut graph = DataflowGraph::new();
    let mut ops = Vec::new();
    let mut index_of: HashMap<usize, NodeIndex> = HashMap::new();
    let terminator = block.terminator().map(|t| t.to_raw().ptr as usize);
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if Some(op.to_raw().ptr as usize) == terminator {
            continue;
        }
        let class = classify(op);
        let first = op.result(0).ok().and_then(|r| tensor_size(r.r#type()));
        let mut result_bytes = Some(0u64);
        for result in op.results() {
            result_bytes = result_bytes.zip(value_bytes(result)).map(|(a, b)| a.saturating_add(b));
        }
        let reduce_key = match class {
            OpClass::Reduce { .. } => {
                let dims = op.attribute("dimensions").ok().and_then(|a| DenseI64ArrayAttribute::try_from(a).ok());
                let shape = op.operand(0).ok().and_then(|v| static_shape(v.r#type()));
                dims.zip(shape).map(|(d, shape)| (shape, (0..d.len()).map(|i| d.element(i).unwrap_or(-1)).collect()))
            }
            _ => None,
        };
        let label = {
            let name = op_name(&op);
            let short = name.strip_prefix("stablehlo.").unwrap_or(&name).to_owned();
            match line_of(op.location().to_raw()) {
                Some(line) => format!("{short}@{line}"),
                None => short,
            }
        };
        let node = graph.add_node(OpNode {
            label,
            class,
            result_bytes,
            elements: first.map(|(e, _)| e),
            uses: 0,
            escapes: false,
            external_read_bytes: 0,
            reduce_key,
            reads: Vec::new(),
        });
        index_of.insert(op.to_raw().ptr as usize, node);
        ops.push(op);
    }
    for (index, &op) in ops.iter().enumerate() {
        let consumer = NodeIndex::new(index);
        // A value used twice by one op is read once (linalg merges repeated
        // operands): one edge.
        let mut seen = std::collections::HashSet::new();
        // A reduction reads its inputs (the first half of its operands); its
        // initial values are not part of its loop.
        let read_operands = match graph[consumer].class {
            OpClass::Reduce { .. } => op.operand_count() / 2,
            _ => op.operand_count(),
        };
        for (position, operand) in op.operands().enumerate() {
            let bytes = value_bytes(operand);
            let raw = operand.to_raw();
            // SAFETY: `raw` is a live value; the accessor matches its kind.
            let producer = unsafe {
                mlir_sys::mlirValueIsAOpResult(raw)
                    .then(|| index_of.get(&(mlir_sys::mlirOpResultGetOwner(raw).ptr as usize)).copied())
                    .flatten()
            };
            if position < read_operands {
                let shape = static_shape(operand.r#type());
                graph[consumer].reads.push(Read { value: raw.ptr as usize, shape, bytes, producer });
            }
            if !seen.insert(raw.ptr as usize) {
                continue;
            }
            match producer {
                Some(producer) => {
                    graph.add_edge(producer, consumer, ValueEdge { bytes });
                }
                None => graph[consumer].external_read_bytes = graph[consumer].external_read_bytes.saturating_add(bytes.unwrap_or(0)),
            }
        }
        // Uses: the ops that read a result (an op reading it twice counts
        // once), and whether one of them is outside the graph (terminator,
        // nested region).
        let mut users = std::collections::HashSet::new();
        let mut escapes = false;
        for result in op.results() {
            // SAFETY: walking the use list of a live value.
            unsafe {
                let mut use_ = mlir_sys::mlirValueGetFirstUse(result.to_raw());
                while !use_.ptr.is_null() {
                    let owner = mlir_sys::mlirOpOperandGetOwner(use_).ptr as usize;
                    users.insert(owner);
                    if !index_of.contains_key(&owner) {
                        escapes = true;
                    }
                    use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
                }
            }
        }
        graph[consumer].uses = users.len();
        graph[consumer].escapes = escapes;
    }
    BlockGraph { graph, ops }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{Module, RegionLike};

    /// The graph of a parsed function: nodes, classes, byte sizes, uses,
    /// escaping results and reads of arguments.
    #[test]
    fn graph_of_a_function() {
        let context = xla_dialects::create_context();
        let module = Module::parse(
            &context,
            r#"func.func @f(%x: tensor<4x16xf32>, %v: tensor<16xbf16>) -> (tensor<4xf32>, tensor<4x16xf32>) {
                 %c = stablehlo.constant dense<0.0> : tensor<f32>
                 %w = stablehlo.convert %v : (tensor<16xbf16>) -> tensor<16xf32>
                 %b = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
                 %e = stablehlo.exponential %x : tensor<4x16xf32>
                 %s = stablehlo.add %e, %b : tensor<4x16xf32>
                 %r = stablehlo.reduce(%s init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
                 %t = stablehlo.multiply %s, %s : tensor<4x16xf32>
                 return %r, %t : tensor<4xf32>, tensor<4x16xf32>
               }"#,
        )
        .expect("the test module parses");
        let function = module.body().first_operation().expect("a function");
        let body = function.region(0).ok().and_then(|r| r.first_block()).expect("a body");
        let built = build(body);
        let g = &built.graph;
        assert_eq!(g.node_count(), 7);
        let classes: Vec<OpClass> = g.node_indices().map(|n| g[n].class.clone()).collect();
        assert_eq!(
            classes,
            vec![
                OpClass::Constant,
                OpClass::Elementwise { cost: 1 },
                OpClass::Broadcast,
                OpClass::Elementwise { cost: 20 },
                OpClass::Elementwise { cost: 1 },
                OpClass::Reduce { cost: 1 },
                OpClass::Elementwise { cost: 1 },
            ]
        );
        let n = |i: usize| &g[NodeIndex::new(i)];
        // convert reads 16 bf16 (32 bytes) and writes 16 f32 (64 bytes).
        assert_eq!((n(1).external_read_bytes, n(1).result_bytes, n(1).elements), (32, Some(64), Some(16)));
        assert_eq!(n(3).external_read_bytes, 256);
        // %s: read by the reduction and (twice, counted once) by the multiply.
        assert_eq!((n(4).uses, n(4).escapes), (2, false));
        assert_eq!(g.edges_connecting(NodeIndex::new(4), NodeIndex::new(6)).count(), 1);
        // %r and %t are returned.
        assert!(n(5).escapes && n(6).escapes);
        assert_eq!(n(5).reduce_key, Some((vec![4, 16], vec![1])));
        assert!(n(5).label.starts_with("reduce"));
    }
}
