//! Built computations, their compilation for the CPU, and execution.

use crate::Layout;
use crate::{Literal, RunError, Shape, builder::Shared, builder::capture_diagnostics};
use melior::ir::{BlockLike, Module, Operation, OperationRef, RegionLike, ValueLike, operation::OperationLike};
use std::rc::Rc;
use xla_runtime::{CpuExecutable, GpuExecutable};

/// A finished computation: a verified MLIR module in the project's dialect
/// holding one `func.func` named like its builder, which takes the
/// parameters and returns the roots.
///
/// It can be printed ([`to_mlir_text`](Self::to_mlir_text), which `xla-opt`
/// and `xla-run` accept), compiled ([`compile`](Self::compile)), or used as
/// the body of an op of a builder of the same family (reduce, sort, while,
/// ...).
pub struct XlaComputation {
    // Declared before `shared`: the module is destroyed before the context.
    module: Module<'static>,
    name: String,
    pub(crate) shared: Rc<Shared>,
}

/// Where a computation runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Device {
    /// The CPU JIT.
    #[default]
    Cpu,
    /// An NVIDIA GPU through the CUDA driver (loaded at run time): compiling
    /// fails with a clear error when there is none.
    Gpu,
}

/// Options of [`XlaComputation::compile`].
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// Where to run (default: the CPU).
    pub device: Device,
    /// Keep the lowered module (LLVM dialect) as text, for
    /// [`Executable::lowered_mlir_text`].
    pub keep_lowered_module: bool,
    /// `minor_to_major` layouts of the parameters at the executable's
    /// boundary (`None` or missing: row-major). A parameter with a layout is
    /// passed as the row-major literal of its *physical* shape (the logical
    /// dimensions in major-to-minor order, [`Layout::physical_shape`]); the
    /// compiled code transposes it explicitly.
    pub argument_layouts: Vec<Option<Layout>>,
    /// Layouts of the results, returned the same way.
    pub result_layouts: Vec<Option<Layout>>,
    /// Compile for this many replicas (0 or 1: one). With
    /// `num_partitions`, the program runs on `num_replicas × num_partitions`
    /// in-process devices (device `d` is replica `d / num_partitions`,
    /// partition `d % num_partitions`); its collectives exchange data
    /// between them. CPU only.
    pub num_replicas: usize,
    /// Compile for this many partitions (0 or 1: one).
    pub num_partitions: usize,
}

impl XlaComputation {
    pub(crate) fn new(module: Module<'static>, name: String, shared: Rc<Shared>) -> Self {
        Self { module, name, shared }
    }

    /// The computation's (and its function's) name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The `func.func` op.
    pub(crate) fn function(&self) -> OperationRef<'static, '_> {
        self.module.body().first_operation().expect("a built module holds its function")
    }

    /// The module as MLIR text (generic form where the dialect has no
    /// custom syntax), parseable by `xla-opt`.
    pub fn to_mlir_text(&self) -> String {
        self.module.as_operation().to_string()
    }

    /// The shapes of the parameters, in order.
    pub fn parameter_shapes(&self) -> Vec<Shape> {
        let function = self.function();
        let block = function.region(0).ok().and_then(|r| r.first_block());
        block
            .map(|b| (0..b.argument_count()).filter_map(|i| Shape::from_type(b.argument(i).ok()?.r#type())).collect())
            .unwrap_or_default()
    }

    /// The shapes of the results, in order.
    pub fn result_shapes(&self) -> Vec<Shape> {
        let function = self.function();
        let block = function.region(0).ok().and_then(|r| r.first_block());
        block
            .and_then(|b| b.terminator())
            .map(|t| t.operands().filter_map(|v| Shape::from_type(v.r#type())).collect())
            .unwrap_or_default()
    }

    /// Lowers a copy of the module with `xla-cpu-pipeline` (or the GPU
    /// pipeline, for [`Device::Gpu`]) and JIT-compiles it. The computation
    /// itself is unchanged and can be compiled again.
    pub fn compile(&self, options: &CompileOptions) -> Result<Executable, RunError> {
        let context = self.shared.context();
        let copy: Operation<'static> = xla_lowering::builders::clone_operation(&self.module.as_operation());
        let mut module = Module::from_operation(copy).expect("a clone of a module is a module");
        let (replicas, partitions) = (options.num_replicas.max(1), options.num_partitions.max(1));
        if replicas * partitions > 1 {
            if options.device == Device::Gpu {
                return Err(RunError::Compile {
                    name: self.name.clone(),
                    message: "programs over several devices run on the CPU only".into(),
                });
            }
            xla_runtime::devices::set_module_devices(context, &module, replicas, partitions);
        }
        let (compiled, messages) = capture_diagnostics(context, || {
            let entry = xla_runtime::layout::apply_layouts(
                context,
                &module,
                &self.name,
                &options.argument_layouts,
                &options.result_layouts,
            )?;
            Ok::<_, xla_runtime::RuntimeError>(match options.device {
                Device::Cpu => Compiled::Cpu(CpuExecutable::compile(context, &mut module, &entry)?),
                Device::Gpu => Compiled::Gpu(GpuExecutable::compile(context, &mut module, &entry)?),
            })
        });
        let executable = compiled.map_err(|error| {
            let mut message = error.to_string();
            for diagnostic in messages {
                message.push('\n');
                message.push_str(&diagnostic);
            }
            RunError::Compile { name: self.name.clone(), message }
        })?;
        let lowered = options.keep_lowered_module.then(|| module.as_operation().to_string());
        Ok(Executable { executable, lowered, name: self.name.clone(), devices: replicas * partitions, _shared: Rc::clone(&self.shared) })
    }

    /// Compiles with default options and runs once: a shortcut for
    /// `compile(&CompileOptions::default())?.execute(arguments)`.
    pub fn execute(&self, arguments: &[Literal]) -> Result<Vec<Literal>, RunError> {
        self.compile(&CompileOptions::default())?.execute(arguments)
    }
}

impl std::fmt::Display for XlaComputation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_mlir_text())
    }
}

enum Compiled {
    Cpu(CpuExecutable),
    Gpu(GpuExecutable),
}

/// A compiled computation (the runtime's CPU JIT, or GPU host code and
/// kernels).
pub struct Executable {
    // Declared before `_shared`: the compiled code goes before the context.
    executable: Compiled,
    lowered: Option<String>,
    name: String,
    /// The in-process devices it runs on.
    devices: usize,
    _shared: Rc<Shared>,
}

impl Executable {
    /// Runs the computation on `arguments` (one literal per parameter, of
    /// the parameter's shape) and returns one literal per root. Compiled for
    /// several devices, every device runs on these (global) arguments and
    /// the results are device 0's.
    pub fn execute(&self, arguments: &[Literal]) -> Result<Vec<Literal>, RunError> {
        let inputs: Vec<xla_runtime::HostTensor> = arguments.iter().map(|l| l.host_tensor().clone()).collect();
        let outputs = match &self.executable {
            Compiled::Cpu(executable) => executable.execute_on_devices(&inputs, self.devices),
            Compiled::Gpu(executable) => executable.execute(&inputs),
        };
        let outputs = outputs.map_err(|error| RunError::Execute { name: self.name.clone(), message: error.to_string() })?;
        Ok(outputs.into_iter().map(Literal::from_host_tensor).collect())
    }

    /// Runs the computation with `handler` answering its host transfers
    /// (infeed, outfeed, host send/recv) in program order, on this thread:
    /// a [`HostCallbacks`](crate::HostCallbacks) or a
    /// [`HostQueues`](crate::HostQueues). A transfer the handler cannot
    /// serve (no value left, a value of the wrong shape) fails the run with
    /// a message naming the op and its location.
    pub fn execute_with_host_transfer(
        &self,
        arguments: &[Literal],
        handler: &mut dyn xla_runtime::host_transfer::HostTransfer,
    ) -> Result<Vec<Literal>, RunError> {
        xla_runtime::host_transfer::with_host_transfer(handler, || self.execute(arguments))
    }

    /// The number of devices it runs on.
    pub fn device_count(&self) -> usize {
        self.devices
    }

    /// Runs the computation on each device with that device's arguments
    /// (`arguments[d]` for device `d`; as many lists as devices) and
    /// returns each device's results: XLA's replicated execution.
    pub fn execute_per_device(&self, arguments: &[Vec<Literal>]) -> Result<Vec<Vec<Literal>>, RunError> {
        let error = |message: String| RunError::Execute { name: self.name.clone(), message };
        if arguments.len() != self.devices {
            return Err(error(format!("{} argument lists given for {} devices", arguments.len(), self.devices)));
        }
        let Compiled::Cpu(executable) = &self.executable else {
            return Err(error("programs over several devices run on the CPU only".into()));
        };
        let inputs: Vec<Vec<xla_runtime::HostTensor>> =
            arguments.iter().map(|list| list.iter().map(|l| l.host_tensor().clone()).collect()).collect();
        let outputs = executable.execute_per_device(&inputs).map_err(|e| error(e.to_string()))?;
        Ok(outputs.into_iter().map(|list| list.into_iter().map(Literal::from_host_tensor).collect()).collect())
    }

    /// The lowered module (LLVM dialect), if
    /// [`CompileOptions::keep_lowered_module`] was set.
    pub fn lowered_mlir_text(&self) -> Option<&str> {
        self.lowered.as_deref()
    }
}
