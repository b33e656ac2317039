//! xla-opt: parse, verify, transform and print .mlir files, like mlir-opt,
//! with the project's dialects and passes.

use clap::{Arg, ArgAction, Command};
use melior::{
    ir::{operation::OperationLike, operation::OperationPrintingFlags},
    pass::{PassIrPrintingOptions, PassManager},
};
use std::process::ExitCode;
use xla_dialects::{SourceSession, create_context};
use xla_lowering::passes::{self, PASSES};
use xla_tools::{fail, parse_args_from, read_source, split_input, write_output};

const TOOL: &str = "xla-opt";

fn command() -> Command {
    let mut command = Command::new(TOOL)
        .about("Parse, verify, transform and print MLIR with the XLA dialects and passes")
        .arg(Arg::new("input").default_value("-").help("Input .mlir file (- for stdin)"))
        .arg(Arg::new("output").short('o').default_value("-").help("Output file (- for stdout)"))
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .action(ArgAction::Append)
                .value_name("PIPELINE")
                .help("Upstream MLIR passes in textual form, e.g. 'builtin.module(func.func(canonicalize))'"),
        )
        .arg(
            Arg::new("view-graph")
                .long("view-graph")
                .action(ArgAction::SetTrue)
                .help("Write the computation (after the requested passes) as a Graphviz DOT graph instead of IR: ops with their result types, values as edges, a cluster per function and region (dot -Tsvg)"),
        )
        .arg(Arg::new("split-input-file").long("split-input-file").action(ArgAction::SetTrue).help("Process each '// -----' chunk as a separate file"))
        .arg(Arg::new("verify-diagnostics").long("verify-diagnostics").action(ArgAction::SetTrue).help("Check emitted diagnostics against 'expected-*' comments"))
        .arg(Arg::new("mlir-print-ir-after-all").long("mlir-print-ir-after-all").action(ArgAction::SetTrue).help("Print the IR after every pass (to stderr)"))
        .arg(Arg::new("mlir-print-ir-before-all").long("mlir-print-ir-before-all").action(ArgAction::SetTrue).help("Print the IR before every pass (to stderr)"))
        .arg(Arg::new("mlir-timing").long("mlir-timing").action(ArgAction::SetTrue).help("Report the time of each pass (to stderr)"))
        .arg(Arg::new("mlir-print-op-generic").long("mlir-print-op-generic").action(ArgAction::SetTrue).help("Print operations in the generic form"))
        .arg(Arg::new("mlir-print-debuginfo").long("mlir-print-debuginfo").action(ArgAction::SetTrue).help("Print locations"))
        .after_help(
            "Every upstream MLIR pass and pipeline is also a flag, as in mlir-opt: --canonicalize, --cse, \
             --convert-linalg-to-loops (nested under func.func as the pass requires), \
             --one-shot-bufferize=bufferize-function-boundaries=1 (options after '='); they run in \
             command-line order with the passes above.",
        )
        .next_help_heading("Passes and pipelines of this project (run in command-line order)");
    for info in PASSES {
        command = command.arg(Arg::new(info.name).long(info.name).action(ArgAction::SetTrue).help(info.summary));
    }
    command
}

/// The pass steps in the order they were given on the command line.
enum Requested {
    Ours(&'static passes::PassInfo),
    Textual(String),
}

fn requested_passes(matches: &clap::ArgMatches) -> Vec<Requested> {
    let mut steps: Vec<(usize, Requested)> = Vec::new();
    for info in PASSES {
        if matches.get_flag(info.name) {
            if let Some(index) = matches.index_of(info.name) {
                steps.push((index, Requested::Ours(info)));
            }
        }
    }
    if let (Some(indices), Some(values)) =
        (matches.indices_of("pass-pipeline"), matches.get_many::<String>("pass-pipeline"))
    {
        for (index, value) in indices.zip(values) {
            steps.push((index, Requested::Textual(value.clone())));
        }
    }
    steps.sort_by_key(|(index, _)| *index);
    steps.into_iter().map(|(_, step)| step).collect()
}

fn main() -> ExitCode {
    xla_tools::run_with_large_stack(tool_main)
}

fn tool_main() -> ExitCode {
    let command = xla_tools::split_args(xla_tools::report_args(xla_tools::contraction_args(xla_tools::dump_args(command()))));
    let args = xla_tools::upstream_pass_args(&command, std::env::args_os());
    let matches = parse_args_from(command, args);
    let input = matches.get_one::<String>("input").expect("has a default");
    let output = matches.get_one::<String>("output").expect("has a default");
    let split = matches.get_flag("split-input-file");
    let verify = matches.get_flag("verify-diagnostics");
    // XLA_MLIR_PARALLEL_MIN_COST: what xla-cpu-parallel-tasks outlines.
    if let Err(message) = xla_tools::apply_parallel_min_cost(None) {
        return fail(TOOL, message);
    }
    xla_tools::apply_contraction_args(&matches, None);
    xla_tools::apply_split_args(&matches);
    if let Err(message) = xla_tools::apply_report_args(&matches) {
        return fail(TOOL, message);
    }
    let steps = requested_passes(&matches);
    let dumping = matches.contains_id("dump-dir");
    if dumping && matches.get_flag("split-input-file") {
        return fail(TOOL, "--dump-dir takes one module (not --split-input-file)");
    }

    let (text, name) = match read_source(input) {
        Ok(source) => source,
        Err(message) => return fail(TOOL, message),
    };
    let context = create_context();

    // Validate the pipeline once, before touching the input, so that an
    // unknown pass is reported as such and not once per chunk.
    let print_ir = matches.get_flag("mlir-print-ir-after-all") || matches.get_flag("mlir-print-ir-before-all");
    if print_ir {
        // MLIR requires it: IR printing cannot run on a multithreaded pass manager.
        context.enable_multi_threading(false);
    }
    let build_manager = |instrument: bool| -> Result<PassManager, String> {
        let manager = PassManager::new(&context);
        let top = manager.as_operation_pass_manager();
        for step in &steps {
            match step {
                Requested::Ours(info) => passes::add_pass(&top, info)?,
                Requested::Textual(text) => passes::add_textual_pipeline(&top, text)?,
            }
        }
        if !instrument {
            return Ok(manager);
        }
        if print_ir {
            manager.enable_ir_printing(&PassIrPrintingOptions {
                before_all: matches.get_flag("mlir-print-ir-before-all"),
                after_all: matches.get_flag("mlir-print-ir-after-all"),
                module_scope: true,
                on_change: false,
                on_failure: false,
                flags: OperationPrintingFlags::new(),
                tree_printing_path: Default::default(),
            });
        }
        if matches.get_flag("mlir-timing") {
            // SAFETY: the manager is live; timing output goes to stderr when
            // the manager is destroyed.
            unsafe { mlir_sys::mlirPassManagerEnableTiming(manager.to_raw()) };
        }
        Ok(manager)
    };
    if let Err(message) = build_manager(false) {
        return fail(TOOL, message);
    }

    let mut ok = true;
    let mut outputs = Vec::new();
    for chunk in split_input(&text, split) {
        let session = SourceSession::new(&context, &chunk, &name, verify);
        let mut chunk_ok = false;
        if let Some(mut module) = xla_tools::parse_module(&session) {
            if let Err(message) = xla_tools::start_dump(&matches, &context, &module, &name) {
                return fail(TOOL, message);
            }
            let manager = build_manager(true).expect("validated above");
            if dumping {
                passes::instrument(&context, &manager);
            } else {
                passes::configure_verification(&manager);
            }
            if manager.run(&mut module).is_ok() {
                chunk_ok = true;
                let mut flags = OperationPrintingFlags::new();
                if matches.get_flag("mlir-print-op-generic") {
                    flags = flags.print_generic_operation_form();
                }
                if matches.get_flag("mlir-print-debuginfo") {
                    flags = flags.enable_debug_info(true, false);
                }
                if matches.get_flag("view-graph") {
                    outputs.push(xla_tools::graph::computation(&module, &name));
                } else {
                    match module.as_operation().to_string_with_flags(flags) {
                        Ok(text) => outputs.push(text),
                        Err(error) => return fail(TOOL, format!("cannot print the result: {error}")),
                    }
                }
            }
            drop(manager);
        }
        if verify {
            // With --verify-diagnostics, failures are expected; only a
            // mismatch between diagnostics and annotations fails.
            chunk_ok = session.verify();
        }
        ok &= chunk_ok;
    }
    if let Err(message) = xla_tools::finish_dump(&matches) {
        return fail(TOOL, message);
    }
    // `--xla-plan-fusion` on its own prints the plan it made.
    if matches.get_flag("xla-plan-fusion") && !matches.contains_id("report") {
        let plan = xla_lowering::fusion_plan::take_report();
        eprintln!("=== fusion report ===");
        eprint!("{plan}");
    }
    xla_tools::print_reports(&matches);
    if !verify || ok {
        let mut text = outputs.join("\n// -----\n");
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        if let Err(message) = write_output(output, &text) {
            return fail(TOOL, message);
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
