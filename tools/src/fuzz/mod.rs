//! `xla-fuzz`: an in-process mutation fuzzer of the tools' code path
//! (parse and verify, `xla-cpu-pipeline`, JIT execution) with fork-server
//! isolation of crashes and hangs. See `src/bin/xla-fuzz.rs` for the
//! command line and README's "Fuzzing" for how to run it.

pub mod mutate;
pub mod server;
pub mod target;
