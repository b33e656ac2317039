//! Tokens: `!stablehlo.token` values only order side effects, and a program
//! that runs as one process in program order needs no ordering, so they are
//! erased before any lowering (a step of the first phase of
//! `stablehlo-legalize-to-linalg`).
//!
//! In each function that has token values:
//!
//! 1. one `stablehlo.create_token` is put at the top of the body and every
//!    token value (arguments, `after_all`, `create_token`, call results,
//!    the results of `send`, `recv`, ...) is replaced by it;
//! 2. `after_all` and the other `create_token` ops, now unused, are erased;
//!    `func.return` and `func.call` drop their token operands, calls their
//!    token results, and the function its token arguments and results
//!    (with their `arg_attrs`/`res_attrs` entries);
//! 3. after the last phase, [`erase_unused_tokens`] erases the token made in
//!    step 1, or reports the op still using it.
//!
//! ```mlir
//! func.func @f(%t: !stablehlo.token, %x: tensor<4xf32>) -> (!stablehlo.token, tensor<4xf32>) {
//!   %t1 = stablehlo.after_all %t : !stablehlo.token
//!   return %t1, %x : !stablehlo.token, tensor<4xf32>
//! }
//! // becomes
//! func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> { return %x : tensor<4xf32> }
//! ```
//!
//! Function signatures: the token arguments and results of every function
//! (declarations too) are removed, and every call in the module is
//! rewritten to match, so a public entry point with tokens is called with
//! its tensor arguments only (`xla-run` skips tokens in the signature).
//! Tuple-typed arguments and results are not flattened (see `tuples.rs`),
//! so a token inside one stays, and is reported. The ops that really use
//! tokens (`send`, `recv`, `infeed`, `outfeed`) keep the function's token
//! as their operand until their own lowering (`host_transfer.rs`) makes
//! them runtime calls, whose program order is the order the tokens
//! imposed. The control-flow ops of this dialect (`while`, `if`, `case`,
//! `optimization_barrier`) only take tensors, so no token crosses a region
//! boundary.

use crate::builders::{BuildResult, func_call, hlo_op, token_type};
use melior::ir::{
    AttributeLike, BlockLike, Identifier, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    attribute::Attribute,
    operation::{OperationLike, WalkOrder, WalkResult},
};
use mlir_sys::{MlirAttribute, MlirOperation, MlirType, MlirValue};

/// The ops that make tokens.
pub const TOKEN_OPS: &[&str] = &["stablehlo.create_token", "stablehlo.after_all"];

fn name_of(op: OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// Every value of type `token` defined in `function` (op results and block
/// arguments, at any depth).
fn token_values(function: OperationRef, token: Type) -> Vec<MlirValue> {
    let mut values = Vec::new();
    function.walk(WalkOrder::PreOrder, |op| {
        values.extend(op.results().filter(|r| r.r#type() == token).map(|r| r.to_raw()));
        for i in 0..op.region_count() {
            let Ok(region) = op.region(i) else { continue };
            let mut block = region.first_block();
            while let Some(b) = block {
                for a in 0..b.argument_count() {
                    if let Ok(argument) = b.argument(a) {
                        if argument.r#type() == token {
                            values.push(argument.to_raw());
                        }
                    }
                }
                block = b.next_in_region();
            }
        }
        WalkResult::Advance
    });
    values
}

/// `attributes[name]` (an array with one entry per argument or result)
/// without the entries at `removed`; `None` when the op has no such array.
fn filtered_array(op: OperationRef, name: &str, removed: &[usize]) -> Option<MlirAttribute> {
    let array = op.attribute(name).ok()?.to_raw();
    // SAFETY: the isa check comes first; the elements are valid attributes.
    unsafe {
        if !mlir_sys::mlirAttributeIsAArray(array) {
            return None;
        }
        let kept: Vec<MlirAttribute> = (0..mlir_sys::mlirArrayAttrGetNumElements(array))
            .filter(|i| !removed.contains(&(*i as usize)))
            .map(|i| mlir_sys::mlirArrayAttrGetElement(array, i))
            .collect();
        Some(mlir_sys::mlirArrayAttrGet(mlir_sys::mlirAttributeGetContext(array), kept.len() as isize, kept.as_ptr()))
    }
}

fn set_attribute(op: OperationRef, name: &str, attribute: MlirAttribute) {
    let name = std::ffi::CString::new(name).expect("attribute names have no NUL");
    // SAFETY: `op` is live; MLIR copies the name.
    unsafe { mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()), attribute) }
}

/// Rebuilds `call` without its token operands and results.
fn rewrite_call(context: &melior::Context, call: OperationRef, token: Type) -> BuildResult<()> {
    let operands: Vec<Value> = call.operands().collect();
    let result_types: Vec<Type> = call.results().map(|r| r.r#type()).collect();
    let removed_operands: Vec<usize> = (0..operands.len()).filter(|&i| operands[i].r#type() == token).collect();
    let removed_results: Vec<usize> = (0..result_types.len()).filter(|&i| result_types[i] == token).collect();
    if removed_operands.is_empty() && removed_results.is_empty() {
        return Ok(());
    }
    let mut attributes = Vec::new();
    // SAFETY: `call` is live; the named attributes are valid.
    unsafe {
        for i in 0..mlir_sys::mlirOperationGetNumAttributes(call.to_raw()) {
            let named = mlir_sys::mlirOperationGetAttribute(call.to_raw(), i);
            let key = Identifier::from_raw(named.name);
            let key_text = key.as_string_ref().as_str()?.to_owned();
            let value = match key_text.as_str() {
                "arg_attrs" => filtered_array(call, "arg_attrs", &removed_operands).unwrap_or(named.attribute),
                "res_attrs" => filtered_array(call, "res_attrs", &removed_results).unwrap_or(named.attribute),
                _ => named.attribute,
            };
            attributes.push((Identifier::new(context, &key_text), Attribute::from_raw(value)));
        }
    }
    let kept_operands: Vec<Value> = operands.iter().copied().filter(|v| v.r#type() != token).collect();
    let kept_types: Vec<Type> = result_types.iter().copied().filter(|t| *t != token).collect();
    let new = func_call(call.location(), &kept_operands, &kept_types, &attributes)?;
    let block = call.block().ok_or("internal error: call outside a block")?;
    let new = block.insert_operation_before(call, new);
    let mut next = 0;
    for (i, old) in call.results().enumerate() {
        if removed_results.contains(&i) {
            continue;
        }
        let value = new.result(next)?;
        next += 1;
        // SAFETY: same types; the old call is erased right after.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), value.to_raw()) };
    }
    // SAFETY: every result of the old call is unused now (tokens were
    // replaced by the function's token before).
    unsafe { mlir_sys::mlirOperationDestroy(call.to_raw()) };
    Ok(())
}

/// Removes the token arguments and results of `function` (its body's
/// token arguments are unused by now).
fn rewrite_signature(function: OperationRef, token: Type) -> BuildResult<()> {
    let function_type = function.attribute("function_type").map_err(|_| "function has no type".to_string())?;
    // SAFETY: func.func's function_type is a TypeAttr of a FunctionType;
    // every query follows from that.
    let (inputs, results): (Vec<MlirType>, Vec<MlirType>) = unsafe {
        let ty = mlir_sys::mlirTypeAttrGetValue(function_type.to_raw());
        (
            (0..mlir_sys::mlirFunctionTypeGetNumInputs(ty)).map(|i| mlir_sys::mlirFunctionTypeGetInput(ty, i)).collect(),
            (0..mlir_sys::mlirFunctionTypeGetNumResults(ty)).map(|i| mlir_sys::mlirFunctionTypeGetResult(ty, i)).collect(),
        )
    };
    let is_token = |t: &MlirType| t.ptr == token.to_raw().ptr;
    let removed_inputs: Vec<usize> = (0..inputs.len()).filter(|&i| is_token(&inputs[i])).collect();
    let removed_results: Vec<usize> = (0..results.len()).filter(|&i| is_token(&results[i])).collect();
    if removed_inputs.is_empty() && removed_results.is_empty() {
        return Ok(());
    }
    if let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) {
        for &i in removed_inputs.iter().rev() {
            // SAFETY: the argument has no uses (replaced by the function's token).
            unsafe { mlir_sys::mlirBlockEraseArgument(block.to_raw(), i as u32) };
        }
    }
    let inputs: Vec<MlirType> = inputs.into_iter().filter(|t| !is_token(t)).collect();
    let results: Vec<MlirType> = results.into_iter().filter(|t| !is_token(t)).collect();
    // SAFETY: building a function type and a TypeAttr from valid types.
    let new_type = unsafe {
        let ty = mlir_sys::mlirFunctionTypeGet(
            mlir_sys::mlirTypeGetContext(token.to_raw()),
            inputs.len() as isize,
            inputs.as_ptr(),
            results.len() as isize,
            results.as_ptr(),
        );
        mlir_sys::mlirTypeAttrGet(ty)
    };
    set_attribute(function, "function_type", new_type);
    if let Some(array) = filtered_array(function, "arg_attrs", &removed_inputs) {
        set_attribute(function, "arg_attrs", array);
    }
    if let Some(array) = filtered_array(function, "res_attrs", &removed_results) {
        set_attribute(function, "res_attrs", array);
    }
    Ok(())
}

/// Steps 1 and 2 of the module documentation, for every function of `module`.
pub fn erase_tokens(context: &melior::Context, module: OperationRef) -> BuildResult<()> {
    let token = token_type(context)?;
    let body = module.region(0).ok().and_then(|r| r.first_block()).ok_or("module has no body")?;
    let mut functions = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        if name_of(op) == "func.func" {
            functions.push(op.to_raw());
        }
        next = op.next_in_block();
    }
    for raw in functions {
        // SAFETY: a live top-level function of the module.
        let function = unsafe { OperationRef::from_raw(raw) };
        let values = token_values(function, token);
        let Some(entry) = function.region(0).ok().and_then(|r| r.first_block()) else {
            // A declaration: only its signature changes, as calls do.
            rewrite_signature(function, token)?;
            continue;
        };
        if values.is_empty() {
            continue;
        }
        let made = hlo_op(context, function.location(), "stablehlo.create_token", &[], &[token], &[])?;
        let made = match entry.first_operation() {
            Some(first) => entry.insert_operation_before(first, made),
            None => entry.append_operation(made),
        };
        let the_token = made.result(0)?.to_raw();
        for value in values {
            // SAFETY: both values are tokens; `the_token` is at the top of
            // the function's body, so it dominates every use.
            unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(value, the_token) };
        }
        let mut erased: Vec<MlirOperation> = Vec::new();
        let mut calls: Vec<MlirOperation> = Vec::new();
        let mut returns: Vec<MlirOperation> = Vec::new();
        function.walk(WalkOrder::PreOrder, |op| {
            match name_of(op).as_str() {
                "stablehlo.after_all" | "stablehlo.create_token" if op != made => erased.push(op.to_raw()),
                "func.call" => calls.push(op.to_raw()),
                "func.return" => returns.push(op.to_raw()),
                _ => {}
            }
            WalkResult::Advance
        });
        for raw in erased {
            // SAFETY: its token result was replaced, so it has no uses.
            unsafe { mlir_sys::mlirOperationDestroy(raw) };
        }
        for raw in returns {
            // SAFETY: a live func.return of this function.
            let op = unsafe { OperationRef::from_raw(raw) };
            let kept: Vec<MlirValue> = op.operands().filter(|v| v.r#type() != token).map(|v| v.to_raw()).collect();
            // SAFETY: the operands are live values.
            unsafe { mlir_sys::mlirOperationSetOperands(raw, kept.len() as isize, kept.as_ptr()) };
        }
        for raw in calls {
            // SAFETY: a live func.call of this function.
            rewrite_call(context, unsafe { OperationRef::from_raw(raw) }, token)?;
        }
        rewrite_signature(function, token)?;
    }
    Ok(())
}

/// Step 3: erases the token ops left without uses; reports (and returns
/// false for) a token still used by an op that was not lowered.
pub fn erase_unused_tokens(module: OperationRef) -> bool {
    let mut found = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if TOKEN_OPS.contains(&name_of(op).as_str()) {
            found.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let mut ok = true;
    for raw in found {
        // SAFETY: collected from the live IR; erased at most once.
        let op = unsafe { OperationRef::from_raw(raw) };
        // SAFETY: the result is a valid value; the use is only inspected.
        let first_use = op.result(0).ok().map(|r| unsafe { mlir_sys::mlirValueGetFirstUse(r.to_raw()) });
        match first_use {
            // SAFETY: `user` is a use handle, only tested for null.
            Some(user) if unsafe { !mlir_sys::mlirOpOperandIsNull(user) } => {
                // SAFETY: a non-null use belongs to a live op.
                let owner = unsafe { OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(user)) };
                crate::diagnostics::emit_error(
                    op.location(),
                    &format!("a token is still used by '{}', which has no lowering", name_of(owner)),
                );
                ok = false;
            }
            // SAFETY: no uses.
            _ => unsafe { mlir_sys::mlirOperationDestroy(raw) },
        }
    }
    ok
}
