//! `xla-plan-fusion`: the fusion planner. It decides, on the StableHLO
//! dataflow graph of every block (each function's body, and the bodies of
//! `while`/`if`/`case`), which ops are computed in one loop nest, and marks
//! each op with its group so that `xla-fuse-elementwise` (after the
//! lowering to linalg) fuses exactly the planned pairs.
//!
//! Runs after `chlo-legalize-to-stablehlo` and before
//! `stablehlo-legalize-to-linalg`, in the front end the CPU and GPU
//! pipelines share.
//!
//! # The graph
//!
//! One `petgraph` graph per block ([`graph::build`]): ops as nodes (the
//! terminator left out), each use of a value an edge from its producer
//! with the value's size in bytes. Values from outside the block
//! (arguments) count as bytes the op reads; results used by the terminator
//! or inside nested regions *escape*.
//!
//! # The cost model
//!
//! Memory traffic is what fusion saves. Unfused, every op reads its operands
//! and writes its result; fused, a group reads each value entering it and
//! writes each result used outside it ([`decide::Group`]'s byte counts).
//!
//! - A producer with a **single use** (not returned) is fused into its
//!   consumer whenever the consumer's loop can compute it: it saves writing
//!   and reading its result at no extra computation (each element is still
//!   computed once). *Loop fusion* when the consumer is element-wise, a
//!   broadcast, a reshape or a transpose; *input fusion* when it is a
//!   reduction (softmax, layernorm and logsumexp rows: the subtraction and
//!   exponential run in the loop of the sum).
//! - A producer with **several uses** is *duplicated* into each consumer when
//!   it is cheap (broadcast, reshape, transpose, iota, or element-wise at
//!   most [`decide::CHEAP_OP_COST`] scalar op per element) and it pays:
//!   `(uses + 1) × result bytes > uses × input bytes + (uses - 1) × elements
//!   × cost × BYTES_PER_OP` (traffic saved vs what the copies read and
//!   recompute, one scalar op priced at [`decide::BYTES_PER_OP`] byte).
//!   Otherwise it is refused: *expensive producer with several uses*.
//! - *Output fusion*: a contraction (dot_general, convolution) whose single
//!   use is element-wise (bias, activation) is planned into one group with
//!   it. On the CPU it is realized in the contraction kernels' epilogue
//!   (`epilogue.rs`: the consumer computed in the product's buffer, then
//!   on each register tile's sums before they are stored), for the
//!   contractions the kernels take; they add a line per epilogue to the
//!   report, fused or not and why. The `realized` byte column counts it as
//!   fused.
//! - *Sibling (multi-output) fusion*: two reductions of the same value over
//!   the same dimensions, neither depending on the other (directly or
//!   through fused element-wise producers), are one loop nest's work: their
//!   reductions get a location tag, and on the CPU `xla-fuse-siblings`
//!   merges them into one multi-result `linalg.generic` (reporting each
//!   pair it merges or not). The GPU pipeline keeps them apart.
//! - Refusals, each with a reason ([`decide::Refusal`]): a reduction's
//!   result read by a wider loop or a contraction's operand (*incompatible
//!   iteration spaces*), ops with side effects or regions, ops that are not
//!   loops (gather, slice, pad, concatenate, windows, ...), the *size cap*
//!   (a fused body of more than [`decide::MAX_GROUP_OPS`] estimated scalar
//!   ops, the bound `xla-fuse-elementwise` also keeps), and the producers
//!   of a duplicated op (only the duplicated op is recomputed).
//!
//! # Realization
//!
//! Each planned op's location becomes `NameLoc("xla.fusion.f<F>.g<G>",
//! original)` (function `F`, group `G`); duplicated producers get
//! `xla.fusion.f<F>.dup`. The linalg patterns build their ops at the
//! StableHLO op's location, so the tag reaches linalg, and
//! `xla-fuse-elementwise` fuses a producer into a consumer only if both
//! carry the same group of the same function; a duplicated producer with
//! several uses is first cloned once per consumer. Ops of different
//! functions (brought together by `inline`, which runs after the lowering)
//! and untagged ops keep the former rule (single-use producers).
//!
//! [`set_mode`] chooses what the pass does: `planned` (the default),
//! `greedy` (no tags: the former upstream rule), `off` (every op its own
//! group: nothing fused). The tools' `--fusion=` flag sets it.
//!
//! ```mlir
//! // before
//! %0 = stablehlo.exponential %x : tensor<4x16xf32>
//! %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [1] ...
//! // after (locations shown with --mlir-print-debuginfo)
//! %0 = stablehlo.exponential %x : tensor<4x16xf32> loc(#g0)
//! %1 = stablehlo.reduce(%0 init: %c) ... loc(#g0)
//! #g0 = loc("xla.fusion.f0.g0"(...))
//! ```

pub mod decide;
pub mod graph;
pub mod realized;

use decide::{EdgeDecision, FusionKind};
use melior::{
    ir::{
        BlockRef, Location, OperationRef, RegionLike,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::TypeId,
    },
    pass::{ExternalPass, Pass, create_external},
};
use std::{
    fmt::Write,
    sync::{
        Mutex,
        atomic::{AtomicU8, Ordering},
    },
};

/// What `xla-plan-fusion` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Plan and tag: `xla-fuse-elementwise` follows the plan.
    Planned,
    /// Tag nothing: `xla-fuse-elementwise` fuses single-use producers as
    /// upstream does.
    Greedy,
    /// Every op its own group: nothing is fused.
    Off,
}

impl Mode {
    pub fn parse(text: &str) -> Result<Mode, String> {
        match text {
            "planned" => Ok(Mode::Planned),
            "greedy" => Ok(Mode::Greedy),
            "off" => Ok(Mode::Off),
            _ => Err(format!("expected planned, greedy or off; got '{text}'")),
        }
    }
}

static MODE: AtomicU8 = AtomicU8::new(0);

/// Sets the mode of the planner passes run from now on (process-wide).
pub fn set_mode(mode: Mode) {
    MODE.store(
        match mode {
            Mode::Planned => 0,
            Mode::Greedy => 1,
            Mode::Off => 2,
        },
        Ordering::Relaxed,
    );
}

pub fn mode() -> Mode {
    match MODE.load(Ordering::Relaxed) {
        1 => Mode::Greedy,
        2 => Mode::Off,
        _ => Mode::Planned,
    }
}

static REPORTS: Mutex<String> = Mutex::new(String::new());

/// The reports of the planner runs since the last call (text, one section
/// per block planned), emptied: what the tools' `--report=fusion` prints.
pub fn take_report() -> String {
    std::mem::take(&mut *REPORTS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// The NameLoc prefix of group tags (read by `ElementwiseFusion.cpp`).
pub const TAG_PREFIX: &str = "xla.fusion.";

#[repr(align(8))]
struct PlanFusionId;
static PLAN_FUSION_ID: PlanFusionId = PlanFusionId;

/// Creates the pass (anchored on `builtin.module`).
pub fn create_plan_fusion_pass() -> Pass {
    create_external(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| plan_module(module),
        TypeId::create(&PLAN_FUSION_ID),
        "XlaPlanFusion",
        "xla-plan-fusion",
        "Plan fusion on the StableHLO graph and tag each op with its group",
        "builtin.module",
        &[],
    )
}

fn symbol_of(op: OperationRef) -> String {
    op.attribute("sym_name")
        .ok()
        .and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok())
        .map(|s| s.value().to_owned())
        .unwrap_or_else(|| "?".into())
}

/// Plans every function of `module` and tags its ops (per [`mode`]).
pub fn plan_module(module: OperationRef) {
    let mode = mode();
    if mode == Mode::Greedy {
        return;
    }
    let mut functions = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("func.func") {
            functions.push(op.to_raw());
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    let mut report = String::new();
    let mut next_group = 0usize;
    for (index, raw) in functions.into_iter().enumerate() {
        // SAFETY: the function ops are live for the whole pass.
        let function = unsafe { OperationRef::from_raw(raw) };
        let name = symbol_of(function);
        let Ok(region) = function.region(0) else { continue };
        let Some(body) = region.first_block() else { continue };
        let mut blocks = vec![body];
        let mut first = true;
        while let Some(block) = blocks.pop() {
            let title = if first { format!("@{name}") } else { format!("@{name} (nested block)") };
            first = false;
            plan_block(block, index, &title, mode, &mut next_group, &mut report, &mut blocks);
        }
    }
    append_report(&report);
}

/// `location` without the planner's group tags (the location the op had
/// before planning), for messages that print an op's site.
pub fn untagged(location: Location) -> Location {
    let raw = location.to_raw();
    // SAFETY: `raw` is a live location; the name accessors are used on a
    // NameLoc only, and its child lives as long as the context.
    unsafe {
        if mlir_sys::mlirLocationIsAName(raw) {
            let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationNameGetName(raw));
            let name = std::slice::from_raw_parts(name.data.cast::<u8>(), name.length);
            if name.starts_with(TAG_PREFIX.as_bytes()) {
                return untagged(Location::from_raw(mlir_sys::mlirLocationNameGetChildLoc(raw)));
            }
        }
    }
    location
}

/// The planner's groups tagged on `location`, as (function, group) pairs
/// (several once CSE merged ops; a fused location holds each part's), and
/// the functions whose plan duplicates it; the Rust twin of
/// `ElementwiseFusion.cpp`'s `collectTags`.
fn collect_tags(location: mlir_sys::MlirLocation, groups: &mut Vec<(u64, u64)>, duplicated: &mut Vec<u64>) {
    // SAFETY: `location` is a live location; each accessor is used on the
    // kind of location it is checked to be, and the children live as long
    // as the context.
    unsafe {
        if mlir_sys::mlirLocationIsAName(location) {
            let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationNameGetName(location));
            let name = std::slice::from_raw_parts(name.data.cast::<u8>(), name.length);
            if let Some(rest) = std::str::from_utf8(name).ok().and_then(|n| n.strip_prefix("xla.fusion.f")) {
                if let Some((function, group)) = rest.split_once('.') {
                    if let Ok(function) = function.parse::<u64>() {
                        if group == "dup" {
                            duplicated.push(function);
                        } else if let Some(Ok(group)) = group.strip_prefix('g').map(str::parse::<u64>) {
                            groups.push((function, group));
                        }
                    }
                }
            }
            collect_tags(mlir_sys::mlirLocationNameGetChildLoc(location), groups, duplicated);
        } else if mlir_sys::mlirLocationIsAFused(location) {
            let count = mlir_sys::mlirLocationFusedGetNumLocations(location) as usize;
            let mut parts = vec![mlir_sys::MlirLocation { ptr: std::ptr::null() }; count];
            mlir_sys::mlirLocationFusedGetLocations(location, parts.as_mut_ptr());
            for part in parts {
                collect_tags(part, groups, duplicated);
            }
        } else if mlir_sys::mlirLocationIsACallSite(location) {
            collect_tags(mlir_sys::mlirLocationCallSiteGetCallee(location), groups, duplicated);
        }
    }
}

/// Whether the plan puts the ops at `producer` and `consumer` in one group:
/// `Some(true)`/`Some(false)` when the consumer carries one group and the
/// producer one group of the same function, `None` when the planner did not
/// see the pair (untagged ops, `--fusion=greedy`). The contraction kernels
/// ask it before they compute an element-wise consumer in their epilogue.
pub fn planned_together(producer: Location, consumer: Location) -> Option<bool> {
    let (mut p, mut c, mut p_dup, mut c_dup) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    collect_tags(producer.to_raw(), &mut p, &mut p_dup);
    collect_tags(consumer.to_raw(), &mut c, &mut c_dup);
    p.sort_unstable();
    p.dedup();
    c.sort_unstable();
    c.dedup();
    let [consumer_group] = c.as_slice() else { return None };
    if p_dup.contains(&consumer_group.0) {
        return Some(true);
    }
    let [producer_group] = p.as_slice() else { return None };
    (producer_group.0 == consumer_group.0).then_some(producer_group == consumer_group)
}

/// Appends `text` to the fusion report (the contraction kernels say there
/// which planned output fusions they realized).
pub fn append_report(text: &str) {
    // Processes that never print the report (the PJRT plugin, the fuzzer)
    // keep at most the last few MiB of it.
    const MAX_BYTES: usize = 4 << 20;
    let mut reports = REPORTS.lock().unwrap_or_else(|e| e.into_inner());
    if reports.len() + text.len() > MAX_BYTES {
        reports.clear();
    }
    reports.push_str(text);
}

fn tag(op: OperationRef, name: &str) {
    let context = crate::context_of(op.context());
    let location = Location::name(context, name, op.location());
    // SAFETY: `op` is live; the location belongs to its context.
    unsafe { mlir_sys::mlirOperationSetLocation(op.to_raw(), location.to_raw()) };
}

fn plan_block<'c, 'a>(
    block: BlockRef<'c, 'a>,
    function: usize,
    title: &str,
    mode: Mode,
    next_group: &mut usize,
    report: &mut String,
    nested: &mut Vec<BlockRef<'c, 'a>>,
) {
    let built = graph::build(block);
    for &op in &built.ops {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_owned();
        if matches!(name.as_str(), "stablehlo.while" | "stablehlo.if" | "stablehlo.case") {
            for index in 0..op.region_count() {
                if let Some(b) = op.region(index).ok().and_then(|r| r.first_block()) {
                    nested.push(b);
                }
            }
        }
    }
    if built.ops.is_empty() {
        return;
    }
    let graph = &built.graph;
    if mode == Mode::Off {
        for &op in &built.ops {
            tag(op, &format!("{TAG_PREFIX}f{function}.g{}", *next_group));
            *next_group += 1;
        }
        let _ = writeln!(report, "fusion plan of {title}: off (every op its own loop nest)");
        return;
    }
    let plan = decide::plan(graph);
    let base = *next_group;
    *next_group += plan.groups.len();
    for (node, &group) in &plan.group_of {
        tag(built.ops[node.index()], &format!("{TAG_PREFIX}f{function}.g{}", base + group));
    }
    for node in &plan.duplicated {
        tag(built.ops[node.index()], &format!("{TAG_PREFIX}f{function}.dup"));
    }
    // Sibling sets are numbered per function like groups: after the groups.
    for (node, &set) in &plan.sibling_set {
        tag(built.ops[node.index()], &format!("{TAG_PREFIX}f{function}.s{}", base + set));
    }
    write_report(report, title, graph, &plan, base);
}

fn write_report(report: &mut String, title: &str, graph: &decide::DataflowGraph, plan: &decide::Plan, base: usize) {
    let (mut unfused, mut planned, mut realized) = (0u64, 0u64, 0u64);
    let fused_groups = plan.groups.iter().filter(|g| g.nodes.len() > 1 || !g.duplicated_in.is_empty()).count();
    let _ = writeln!(
        report,
        "fusion plan of {title}: {} ops in {} groups ({} fused)",
        plan.group_of.len(),
        plan.groups.len(),
        fused_groups
    );
    for (index, group) in plan.groups.iter().enumerate() {
        unfused = unfused.saturating_add(group.bytes_unfused);
        planned = planned.saturating_add(group.bytes_planned);
        realized = realized.saturating_add(group.bytes_realized);
        let kinds: Vec<String> = group
            .kinds
            .iter()
            .map(|k| k.name().to_owned())
            .collect();
        let kinds = if kinds.is_empty() { "unfused".to_owned() } else { kinds.join(", ") };
        let ops: Vec<&str> = group.nodes.iter().map(|&n| graph[n].label.as_str()).collect();
        let _ = writeln!(report, "  group g{} [{kinds}]: {}", base + index, ops.join(" "));
        if !group.duplicated_in.is_empty() {
            let copies: Vec<&str> = group.duplicated_in.iter().map(|&n| graph[n].label.as_str()).collect();
            let _ = writeln!(report, "    recomputes: {}", copies.join(" "));
        }
        let _ = writeln!(
            report,
            "    est. bytes: unfused {}, planned {}, realized {}; ~{} scalar ops per element",
            group.bytes_unfused, group.bytes_planned, group.bytes_realized, group.ops
        );
    }
    // Unfused, each duplicated producer reads its inputs and writes its result.
    for &node in &plan.duplicated {
        let op = &graph[node];
        let inputs = graph.edges_directed(node, petgraph::Direction::Incoming).fold(0u64, |sum, e| sum.saturating_add(e.weight().bytes.unwrap_or(0)));
        unfused = unfused.saturating_add(op.external_read_bytes).saturating_add(inputs).saturating_add(op.result_bytes.unwrap_or(0));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (&edge, decision) in &plan.edges {
        let (p, c) = graph.edge_endpoints(edge).expect("the edge is in the graph");
        match decision {
            EdgeDecision::Refuse(reason) if seen.insert((p, c)) => {
                let _ = writeln!(report, "  refused: {} -> {}: {}", graph[p].label, graph[c].label, reason.describe());
            }
            EdgeDecision::Fuse(FusionKind::Output) => {
                let _ = writeln!(
                    report,
                    "  output fusion: {} -> {} (in the contraction kernel's epilogue, CPU; see the kernels' lines)",
                    graph[p].label, graph[c].label
                );
            }
            _ => {}
        }
    }
    let mut sets: std::collections::BTreeMap<usize, Vec<petgraph::graph::NodeIndex>> = std::collections::BTreeMap::new();
    for (&node, &set) in &plan.sibling_set {
        sets.entry(set).or_default().push(node);
    }
    for members in sets.values() {
        let labels: Vec<&str> = members.iter().map(|&n| graph[n].label.as_str()).collect();
        let _ = writeln!(
            report,
            "  sibling fusion: {} (same loops and a common input: one loop nest reads it once, not {} times; on the CPU xla-fuse-siblings merges them and says so below)",
            labels.join(" + "),
            members.len()
        );
    }
    let _ = writeln!(report, "  total est. bytes: unfused {unfused}, planned {planned}, realized {realized}");
}
