//! Call cycles. StableHLO programs have no recursion (a computation is a
//! dataflow graph; XLA's call graph is acyclic), and compiled code that
//! recursed would overflow the stack at run time. The lowering refuses a
//! module whose `func.call` graph has a cycle, with an error at the call that
//! closes it.
//!
//! ```mlir
//! func.func @main(%a: tensor<f32>) -> tensor<f32> {
//!   %r = func.call @main(%a) : (tensor<f32>) -> tensor<f32>  // error: recursion
//! ```

use melior::ir::{
    BlockLike, Location, OperationRef, RegionLike, attribute::FlatSymbolRefAttribute, attribute::StringAttribute,
    operation::OperationLike,
};
use std::collections::HashMap;

/// A call: its callee and location.
struct Call {
    callee: String,
    /// Locations are uniqued in the context, which outlives the pass.
    location: mlir_sys::MlirLocation,
}

/// Reports the first call cycle among the functions of `module` (an error at
/// the call that closes it, naming the cycle) and returns `false`; `true`
/// when the call graph is acyclic.
pub fn reject_call_cycles(module: OperationRef<'_, '_>) -> bool {
    let Ok(body) = module.region(0) else { return true };
    let Some(block) = body.first_block() else { return true };
    // Functions in module order, each with its calls in program order.
    let mut names: Vec<String> = Vec::new();
    let mut calls: Vec<Vec<Call>> = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str().ok() != Some("func.func") {
            continue;
        }
        let Some(name) = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()) else {
            continue;
        };
        let mut own = Vec::new();
        op.walk(melior::ir::operation::WalkOrder::PreOrder, |inner| {
            if inner.name().as_string_ref().as_str().ok() == Some("func.call") {
                if let Some(callee) = inner.attribute("callee").ok().and_then(|a| FlatSymbolRefAttribute::try_from(a).ok()) {
                    own.push(Call { callee: callee.value().to_owned(), location: inner.location().to_raw() });
                }
            }
            melior::ir::operation::WalkResult::Advance
        });
        names.push(name.value().to_owned());
        calls.push(own);
    }
    let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    // Iterative depth-first search (deep call chains must not recurse here
    // either): 0 unvisited, 1 on the path, 2 done.
    let mut state = vec![0u8; names.len()];
    for root in 0..names.len() {
        if state[root] != 0 {
            continue;
        }
        // (function, index of its next call)
        let mut path: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (function, ref mut position)) = path.last_mut() {
            let Some(call) = calls[function].get(*position) else {
                state[function] = 2;
                path.pop();
                continue;
            };
            *position += 1;
            let Some(&callee) = index.get(call.callee.as_str()) else { continue };
            match state[callee] {
                0 => {
                    state[callee] = 1;
                    path.push((callee, 0));
                }
                1 => {
                    let start = path.iter().position(|&(f, _)| f == callee).expect("on the path");
                    let cycle: Vec<String> = path[start..]
                        .iter()
                        .map(|&(f, _)| format!("@{}", names[f]))
                        .chain([format!("@{}", names[callee])])
                        .collect();
                    let what = if cycle.len() == 2 {
                        format!("@{} calls itself", names[callee])
                    } else {
                        format!("call cycle {}", cycle.join(" -> "))
                    };
                    // SAFETY: the location is owned by the module's live context.
                    let location = unsafe { Location::from_raw(call.location) };
                    crate::diagnostics::emit_error(
                        location,
                        &format!("recursion is not supported: {what} (StableHLO programs have no recursion)"),
                    );
                    return false;
                }
                _ => {}
            }
        }
    }
    true
}
