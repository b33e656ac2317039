// A generic C driver for a function compiled by `xla-translate --emit=aot`:
// it reads the arguments from .npy files, calls the function through the
// header's NAME_call_buffers, and compares each result with an expected .npy
// (floats within a relative 1e-4 + absolute 1e-5 tolerance, everything else
// bit-exact). Build against the header of NAME.o:
//
//   cc -include NAME.h -DAOT_NAME=NAME -DAOT_UPPER=NAME_IN_CAPS aot_driver.c NAME.o -lm -o driver
//   ./driver in0.npy ... --expect expected0.npy ...
//
// With -DAOT_SCRATCH=1 it calls NAME_scratch on an arena of its own instead
// and says whether the function wrote to it; -DAOT_SCRATCH=2 passes NULL.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define UPPER(suffix) CAT(AOT_UPPER, suffix)

static const size_t buffer_bytes[] = UPPER(_BUFFER_BYTES);
static const char *const buffer_dtypes[] = UPPER(_BUFFER_NPY_DTYPES);
enum { NUM_ARGS = UPPER(_NUM_ARGS), NUM_RESULTS = UPPER(_NUM_RESULTS) };

// Reads a little-endian, C-order .npy file; checks its dtype and byte size
// against buffer `index`. Returns a malloc'd buffer, or exits with a message.
static void *read_npy(const char *path, int index) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  unsigned char magic[8];
  if (fread(magic, 1, 8, file) != 8 || memcmp(magic, "\x93NUMPY", 6) != 0) {
    fprintf(stderr, "%s is not a .npy file\n", path);
    exit(2);
  }
  size_t header_length = 0;
  if (magic[6] == 1) {
    unsigned char length[2];
    if (fread(length, 1, 2, file) != 2) exit(2);
    header_length = length[0] | (size_t)length[1] << 8;
  } else {
    unsigned char length[4];
    if (fread(length, 1, 4, file) != 4) exit(2);
    header_length = length[0] | (size_t)length[1] << 8 | (size_t)length[2] << 16 | (size_t)length[3] << 24;
  }
  char *header = calloc(header_length + 1, 1);
  if (!header || fread(header, 1, header_length, file) != header_length) exit(2);
  char expected_descr[32];
  snprintf(expected_descr, sizeof expected_descr, "'descr': '%s'", buffer_dtypes[index]);
  if (!strstr(header, expected_descr) || !strstr(header, "'fortran_order': False")) {
    fprintf(stderr, "%s: expected a C-order array of dtype %s, found header %s\n", path, buffer_dtypes[index], header);
    exit(2);
  }
  free(header);
  void *data = malloc(buffer_bytes[index] ? buffer_bytes[index] : 1);
  if (!data || fread(data, 1, buffer_bytes[index], file) != buffer_bytes[index] || fgetc(file) != EOF) {
    fprintf(stderr, "%s: expected exactly %zu bytes of data\n", path, buffer_bytes[index]);
    exit(2);
  }
  fclose(file);
  return data;
}

static int close_enough(double actual, double expected, double *error) {
  if (isnan(actual) || isnan(expected)) return isnan(actual) && isnan(expected);
  if (actual == expected) return 1;  // equal infinities too
  double difference = fabs(actual - expected);
  if (difference > *error) *error = difference;
  return difference <= 1e-5 + 1e-4 * fabs(expected);
}

int main(int argc, char **argv) {
  void *buffers[NUM_ARGS + NUM_RESULTS + 1];
  const char *expected[NUM_RESULTS + 1];
  int args = 0, results = 0, expecting = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--expect") == 0) {
      expecting = 1;
    } else if (!expecting && args < NUM_ARGS) {
      buffers[args] = read_npy(argv[i], args);
      ++args;
    } else if (expecting && results < NUM_RESULTS) {
      expected[results++] = argv[i];
    } else {
      fprintf(stderr, "too many files: the function takes %d argument(s) and has %d result(s)\n", NUM_ARGS, NUM_RESULTS);
      return 2;
    }
  }
  if (args != NUM_ARGS || results != NUM_RESULTS) {
    fprintf(stderr, "usage: %s ARG.npy x %d --expect RESULT.npy x %d\n", argv[0], NUM_ARGS, NUM_RESULTS);
    return 2;
  }
  for (int r = 0; r < NUM_RESULTS; ++r) {
    // Poison the result buffers: every byte must be written.
    buffers[NUM_ARGS + r] = malloc(buffer_bytes[NUM_ARGS + r] ? buffer_bytes[NUM_ARGS + r] : 1);
    memset(buffers[NUM_ARGS + r], 0xA5, buffer_bytes[NUM_ARGS + r]);
  }
  // The header promises that arguments are only read: keep copies to compare.
  void *originals[NUM_ARGS + 1];
  for (int a = 0; a < NUM_ARGS; ++a) {
    originals[a] = malloc(buffer_bytes[a] ? buffer_bytes[a] : 1);
    memcpy(originals[a], buffers[a], buffer_bytes[a]);
  }
#ifdef AOT_SCRATCH
  // The caller's scratch arena (-DAOT_SCRATCH): poisoned, so the results
  // cannot depend on its contents; the function must use it.
  size_t scratch_bytes = UPPER(_SCRATCH_BYTES);
  size_t alignment = UPPER(_SCRATCH_ALIGNMENT);
  size_t rounded = (scratch_bytes + alignment - 1) / alignment * alignment;
  // -DAOT_SCRATCH=2: NULL, so the function allocates the arena itself.
  unsigned char *scratch = AOT_SCRATCH == 2 ? NULL : aligned_alloc(alignment, rounded ? rounded : alignment);
  if (scratch) memset(scratch, 0x5A, scratch_bytes);
  int status = CAT(AOT_NAME, _call_buffers_scratch)(buffers, scratch);
  size_t touched = 0;
  for (size_t i = 0; scratch && i < scratch_bytes; ++i) touched += scratch[i] != 0x5A;
  printf("scratch: %zu bytes, %s\n", scratch_bytes, !scratch ? "NULL" : touched ? "used" : "untouched");
  free(scratch);
#else
  int status = CAT(AOT_NAME, _call_buffers)(buffers);
#endif
  if (status != UPPER(_OK)) {
    printf("the function returned %d%s\n", status, status == UPPER(_OUT_OF_MEMORY) ? " (out of memory)" : "");
    return 1;
  }

  int failures = 0;
  for (int a = 0; a < NUM_ARGS; ++a) {
    if (memcmp(originals[a], buffers[a], buffer_bytes[a]) != 0) {
      printf("argument %d was written to\n", a);
      ++failures;
    }
    free(originals[a]);
  }
  for (int r = 0; r < NUM_RESULTS; ++r) {
    int index = NUM_ARGS + r;
    void *want = read_npy(expected[r], index);
    const char *dtype = buffer_dtypes[index];
    double error = 0;
    int ok = 1;
    size_t count = 0;
    if (strcmp(dtype, "<f4") == 0 || strcmp(dtype, "<c8") == 0) {
      count = buffer_bytes[index] / sizeof(float);
      for (size_t i = 0; i < count; ++i)
        ok &= close_enough(((float *)buffers[index])[i], ((float *)want)[i], &error);
    } else if (strcmp(dtype, "<f8") == 0 || strcmp(dtype, "<c16") == 0) {
      count = buffer_bytes[index] / sizeof(double);
      for (size_t i = 0; i < count; ++i)
        ok &= close_enough(((double *)buffers[index])[i], ((double *)want)[i], &error);
    } else {
      ok = memcmp(buffers[index], want, buffer_bytes[index]) == 0;
    }
    printf("result %d (%s, %zu bytes): %s, max abs error %g\n", r, dtype, buffer_bytes[index], ok ? "match" : "MISMATCH", error);
    failures += !ok;
    free(want);
  }
  for (int i = 0; i < NUM_ARGS + NUM_RESULTS; ++i) free(buffers[i]);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
