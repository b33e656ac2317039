//! Pictures of a computation as Graphviz DOT text (`dot -Tsvg f.dot`).
//!
//! - [`computation`]: every op a node (its name and result types), every
//!   value an edge from the op or block argument that defines it to each
//!   op that uses it, a cluster per function and per region (a while
//!   loop's condition and body, a reduction's combiner, ...).
//! - [`fusion`]: the same picture of the program after fusion (linalg on
//!   tensors, `xla-cpu-fusion`): each node is one loop nest and lists the
//!   StableHLO ops that went into it, found through the source locations
//!   that fusion keeps (a fused op's location holds those of its parts).
//!   Constants and `tensor.empty` are left out, and so are the scalar
//!   bodies of linalg ops. Nodes are filled with one colour per fusion
//!   group of the planner (`xla-plan-fusion`, read from the
//!   `xla.fusion.f<F>.g<G>` names in their locations), and labelled with
//!   the group.

use xla_lowering::op_name;
use melior::ir::{
    BlockLike, BlockRef, Module, OperationRef, RegionLike, RegionRef, ValueLike, operation::OperationLike,
};
use std::collections::HashMap;
use std::fmt::Write;

/// DOT text of `module` as written (see the module's description).
pub fn computation(module: &Module, title: &str) -> String {
    let mut graph = Graph::new(title, Box::new(|op| Some(default_label(op))));
    graph.descend_into_linalg = true;
    graph.block(module.body());
    graph.finish()
}

/// DOT text of `fused` (the program after `xla-cpu-fusion`), each loop
/// nest labelled with the ops of `original` (the StableHLO program) it
/// computes.
pub fn fusion(original: &Module, fused: &Module, title: &str) -> String {
    let mut sources: HashMap<(String, u32, u32), String> = HashMap::new();
    collect_sources(original.body(), &mut sources);
    let label = move |op: OperationRef| -> Option<String> {
        let name = op_name(&op);
        if matches!(name.as_str(), "arith.constant" | "tensor.empty" | "stablehlo.constant") {
            return None;
        }
        let mut label = default_label(op);
        if let Some(group) = fusion_group(op.location().to_raw()) {
            label.push_str(&format!("\nfusion group {group}"));
        }
        let mut parts = Vec::new();
        let mut positions = Vec::new();
        file_positions(op.location().to_raw(), &mut positions);
        for position in positions {
            if let Some(source) = sources.get(&position) {
                let entry = format!("{source} (line {})", position.1);
                if !parts.contains(&entry) {
                    parts.push(entry);
                }
            }
        }
        if !parts.is_empty() {
            label.push_str(&format!("\n{} StableHLO op(s):", parts.len()));
            for part in parts.iter().take(12) {
                label.push_str(&format!("\n  {part}"));
            }
            if parts.len() > 12 {
                label.push_str(&format!("\n  ... {} more", parts.len() - 12));
            }
        }
        Some(label)
    };
    let mut graph = Graph::new(title, Box::new(label));
    graph.style = Box::new(|op| {
        let group = fusion_group(op.location().to_raw())?;
        let hash = group.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
        Some(format!("style=filled, fillcolor=\"{}\"", PALETTE[hash % PALETTE.len()]))
    });
    graph.block(fused.body());
    graph.finish()
}

/// Fill colours of fusion groups (Graphviz's pastel28 and set312 colours).
const PALETTE: &[&str] = &[
    "#b3e2cd", "#fdcdac", "#cbd5e8", "#f4cae4", "#e6f5c9", "#fff2ae", "#f1e2cc", "#cccccc", "#8dd3c7", "#ffffb3",
    "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];

/// The planner's group (`f0.g3`) named in a location, if it holds exactly
/// one (fused locations unfolded; duplicated producers' tags ignored).
fn fusion_group(location: mlir_sys::MlirLocation) -> Option<String> {
    fn collect(location: mlir_sys::MlirLocation, out: &mut Vec<String>) {
        // SAFETY: `location` is live; accessors match its kind, and the name
        // lives as long as the context.
        unsafe {
            if mlir_sys::mlirLocationIsAName(location) {
                let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationNameGetName(location));
                let name = std::str::from_utf8(std::slice::from_raw_parts(name.data.cast::<u8>(), name.length)).unwrap_or("");
                if let Some(tag) = name.strip_prefix(xla_lowering::fusion_plan::TAG_PREFIX) {
                    if !tag.ends_with(".dup") && !out.iter().any(|t| t == tag) {
                        out.push(tag.to_owned());
                    }
                }
                collect(mlir_sys::mlirLocationNameGetChildLoc(location), out);
            } else if mlir_sys::mlirLocationIsAFused(location) {
                let count = mlir_sys::mlirLocationFusedGetNumLocations(location) as usize;
                let mut parts = vec![mlir_sys::MlirLocation { ptr: std::ptr::null() }; count];
                mlir_sys::mlirLocationFusedGetLocations(location, parts.as_mut_ptr());
                for part in parts {
                    collect(part, out);
                }
            } else if mlir_sys::mlirLocationIsACallSite(location) {
                collect(mlir_sys::mlirLocationCallSiteGetCallee(location), out);
            }
        }
    }
    let mut tags = Vec::new();
    collect(location, &mut tags);
    (tags.len() == 1).then(|| tags.remove(0))
}

/// The op's name (without `stablehlo.`) and its result types.
fn default_label(op: OperationRef) -> String {
    let name = op_name(&op);
    let short = name.strip_prefix("stablehlo.").unwrap_or(&name);
    let types: Vec<String> = (0..op.result_count()).filter_map(|i| op.result(i).ok()).map(|r| clip(&r.r#type().to_string())).collect();
    if types.is_empty() { short.to_owned() } else { format!("{short}\n{}", types.join(", ")) }
}

fn clip(text: &str) -> String {
    if text.chars().count() <= 60 { text.to_owned() } else { format!("{}...", text.chars().take(57).collect::<String>()) }
}

/// Every (file, line, column) position inside a location (fused
/// locations, names and call sites unfolded).
fn file_positions(location: mlir_sys::MlirLocation, out: &mut Vec<(String, u32, u32)>) {
    // SAFETY: `location` is a live location; the accessors are used only on
    // the kinds they belong to, and the strings returned live as long as
    // the context.
    unsafe {
        if mlir_sys::mlirLocationIsAFileLineColRange(location) {
            let file = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationFileLineColRangeGetFilename(location));
            let file = std::str::from_utf8(std::slice::from_raw_parts(file.data.cast::<u8>(), file.length)).unwrap_or("").to_owned();
            let line = mlir_sys::mlirLocationFileLineColRangeGetStartLine(location).max(0) as u32;
            let column = mlir_sys::mlirLocationFileLineColRangeGetStartColumn(location).max(0) as u32;
            out.push((file, line, column));
        } else if mlir_sys::mlirLocationIsAFused(location) {
            let count = mlir_sys::mlirLocationFusedGetNumLocations(location) as usize;
            let mut parts = vec![mlir_sys::MlirLocation { ptr: std::ptr::null() }; count];
            mlir_sys::mlirLocationFusedGetLocations(location, parts.as_mut_ptr());
            for part in parts {
                file_positions(part, out);
            }
        } else if mlir_sys::mlirLocationIsAName(location) {
            file_positions(mlir_sys::mlirLocationNameGetChildLoc(location), out);
        } else if mlir_sys::mlirLocationIsACallSite(location) {
            file_positions(mlir_sys::mlirLocationCallSiteGetCallee(location), out);
        }
    }
}

/// Position → op name of every op of the original program.
fn collect_sources(block: BlockRef, sources: &mut HashMap<(String, u32, u32), String>) {
    let mut next = block.first_operation();
    while let Some(op) = next {
        let name = op_name(&op);
        if name != "func.func" && name != "builtin.module" {
            let mut positions = Vec::new();
            file_positions(op.location().to_raw(), &mut positions);
            if let Some(position) = positions.into_iter().next() {
                sources.entry(position).or_insert_with(|| name.strip_prefix("stablehlo.").unwrap_or(&name).to_owned());
            }
        }
        for index in 0..op.region_count() {
            if let Ok(region) = op.region(index) {
                let mut block = region.first_block();
                while let Some(b) = block {
                    collect_sources(b, sources);
                    block = b.next_in_region();
                }
            }
        }
        next = op.next_in_block();
    }
}

type Labeler = Box<dyn Fn(OperationRef) -> Option<String>>;
type Styler = Box<dyn Fn(OperationRef) -> Option<String>>;

struct Graph {
    out: String,
    clusters: usize,
    label: Labeler,
    /// Extra DOT attributes of a node (the fusion picture's colours).
    style: Styler,
    /// Whether the bodies of linalg ops (their scalar code) become clusters;
    /// the fusion picture shows each loop nest as one node.
    descend_into_linalg: bool,
    /// Ops drawn (by address), so that edges from left-out ops are dropped.
    drawn: std::collections::HashSet<usize>,
    edges: Vec<String>,
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

fn op_id(op: OperationRef) -> usize {
    op.to_raw().ptr as usize
}

impl Graph {
    fn new(title: &str, label: Labeler) -> Self {
        let mut out = String::new();
        let _ = writeln!(out, "digraph \"{}\" {{", escape(title));
        let _ = writeln!(out, "  compound=true; rankdir=TB; node [shape=box, fontname=\"monospace\", fontsize=10];");
        let _ = writeln!(out, "  label=\"{}\"; labelloc=t;", escape(title));
        Self { out, clusters: 0, label, style: Box::new(|_| None), descend_into_linalg: false, drawn: Default::default(), edges: Vec::new() }
    }

    fn finish(mut self) -> String {
        for edge in std::mem::take(&mut self.edges) {
            self.out.push_str(&edge);
        }
        self.out.push_str("}\n");
        self.out
    }

    fn block(&mut self, block: BlockRef) {
        for index in 0..block.argument_count() {
            if let Ok(argument) = block.argument(index) {
                let _ = writeln!(
                    self.out,
                    "  a{}_{index} [shape=ellipse, label=\"%arg{index}\\n{}\"];",
                    block.to_raw().ptr as usize,
                    escape(&clip(&argument.r#type().to_string()))
                );
            }
        }
        let mut next = block.first_operation();
        while let Some(op) = next {
            self.op(op);
            next = op.next_in_block();
        }
    }

    fn region(&mut self, region: RegionRef, title: &str) {
        self.clusters += 1;
        let _ = writeln!(self.out, "  subgraph cluster_{} {{ label=\"{}\"; style=rounded;", self.clusters, escape(title));
        let mut block = region.first_block();
        while let Some(b) = block {
            self.block(b);
            block = b.next_in_region();
        }
        self.out.push_str("  }\n");
    }

    fn op(&mut self, op: OperationRef) {
        let name = op_name(&op);
        if name == "func.func" || name == "builtin.module" {
            let symbol = op
                .attribute("sym_name")
                .ok()
                .and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok())
                .map(|s| format!("@{}", s.value()))
                .unwrap_or_else(|| name.clone());
            for index in 0..op.region_count() {
                if let Ok(region) = op.region(index) {
                    self.region(region, &symbol);
                }
            }
            return;
        }
        let Some(label) = (self.label)(op) else { return };
        let id = op_id(op);
        self.drawn.insert(id);
        match (self.style)(op) {
            Some(style) => {
                let _ = writeln!(self.out, "  o{id} [label=\"{}\", {style}];", escape(&label));
            }
            None => {
                let _ = writeln!(self.out, "  o{id} [label=\"{}\"];", escape(&label));
            }
        }
        for index in 0..op.operand_count() {
            let Ok(value) = op.operand(index) else { continue };
            let raw = value.to_raw();
            // SAFETY: `raw` is a live value; the accessors match its kind.
            let source = unsafe {
                if mlir_sys::mlirValueIsABlockArgument(raw) {
                    let block = mlir_sys::mlirBlockArgumentGetOwner(raw);
                    Some(format!("a{}_{}", block.ptr as usize, mlir_sys::mlirBlockArgumentGetArgNumber(raw)))
                } else {
                    let owner = mlir_sys::mlirOpResultGetOwner(raw).ptr as usize;
                    self.drawn.contains(&owner).then(|| format!("o{owner}"))
                }
            };
            if let Some(source) = source {
                self.edges.push(format!("  {source} -> o{id};\n"));
            }
        }
        let short = name.strip_prefix("stablehlo.").unwrap_or(&name).to_owned();
        if name.starts_with("linalg.") && !self.descend_into_linalg {
            return;
        }
        for index in 0..op.region_count() {
            if let Ok(region) = op.region(index) {
                if region.first_block().is_some() {
                    self.region(region, &format!("{short}: region {index}"));
                }
            }
        }
    }
}
