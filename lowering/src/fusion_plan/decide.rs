//! The decisions of the fusion planner on a [`DataflowGraph`], without MLIR:
//! which producer/consumer edges are fused (and with which kind), which
//! cheap producers are duplicated, which edges are refused and why, and the
//! bytes each group moves. The cost model is described in the parent
//! module's documentation; its constants are here.

use petgraph::{
    Direction,
    graph::{DiGraph, EdgeIndex, NodeIndex},
    visit::EdgeRef,
};
use std::collections::{BTreeMap, BTreeSet};

/// Largest estimated scalar op count of one fused loop body (the bound of
/// `xla-fuse-elementwise`, beyond which LLVM's compile time is quadratic).
pub const MAX_GROUP_OPS: u64 = 1024;

/// A producer with several uses is duplicated into its consumers only if
/// its estimated scalar cost per element is at most this (data movement,
/// conversions, +, -, *, min/max, compare, select: not division or
/// transcendental functions).
pub const CHEAP_OP_COST: u64 = 1;

/// The price of one scalar op per element, in bytes of memory traffic, when
/// recomputation is weighed against traffic saved.
pub const BYTES_PER_OP: u64 = 1;

/// What kind of op a node is, for fusion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// Constants: not planned (the lowering folds splats into the loops
    /// that read them).
    Constant,
    /// Element-wise, with its estimated scalar op count per element.
    Elementwise { cost: u64 },
    /// broadcast_in_dim: each input element read by several outputs.
    Broadcast,
    /// reshape / transpose: data movement, cheap to recompute.
    Movement,
    /// iota: computed from indices alone.
    Iota,
    /// reduce (a scalar combiner region), with the combiner's op count.
    Reduce { cost: u64 },
    /// dot_general / convolution.
    Contraction,
    /// Anything else, with why it is not fused.
    Opaque { reason: Refusal },
}

impl OpClass {
    /// Estimated scalar ops per output element.
    pub fn cost(&self) -> u64 {
        match self {
            OpClass::Elementwise { cost } | OpClass::Reduce { cost } => *cost,
            OpClass::Iota => 1,
            _ => 0,
        }
    }

    /// Whether a loop over this op's result can absorb its producers
    /// (element-wise, data movement and reductions).
    fn is_loop_consumer(&self) -> bool {
        matches!(
            self,
            OpClass::Elementwise { .. } | OpClass::Broadcast | OpClass::Movement | OpClass::Reduce { .. }
        )
    }

    /// Whether this op can be computed inside its consumer's loop.
    fn is_loop_producer(&self) -> bool {
        matches!(self, OpClass::Elementwise { .. } | OpClass::Broadcast | OpClass::Movement | OpClass::Iota)
    }
}

/// One op of a function (a node of the graph).
#[derive(Clone, Debug)]
pub struct OpNode {
    /// For reports: the op's name and source line (`add@12`).
    pub label: String,
    pub class: OpClass,
    /// Bytes of the op's result(s); `None` for dynamic shapes.
    pub result_bytes: Option<u64>,
    /// Elements of its (first) result; `None` for dynamic shapes.
    pub elements: Option<u64>,
    /// Ops using its results (an op using one twice counts once, as linalg
    /// merges repeated operands), terminators included.
    pub uses: usize,
    /// Whether a result is used outside the graph (returned, or used in a
    /// nested region).
    pub escapes: bool,
    /// Bytes read from values the graph does not produce (arguments,
    /// values from enclosing blocks).
    pub external_read_bytes: u64,
    /// For reductions: (the shape of the inputs, the dimensions reduced):
    /// the loops of the reduction, which sibling fusion compares.
    pub reduce_key: Option<(Vec<i64>, Vec<i64>)>,
    /// The values the op reads, in order (a reduction: its inputs only,
    /// not its initial values).
    pub reads: Vec<Read>,
}

/// One value an op reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The value's identity (its address in the IR).
    pub value: usize,
    /// Its static shape and bytes (`None` if dynamic or not a tensor).
    pub shape: Option<Vec<i64>>,
    pub bytes: Option<u64>,
    /// The op of the graph that produces it (`None`: an argument or a value
    /// from an enclosing block).
    pub producer: Option<NodeIndex>,
}

/// One use of a value: an edge from its producer to the op using it.
#[derive(Clone, Debug)]
pub struct ValueEdge {
    /// Bytes of the value; `None` for dynamic shapes.
    pub bytes: Option<u64>,
}

/// The dataflow graph of one block: ops as nodes, each use of a value an edge.
pub type DataflowGraph = DiGraph<OpNode, ValueEdge>;

/// Why an edge is not fused.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// The producer is not cheap and its result has several uses (or it is
    /// also a result of the function): fusing it would recompute it.
    ExpensiveSharedProducer,
    /// The fused body would exceed [`MAX_GROUP_OPS`].
    SizeCap,
    /// The consumer does not read the producer's elements once each in its
    /// own loop (a reduction's result read by a wider loop, a contraction's
    /// operand read many times).
    IncompatibleIterationSpaces,
    /// An op with side effects or regions (control flow, custom calls,
    /// collectives, sort, ...).
    SideEffectsOrControlFlow,
    /// An op no loop fusion applies to (gather, slice, pad, concatenate,
    /// windows, ...): it keeps its own loops.
    NotALoop,
    /// The consumer is duplicated; its own producers stay materialized.
    ProducerOfDuplicate,
}

impl Refusal {
    pub fn describe(&self) -> &'static str {
        match self {
            Refusal::ExpensiveSharedProducer => "shared producer not worth duplicating (several uses: recomputing it in each consumer costs more than the traffic saved, or it is also a result)",
            Refusal::SizeCap => "size cap (the fused body would exceed 1024 scalar ops)",
            Refusal::IncompatibleIterationSpaces => "incompatible iteration spaces",
            Refusal::SideEffectsOrControlFlow => "side effects or control flow",
            Refusal::NotALoop => "not a loop-fusion candidate (indexing, windows, slices, ...)",
            Refusal::ProducerOfDuplicate => "producer of a duplicated op (only the duplicated op is recomputed)",
        }
    }
}

/// How an edge is fused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FusionKind {
    /// Element-wise ops, broadcasts and data movement in one loop.
    Loop,
    /// Producers computed inside a reduction's loop.
    Input,
    /// Element-wise consumers of a contraction in its epilogue.
    Output,
    /// A cheap producer with several uses recomputed in each consumer.
    Duplication,
    /// Reductions of the same input in one loop nest.
    Sibling,
}

impl FusionKind {
    pub fn name(&self) -> &'static str {
        match self {
            FusionKind::Loop => "loop",
            FusionKind::Input => "input",
            FusionKind::Output => "output",
            FusionKind::Duplication => "duplication",
            FusionKind::Sibling => "sibling",
        }
    }

}

/// The decision on one edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeDecision {
    Fuse(FusionKind),
    Refuse(Refusal),
    /// From a constant: not planned.
    Ignored,
}

/// The plan of one graph.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Per edge, the decision.
    pub edges: BTreeMap<EdgeIndex, EdgeDecision>,
    /// Producers recomputed in each consumer.
    pub duplicated: BTreeSet<NodeIndex>,
    /// Group of each node (duplicated nodes and constants have none).
    pub group_of: BTreeMap<NodeIndex, usize>,
    pub groups: Vec<Group>,
    /// Pairs of sibling reductions, and the bytes of the inputs both read
    /// (read once when they are one loop nest).
    pub siblings: Vec<(NodeIndex, NodeIndex, u64)>,
    /// The sibling set of each reduction in a pair (connected pairs share
    /// one set): the tag `xla-fuse-siblings` merges by.
    pub sibling_set: BTreeMap<NodeIndex, usize>,
}

/// One fusion group: the ops computed in one loop nest.
#[derive(Clone, Debug, Default)]
pub struct Group {
    pub nodes: Vec<NodeIndex>,
    /// Duplicated producers computed in this group.
    pub duplicated_in: Vec<NodeIndex>,
    pub kinds: BTreeSet<FusionKind>,
    /// Estimated scalar ops of the fused body.
    pub ops: u64,
    /// Estimated bytes moved: every op alone, as planned, and as realized.
    /// The CPU pipeline carries every kind out (`xla-fuse-elementwise` the
    /// loop, input and duplication kinds, the contraction kernels'
    /// epilogue the output kind, `xla-fuse-siblings` the sibling kind; the
    /// last two report each fusion they make or not), so the realized
    /// estimate equals the planned one; the report keeps both columns.
    pub bytes_unfused: u64,
    pub bytes_planned: u64,
    pub bytes_realized: u64,
}

struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> Self {
        Self { parent: (0..n).collect() }
    }
    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.parent[root] != root {
            root = self.parent[root];
        }
        let mut y = x;
        while self.parent[y] != root {
            let next = self.parent[y];
            self.parent[y] = root;
            y = next;
        }
        root
    }
}

/// Whether duplicating `node` into all its consumers saves traffic: the
/// saved bytes (its result written once and read by each use) exceed what
/// the copies read (its inputs, once per use) plus the recomputation
/// ((uses - 1) × elements × cost, at [`BYTES_PER_OP`]).
pub fn duplication_pays(graph: &DataflowGraph, node: NodeIndex) -> bool {
    let op = &graph[node];
    if op.escapes || op.uses < 2 || !op.class.is_loop_producer() || op.class.cost() > CHEAP_OP_COST {
        return false;
    }
    let (Some(bytes), Some(elements)) = (op.result_bytes, op.elements) else { return false };
    let mut input_bytes = op.external_read_bytes;
    for edge in graph.edges_directed(node, Direction::Incoming) {
        let Some(b) = edge.weight().bytes else { return false };
        input_bytes = input_bytes.saturating_add(b);
    }
    let uses = op.uses as u64;
    // Every consumer must be able to compute it in its loop.
    let consumers_fuse = graph.edges_directed(node, Direction::Outgoing).all(|e| graph[e.target()].class.is_loop_consumer());
    // Saturating: byte counts of huge (fuzzed) tensors must not overflow.
    let saved = (uses + 1).saturating_mul(bytes);
    let spent = uses
        .saturating_mul(input_bytes)
        .saturating_add((uses - 1).saturating_mul(elements).saturating_mul(op.class.cost()).saturating_mul(BYTES_PER_OP));
    consumers_fuse && saved > spent
}

fn decide_edge(graph: &DataflowGraph, edge: EdgeIndex, duplicated: &BTreeSet<NodeIndex>) -> EdgeDecision {
    let (p, c) = graph.edge_endpoints(edge).expect("the edge is in the graph");
    let (producer, consumer) = (&graph[p], &graph[c]);
    if producer.class == OpClass::Constant {
        return EdgeDecision::Ignored;
    }
    if let OpClass::Opaque { reason } = &producer.class {
        return EdgeDecision::Refuse(reason.clone());
    }
    if let OpClass::Opaque { reason } = &consumer.class {
        return EdgeDecision::Refuse(reason.clone());
    }
    if consumer.class == OpClass::Contraction || matches!(producer.class, OpClass::Reduce { .. }) {
        return EdgeDecision::Refuse(Refusal::IncompatibleIterationSpaces);
    }
    if duplicated.contains(&c) {
        return EdgeDecision::Refuse(Refusal::ProducerOfDuplicate);
    }
    let single = producer.uses == 1 && !producer.escapes;
    if producer.class == OpClass::Contraction {
        return if !single {
            EdgeDecision::Refuse(Refusal::ExpensiveSharedProducer)
        } else if matches!(consumer.class, OpClass::Elementwise { .. }) {
            EdgeDecision::Fuse(FusionKind::Output)
        } else {
            EdgeDecision::Refuse(Refusal::IncompatibleIterationSpaces)
        };
    }
    debug_assert!(producer.class.is_loop_producer() && consumer.class.is_loop_consumer());
    if duplicated.contains(&p) {
        return EdgeDecision::Fuse(FusionKind::Duplication);
    }
    if !single {
        return EdgeDecision::Refuse(Refusal::ExpensiveSharedProducer);
    }
    EdgeDecision::Fuse(if matches!(consumer.class, OpClass::Reduce { .. }) { FusionKind::Input } else { FusionKind::Loop })
}

/// Plans `graph` (see the parent module for the cost model).
pub fn plan(graph: &DataflowGraph) -> Plan {
    let duplicated: BTreeSet<NodeIndex> = graph.node_indices().filter(|&n| duplication_pays(graph, n)).collect();
    let mut edges = BTreeMap::new();
    for edge in graph.edge_indices() {
        edges.insert(edge, decide_edge(graph, edge, &duplicated));
    }

    // Groups: union along fused edges (duplicated producers stay out, their
    // cost is counted in each consumer's group), in program order, each
    // union refused when the body would exceed the size cap.
    let n = graph.node_count();
    let mut sets = UnionFind::new(n);
    let mut ops: Vec<u64> = graph.node_indices().map(|i| graph[i].class.cost().max(1)).collect();
    let mut order: Vec<EdgeIndex> = graph.edge_indices().collect();
    order.sort_by_key(|&e| {
        let (p, c) = graph.edge_endpoints(e).expect("the edge is in the graph");
        (c.index(), p.index())
    });
    for edge in order {
        let (p, c) = graph.edge_endpoints(edge).expect("the edge is in the graph");
        let EdgeDecision::Fuse(kind) = edges[&edge] else { continue };
        let rc = sets.find(c.index());
        if kind == FusionKind::Duplication {
            let extra = ops[p.index()];
            if ops[rc] + extra > MAX_GROUP_OPS {
                edges.insert(edge, EdgeDecision::Refuse(Refusal::SizeCap));
            } else {
                ops[rc] += extra;
            }
            continue;
        }
        let rp = sets.find(p.index());
        if rp == rc {
            continue;
        }
        if ops[rp] + ops[rc] > MAX_GROUP_OPS {
            edges.insert(edge, EdgeDecision::Refuse(Refusal::SizeCap));
            continue;
        }
        sets.parent[rp] = rc;
        ops[rc] += ops[rp];
    }

    let mut group_of = BTreeMap::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut index_of_root: BTreeMap<usize, usize> = BTreeMap::new();
    for node in graph.node_indices() {
        if graph[node].class == OpClass::Constant || duplicated.contains(&node) {
            continue;
        }
        let root = sets.find(node.index());
        let index = *index_of_root.entry(root).or_insert_with(|| {
            groups.push(Group { ops: ops[root], ..Group::default() });
            groups.len() - 1
        });
        groups[index].nodes.push(node);
        group_of.insert(node, index);
    }
    for (&edge, decision) in &edges {
        let EdgeDecision::Fuse(kind) = decision else { continue };
        let (p, c) = graph.edge_endpoints(edge).expect("the edge is in the graph");
        let group = &mut groups[group_of[&c]];
        group.kinds.insert(*kind);
        if *kind == FusionKind::Duplication && !group.duplicated_in.contains(&p) {
            group.duplicated_in.push(p);
        }
    }

    let mut plan = Plan { edges, duplicated, group_of, groups, siblings: Vec::new(), sibling_set: BTreeMap::new() };
    plan.siblings = sibling_pairs(graph, &plan);
    for &(a, b, _) in &plan.siblings {
        for node in [a, b] {
            let group = plan.group_of[&node];
            plan.groups[group].kinds.insert(FusionKind::Sibling);
        }
    }
    plan.sibling_set = sibling_sets(&plan.siblings);
    for index in 0..plan.groups.len() {
        let (unfused, planned, realized) = group_bytes(graph, &plan, index);
        let group = &mut plan.groups[index];
        group.bytes_unfused = unfused;
        group.bytes_planned = planned;
        group.bytes_realized = realized;
    }
    // One loop nest reads the inputs of sibling reductions once: the later
    // reduction's group does not read them again.
    let mut shared_by: BTreeMap<NodeIndex, u64> = BTreeMap::new();
    for &(_, b, shared) in &plan.siblings {
        let most = shared_by.entry(b).or_default();
        *most = (*most).max(shared);
    }
    for (b, shared) in shared_by {
        let group = &mut plan.groups[plan.group_of[&b]];
        group.bytes_planned = group.bytes_planned.saturating_sub(shared);
        group.bytes_realized = group.bytes_realized.saturating_sub(shared);
    }
    plan
}

/// At most this many reductions of one loop shape are compared pairwise.
const MAX_SIBLING_CANDIDATES: usize = 32;

/// The values of the reduction's input shape that reduction `node` reads in
/// its group's loop: its inputs, or, through element-wise producers fused
/// into it (the `x * x` of a sum of squares), theirs.
fn reduction_reads(graph: &DataflowGraph, plan: &Plan, node: NodeIndex) -> BTreeMap<usize, u64> {
    let Some((shape, _)) = &graph[node].reduce_key else { return BTreeMap::new() };
    let mut values = BTreeMap::new();
    let mut stack = vec![node];
    let mut seen = BTreeSet::new();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        for read in &graph[n].reads {
            // Through element-wise producers only: a fused transpose or
            // broadcast reads its input in another order or shape.
            let fused = read.producer.is_some_and(|p| {
                matches!(graph[p].class, OpClass::Elementwise { .. })
                    && graph.edges_connecting(p, n).any(|e| matches!(plan.edges.get(&e.id()), Some(EdgeDecision::Fuse(_))))
            });
            match read.producer {
                Some(p) if fused => stack.push(p),
                _ if read.shape.as_ref() == Some(shape) => {
                    values.insert(read.value, read.bytes.unwrap_or(0));
                }
                _ => {}
            }
        }
    }
    values
}

/// Reductions with the same loops (input shape and dimensions) that read a
/// common input of that shape in their loops, neither depending on the
/// other: one loop nest can compute both. Each pair with the bytes of the
/// inputs both read.
fn sibling_pairs(graph: &DataflowGraph, plan: &Plan) -> Vec<(NodeIndex, NodeIndex, u64)> {
    let mut by_key: BTreeMap<&(Vec<i64>, Vec<i64>), Vec<NodeIndex>> = BTreeMap::new();
    for node in graph.node_indices() {
        if let Some(key) = &graph[node].reduce_key {
            let nodes = by_key.entry(key).or_default();
            if nodes.len() < MAX_SIBLING_CANDIDATES {
                nodes.push(node);
            }
        }
    }
    let mut pairs = Vec::new();
    for nodes in by_key.values() {
        if nodes.len() < 2 {
            continue;
        }
        let reads: Vec<BTreeMap<usize, u64>> = nodes.iter().map(|&n| reduction_reads(graph, plan, n)).collect();
        for i in 0..nodes.len() {
            for j in i + 1..nodes.len() {
                let shared: u64 =
                    reads[i].iter().filter(|(v, _)| reads[j].contains_key(v)).fold(0u64, |sum, (_, b)| sum.saturating_add(*b));
                let common = reads[i].keys().any(|v| reads[j].contains_key(v));
                let (a, b) = (nodes[i], nodes[j]);
                if common
                    && !petgraph::algo::has_path_connecting(graph, a, b, None)
                    && !petgraph::algo::has_path_connecting(graph, b, a, None)
                {
                    pairs.push((a, b, shared));
                }
            }
        }
    }
    pairs
}

/// Numbers the connected sets of sibling pairs.
fn sibling_sets(pairs: &[(NodeIndex, NodeIndex, u64)]) -> BTreeMap<NodeIndex, usize> {
    let mut set_of: BTreeMap<NodeIndex, usize> = BTreeMap::new();
    let mut next = 0;
    for &(a, b, _) in pairs {
        match (set_of.get(&a).copied(), set_of.get(&b).copied()) {
            (Some(x), Some(y)) if x != y => {
                for set in set_of.values_mut() {
                    if *set == y {
                        *set = x;
                    }
                }
            }
            (Some(_), Some(_)) => {}
            (Some(x), None) => {
                set_of.insert(b, x);
            }
            (None, Some(y)) => {
                set_of.insert(a, y);
            }
            (None, None) => {
                set_of.insert(a, next);
                set_of.insert(b, next);
                next += 1;
            }
        }
    }
    set_of
}

/// Bytes moved by group `index`: (unfused, planned, realized = planned). Unfused:
/// every op reads its operands and writes its result. Fused: the group
/// reads each value entering it once per reading op (a duplicated producer
/// reads its own inputs instead) and writes each result used outside it.
fn group_bytes(graph: &DataflowGraph, plan: &Plan, index: usize) -> (u64, u64, u64) {
    let group = &plan.groups[index];
    let mut unfused = 0u64;
    for &node in &group.nodes {
        let op = &graph[node];
        unfused = unfused.saturating_add(op.external_read_bytes).saturating_add(op.result_bytes.unwrap_or(0));
        for edge in graph.edges_directed(node, Direction::Incoming) {
            unfused = unfused.saturating_add(edge.weight().bytes.unwrap_or(0));
        }
    }
    let fused = || -> u64 {
        let fused_edge = |e: EdgeIndex| matches!(plan.edges[&e], EdgeDecision::Fuse(_));
        let mut bytes = 0u64;
        for &node in &group.nodes {
            let op = &graph[node];
            bytes = bytes.saturating_add(op.external_read_bytes);
            for edge in graph.edges_directed(node, Direction::Incoming) {
                if !fused_edge(edge.id()) {
                    bytes = bytes.saturating_add(edge.weight().bytes.unwrap_or(0));
                    continue;
                }
                let producer = edge.source();
                if plan.duplicated.contains(&producer) {
                    // The copy reads the producer's inputs.
                    bytes = bytes.saturating_add(graph[producer].external_read_bytes);
                    for input in graph.edges_directed(producer, Direction::Incoming) {
                        bytes = bytes.saturating_add(input.weight().bytes.unwrap_or(0));
                    }
                }
            }
            let leaves = op.escapes || graph.edges_directed(node, Direction::Outgoing).any(|e| !fused_edge(e.id()));
            if leaves {
                bytes = bytes.saturating_add(op.result_bytes.unwrap_or(0));
            }
        }
        bytes
    };
    let planned = fused().min(unfused);
    (unfused, planned, planned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(label: &str, class: OpClass, bytes: u64, uses: usize) -> OpNode {
        OpNode {
            label: label.into(),
            class,
            result_bytes: Some(bytes),
            elements: Some(bytes / 4),
            uses,
            escapes: false,
            external_read_bytes: 0,
            reduce_key: None,
            reads: Vec::new(),
        }
    }

    fn edge(graph: &mut DataflowGraph, a: NodeIndex, b: NodeIndex) -> EdgeIndex {
        let bytes = graph[a].result_bytes;
        graph.add_edge(a, b, ValueEdge { bytes })
    }

    const ADD: OpClass = OpClass::Elementwise { cost: 1 };
    const EXP: OpClass = OpClass::Elementwise { cost: 20 };

    #[test]
    fn chain_is_one_loop_group_moving_inputs_and_output_once() {
        let mut g = DataflowGraph::new();
        let a = g.add_node(OpNode { external_read_bytes: 800, ..node("add", ADD, 400, 1) });
        let b = g.add_node(node("exp", EXP, 400, 1));
        let c = g.add_node(OpNode { escapes: true, ..node("mul", ADD, 400, 1) });
        edge(&mut g, a, b);
        edge(&mut g, b, c);
        let plan = plan(&g);
        assert_eq!(plan.groups.len(), 1);
        let group = &plan.groups[0];
        assert_eq!(group.kinds, BTreeSet::from([FusionKind::Loop]));
        assert_eq!(group.ops, 22);
        // Unfused: add reads 800, writes 400; exp 400 + 400; mul 400 + 400.
        assert_eq!(group.bytes_unfused, 2800);
        // Fused: the inputs (800) read once, the result (400) written once.
        assert_eq!(group.bytes_planned, 1200);
        assert_eq!(group.bytes_realized, 1200);
    }

    #[test]
    fn producer_into_reduction_is_input_fusion() {
        let mut g = DataflowGraph::new();
        let a = g.add_node(OpNode { external_read_bytes: 400, ..node("exp", EXP, 400, 1) });
        let r = g.add_node(OpNode { escapes: true, ..node("reduce", OpClass::Reduce { cost: 1 }, 4, 0) });
        let e = edge(&mut g, a, r);
        let plan = plan(&g);
        assert_eq!(plan.edges[&e], EdgeDecision::Fuse(FusionKind::Input));
        assert_eq!(plan.groups.len(), 1);
    }

    #[test]
    fn reduction_result_is_not_fused_into_a_wider_loop() {
        let mut g = DataflowGraph::new();
        let r = g.add_node(node("reduce", OpClass::Reduce { cost: 1 }, 4, 1));
        let b = g.add_node(node("broadcast", OpClass::Broadcast, 400, 1));
        let e = edge(&mut g, r, b);
        let plan = plan(&g);
        assert_eq!(plan.edges[&e], EdgeDecision::Refuse(Refusal::IncompatibleIterationSpaces));
        assert_eq!(plan.groups.len(), 2);
    }

    #[test]
    fn cheap_broadcast_with_two_uses_is_duplicated_expensive_exp_is_not() {
        let mut g = DataflowGraph::new();
        // A broadcast of a 16-byte vector to 400 bytes, used twice.
        let b = g.add_node(OpNode { external_read_bytes: 16, ..node("broadcast", OpClass::Broadcast, 400, 2) });
        let x = g.add_node(node("add", ADD, 400, 1));
        let y = g.add_node(node("mul", ADD, 400, 1));
        let e1 = edge(&mut g, b, x);
        let e2 = edge(&mut g, b, y);
        let plan1 = plan(&g);
        assert!(plan1.duplicated.contains(&b));
        assert_eq!(plan1.edges[&e1], EdgeDecision::Fuse(FusionKind::Duplication));
        assert_eq!(plan1.edges[&e2], EdgeDecision::Fuse(FusionKind::Duplication));
        assert!(!plan1.group_of.contains_key(&b));
        assert_eq!(plan1.groups.len(), 2);
        assert!(plan1.groups.iter().all(|group| group.duplicated_in == vec![b]));

        g[b].class = EXP;
        let plan2 = plan(&g);
        assert!(plan2.duplicated.is_empty());
        assert_eq!(plan2.edges[&e1], EdgeDecision::Refuse(Refusal::ExpensiveSharedProducer));
    }

    #[test]
    fn duplication_must_save_traffic() {
        // An element-wise add of two full-size inputs, used twice: each copy
        // would read 800 bytes, more than the 1200 saved by not
        // materializing it... 2 × 800 = 1600 > 3 × 400.
        let mut g = DataflowGraph::new();
        let a = g.add_node(OpNode { external_read_bytes: 800, ..node("add", ADD, 400, 2) });
        let x = g.add_node(node("neg", ADD, 400, 1));
        let y = g.add_node(node("abs", ADD, 400, 1));
        edge(&mut g, a, x);
        edge(&mut g, a, y);
        assert!(!duplication_pays(&g, a));
        // Returned as well: never duplicated.
        g[a].external_read_bytes = 0;
        assert!(duplication_pays(&g, a));
        g[a].escapes = true;
        assert!(!duplication_pays(&g, a));
    }

    #[test]
    fn contraction_epilogue_is_output_fusion() {
        let mut g = DataflowGraph::new();
        let d = g.add_node(node("dot_general", OpClass::Contraction, 400, 1));
        let a = g.add_node(node("add", ADD, 400, 1));
        let m = g.add_node(OpNode { escapes: true, ..node("max", ADD, 400, 0) });
        let e = edge(&mut g, d, a);
        edge(&mut g, a, m);
        let plan = plan(&g);
        assert_eq!(plan.edges[&e], EdgeDecision::Fuse(FusionKind::Output));
        assert_eq!(plan.groups.len(), 1);
        let group = &plan.groups[0];
        assert!(group.kinds.contains(&FusionKind::Output) && group.kinds.contains(&FusionKind::Loop));
        assert_eq!(group.bytes_realized, group.bytes_planned);
    }

    #[test]
    fn contraction_operand_and_opaque_ops_are_refused() {
        let mut g = DataflowGraph::new();
        let a = g.add_node(node("add", ADD, 400, 1));
        let d = g.add_node(node("dot_general", OpClass::Contraction, 400, 1));
        let s = g.add_node(node("sort", OpClass::Opaque { reason: Refusal::SideEffectsOrControlFlow }, 400, 1));
        let e1 = edge(&mut g, a, d);
        let e2 = edge(&mut g, d, s);
        let plan = plan(&g);
        assert_eq!(plan.edges[&e1], EdgeDecision::Refuse(Refusal::IncompatibleIterationSpaces));
        assert_eq!(plan.edges[&e2], EdgeDecision::Refuse(Refusal::SideEffectsOrControlFlow));
        assert_eq!(plan.groups.len(), 3);
    }

    #[test]
    fn size_cap_splits_long_expensive_chains() {
        let mut g = DataflowGraph::new();
        let mut previous = g.add_node(node("exp", OpClass::Elementwise { cost: 300 }, 400, 1));
        let mut refused = 0;
        for _ in 0..5 {
            let next = g.add_node(node("exp", OpClass::Elementwise { cost: 300 }, 400, 1));
            let e = edge(&mut g, previous, next);
            previous = next;
            let plan = plan(&g);
            refused = plan.edges.values().filter(|d| **d == EdgeDecision::Refuse(Refusal::SizeCap)).count();
            let _ = e;
        }
        let plan = plan(&g);
        assert!(refused >= 1);
        assert!(plan.groups.iter().all(|group| group.ops <= MAX_GROUP_OPS));
        assert_eq!(plan.groups.iter().map(|group| group.nodes.len()).sum::<usize>(), 6);
    }

    fn read(value: usize, shape: &[i64], producer: Option<NodeIndex>) -> Read {
        Read { value, shape: Some(shape.to_vec()), bytes: Some(4 * shape.iter().product::<i64>() as u64), producer }
    }

    #[test]
    fn sibling_reductions_of_one_input() {
        let mut g = DataflowGraph::new();
        let key = Some((vec![4i64, 16], vec![1i64]));
        let reduce = |reads| OpNode {
            reduce_key: key.clone(),
            escapes: true,
            external_read_bytes: 256,
            reads,
            ..node("reduce", OpClass::Reduce { cost: 1 }, 16, 0)
        };
        let r1 = g.add_node(reduce(vec![read(7, &[4, 16], None)]));
        let r2 = g.add_node(reduce(vec![read(7, &[4, 16], None)]));
        // A third reads another value: no sibling of either.
        g.add_node(reduce(vec![read(8, &[4, 16], None)]));
        let plan1 = plan(&g);
        assert_eq!(plan1.siblings, vec![(r1, r2, 256)]);
        assert_eq!(plan1.sibling_set.len(), 2);
        assert!(plan1.groups[plan1.group_of[&r1]].kinds.contains(&FusionKind::Sibling));
        assert_eq!(plan1.groups[plan1.group_of[&r2]].bytes_realized, 16, "the input is read by the first one");
        // The second reduction depends on the first: not siblings.
        g.add_edge(r1, r2, ValueEdge { bytes: Some(4) });
        assert!(plan(&g).siblings.is_empty());
    }

    #[test]
    fn sibling_through_a_fused_producer() {
        // sum(x) and sum(x * x): the square is fused into the second sum,
        // whose loop then reads x like the first.
        let mut g = DataflowGraph::new();
        let key = Some((vec![4i64, 16], vec![1i64]));
        let r1 = g.add_node(OpNode {
            reduce_key: key.clone(),
            escapes: true,
            reads: vec![read(7, &[4, 16], None)],
            ..node("reduce", OpClass::Reduce { cost: 1 }, 16, 0)
        });
        let m = g.add_node(OpNode { reads: vec![read(7, &[4, 16], None)], ..node("mul", ADD, 256, 1) });
        let r2 = g.add_node(OpNode {
            reduce_key: key,
            escapes: true,
            reads: vec![read(9, &[4, 16], Some(m))],
            ..node("reduce", OpClass::Reduce { cost: 1 }, 16, 0)
        });
        edge(&mut g, m, r2);
        let plan = plan(&g);
        assert_eq!(plan.siblings, vec![(r1, r2, 256)]);
        assert_eq!(plan.sibling_set[&r1], plan.sibling_set[&r2]);
    }

    #[test]
    fn shared_producer_of_a_duplicate_stays_materialized() {
        let mut g = DataflowGraph::new();
        let t = g.add_node(OpNode { external_read_bytes: 16, ..node("transpose", OpClass::Movement, 16, 1) });
        let b = g.add_node(node("broadcast", OpClass::Broadcast, 400, 2));
        let x = g.add_node(node("add", ADD, 400, 1));
        let y = g.add_node(node("mul", ADD, 400, 1));
        let e = edge(&mut g, t, b);
        edge(&mut g, b, x);
        edge(&mut g, b, y);
        let plan = plan(&g);
        assert!(plan.duplicated.contains(&b));
        assert_eq!(plan.edges[&e], EdgeDecision::Refuse(Refusal::ProducerOfDuplicate));
    }
}
