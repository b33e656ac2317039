/* The baseline of bench/collectives/run.py: MPI_Allreduce (sum) of f32
 * buffers, one size after the other, timed on rank 0 the way xla-run
 * --bench times a run: one warm-up, then `runs` back-to-back calls, each
 * timed alone; prints "bytes median_ms min_ms" per size.
 *
 *   mpicc -O2 allreduce.c -o allreduce
 *   mpirun -n 4 ./allreduce RUNS BYTES... */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc < 3) {
    if (rank == 0)
      fprintf(stderr, "usage: allreduce RUNS BYTES...\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int runs = atoi(argv[1]);
  if (runs < 1)
    runs = 1;
  double *times = malloc(sizeof(double) * (size_t)runs);
  for (int a = 2; a < argc; a++) {
    long bytes = atol(argv[a]);
    long count = bytes / (long)sizeof(float);
    float *send = malloc((size_t)count * sizeof(float));
    float *recv = malloc((size_t)count * sizeof(float));
    if (!send || !recv || !times) {
      fprintf(stderr, "allreduce: cannot allocate %ld bytes\n", bytes);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long i = 0; i < count; i++)
      send[i] = (float)(i % 7) + (float)rank;
    MPI_Allreduce(send, recv, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    for (int r = 0; r < runs; r++) {
      double start = MPI_Wtime();
      MPI_Allreduce(send, recv, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
      times[r] = (MPI_Wtime() - start) * 1e3;
    }
    qsort(times, (size_t)runs, sizeof(double), by_value);
    double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
    if (rank == 0)
      printf("%ld %.6f %.6f\n", bytes, median, times[0]);
    fflush(stdout);
    free(send);
    free(recv);
  }
  free(times);
  MPI_Finalize();
  return 0;
}
