// Frees held back while MLIR parses: a guard against a known bug of MLIR's
// parser (docs/known_bugs.md, "Heap corruption in MLIR's parser").
//
// On some invalid inputs the parser resolves a forward reference of an
// outer op to a block argument of a nested region, then fails inside that
// region and destroys it; when it erases the partly parsed module, the
// outer op drops its use of the freed argument: a write into freed memory
// that corrupts the heap (the tools report the parse error and exit 1, but
// a long-lived process, like xla-fuzz's workers, aborts later).
//
// These replacements of the global `operator delete` (the binaries of the
// tools only: this file is linked into them, not into the libraries or the
// PJRT plugin) hold every pointer freed on this thread between
// xla_parse_quarantine_begin() and xla_parse_quarantine_end() and free them
// at the end, after the parser has dropped every reference. Outside that
// window they are plain free() (the default operator new is malloc, and
// the aligned one aligned_alloc, whose memory free() releases).

#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

thread_local bool active = false;
thread_local void **held = nullptr;
thread_local std::size_t count = 0;
thread_local std::size_t capacity = 0;

void release(void *pointer) noexcept {
  if (!pointer)
    return;
  if (!active) {
    std::free(pointer);
    return;
  }
  if (count == capacity) {
    std::size_t grown = capacity ? 2 * capacity : 4096;
    void **bigger = static_cast<void **>(std::realloc(held, grown * sizeof(void *)));
    if (!bigger) {
      // Out of memory for the list: leak this one rather than free it early.
      return;
    }
    held = bigger;
    capacity = grown;
  }
  held[count++] = pointer;
}

} // namespace

extern "C" void xla_parse_quarantine_begin() { active = true; }

extern "C" void xla_parse_quarantine_end() {
  active = false;
  for (std::size_t i = 0; i < count; ++i)
    std::free(held[i]);
  count = 0;
}

void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, std::size_t) noexcept { release(p); }
void operator delete[](void *p, std::size_t) noexcept { release(p); }
void operator delete(void *p, std::align_val_t) noexcept { release(p); }
void operator delete[](void *p, std::align_val_t) noexcept { release(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }
