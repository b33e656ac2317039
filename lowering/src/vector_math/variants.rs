//! sin, cos and tan on the CPU: the exact (Payne-Hanek) reduction only for
//! the vectors of arguments that need it.
//!
//! Inline, a branch-free expansion computes both reductions for every
//! element: the Cody-Waite one, exact below [`trig::EXACT_REDUCTION_LIMIT`]
//! (2^20 pi/2), and the Payne-Hanek one, whose eight exact products and
//! double-double sum cost about twice the rest (f32 `sin` of 2^18
//! arguments on one core: 0.6-0.8 ms with the Cody-Waite reduction alone,
//! 1.9-2.3 ms with both; the VM's times vary). LLVM's loop vectorizer
//! cannot branch on a whole vector, so the CPU's pass writes, for each
//! sin/cos/tan,
//!
//! ```mlir
//! %fast = <Cody-Waite expansion of %x, inline>
//! %r = func.call @__xla_sin_f32_fixup(%x, %fast) : (f64, f64) -> f64
//! ```
//!
//! where the fixup (`noinline`, `llvm.readnone`) returns `%fast`, or the
//! exact result when |x| >= 2^20 pi/2 or x is infinite. The exact result
//! comes from `@..._exact`, the full branch-free expansion on 4 lanes (a
//! loop over them that LLVM vectorizes), the one copy of it per function
//! and type. The fixup carries LLVM's vector function ABI attribute
//! (`vector-function-abi-variant = "_ZGV_LLVM_N8vv_<fixup>(<fixup>_v8)"`,
//! for 2, 4, 8 and 16 lanes), so when LLVM vectorizes the loop it calls
//! `@..._fixup_vN` on whole vectors instead; that function tests all lanes
//! at once (`vector.reduction <or>`) and only when one needs it calls the
//! exact function (once per 4 lanes) and selects. The vectors of ordinary
//! arguments pay a compare, a mask test and a call.
//! `xla-keep-vector-variants` (on the LLVM dialect) lists the `_vN`
//! functions in `@llvm.compiler.used` so that LLVM keeps them until the
//! vectorizer uses them, and `xla-parallelize-indexed-loops` runs loops
//! that call `llvm.readnone` functions on the thread pool
//! (`affine-parallelize` does not see through calls). The results are
//! those of the inline expansion, bit for bit: the fast path is the same
//! Cody-Waite code, the exact one the same expansion, chosen by the same
//! test.
//!
//! The GPU emulation pipeline keeps the inline expansion
//! (`create_inline_polynomial_math_pass`).

use super::emitter::{Emitter, Goal, V};
use super::trig::{self, Trig};
use crate::builders::{self, BuildResult};
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::{ArrayAttribute, StringAttribute, TypeAttribute},
        operation::OperationLike,
        r#type::{FunctionType, MemRefType},
    },
};

/// The vector widths that get a variant: every width LLVM's vectorizer
/// picks for f64 arithmetic from SSE2 to AVX-512, twice over.
const LANES: [i64; 4] = [2, 4, 8, 16];

/// The width of the exact function: wider vectors call it once per group
/// of 4 lanes (16 lanes for everything cost a 4-lane loop four times the
/// work: 1M huge f64 arguments 2.4x slower).
const EXACT_LANES: i64 = 4;

fn base_name(which: Trig, goal: Goal) -> String {
    let function = match which {
        Trig::Sin => "sin",
        Trig::Cos => "cos",
        Trig::Tan => "tan",
    };
    // Both compute in f64; `f32` names the shorter polynomials of f32 results.
    let result = if goal == Goal::Double { "f64" } else { "f32" };
    format!("__xla_{function}_{result}")
}

/// Whether the module's body already defines `symbol`.
pub(super) fn defined(body: &melior::ir::BlockRef, symbol: &str) -> bool {
    let mut next = body.first_operation();
    while let Some(op) = next {
        let name = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok());
        if name.is_some_and(|n| n.value() == symbol) {
            return true;
        }
        next = op.next_in_block();
    }
    false
}

/// A private `func.func @name` with `attributes`, whose body block takes
/// `inputs` and ends in a `func.return`, inserted at the start of `body`.
/// `fill` builds the body (inserting before the return it is given, or
/// appending to the block) and gives the returned value.
fn define<'c>(
    context: &'c Context,
    location: Location<'c>,
    body: &melior::ir::BlockRef<'c, '_>,
    name: &str,
    inputs: &[Type<'c>],
    result: Type<'c>,
    attributes: Vec<(Identifier<'c>, Attribute<'c>)>,
    fill: impl FnOnce(&Block<'c>, OperationRef<'c, '_>) -> BuildResult<Value<'c, 'static>>,
) -> BuildResult<()> {
    let arguments: Vec<_> = inputs.iter().map(|&t| (t, location)).collect();
    let block = Block::new(&arguments);
    let first: Value = block.argument(0)?.into();
    let ret = block.append_operation(builders::terminator(location, "func.return", &[first])?);
    let value = fill(&block, ret)?;
    // `fill` inserted before the return (the emitter) or appended after it:
    // the return goes last.
    let mut last = ret;
    while let Some(next) = last.next_in_block() {
        last = next;
    }
    // SAFETY: `ret` and `last` are live ops of `block`; `ret` is moved to
    // the end, after every op that defines its operand (`value`).
    unsafe {
        if last.to_raw().ptr != ret.to_raw().ptr {
            mlir_sys::mlirOperationMoveAfter(ret.to_raw(), last.to_raw());
        }
        mlir_sys::mlirOperationSetOperand(ret.to_raw(), 0, value.to_raw());
    }
    let region = Region::new();
    region.append_block(block);
    let mut all = vec![(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())];
    all.extend(attributes);
    let function = melior::dialect::func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(FunctionType::new(context, inputs, &[result]).into()),
        region,
        &all,
        location,
    );
    body.insert_operation(0, function);
    Ok(())
}

/// `passthrough = [...]`: function attributes LLVM IR gets as they are.
fn passthrough<'c>(context: &'c Context, entries: &[Attribute<'c>]) -> (Identifier<'c>, Attribute<'c>) {
    (Identifier::new(context, "passthrough"), ArrayAttribute::new(context, entries).into())
}

fn string<'c>(context: &'c Context, text: &str) -> Attribute<'c> {
    StringAttribute::new(context, text).into()
}

/// `llvm.readnone`: func-to-llvm gives the function `memory(none)` (LLVM
/// treats the constant 2/pi table the f64 reduction reads as no access).
fn readnone(context: &Context) -> (Identifier<'_>, Attribute<'_>) {
    (Identifier::new(context, "llvm.readnone"), Attribute::unit(context))
}

/// `|x| >= EXACT_REDUCTION_LIMIT` (NaN: false) of a scalar or vector `x`,
/// appended to `block`; `i1` is the result type (i1 or a vector of i1).
fn needs_exact<'c, 'b>(
    context: &'c Context,
    location: Location<'c>,
    block: &'b Block<'c>,
    x: Value<'c, 'b>,
    limit: Value<'c, 'b>,
    i1: Type<'c>,
) -> BuildResult<Value<'c, 'b>> {
    let magnitude = builders::append(block, builders::scalar(location, "math.absf", &[x], x.r#type())?)?;
    builders::append(block, builders::compare(context, location, "arith.cmpf", "oge", magnitude, limit, i1)?)
}

/// Appends `scf.if %condition { then } else { scf.yield %fast }` to
/// `block` (`then` ends in its `scf.yield` of a value of `fast`'s type) and
/// returns its result.
fn choose<'c>(
    context: &'c Context,
    location: Location<'c>,
    block: &Block<'c>,
    condition: Value<'c, '_>,
    then: Block<'c>,
    fast: Value<'c, '_>,
) -> BuildResult<Value<'c, 'static>> {
    let choice = builders::with_empty_regions(context, location, "scf.if", &[condition], &[fast.r#type()], &[], 2)?;
    choice.region(0)?.append_block(then);
    let otherwise = Block::new(&[]);
    otherwise.append_operation(builders::terminator(location, "scf.yield", &[fast])?);
    choice.region(1)?.append_block(otherwise);
    let value = builders::append(block, choice)?;
    // SAFETY: the value is a result of an op of `block`, which the function
    // being built owns.
    Ok(unsafe { builders::detach(value) })
}

/// Defines the exact, fixup and vector fixup functions of `which` at
/// `goal` in `module` (once) and returns the fixup's name.
fn ensure<'c>(module: OperationRef<'c, '_>, which: Trig, goal: Goal) -> BuildResult<String> {
    let context = crate::context_of(module.context());
    let location = module.location();
    let body = module.region(0)?.first_block().ok_or("internal error: module without a body")?;
    let base = base_name(which, goal);
    let exact = format!("{base}_exact");
    let fixup = format!("{base}_fixup");
    if defined(&body, &fixup) {
        return Ok(fixup);
    }
    let f64_type = Type::float64(context);
    let i1 = melior::ir::r#type::IntegerType::new(context, 1).into();

    // The full branch-free expansion over EXACT_LANES lanes, called only
    // for the rare arguments: a loop over the lanes through two stack
    // buffers, which LLVM vectorizes. One copy of the expansion serves the
    // scalar fixup and every vector width, which keeps compile time down:
    // a copy per width cost 70 ms more per function.
    let wide = builders::vector_type(f64_type, &[EXACT_LANES]);
    let wide_buffer: Type = MemRefType::new(f64_type, &[EXACT_LANES], None, None).into();
    let attributes = vec![passthrough(context, &[string(context, "noinline")]), readnone(context)];
    define(context, location, &body, &exact, &[wide], wide, attributes, |block, _ret| {
        let x: Value = block.argument(0)?.into();
        let xs = builders::append(block, builders::memref_alloca(location, wide_buffer)?)?;
        let ys = builders::append(block, builders::memref_alloca(location, wide_buffer)?)?;
        let zero = builders::append(block, builders::index_constant(context, location, 0)?)?;
        let one = builders::append(block, builders::index_constant(context, location, 1)?)?;
        let count = builders::append(block, builders::index_constant(context, location, EXACT_LANES)?)?;
        block.append_operation(builders::vector_store(location, x, xs, &[zero])?);
        let each = builders::scf_for(location, [zero, count, one], &[], |lane_body, lane, _| {
            let xi = builders::append(lane_body, builders::memref_load(location, xs, &[lane], f64_type)?)?;
            let store = lane_body.append_operation(builders::memref_store(location, xi, ys, &[lane])?);
            let e = Emitter::new(store, lane_body, true, goal)?;
            let yi = trig::trig(&e, xi, which, true)?;
            // SAFETY: the store is live; `yi` is defined before it.
            unsafe { mlir_sys::mlirOperationSetOperand(store.to_raw(), 0, yi.to_raw()) };
            Ok(vec![])
        })?;
        // Vectorized, not fully unrolled and then SLP-vectorized (the same
        // code, more compile time).
        builders::set_attribute(&each, crate::loop_annotations::DISCARDABLE, xla_dialects::loop_unroll_disabled(context));
        block.append_operation(each);
        let value = builders::append(block, builders::vector_load(location, ys, &[zero], wide)?)?;
        // SAFETY: the value is an op result of this function's block.
        Ok(unsafe { builders::detach(value) })
    })?;
    // `exact` of the scalar or vector `x`, appended to `block`: x in a
    // zeroed buffer of whole groups of EXACT_LANES lanes, one call per
    // group.
    let exact_of = |block: &Block<'c>, x: Value<'c, '_>, vector_lanes: Option<i64>| -> BuildResult<Value<'c, 'static>> {
        let scalar = vector_lanes.is_none();
        let lanes = vector_lanes.unwrap_or(1);
        let ty = x.r#type();
        let groups = (lanes + EXACT_LANES - 1) / EXACT_LANES;
        let buffer_type: Type = MemRefType::new(f64_type, &[groups * EXACT_LANES], None, None).into();
        let buffer = builders::append(block, builders::memref_alloca(location, buffer_type)?)?;
        let zeros = builders::append(block, builders::constant(context, location, builders::splat_attribute(wide, 0.0)?, wide)?)?;
        let offsets = (0..groups)
            .map(|g| builders::append(block, builders::index_constant(context, location, g * EXACT_LANES)?))
            .collect::<BuildResult<Vec<_>>>()?;
        for &offset in &offsets {
            block.append_operation(builders::vector_store(location, zeros, buffer, &[offset])?);
        }
        block.append_operation(if scalar {
            builders::memref_store(location, x, buffer, &[offsets[0]])?
        } else {
            builders::vector_store(location, x, buffer, &[offsets[0]])?
        });
        for &offset in &offsets {
            let group = builders::append(block, builders::vector_load(location, buffer, &[offset], wide)?)?;
            let called = block.append_operation(builders::call(context, location, &exact, &[group], &[wide]));
            let called: Value = called.result(0)?.into();
            block.append_operation(builders::vector_store(location, called, buffer, &[offset])?);
        }
        let value = if scalar {
            builders::append(block, builders::memref_load(location, buffer, &[offsets[0]], f64_type)?)?
        } else {
            builders::append(block, builders::vector_load(location, buffer, &[offsets[0]], ty)?)?
        };
        // SAFETY: the value is an op result of `block`, which the function
        // being built owns.
        Ok(unsafe { builders::detach(value) })
    };

    // fixup(x, fast) = |x| >= limit ? exact(x) : fast.
    let mappings: Vec<String> = LANES.iter().map(|n| format!("_ZGV_LLVM_N{n}vv_{fixup}({fixup}_v{n})")).collect();
    let variant = ArrayAttribute::new(context, &[string(context, "vector-function-abi-variant"), string(context, &mappings.join(","))]).into();
    let attributes = vec![passthrough(context, &[string(context, "noinline"), variant]), readnone(context)];
    define(context, location, &body, &fixup, &[f64_type, f64_type], f64_type, attributes, |block, _ret| {
        let x: Value = block.argument(0)?.into();
        let fast: Value = block.argument(1)?.into();
        let limit = builders::append(block, builders::float_constant(context, location, trig::EXACT_REDUCTION_LIMIT, f64_type)?)?;
        let big = needs_exact(context, location, block, x, limit, i1)?;
        let then = Block::new(&[]);
        let exact_value = exact_of(&then, x, None)?;
        then.append_operation(builders::terminator(location, "scf.yield", &[exact_value])?);
        choose(context, location, block, big, then, fast)
    })?;

    // fixup_vN: one test for the whole vector; the exact expansion only
    // when a lane needs it (called on the whole vector, not on each lane
    // through the scalar fixup: LLVM's SLP vectorizer would turn those
    // calls back into a call of this very function, forever).
    for lanes in LANES {
        let vector = builders::vector_type(f64_type, &[lanes]);
        let mask = builders::vector_type(i1, &[lanes]);
        define(context, location, &body, &format!("{fixup}_v{lanes}"), &[vector, vector], vector, vec![], |block, _ret| {
            let x: Value = block.argument(0)?.into();
            let fast: Value = block.argument(1)?.into();
            let limit = builders::append(
                block,
                builders::constant(context, location, builders::splat_attribute(vector, trig::EXACT_REDUCTION_LIMIT)?, vector)?,
            )?;
            let big = needs_exact(context, location, block, x, limit, mask)?;
            let any = builders::append(block, builders::vector_reduction(location, xla_dialects::vector_kind_or(context), big, i1)?)?;
            let then = Block::new(&[]);
            let exact_values = exact_of(&then, x, Some(lanes))?;
            let chosen = builders::append(&then, builders::select(location, big, exact_values, fast)?)?;
            then.append_operation(builders::terminator(location, "scf.yield", &[chosen])?);
            choose(context, location, block, any, then, fast)
        })?;
    }
    Ok(fixup)
}

/// sin/cos/tan of the f64 `x` in `e`: the Cody-Waite expansion inline,
/// then the call of the fixup that replaces it where the argument needs
/// the exact reduction.
pub fn trig_outlined<'c, 'a>(e: &Emitter<'c, 'a>, module: OperationRef<'c, '_>, x: V<'c, 'a>, which: Trig) -> BuildResult<V<'c, 'a>> {
    let fast = trig::trig(e, x, which, false)?;
    let fixup = ensure(module, which, e.goal)?;
    e.insert(builders::call(e.context, e.location, &fixup, &[x, fast], &[e.float]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_vector_function_abi() {
        assert_eq!(base_name(Trig::Sin, Goal::Single), "__xla_sin_f32");
        assert_eq!(base_name(Trig::Tan, Goal::Double), "__xla_tan_f64");
    }
}
