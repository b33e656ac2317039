//! One input through the tools' code path, in this process: parse and
//! verify in a `SourceSession` (diagnostics captured, not printed), then
//! `xla-cpu-pipeline`, then, for some inputs, JIT execution on generated
//! inputs.

use super::mutate::{Rng, largest_tensor};
use melior::{
    Context,
    diagnostic::DiagnosticSeverity,
    ir::{BlockLike, Module, RegionLike, attribute::StringAttribute, operation::{OperationLike, OperationPrintingFlags}},
};
use std::{cell::RefCell, rc::Rc};
use xla_dialects::{SourceSession, create_context};
use xla_runtime::{CpuExecutable, ElementType, HostTensor, RuntimeError, Signature, host_tensor};

/// Where an input is; the fork server tells compiler hangs (parse, lower)
/// from programs that run for ever (run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Stage {
    Startup = 0,
    Parse = 1,
    Lower = 2,
    Run = 3,
    Idle = 4,
}

impl Stage {
    pub fn from_u32(v: u32) -> Stage {
        match v {
            1 => Stage::Parse,
            2 => Stage::Lower,
            3 => Stage::Run,
            4 => Stage::Idle,
            _ => Stage::Startup,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Stage::Startup => "startup",
            Stage::Parse => "parse",
            Stage::Lower => "lower",
            Stage::Run => "run",
            Stage::Idle => "idle",
        }
    }
}

/// How far inputs go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    Parse,
    Lower,
    Run,
}

#[derive(Clone, Debug)]
pub struct Limits {
    pub depth: Depth,
    /// Fraction of the verified inputs that are lowered.
    pub lower_fraction: f64,
    /// Fraction of the lowered inputs (with a runnable entry) that also run.
    pub run_fraction: f64,
    /// Largest input + output bytes of a run.
    pub max_run_bytes: usize,
    /// Largest element count of any tensor type in a program that runs.
    pub max_run_elements: u64,
    /// Obey the `xla-fuzz-self-test: abort|hang|spin` markers of the
    /// harness's own test (`test/Fuzz/self-test.test`).
    pub self_test: bool,
}

/// With `--self-test`: what the harness's own test asks for at `stage`.
fn self_test(limits: &Limits, text: &str, stage: Stage) {
    if !limits.self_test {
        return;
    }
    let wants = |what: &str| text.contains(&format!("xla-fuzz-self-test: {what}"));
    match stage {
        Stage::Parse if wants("abort") => std::process::abort(),
        // Busy loops, as a compiler or program that never ends would be.
        Stage::Parse if wants("hang") => loop {
            std::hint::black_box(0);
        },
        Stage::Run if wants("spin") => loop {
            std::hint::black_box(0);
        },
        _ => {}
    }
}

/// What happened to one input (a crash or hang never returns).
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub verified: bool,
    /// The CPU pipeline was run on it.
    pub lowering_tried: bool,
    pub lowered: bool,
    pub ran: bool,
    /// The run returned an error (e.g. an allocation failed).
    pub run_error: bool,
    /// Parsing or lowering failed without any error diagnostic.
    pub silent_failure: Option<&'static str>,
    /// The module printed after parsing did not parse again (a printer or
    /// parser bug): why.
    pub roundtrip_failure: Option<String>,
    /// The first error diagnostic, if any.
    pub first_error: Option<String>,
}

/// The captured diagnostics of one input.
#[derive(Default)]
struct Captured {
    errors: usize,
    first: Option<String>,
}

pub struct Target {
    context: Context,
    /// Print diagnostics instead of capturing them (`--replay`).
    print_diagnostics: bool,
}

impl Target {
    pub fn new(print_diagnostics: bool) -> Self {
        let context = create_context();
        // One thread: workers are processes, and the machine is shared.
        context.enable_multi_threading(false);
        Target { context, print_diagnostics }
    }

    /// Parses printed IR again; the first error if it fails.
    fn reparse(&self, text: &str) -> Result<(), String> {
        let session = SourceSession::new(&self.context, text, "printed", false);
        let first = Rc::new(RefCell::new(None::<String>));
        let handler = {
            let first = first.clone();
            self.context.attach_diagnostic_handler(move |diagnostic| {
                let mut first = first.borrow_mut();
                if first.is_none() && matches!(diagnostic.severity(), DiagnosticSeverity::Error) {
                    *first = Some(format!("{}: {diagnostic}", diagnostic.location()));
                }
                true
            })
        };
        let ok = crate::parse_module(&session).is_some();
        self.context.detach_diagnostic_handler(handler);
        let error = first.borrow_mut().take();
        if ok { Ok(()) } else { Err(error.unwrap_or_else(|| "no diagnostic".into())) }
    }

    /// Whether `text` parses and verifies (diagnostics dropped).
    pub fn verifies(&self, text: &str) -> bool {
        let session = SourceSession::new(&self.context, text, "seed", false);
        let handler = self.context.attach_diagnostic_handler(|_| true);
        let ok = crate::parse_module(&session).is_some();
        self.context.detach_diagnostic_handler(handler);
        ok
    }

    /// Runs one input as far as `limits` and its validity allow; `stage`
    /// is called when it enters each stage.
    pub fn process(&self, text: &str, name: &str, limits: &Limits, rng: &mut Rng, stage: &mut dyn FnMut(Stage)) -> Outcome {
        let mut outcome = Outcome::default();
        // Decide everything random up front so the draws do not depend on
        // how far the input gets.
        let lower = rng.chance(limits.lower_fraction);
        let run = rng.chance(limits.run_fraction);
        let mut input_rng = Rng::new(rng.next_u64());

        stage(Stage::Parse);
        self_test(limits, text, Stage::Parse);
        let session = SourceSession::new(&self.context, text, name, false);
        let captured = Rc::new(RefCell::new(Captured::default()));
        let handler = (!self.print_diagnostics).then(|| {
            let captured = captured.clone();
            // Attached after the session's handler, so it sees every
            // diagnostic first and stops it there.
            self.context.attach_diagnostic_handler(move |diagnostic| {
                if matches!(diagnostic.severity(), DiagnosticSeverity::Error) {
                    let mut c = captured.borrow_mut();
                    c.errors += 1;
                    if c.first.is_none() {
                        c.first = Some(format!("{}: {diagnostic}", diagnostic.location()));
                    }
                }
                true
            })
        });
        let errors = || if self.print_diagnostics { usize::MAX } else { captured.borrow().errors };

        let module = crate::parse_module(&session);
        outcome.verified = module.is_some();
        if module.is_none() && errors() == 0 {
            outcome.silent_failure = Some("parse");
        }
        if let Some(mut module) = module {
            // What xla-opt prints must parse again, in both forms.
            for generic in [false, true] {
                let mut flags = OperationPrintingFlags::new();
                if generic {
                    flags = flags.print_generic_operation_form();
                }
                let printed = module.as_operation().to_string_with_flags(flags).unwrap_or_default();
                if let Err(error) = self.reparse(&printed) {
                    let form = if generic { "generic" } else { "custom" };
                    outcome.roundtrip_failure = Some(format!("the {form} form printed after parsing does not parse: {error}"));
                    break;
                }
            }
            if limits.depth >= Depth::Lower && lower {
                self.lower_and_run(&mut module, text, limits, run, &mut input_rng, stage, &mut outcome, &errors);
            }
            stage(Stage::Idle);
            drop(module);
        }
        outcome.first_error = captured.borrow_mut().first.take();
        if let Some(id) = handler {
            self.context.detach_diagnostic_handler(id);
        }
        drop(session);
        stage(Stage::Idle);
        outcome
    }

    #[allow(clippy::too_many_arguments)]
    fn lower_and_run(
        &self,
        module: &mut Module,
        text: &str,
        limits: &Limits,
        run: bool,
        input_rng: &mut Rng,
        stage: &mut dyn FnMut(Stage),
        outcome: &mut Outcome,
        errors: &dyn Fn() -> usize,
    ) {
        outcome.lowering_tried = true;
        let runnable = if limits.depth >= Depth::Run && run { runnable_entry(module, text, limits) } else { None };
        stage(Stage::Lower);
        let Some((entry, signature)) = runnable else {
            let manager = match xla_lowering::passes::pipeline_manager(&self.context, "xla-cpu-pipeline") {
                Ok(manager) => manager,
                Err(message) => panic!("cannot build xla-cpu-pipeline: {message}"),
            };
            outcome.lowered = manager.run(module).is_ok();
            if !outcome.lowered && errors() == 0 {
                outcome.silent_failure = Some("lower");
            }
            return;
        };
        let executable = match CpuExecutable::compile(&self.context, module, &entry) {
            Ok(executable) => executable,
            Err(RuntimeError::Compile(message)) if message.contains("pipeline failed") => {
                if errors() == 0 {
                    outcome.silent_failure = Some("lower");
                }
                return;
            }
            Err(_) => return,
        };
        outcome.lowered = true;
        let inputs: Vec<HostTensor> = signature.inputs.iter().map(|spec| generate(spec.element_type, &spec.shape, input_rng)).collect();
        stage(Stage::Run);
        self_test(limits, text, Stage::Run);
        let result = executable.execute(&inputs);
        outcome.ran = true;
        outcome.run_error = result.is_err();
    }
}

/// The entry to run (`main`, else the first public function with a body)
/// and its signature, when its tensors and the program's are small enough.
fn runnable_entry(module: &Module, text: &str, limits: &Limits) -> Option<(String, Signature)> {
    if largest_tensor(text) > limits.max_run_elements {
        return None;
    }
    let mut names = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        let is_func = op.name().as_string_ref().as_str().ok() == Some("func.func");
        let public = op
            .attribute("sym_visibility")
            .ok()
            .and_then(|a| StringAttribute::try_from(a).ok())
            .is_none_or(|v| v.value() == "public");
        let has_body = op.region(0).ok().and_then(|r| r.first_block()).is_some();
        let name = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned());
        if let (true, true, true, Some(name)) = (is_func, public, has_body, name) {
            names.push(name);
        }
        next = op.next_in_block();
    }
    let entry = if names.iter().any(|n| n == "main") { "main".to_owned() } else { names.into_iter().next()? };
    let signature = Signature::of(module, &entry).ok()?;
    let bytes: usize = signature.inputs.iter().chain(&signature.outputs).map(|s| s.byte_size().unwrap_or(usize::MAX)).fold(0, usize::saturating_add);
    (bytes <= limits.max_run_bytes).then_some((entry, signature))
}

/// Random contents for an input: mostly ordinary values, with zeros, ones,
/// extremes, NaN and infinities mixed in.
pub fn generate(element_type: ElementType, shape: &[usize], rng: &mut Rng) -> HostTensor {
    let count: usize = shape.iter().product();
    let mut data = Vec::with_capacity(count * element_type.byte_size());
    let float = |rng: &mut Rng| -> f64 {
        match rng.below(16) {
            0 => 0.0,
            1 => -0.0,
            2 => 1.0,
            3 => -1.0,
            4 => f64::NAN,
            5 => f64::INFINITY,
            6 => f64::NEG_INFINITY,
            7 => 1e30,
            8 => 1e-30,
            _ => rng.unit() * 8.0 - 4.0,
        }
    };
    let integer = |rng: &mut Rng| -> i64 {
        match rng.below(10) {
            0 => 0,
            1 => -1,
            2 => i64::MIN,
            3 => i64::MAX,
            4 => rng.next_u64() as i64,
            _ => rng.below(17) as i64 - 8,
        }
    };
    for _ in 0..count {
        use ElementType::*;
        match element_type {
            Pred => data.push(rng.below(2) as u8),
            I8 | U8 => data.push(integer(rng) as u8),
            I16 | U16 => data.extend_from_slice(&(integer(rng) as i16).to_le_bytes()),
            I32 | U32 => data.extend_from_slice(&(integer(rng) as i32).to_le_bytes()),
            I64 | U64 => data.extend_from_slice(&integer(rng).to_le_bytes()),
            F16 => data.extend_from_slice(&host_tensor::f32_to_f16_bits(float(rng) as f32).to_le_bytes()),
            BF16 => data.extend_from_slice(&host_tensor::f32_to_bf16_bits(float(rng) as f32).to_le_bytes()),
            F32 => data.extend_from_slice(&(float(rng) as f32).to_le_bytes()),
            F64 => data.extend_from_slice(&float(rng).to_le_bytes()),
            C64 => {
                data.extend_from_slice(&(float(rng) as f32).to_le_bytes());
                data.extend_from_slice(&(float(rng) as f32).to_le_bytes());
            }
            C128 => {
                data.extend_from_slice(&float(rng).to_le_bytes());
                data.extend_from_slice(&float(rng).to_le_bytes());
            }
            // Sub-byte integers: their low bits.
            I2 | I4 | U2 | U4 => data.push(integer(rng) as u8 & ((1u8 << element_type.sub_byte_bits().unwrap_or(8)) - 1)),
            Bytes1 => data.push(integer(rng) as u8),
            _ => match element_type.narrow_float() {
                Some(format) => data.push(host_tensor::narrow::encode(format, float(rng))),
                None => data.push(0),
            },
        }
    }
    HostTensor::new(element_type, shape.to_vec(), data).expect("the data matches the shape")
}

/// The indices of the seeds that parse and verify.
pub fn screen(target: &Target, seeds: &[super::mutate::Seed]) -> Vec<usize> {
    (0..seeds.len()).filter(|&i| target.verifies(&seeds[i].text)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_inputs_have_the_right_size() {
        let mut rng = Rng::new(1);
        for t in ElementType::ALL {
            let tensor = generate(t, &[2, 3], &mut rng);
            assert_eq!(tensor.data.len(), 6 * t.byte_size());
        }
    }
}
