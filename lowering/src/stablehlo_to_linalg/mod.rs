//! StableHLO → linalg on tensors (plus tensor/arith/math/complex).
//!
//! One file per op family; [`populate_stablehlo_to_linalg_patterns`] adds
//! them all. The pass [`create_legalize_to_linalg_pass`] applies them with a
//! walk-based driver and fails, with an error at each op's location, if any
//! StableHLO op is left. It runs in phases:
//!
//! 1. signedness legalization (`crate::signedness`), then narrow floats
//!    (`f8*`, `f6*`, `f4*`) widened to f32 computations (`crate::narrow_float`);
//! 2. [`core_lowerings`]: ops that are other ops in disguise are rewritten
//!    into them (`broadcast`, `dot`, the dynamic-shape ops with static
//!    types; a `reduce_window` summing a splat constant into element-wise
//!    ops of per-dimension tap counts; `composite` into a call; JAX's `custom_call
//!    @ragged_all_to_all` into `stablehlo.ragged_all_to_all`, before a
//!    program over several devices expands its collectives); then tuples are forwarded
//!    (`tuples.rs`) and tokens erased (`tokens.rs`);
//! 3. [`control_flow_lowerings`]: regions move into scf ops;
//! 4. [`lowerings`]: everything else, into linalg (and `chlo.top_k`, which
//!    `chlo-legalize-to-stablehlo` leaves here for small k, into a selection
//!    in scf loops, `top_k.rs`);
//! 5. leftover StableHLO (and CHLO) ops are reported, and the token made in step 2 is
//!    erased.

mod batch_norm;

/// A unit attribute on a float `stablehlo.multiply`/`add`/`subtract` that
/// the compiler built itself (the Horner steps of erf/erfc in
/// `chlo/erf_f64.rs`): its arith op gets `fastmath<contract>`, so LLVM may
/// fuse the multiplication into the addition (FMA where the target has one).
/// Ops of the input program never carry it.
pub const CONTRACT_ATTRIBUTE: &str = "xla.contract";
mod broadcast;
mod collectives;
pub mod spmd;
mod composite;
mod constant;
mod control_flow;
mod convolution;
mod custom_call;
mod data;
mod dot;
mod dynamic;
mod emit;
mod fft;
pub mod host_transfer;
mod indexing;
mod legacy;
mod linear_algebra;
mod map;
mod pointwise;
mod random;
mod reduce;
mod reduce_precision;
mod shape;
mod sort;
mod tokens;
pub(crate) mod top_k;
mod tuples;
mod window;

use crate::builders::BuildResult;
use crate::patterns::PatternSet;
use melior::{
    Context,
    ir::{BlockLike, OperationRef, operation::OperationLike, operation::WalkOrder, operation::WalkResult},
    PatternRewriter, RewriterBase, create_op_rewrite_pattern,
    pass::{ExternalPass, Pass},
};
use std::{cell::Cell, rc::Rc};

/// What a lowering function gets: the context and a rewriter whose insertion
/// point is just before the matched op.
pub struct Rewrite<'c, 'r> {
    pub context: &'c Context,
    pub rewriter: RewriterBase<'c, 'r>,
}

impl<'c> Rewrite<'c, '_> {
    /// Replaces `op` by the single-result op that `build` makes from a fresh
    /// `tensor.empty` of `result_type` (the init of a linalg op). If `build`
    /// fails, the IR is left as it was.
    pub fn replace_with_init(
        &self,
        op: OperationRef<'c, '_>,
        result_type: melior::ir::Type<'c>,
        build: impl FnOnce(melior::ir::Value<'c, '_>) -> BuildResult<melior::ir::Operation<'c>>,
    ) -> BuildResult<()> {
        let location = op.location();
        let empty = self.rewriter.insert(crate::builders::tensor_empty(location, result_type)?);
        let init: melior::ir::Value = empty.result(0)?.into();
        let replacement = match build(init) {
            Ok(replacement) => replacement,
            Err(message) => {
                self.rewriter.erase_op(empty);
                return Err(message);
            }
        };
        let replacement = self.rewriter.insert(replacement);
        let result: melior::ir::Value = replacement.result(0)?.into();
        self.rewriter.replace_op_with_values(op, &[result]);
        Ok(())
    }

    /// Replaces `op` by the StableHLO op `name` with the same result types
    /// (for the rewrites into other StableHLO ops, which the later phases
    /// lower). The signedness annotations of `op` carry over.
    pub fn replace_with_hlo(
        &self,
        op: OperationRef<'c, '_>,
        name: &str,
        operands: &[melior::ir::Value<'c, '_>],
        attributes: &[(&str, melior::ir::Attribute<'c>)],
    ) -> BuildResult<()> {
        use melior::ir::ValueLike;
        let results: Vec<melior::ir::Type> = op.results().map(|r| r.r#type()).collect();
        let mut attributes = attributes.to_vec();
        for key in [crate::signedness::OPERAND_ELEMENT, crate::signedness::RESULT_ELEMENT] {
            if let Ok(attribute) = op.attribute(key) {
                attributes.push((key, attribute));
            }
        }
        let new = crate::builders::hlo_op(self.context, op.location(), name, operands, &results, &attributes)?;
        let new = self.rewriter.insert(new);
        let values: Vec<melior::ir::Value> = new.results().map(Into::into).collect();
        self.rewriter.replace_op_with_values(op, &values);
        Ok(())
    }

    /// Inserts `op` before the matched op and returns its results.
    pub fn insert_values(&self, op: melior::ir::Operation<'c>) -> BuildResult<Vec<melior::ir::Value<'c, 'c>>> {
        let inserted = self.rewriter.insert(op);
        (0..inserted.result_count())
            .map(|i| {
                let value: melior::ir::Value = inserted.result(i)?.into();
                // SAFETY: the op is now in the IR, which outlives the rewrite;
                // the lifetime only tracked the borrow of its handle.
                Ok(unsafe { crate::builders::detach(value) })
            })
            .collect()
    }

    /// Inserts the single-result `op` before the matched op and returns its
    /// result.
    pub fn insert_value(&self, op: melior::ir::Operation<'c>) -> BuildResult<melior::ir::Value<'c, 'c>> {
        self.insert_values(op)?.into_iter().next().ok_or_else(|| "internal error: op without result".to_string()).map_err(crate::error::LowerError::from)
    }

    /// `arith.constant value : index`, before the matched op.
    pub fn index(&self, location: melior::ir::Location<'c>, value: i64) -> BuildResult<melior::ir::Value<'c, 'c>> {
        self.insert_value(crate::builders::index_constant(self.context, location, value)?)
    }

    /// A tensor of type `ty` filled by an all-parallel `linalg.generic`
    /// whose body `element` computes each element (it may read
    /// `linalg.index`).
    pub fn filled(
        &self,
        location: melior::ir::Location<'c>,
        ty: melior::ir::Type<'c>,
        element: impl for<'b> FnOnce(&emit::Emitter<'c, 'b>) -> BuildResult<melior::ir::Value<'c, 'b>>,
    ) -> BuildResult<melior::ir::Value<'c, 'c>> {
        let context = self.context;
        let rank = crate::builders::static_shape(ty)?.len();
        let init = self.insert_value(crate::builders::tensor_empty(location, ty)?)?;
        let map = crate::builders::identity_map(context, rank);
        self.insert_value(crate::builders::parallel_generic(context, location, &[], init, vec![map], ty, |block, _| {
            element(&emit::Emitter::new(context, location, block))
        })?)
    }
}

/// A lowering: inserts the replacement and replaces the op, or explains why
/// it cannot (without having changed the IR).
type LowerFn = for<'c, 'r, 'a> fn(&Rewrite<'c, 'r>, OperationRef<'c, 'a>) -> BuildResult<()>;

fn lowerings() -> Vec<(&'static str, LowerFn)> {
    let mut table: Vec<(&'static str, LowerFn)> = vec![
        ("stablehlo.constant", constant::lower_constant),
        ("stablehlo.broadcast_in_dim", broadcast::lower_broadcast_in_dim),
        ("stablehlo.dot_general", dot::lower_dot_general),
        ("stablehlo.convolution", convolution::lower_convolution),
        ("stablehlo.reduce", reduce::lower_reduce),
        ("stablehlo.reshape", shape::lower_reshape),
        ("stablehlo.transpose", shape::lower_transpose),
        ("stablehlo.iota", data::lower_iota),
        ("stablehlo.concatenate", data::lower_concatenate),
        ("stablehlo.slice", data::lower_slice),
        ("stablehlo.pad", data::lower_pad),
        ("stablehlo.reverse", data::lower_reverse),
        ("stablehlo.bitcast_convert", data::lower_bitcast_convert),
        ("stablehlo.dynamic_slice", indexing::lower_dynamic_slice),
        ("stablehlo.dynamic_update_slice", indexing::lower_dynamic_update_slice),
        ("stablehlo.gather", indexing::lower_gather),
        ("stablehlo.scatter", indexing::lower_scatter),
        ("stablehlo.reduce_window", window::lower_reduce_window),
        ("stablehlo.select_and_scatter", window::lower_select_and_scatter),
        ("stablehlo.sort", sort::lower_sort),
        ("chlo.top_k", top_k::lower_top_k),
        ("stablehlo.map", map::lower_map),
        ("stablehlo.fft", fft::lower_fft),
        ("stablehlo.reduce_precision", reduce_precision::lower_reduce_precision),
        ("stablehlo.rng_bit_generator", random::lower_rng_bit_generator),
        ("stablehlo.rng", random::lower_rng),
        ("stablehlo.batch_norm_inference", batch_norm::lower_batch_norm_inference),
        ("stablehlo.batch_norm_training", batch_norm::lower_batch_norm_training),
        ("stablehlo.batch_norm_grad", batch_norm::lower_batch_norm_grad),
        ("stablehlo.cholesky", linear_algebra::lower_cholesky),
        ("stablehlo.triangular_solve", linear_algebra::lower_triangular_solve),
        ("stablehlo.custom_call", custom_call::lower_custom_call),
    ];
    table.extend(pointwise::POINTWISE_OPS.iter().map(|&name| (name, pointwise::lower_pointwise as LowerFn)));
    table.extend(collectives::COLLECTIVE_OPS.iter().map(|&name| (name, collectives::lower_collective as LowerFn)));
    table.extend(tuples::TUPLE_OPS.iter().map(|&name| (name, tuples::lower_tuple as LowerFn)));
    table
}

/// The rewrites into other StableHLO ops, applied as the first phase so
/// that the later phases lower what they produce.
fn core_lowerings() -> Vec<(&'static str, LowerFn)> {
    let mut table: Vec<(&'static str, LowerFn)> = vec![
        ("stablehlo.broadcast", legacy::lower_broadcast),
        ("stablehlo.dot", legacy::lower_dot),
        ("stablehlo.composite", composite::lower_composite),
        // JAX's custom_call spelling of ragged_all_to_all.
        ("stablehlo.custom_call", custom_call::rewrite_collective_calls),
        // A sum of a splat constant over windows (avg_pool's counts): a
        // product of per-dimension tap counts.
        ("stablehlo.reduce_window", window::fold_splat_window),
    ];
    table.extend(dynamic::DYNAMIC_OPS.iter().map(|&name| (name, dynamic::lower_dynamic as LowerFn)));
    table
}

/// The control-flow lowerings, applied as a first phase so that the ops in
/// their regions become top-level tensor ops for [`lowerings`].
fn control_flow_lowerings() -> Vec<(&'static str, LowerFn)> {
    control_flow::CONTROL_FLOW_OPS.iter().map(|&name| (name, control_flow::lower_control_flow as LowerFn)).collect()
}

/// Adds one pattern per lowered op to `patterns`. A pattern that cannot
/// lower its op reports why at the op's location and sets `failed`.
///
/// The control-flow ops (`while`, `if`, `case`, `optimization_barrier`) are
/// not among them: [`create_legalize_to_linalg_pass`] rewrites those first.
pub fn populate_stablehlo_to_linalg_patterns(context: &Context, patterns: &PatternSet, failed: Rc<Cell<bool>>) {
    add_patterns(context, patterns, failed, lowerings());
}

fn add_patterns(context: &Context, patterns: &PatternSet, failed: Rc<Cell<bool>>, table: Vec<(&'static str, LowerFn)>) {
    let control_flow = control_flow::CONTROL_FLOW_OPS;
    for (name, lower) in table {
        let failed = failed.clone();
        let pattern = create_op_rewrite_pattern(
            name,
            1,
            context,
            move |_pattern, raw_op, raw_rewriter| {
                // SAFETY: the driver passes a live op and rewriter for the
                // duration of this call; nothing escapes it.
                let (op, rewriter) = unsafe { (OperationRef::from_raw(raw_op), PatternRewriter::from_raw(raw_rewriter)) };
                // SAFETY: the op's context outlives the pattern application.
                let context = crate::context_of(op.context());
                // Ops in the body of a StableHLO region op (a reduce's
                // reducer) are lowered by that op's pattern, as scalars.
                let nested_in_stablehlo = op
                    .block()
                    .and_then(|block| block.parent_operation())
                    .and_then(|parent| {
                        let parent = parent.name().as_string_ref().as_str().ok()?.to_owned();
                        Some(parent.starts_with("stablehlo.") && !control_flow.contains(&parent.as_str()))
                    })
                    .unwrap_or(false);
                if nested_in_stablehlo {
                    return false;
                }
                let rewrite = Rewrite { context, rewriter: rewriter.as_rewriter_base() };
                match lower(&rewrite, op) {
                    Ok(()) => true,
                    Err(message) => {
                        crate::diagnostics::emit_error(op.location(), &format!("cannot lower '{name}': {message}"));
                        failed.set(true);
                        false
                    }
                }
            },
            &[],
        );
        patterns.add(pattern);
    }
}

/// `stablehlo-legalize-to-linalg`: rewrites every StableHLO op into linalg
/// on tensors; fails if any StableHLO op remains.
///
/// ```mlir
/// // before
/// %0 = stablehlo.multiply %a, %x : tensor<8xf32>
/// // after
/// %e = tensor.empty() : tensor<8xf32>
/// %0 = linalg.generic {...} ins(%a, %x : ...) outs(%e : ...) { arith.mulf ... }
/// ```
pub fn create_legalize_to_linalg_pass() -> Pass {
    external_pass!(
        |operation: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            // SAFETY: the operation's context outlives the pass run.
            let context = crate::context_of(operation.context());
            let failed = Rc::new(Cell::new(false));
            // Quantized ops (normally lowered earlier in the front end by
            // xla-lower-quantized; nothing to do then).
            if !crate::quantization::lower_quantized(context, operation) {
                pass.signal_failure();
                return;
            }
            // Shapes too large for 64-bit byte offsets would wrap around.
            if !crate::type_sizes::reject_oversized_types(operation) {
                pass.signal_failure();
                return;
            }
            // Host transfers keep the element types the program states.
            if let Err(message) = host_transfer::prepare(context, operation) {
                crate::diagnostics::emit_error(operation.location(), &message);
                pass.signal_failure();
                return;
            }
            crate::signedness::legalize_signedness(operation);
            if let Err(message) = crate::narrow_float::widen_narrow_floats(operation) {
                crate::diagnostics::emit_error(operation.location(), &format!("cannot widen narrow floats: {message}"));
                pass.signal_failure();
                return;
            }
            let core = PatternSet::new(context);
            add_patterns(context, &core, failed.clone(), core_lowerings());
            core.walk_and_apply(operation);
            if failed.get() {
                pass.signal_failure();
                return;
            }
            // A program for several devices: its collectives become
            // exchanges through the runtime (spmd.rs), before control flow
            // turns into scf.
            let (replicas, partitions) = spmd::devices_of(operation);
            if replicas * partitions > 1 {
                if let Err(message) = spmd::declare_runtime(context, operation) {
                    crate::diagnostics::emit_error(operation.location(), &message);
                    pass.signal_failure();
                    return;
                }
                let expand = PatternSet::new(context);
                let table = spmd::EXPANDED_OPS.iter().map(|&name| (name, spmd::expand as LowerFn)).collect();
                add_patterns(context, &expand, failed.clone(), table);
                expand.walk_and_apply(operation);
                if failed.get() {
                    pass.signal_failure();
                    return;
                }
            }
            // Composites are calls now: the call graph is complete.
            if !crate::call_graph::reject_call_cycles(operation) {
                pass.signal_failure();
                return;
            }
            tuples::forward_tuples(operation);
            if let Err(message) = tokens::erase_tokens(context, operation) {
                crate::diagnostics::emit_error(operation.location(), &format!("cannot erase tokens: {message}"));
                pass.signal_failure();
                return;
            }
            let control_flow = PatternSet::new(context);
            add_patterns(context, &control_flow, failed.clone(), control_flow_lowerings());
            control_flow.walk_and_apply(operation);
            if failed.get() {
                pass.signal_failure();
                return;
            }
            let patterns = PatternSet::new(context);
            populate_stablehlo_to_linalg_patterns(context, &patterns, failed.clone());
            patterns.walk_and_apply(operation);
            if failed.get() {
                pass.signal_failure();
                return;
            }
            // Ops without any lowering are reported once each.
            let mut leftover = false;
            let known: Vec<&str> = lowerings()
                .iter()
                .chain(&control_flow_lowerings())
                .chain(&core_lowerings())
                .map(|(name, _)| *name)
                .chain(tokens::TOKEN_OPS.iter().copied())
                .collect();
            operation.walk(WalkOrder::PreOrder, |op| {
                let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
                // SAFETY: `op` is live; the name outlives the call.
                let registered = unsafe {
                    mlir_sys::mlirContextIsRegisteredOperation(
                        mlir_sys::mlirOperationGetContext(op.to_raw()),
                        mlir_sys::MlirStringRef { data: name.as_ptr().cast(), length: name.len() },
                    )
                };
                if !registered {
                    crate::diagnostics::emit_error(op.location(), &format!("'{name}' belongs to a dialect this compiler does not know; it cannot be compiled"));
                    leftover = true;
                } else if name.starts_with("check.") {
                    crate::diagnostics::emit_error(op.location(), &format!("'{name}' is an expectation: run the file with `xla-run --check`"));
                    leftover = true;
                } else if (name.starts_with("stablehlo.") || name.starts_with("chlo.")) && !known.contains(&name.as_str()) {
                    crate::diagnostics::emit_error(op.location(), &format!("failed to legalize operation '{name}': no lowering to linalg yet"));
                    leftover = true;
                }
                WalkResult::Advance
            });
            if leftover {
                pass.signal_failure();
                return;
            }
            if !tokens::erase_unused_tokens(operation) {
                pass.signal_failure();
            }
        },
        "StablehloLegalizeToLinalg",
        "stablehlo-legalize-to-linalg",
        "Lower StableHLO ops to linalg on tensors",
        "builtin.module",
    )
}
