//! The builder core: contexts, values, op creation with the dialect's
//! result type inference and diagnostics, parameters, nested computations
//! and `build`.

use crate::{BuildError, Shape, XlaComputation};
use melior::{
    Context,
    dialect::func,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, Location, Module, Operation, OperationRef, Region, RegionLike, Type, Value,
        ValueLike,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::FunctionType,
    },
};
use std::{
    cell::RefCell,
    rc::Rc,
    sync::atomic::{AtomicU64, Ordering},
};

/// The MLIR context every builder of a family (a builder and its
/// sub-builders) and their computations and executables share.
pub(crate) struct Shared {
    context: Context,
}

impl Shared {
    fn new() -> Rc<Self> {
        Rc::new(Self { context: xla_dialects::create_context() })
    }

    /// The context with the lifetime the crate's MLIR objects carry.
    ///
    /// Every object holding such a reference (a block, module, value) sits
    /// in a struct next to an `Rc<Shared>` declared after it, so the context
    /// outlives it; the references never leave the crate.
    pub(crate) fn context(&self) -> &'static Context {
        // SAFETY: see above; the `Context` itself lives in the `Rc`
        // allocation, which does not move.
        unsafe { &*(&self.context as *const Context) }
    }
}

/// Runs `f` with a diagnostic handler on `context` that records every
/// diagnostic (with its notes) instead of printing it, and detaches it
/// afterwards.
pub(crate) fn capture_diagnostics<T>(context: &Context, f: impl FnOnce() -> T) -> (T, Vec<String>) {
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&messages);
    let id = context.attach_diagnostic_handler(move |diagnostic| {
        let mut text = diagnostic.to_string();
        for index in 0..diagnostic.note_count() {
            if let Ok(note) = diagnostic.note(index) {
                text.push_str(&format!("\n  note: {note}"));
            }
        }
        sink.borrow_mut().push(text);
        true
    });
    let result = f();
    context.detach_diagnostic_handler(id);
    let messages = messages.borrow().clone();
    (result, messages)
}

static NEXT_BUILDER_ID: AtomicU64 = AtomicU64::new(1);

/// A value of a computation under construction: a parameter or an op
/// result. A cheap handle (builder id + value index); it is only meaningful
/// to the builder that made it, and passing it to another builder is a
/// [`BuildError::ForeignOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XlaOp {
    pub(crate) builder: u64,
    pub(crate) index: usize,
}

impl XlaOp {
    /// The id of the builder that made this value.
    pub fn builder_id(self) -> u64 {
        self.builder
    }
}

/// Builds one computation (a `func.func` of StableHLO ops) op by op.
///
/// Each op method checks its operands, creates the op with the dialect's
/// result type inference (the C++ shape functions) or, for ops whose result
/// type is a free choice, with the type the arguments describe, verifies it,
/// and returns a handle to its result. Rejected ops leave the builder
/// unchanged and return a [`BuildError`] carrying the dialect's diagnostic.
///
/// Nested computations (reduction bodies, comparators, loop conditions and
/// bodies, branches) are built with [`computation`](Self::computation) or a
/// [`create_sub_builder`](Self::create_sub_builder), which share this
/// builder's context.
pub struct XlaBuilder {
    // Declared before `shared`: MLIR objects are destroyed before the context.
    /// The body: a region with one block, so that dominance (regions
    /// using values from above) can be verified op by op; it becomes the
    /// function's body in `build`.
    body: RefCell<Option<Region<'static>>>,
    values: RefCell<Vec<Value<'static, 'static>>>,
    /// Parameter numbers in block argument order (kept sorted).
    parameters: RefCell<Vec<i64>>,
    id: u64,
    name: String,
    pub(crate) shared: Rc<Shared>,
}

impl XlaBuilder {
    /// A builder of a computation named `name` (the name of the function
    /// and of the compiled entry point), in a fresh MLIR context with the
    /// project's dialects.
    pub fn new(name: &str) -> Self {
        Self::with_shared(name, Shared::new())
    }

    fn with_shared(name: &str, shared: Rc<Shared>) -> Self {
        Self {
            body: RefCell::new(Some({
                let region = Region::new();
                region.append_block(Block::new(&[]));
                region
            })),
            values: RefCell::new(Vec::new()),
            parameters: RefCell::new(Vec::new()),
            id: NEXT_BUILDER_ID.fetch_add(1, Ordering::Relaxed),
            name: name.to_string(),
            shared,
        }
    }

    /// A builder for a nested computation (a reduction body, comparator,
    /// loop condition, ...), in this builder's context. Its ops cannot be
    /// mixed with this builder's; build it and pass the computation.
    pub fn create_sub_builder(&self, name: &str) -> XlaBuilder {
        Self::with_shared(name, Rc::clone(&self.shared))
    }

    /// Builds a nested computation in one go: `body` receives a sub-builder,
    /// declares parameters and returns the roots.
    pub fn computation(
        &self,
        name: &str,
        body: impl FnOnce(&XlaBuilder) -> Result<Vec<XlaOp>, BuildError>,
    ) -> Result<XlaComputation, BuildError> {
        let sub = self.create_sub_builder(name);
        let roots = body(&sub)?;
        sub.build(&roots)
    }

    /// A computation of two scalars of `element_type` to one value (what
    /// reduce, reduce_window, scatter, all_reduce and single-operand sort
    /// take): `body(sub_builder, lhs, rhs)`.
    pub fn binary_computation(
        &self,
        name: &str,
        element_type: crate::ElementType,
        body: impl FnOnce(&XlaBuilder, XlaOp, XlaOp) -> Result<XlaOp, BuildError>,
    ) -> Result<XlaComputation, BuildError> {
        self.computation(name, |sb| {
            let lhs = sb.parameter(0, &Shape::scalar(element_type), "lhs")?;
            let rhs = sb.parameter(1, &Shape::scalar(element_type), "rhs")?;
            Ok(vec![body(sb, lhs, rhs)?])
        })
    }

    /// The builder's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The builder's id (the one its [`XlaOp`]s carry).
    pub fn id(&self) -> u64 {
        self.id
    }

    pub(crate) fn context(&self) -> &'static Context {
        self.shared.context()
    }

    /// The body block, unless the builder has been built.
    fn block(&self, op: &str) -> Result<BlockRef<'static, 'static>, BuildError> {
        let body = self.body.borrow();
        let block = body.as_ref().and_then(|r| r.first_block()).ok_or_else(|| BuildError::invalid(op, "the builder has already been built"))?;
        // SAFETY: the block lives as long as the region, which the builder
        // owns until `build` moves it into the function; handles are only
        // used while the builder is alive and unbuilt.
        Ok(unsafe { BlockRef::from_raw(block.to_raw()) })
    }

    pub(crate) fn location(&self) -> Location<'static> {
        Location::unknown(self.context())
    }

    /// The MLIR type of `shape`.
    pub(crate) fn shape_type(&self, op: &str, shape: &Shape) -> Result<Type<'static>, BuildError> {
        shape.to_type(self.context()).ok_or_else(|| BuildError::invalid(op, format!("`{shape}` is not a type a computation can have")))
    }

    /// The MLIR value of `op`, checking that this builder made it.
    pub(crate) fn value(&self, op_name: &str, position: usize, op: XlaOp) -> Result<Value<'static, 'static>, BuildError> {
        // After `build` the values belong to the computation's module.
        if self.body.borrow().is_none() {
            return Err(BuildError::invalid(op_name, "the builder has already been built"));
        }
        if op.builder != self.id {
            return Err(BuildError::ForeignOp {
                op: op_name.to_string(),
                operand: position,
                operand_builder: op.builder,
                builder: self.id,
                name: self.name.clone(),
            });
        }
        self.values
            .borrow()
            .get(op.index)
            .copied()
            .ok_or_else(|| BuildError::invalid(op_name, format!("operand {position} is not a value of this builder")))
    }

    fn push_value(&self, value: Value<'_, '_>) -> XlaOp {
        // SAFETY: the value belongs to an op or block owned by this
        // builder's block, which lives as long as the builder.
        let value: Value<'static, 'static> = unsafe { xla_lowering::builders::detach(value) };
        let mut values = self.values.borrow_mut();
        values.push(value);
        XlaOp { builder: self.id, index: values.len() - 1 }
    }

    /// The shape of a value.
    pub fn get_shape(&self, op: XlaOp) -> Result<Shape, BuildError> {
        let value = self.value("get_shape", 0, op)?;
        Shape::from_type(value.r#type()).ok_or_else(|| BuildError::invalid("get_shape", format!("unsupported type {}", value.r#type())))
    }

    /// The array shape of an operand: element type and dimensions.
    pub(crate) fn array_shape(&self, op_name: &str, position: usize, op: XlaOp) -> Result<(crate::ElementType, Vec<i64>), BuildError> {
        let value = self.value(op_name, position, op)?;
        match Shape::from_type(value.r#type()) {
            Some(Shape::Array { element_type, dims }) => Ok((element_type, dims)),
            _ => Err(BuildError::invalid(op_name, format!("operand {position} must be an array, not {}", value.r#type()))),
        }
    }

    /// Declares parameter number `index` of the computation. Parameters may
    /// be declared in any order, but `build` requires the numbers 0..n.
    pub fn parameter(&self, index: i64, shape: &Shape, name: &str) -> Result<XlaOp, BuildError> {
        let op = "parameter";
        let ty = self.shape_type(op, shape)?;
        let mut parameters = self.parameters.borrow_mut();
        if index < 0 || parameters.contains(&index) {
            return Err(BuildError::invalid(op, format!("parameter number {index} (`{name}`) is negative or already declared")));
        }
        let position = parameters.iter().filter(|&&p| p < index).count();
        let block = self.block(op)?;
        let location = Location::name(self.context(), name, self.location());
        // Block argument handles stay valid when arguments are inserted
        // before them (only their numbers change).
        let value = block.insert_argument(position, ty, location);
        parameters.insert(position, index);
        drop(parameters);
        Ok(self.push_value(value))
    }

    /// Creates, verifies and appends the op `name` (`stablehlo.xxx`).
    /// `results: None` asks the dialect to infer the result types.
    pub(crate) fn add_op(
        &self,
        name: &str,
        operands: &[XlaOp],
        attributes: &[(&str, Attribute<'static>)],
        regions: Vec<Region<'static>>,
        results: Option<&[Shape]>,
    ) -> Result<Vec<XlaOp>, BuildError> {
        self.add_op_with_element_type(name, operands, attributes, regions, results, None)
    }

    /// [`add_op`](Self::add_op) for ops whose inferred result shape comes
    /// with a free element type (dot_general, convolution): the dialect
    /// infers the shape, and `element_type`, if given, replaces the element
    /// type of the single result before the op is verified.
    pub(crate) fn add_op_with_element_type(
        &self,
        name: &str,
        operands: &[XlaOp],
        attributes: &[(&str, Attribute<'static>)],
        regions: Vec<Region<'static>>,
        results: Option<&[Shape]>,
        element_type: Option<crate::ElementType>,
    ) -> Result<Vec<XlaOp>, BuildError> {
        let values = operands.iter().enumerate().map(|(i, &op)| self.value(name, i, op)).collect::<Result<Vec<_>, _>>()?;
        let named: Vec<_> = attributes.iter().map(|(key, attribute)| (Identifier::new(self.context(), key), *attribute)).collect();
        let mut builder = OperationBuilder::new(name, self.location()).add_operands(&values).add_attributes(&named).add_regions_vec(regions);
        builder = match results {
            Some(shapes) => {
                let types = shapes.iter().map(|s| self.shape_type(name, s)).collect::<Result<Vec<_>, _>>()?;
                builder.add_results(&types)
            }
            None => builder.enable_result_type_inference(),
        };
        let (built, messages) = capture_diagnostics(self.context(), || builder.build());
        let operation = match built {
            Ok(operation) => operation,
            Err(_) => return Err(creation_error(name, messages)),
        };
        if let Some(element_type) = element_type {
            let result = operation.result(0).map_err(|_| BuildError::invalid(name, "the op has no result"))?;
            let Some(Shape::Array { dims, .. }) = Shape::from_type(result.r#type()) else {
                return Err(BuildError::invalid(name, format!("the inferred result type {} is not a static array", result.r#type())));
            };
            result.set_type(self.shape_type(name, &Shape::array(element_type, &dims))?);
        }
        self.append_verified(name, operation)
    }

    /// Appends a created op to the body and verifies it there (in place,
    /// so that regions using values from above pass the dominance check);
    /// an op that does not verify is erased again.
    pub(crate) fn append_verified(&self, name: &str, operation: Operation<'static>) -> Result<Vec<XlaOp>, BuildError> {
        let block = self.block(name)?;
        let appended: OperationRef = block.append_operation(operation);
        let (valid, messages) = capture_diagnostics(self.context(), || appended.verify());
        if !valid {
            // SAFETY: the op was just appended; its results have no uses
            // and no handles to them were handed out.
            unsafe { mlir_sys::mlirOperationDestroy(appended.to_raw()) };
            return Err(BuildError::Op { op: name.to_string(), message: join_messages(messages, "the op does not verify") });
        }
        let results: Vec<Value> = appended.results().map(Into::into).collect();
        Ok(results.into_iter().map(|v| self.push_value(v)).collect())
    }

    /// Like [`add_op`](Self::add_op) for ops with exactly one result.
    pub(crate) fn add_single(
        &self,
        name: &str,
        operands: &[XlaOp],
        attributes: &[(&str, Attribute<'static>)],
        regions: Vec<Region<'static>>,
        results: Option<&[Shape]>,
    ) -> Result<XlaOp, BuildError> {
        let results = self.add_op(name, operands, attributes, regions, results)?;
        match results.as_slice() {
            [single] => Ok(*single),
            _ => Err(BuildError::invalid(name, format!("expected one result, the op has {}", results.len()))),
        }
    }

    /// The body of `computation` as a region for an op of this builder:
    /// a copy of its function body whose `func.return` becomes
    /// `stablehlo.return`.
    pub(crate) fn region(&self, op: &str, computation: &XlaComputation) -> Result<Region<'static>, BuildError> {
        let block = self.computation_block(op, computation)?;
        let region = Region::new();
        region.append_block(block);
        Ok(region)
    }

    /// The body of `computation` as a region without arguments: its
    /// parameters are replaced by `operands`, values of this builder that
    /// the region then uses from above (the form of `if`/`case` branches).
    pub(crate) fn capturing_region(&self, op: &str, computation: &XlaComputation, operands: &[XlaOp]) -> Result<Region<'static>, BuildError> {
        let block = self.computation_block(op, computation)?;
        if block.argument_count() != operands.len() {
            return Err(BuildError::invalid(
                op,
                format!("computation `{}` takes {} parameter(s), but {} operand(s) were given", computation.name(), block.argument_count(), operands.len()),
            ));
        }
        for (i, &operand) in operands.iter().enumerate() {
            let value = self.value(op, i, operand)?;
            let argument = block.argument(i).expect("counted above");
            if argument.r#type() != value.r#type() {
                return Err(BuildError::invalid(
                    op,
                    format!("parameter {i} of computation `{}` is {}, but the operand is {}", computation.name(), argument.r#type(), value.r#type()),
                ));
            }
            // SAFETY: both values are live and of the same type.
            unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), value.to_raw()) };
        }
        for i in (0..operands.len()).rev() {
            // SAFETY: the argument has no uses left and no handle to it is kept.
            unsafe { block.erase_argument(i) };
        }
        let region = Region::new();
        region.append_block(block);
        Ok(region)
    }

    fn computation_block(&self, op: &str, computation: &XlaComputation) -> Result<Block<'static>, BuildError> {
        if !Rc::ptr_eq(&computation.shared, &self.shared) {
            return Err(BuildError::invalid(
                op,
                format!(
                    "computation `{}` was built in another context; build nested computations with this builder's `computation` or `create_sub_builder`",
                    computation.name()
                ),
            ));
        }
        let function = computation.function();
        let copy: Operation<'static> = xla_lowering::builders::clone_operation(&function);
        let body = copy.region(0).ok().and_then(|r| r.first_block()).ok_or_else(|| BuildError::invalid(op, "the computation has no body"))?;
        // SAFETY: the block is detached from the copy, which is destroyed
        // below without it; the block is owned from now on.
        let block: Block<'static> = unsafe { Block::from_raw(body.to_raw()) };
        unsafe { mlir_sys::mlirBlockDetach(block.to_raw()) };
        drop(copy);
        let terminator = block.terminator().ok_or_else(|| BuildError::invalid(op, "the computation has no terminator"))?;
        let results: Vec<Value> = terminator.operands().collect();
        let hlo_return = OperationBuilder::new("stablehlo.return", self.location())
            .add_operands(&results)
            .build()
            .map_err(|_| BuildError::invalid(op, "cannot create stablehlo.return"))?;
        block.insert_operation_before(terminator, hlo_return);
        // SAFETY: the old terminator has no results and no handles to it remain.
        unsafe { mlir_sys::mlirOperationDestroy(terminator.to_raw()) };
        Ok(block)
    }

    /// Finishes the computation: a module with `func.func @<name>` taking
    /// the parameters (numbered 0..n) and returning `roots`, verified. The
    /// builder's body moves into the computation: afterwards, its methods
    /// (and `build` again) report that it has been built.
    pub fn build(&self, roots: &[XlaOp]) -> Result<XlaComputation, BuildError> {
        let op = "build";
        let values = roots.iter().enumerate().map(|(i, &r)| self.value("func.return", i, r)).collect::<Result<Vec<_>, _>>()?;
        let parameters = self.parameters.borrow().clone();
        if let Some((position, &index)) = parameters.iter().enumerate().find(|&(p, &i)| i != p as i64) {
            return Err(BuildError::invalid(
                op,
                format!("parameters must be numbered 0..{}, but parameter {position} is missing (next declared is {index})", parameters.len()),
            ));
        }
        let block = self.block(op)?;
        let context = self.context();
        let location = self.location();
        let inputs: Vec<Type> = (0..block.argument_count()).map(|i| block.argument(i).expect("counted").r#type()).collect();
        let outputs: Vec<Type> = values.iter().map(|v| v.r#type()).collect();
        block.append_operation(func::r#return(&values, location));
        let region = self.body.borrow_mut().take().expect("checked by `block`");
        let function = func::func(
            context,
            StringAttribute::new(context, &self.name),
            TypeAttribute::new(FunctionType::new(context, &inputs, &outputs).into()),
            region,
            &[],
            location,
        );
        let module = Module::new(location);
        module.body().append_operation(function);
        let (valid, messages) = capture_diagnostics(context, || module.as_operation().verify());
        if !valid {
            return Err(BuildError::Verification { name: self.name.clone(), message: join_messages(messages, "no diagnostic") });
        }
        Ok(XlaComputation::new(module, self.name.clone(), Rc::clone(&self.shared)))
    }
}

fn join_messages(messages: Vec<String>, fallback: &str) -> String {
    if messages.is_empty() { fallback.to_string() } else { messages.join("\n") }
}

/// The error of a failed op creation: inference unavailable, or the
/// dialect's diagnostics.
fn creation_error(name: &str, messages: Vec<String>) -> BuildError {
    if messages.iter().any(|m| m.contains("does not support type inference") || m.contains("result types must be specified explicitly")) {
        return BuildError::InferenceUnavailable { op: name.to_string() };
    }
    BuildError::Op { op: name.to_string(), message: join_messages(messages, "the op could not be created (no diagnostic)") }
}
