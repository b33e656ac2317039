/* A stand-in for the CUDA driver library (libcuda.so) that runs no kernel.
 *
 * It lets the tests exercise, on machines without a GPU, everything of the
 * GPU path that is not the kernels themselves: loading the driver with
 * dlopen, device queries, the host code's calls of the runtime ABI (module
 * loads from global constructors, launches with their grid and block
 * sizes, managed allocations and frees), error reporting, and clean-up.
 * Every call is logged to stderr as `mock-cuda: ...`; at exit it prints the
 * allocation balance. Kernels do not run, so result values are meaningless
 * and no test reads them.
 *
 * MOCK_CUDA_DEVICES=0 makes it report no device; MOCK_CUDA_FAIL_LOAD=1 makes
 * module loads fail with a JIT log, as the driver does for bad PTX. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
enum { OK = 0, ERR_INVALID_VALUE = 1, ERR_NO_DEVICE = 100, ERR_INVALID_PTX = 218 };

static long allocations, frees, loads, unloads, launches, device_allocations, copies_in, copies_out, events;

/* Function handles are copies of the kernel names, freed at exit. */
static char *names[4096];
static int name_count;

static void report(void) {
  for (int i = 0; i < name_count; i++) free(names[i]);
  fprintf(stderr, "mock-cuda: %ld allocations, %ld frees, %ld module loads, %ld unloads, %ld launches, %ld device allocations, "
          "%ld copies to the device, %ld copies to the host, %ld events recorded\n",
          allocations, frees, loads, unloads, launches, device_allocations, copies_in, copies_out, events);
}

CUresult cuInit(unsigned flags) {
  (void)flags;
  atexit(report);
  return OK;
}
CUresult cuDriverGetVersion(int *v) { *v = 12040; return OK; }
CUresult cuDeviceGetCount(int *n) {
  const char *d = getenv("MOCK_CUDA_DEVICES");
  *n = d ? atoi(d) : 1;
  return OK;
}
CUresult cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return OK; }
CUresult cuDeviceGetName(char *name, int len, int dev) {
  (void)dev;
  snprintf(name, (size_t)len, "Mock GPU");
  return OK;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, int dev) {
  (void)dev;
  *value = attribute == 75 ? 9 : 0; /* compute capability 9.0 */
  return OK;
}
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) { (void)dev; *ctx = (void *)0x1; return OK; }
CUresult cuCtxSetCurrent(void *ctx) { (void)ctx; return OK; }
CUresult cuCtxSynchronize(void) { return OK; }
CUresult cuStreamSynchronize(void *stream) { (void)stream; return OK; }

static const char *name_of(CUresult r) {
  switch (r) {
  case ERR_NO_DEVICE: return "CUDA_ERROR_NO_DEVICE";
  case ERR_INVALID_PTX: return "CUDA_ERROR_INVALID_PTX";
  case ERR_INVALID_VALUE: return "CUDA_ERROR_INVALID_VALUE";
  default: return "CUDA_ERROR_UNKNOWN";
  }
}
CUresult cuGetErrorName(CUresult r, const char **s) { *s = name_of(r); return OK; }
CUresult cuGetErrorString(CUresult r, const char **s) { *s = r == ERR_INVALID_PTX ? "a PTX JIT compilation failed" : "mock error"; return OK; }

static CUresult load(void **module, const void *image) {
  const char *text = image;
  if (getenv("MOCK_CUDA_FAIL_LOAD")) return ERR_INVALID_PTX;
  if (!strstr(text, ".entry")) return ERR_INVALID_PTX;
  loads++;
  fprintf(stderr, "mock-cuda: load module (%s)\n", strstr(text, ".target sm_90") ? "PTX for sm_90" : "PTX");
  *module = malloc(1);
  return OK;
}
CUresult cuModuleLoadData(void **module, const void *image) { return load(module, image); }
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n, int *options, void **values) {
  CUresult r = load(module, image);
  if (r != OK) {
    for (unsigned i = 0; i < n; i++)
      if (options[i] == 5) /* CU_JIT_ERROR_LOG_BUFFER */
        snprintf((char *)values[i], 64, "ptxas fatal: mock JIT failure");
  }
  return r;
}
CUresult cuModuleUnload(void *module) { unloads++; free(module); return OK; }
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  (void)module;
  if (name_count == (int)(sizeof names / sizeof names[0])) return ERR_INVALID_VALUE;
  names[name_count] = strdup(name);
  *function = names[name_count++];
  return OK;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned smem, void *stream, void **params, void **extra) {
  (void)smem; (void)stream; (void)extra;
  if (!params) return ERR_INVALID_VALUE;
  launches++;
  fprintf(stderr, "mock-cuda: launch %s grid (%u, %u, %u) block (%u, %u, %u)\n", (const char *)f, gx, gy, gz, bx, by, bz);
  return OK;
}
CUresult cuMemAllocManaged(uint64_t *ptr, size_t size, unsigned flags) {
  (void)flags;
  void *p = aligned_alloc(256, (size + 255) / 256 * 256);
  if (!p) return ERR_INVALID_VALUE;
  allocations++;
  *ptr = (uint64_t)(uintptr_t)p;
  return OK;
}
CUresult cuMemFree_v2(uint64_t ptr) { frees++; free((void *)(uintptr_t)ptr); return OK; }
/* Device memory from the stream-ordered pool: counted with the others, and
 * separately, so a test can see that temporaries took this path. */
CUresult cuMemAllocAsync(uint64_t *ptr, size_t size, void *stream) {
  (void)stream;
  CUresult result = cuMemAllocManaged(ptr, size, 1);
  if (result == OK) device_allocations++;
  return result;
}
CUresult cuMemFreeAsync(uint64_t ptr, void *stream) { (void)stream; return cuMemFree_v2(ptr); }
CUresult cuDeviceGetDefaultMemPool(void **pool, int device) { (void)device; *pool = (void *)&device_allocations; return OK; }
CUresult cuMemPoolSetAttribute(void *pool, int attribute, void *value) { (void)pool; (void)attribute; (void)value; return OK; }
CUresult cuMemcpy(uint64_t dst, uint64_t src, size_t size) { memcpy((void *)(uintptr_t)dst, (void *)(uintptr_t)src, size); return OK; }
CUresult cuMemsetD32_v2(uint64_t dst, unsigned value, size_t n) {
  for (size_t i = 0; i < n; i++) ((unsigned *)(uintptr_t)dst)[i] = value;
  return OK;
}
/* Device memory for arguments and results (cuMemAlloc): host memory here,
 * counted as a device allocation; filled and read by the copies. */
CUresult cuMemAlloc_v2(uint64_t *ptr, size_t size) { return cuMemAllocAsync(ptr, size, 0); }
CUresult cuMemsetD8_v2(uint64_t dst, unsigned char value, size_t n) { memset((void *)(uintptr_t)dst, value, n); return OK; }
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t size) {
  copies_in++;
  memcpy((void *)(uintptr_t)dst, src, size);
  return OK;
}
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t size) {
  copies_out++;
  memcpy(dst, (void *)(uintptr_t)src, size);
  return OK;
}
/* Events hold the host time at which they were recorded. */
CUresult cuEventCreate(void **event, unsigned flags) {
  (void)flags;
  *event = calloc(1, sizeof(double));
  return *event ? OK : ERR_INVALID_VALUE;
}
CUresult cuEventDestroy_v2(void *event) { free(event); return OK; }
CUresult cuEventRecord(void *event, void *stream) {
  (void)stream;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  *(double *)event = now.tv_sec * 1e3 + now.tv_nsec * 1e-6;
  events++;
  return OK;
}
CUresult cuEventSynchronize(void *event) { (void)event; return OK; }
CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
  *ms = (float)(*(double *)end - *(double *)start);
  return OK;
}
