// Calls the AOT-compiled axpy (test/examples/axpy.mlir: alpha * x + y) through
// its C interface and prints the result, one value per line.
#include <stdint.h>
#include <stdio.h>

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
} Memref0D;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} Memref1D;

void _mlir_ciface_main(Memref0D *alpha, Memref1D *x, Memref1D *y, Memref1D *result);

int main(void) {
  float alpha = 2.0f;
  float x[8], y[8], out[8];
  for (int i = 0; i < 8; ++i) {
    x[i] = (float)(i + 1);          // 1..8
    y[i] = (float)(10 * (i + 1));   // 10..80
    out[i] = -1.0f;
  }
  // x lives one element into a larger buffer: allocated and aligned differ.
  // (The memref types have the identity layout, so offset must be 0.)
  float x_storage[9] = {999.0f};
  for (int i = 0; i < 8; ++i) x_storage[i + 1] = x[i];
  Memref0D a = {&alpha, &alpha, 0};
  Memref1D xd = {x_storage, x_storage + 1, 0, {8}, {1}};
  Memref1D yd = {y, y, 0, {8}, {1}};
  Memref1D rd = {out, out, 0, {8}, {1}};
  _mlir_ciface_main(&a, &xd, &yd, &rd);
  for (int i = 0; i < 8; ++i) printf("out[%d] = %g\n", i, out[i]);
  printf("x_storage[0] = %g\n", x_storage[0]);
  return 0;
}
