//! What the JIT's compiled code allocates, measured: the engine resolves
//! compiled code's `malloc`, `free` and `realloc` (the calls that
//! `finalize-memref-to-llvm` emits, behind `xla.checked_malloc`, and the
//! `calloc` LLVM may make of a malloc and a zeroing memset) to the
//! counting functions here, which keep the process's live and peak heap
//! bytes of compiled code. `xla-run --report=memory` prints them beside
//! the compiler's plan (`xla_lowering::buffer_plan`), and tests check that
//! they agree.
//!
//! Each block carries a header with its requested size and the header's
//! length, in the 16 bytes before the pointer compiled code gets (16 bytes
//! of header for `malloc`, the alignment for `aligned_alloc`, so the
//! caller's alignment is kept). Sizes are those compiled code asked
//! for, not the C library's bookkeeping. Counters are process-wide atomics:
//! measure one run at a time ([`reset`], run, [`stats`]).

use std::sync::atomic::{AtomicU64, Ordering};

const HEADER: usize = 16;

static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);
static COUNT: AtomicU64 = AtomicU64::new(0);
static TOTAL: AtomicU64 = AtomicU64::new(0);

/// Heap use of compiled code since the last [`reset`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocationStats {
    /// Bytes allocated and not yet freed.
    pub live_bytes: u64,
    /// The most bytes live at once.
    pub peak_bytes: u64,
    /// Number of allocations.
    pub allocations: u64,
    /// Bytes allocated in all.
    pub total_bytes: u64,
}

/// Starts a measurement: peak, count and total from the current live bytes.
pub fn reset() {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    COUNT.store(0, Ordering::Relaxed);
    TOTAL.store(0, Ordering::Relaxed);
}

/// The counters now.
pub fn stats() -> AllocationStats {
    AllocationStats {
        live_bytes: LIVE.load(Ordering::Relaxed),
        peak_bytes: PEAK.load(Ordering::Relaxed),
        allocations: COUNT.load(Ordering::Relaxed),
        total_bytes: TOTAL.load(Ordering::Relaxed),
    }
}

fn added(size: u64) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
    COUNT.fetch_add(1, Ordering::Relaxed);
    TOTAL.fetch_add(size, Ordering::Relaxed);
}

extern "C" fn counted_malloc(size: u64) -> *mut u8 {
    counted_aligned_alloc(HEADER as u64, size)
}

/// `aligned_alloc`: `alignment` a power of two (at least the header's 16).
extern "C" fn counted_aligned_alloc(alignment: u64, size: u64) -> *mut u8 {
    let alignment = (alignment.max(HEADER as u64) as usize).next_power_of_two();
    let Some(total) = (size as usize).checked_add(alignment) else { return std::ptr::null_mut() };
    let mut block: *mut libc::c_void = std::ptr::null_mut();
    // SAFETY: posix_memalign with a power-of-two alignment that is a
    // multiple of the pointer size; the header is written inside the block,
    // just before the returned pointer.
    unsafe {
        if libc::posix_memalign(&mut block, alignment, total) != 0 || block.is_null() {
            return std::ptr::null_mut();
        }
        let pointer = block.cast::<u8>().add(alignment);
        pointer.sub(HEADER).cast::<u64>().write(size);
        pointer.sub(HEADER / 2).cast::<u64>().write(alignment as u64);
        added(size);
        pointer
    }
}

/// The requested size and the start of the block of a pointer from
/// `counted_aligned_alloc`.
///
/// # Safety
/// `pointer` came from `counted_aligned_alloc` and was not freed.
unsafe fn header(pointer: *mut u8) -> (u64, *mut u8) {
    // SAFETY: the 16 bytes before `pointer` hold the header.
    unsafe {
        let size = pointer.sub(HEADER).cast::<u64>().read();
        let offset = pointer.sub(HEADER / 2).cast::<u64>().read();
        (size, pointer.sub(offset as usize))
    }
}

/// LLVM may merge a `malloc` and a zeroing `memset` into `calloc`.
extern "C" fn counted_calloc(count: u64, size: u64) -> *mut u8 {
    let Some(bytes) = count.checked_mul(size) else { return std::ptr::null_mut() };
    let pointer = counted_malloc(bytes);
    if !pointer.is_null() {
        // SAFETY: `pointer` holds `bytes` bytes.
        unsafe { std::ptr::write_bytes(pointer, 0, bytes as usize) };
    }
    pointer
}

extern "C" fn counted_free(pointer: *mut u8) {
    if pointer.is_null() {
        return;
    }
    // SAFETY: `pointer` came from one of the counted allocators (the JIT
    // resolves all of compiled code's allocation functions to them), so
    // its header precedes it.
    unsafe {
        let (size, block) = header(pointer);
        LIVE.fetch_sub(size, Ordering::Relaxed);
        libc::free(block.cast());
    }
}

extern "C" fn counted_realloc(pointer: *mut u8, size: u64) -> *mut u8 {
    if pointer.is_null() {
        return counted_malloc(size);
    }
    // A new block (realloc keeps no alignment beyond malloc's), the
    // contents copied, the old one freed.
    // SAFETY: as in `counted_free`; on failure the old block stays valid.
    unsafe {
        let (old, _) = header(pointer);
        let moved = counted_malloc(size);
        if moved.is_null() {
            return moved;
        }
        std::ptr::copy_nonoverlapping(pointer, moved, old.min(size) as usize);
        counted_free(pointer);
        moved
    }
}

/// The (name, address) pairs the JIT registers for compiled code.
pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 5] {
    [
        ("aligned_alloc", counted_aligned_alloc as extern "C" fn(u64, u64) -> *mut u8 as *mut std::ffi::c_void),
        ("calloc", counted_calloc as extern "C" fn(u64, u64) -> *mut u8 as *mut std::ffi::c_void),
        ("malloc", counted_malloc as extern "C" fn(u64) -> *mut u8 as *mut std::ffi::c_void),
        ("free", counted_free as extern "C" fn(*mut u8) as *mut std::ffi::c_void),
        ("realloc", counted_realloc as extern "C" fn(*mut u8, u64) -> *mut u8 as *mut std::ffi::c_void),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_live_and_peak_bytes() {
        super::reset();
        let before = super::stats();
        let a = super::counted_malloc(100);
        let b = super::counted_malloc(50);
        super::counted_free(a);
        let c = super::counted_realloc(b, 80);
        // SAFETY: `c` holds 80 bytes.
        unsafe { c.write_bytes(7, 80) };
        let d = super::counted_aligned_alloc(64, 256);
        assert_eq!(d as usize % 64, 0);
        let during = super::stats();
        super::counted_free(c);
        super::counted_free(d);
        let after = super::stats();
        assert_eq!(during.live_bytes - before.live_bytes, 80 + 256);
        assert!(during.peak_bytes >= before.live_bytes + 150);
        assert_eq!(after.live_bytes, before.live_bytes);
        assert_eq!(during.allocations, 4);
    }
}
