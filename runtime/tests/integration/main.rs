//! The runtime's integration tests, in one binary (each test binary links
//! all of MLIR and LLVM): GPU kernels emulated on the host
//! ([`gpu_emulation`]) and the thread pool ([`thread_pool`]).
//!
//! Some settings are process-wide (testing hooks of the GPU passes, the
//! parallel-loop threshold), so the tests take turns (`SERIAL`).

mod common;
mod gpu_emulation;
mod thread_pool;

pub static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
