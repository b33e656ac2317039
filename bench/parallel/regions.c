// Fork-join cost of OpenMP runtimes, for bench/parallel/compare.sh: R
// parallel regions, each a loop of N independent rows of W floats
// (y = x * 1.5 + 0.5) split over the threads, as compiled code's parallel
// loops are. Prints microseconds per region.
//   cc -O2 -fopenmp regions.c -o regions && OMP_NUM_THREADS=2 ./regions R N W
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int regions = argc > 1 ? atoi(argv[1]) : 2000;
  long rows = argc > 2 ? atol(argv[2]) : 2;
  long width = argc > 3 ? atol(argv[3]) : 64;
  float *x = malloc(sizeof(float) * rows * width), *y = malloc(sizeof(float) * rows * width);
  for (long i = 0; i < rows * width; ++i) x[i] = (float)i;
  double best = 1e30;
  for (int repeat = 0; repeat < 5; ++repeat) {
    double start = omp_get_wtime();
    for (int r = 0; r < regions; ++r) {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < rows; ++i)
        for (long j = 0; j < width; ++j)
          y[i * width + j] = x[i * width + j] * 1.5f + 0.5f;
      x[0] = y[rows * width - 1] * 1e-9f; // a dependence between regions
    }
    double t = (omp_get_wtime() - start) / regions * 1e6;
    if (t < best) best = t;
  }
  printf("%.3f\n", best);
  return 0;
}
