/* The MPI half of runtime/src/mpi.rs: a thin layer over the MPI library so
 * that the Rust side needs neither MPI's headers nor its types (MPI_Comm and
 * MPI_Request are pointers in Open MPI and integers in MPICH). Compiled only
 * when runtime/build.rs finds MPI.
 *
 * Communicators are kept here in a small table and named by index; the
 * Rust side holds sets of pending nonblocking operations (xla_mpi_requests)
 * and polls them with a deadline (the arrival handshake). The calls that
 * block on peers (the data movement, MPI_Comm_split, MPI_Finalize) are made
 * only once the handshake has seen every rank arrive. Every function returns an MPI
 * error code (MPI_SUCCESS = 0): errors are returned, not fatal
 * (MPI_ERRORS_RETURN). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Communicator ids: 0 and 1 are duplicates of MPI_COMM_WORLD (the arrival
 * handshakes, the point-to-point data of permutes); split ones follow. */
#define XLA_MPI_MAX_COMMS 1024
static MPI_Comm comms[XLA_MPI_MAX_COMMS];
static int comm_count;
static int initialized_here;

static void finalize_at_exit(void) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized)
    MPI_Finalize();
}

/* MPI_Init_thread (any thread may call MPI, one at a time), errors returned
 * instead of fatal, two duplicates of the world; MPI_Finalize at exit. */
int xla_mpi_init(int *rank, int *size) {
  int provided = 0, error;
  if (!initialized_here) {
    error = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
    if (error != MPI_SUCCESS)
      return error;
    initialized_here = 1;
    atexit(finalize_at_exit);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (comm_count = 0; comm_count < 2; comm_count++) {
      error = MPI_Comm_dup(MPI_COMM_WORLD, &comms[comm_count]);
      if (error != MPI_SUCCESS)
        return error;
      MPI_Comm_set_errhandler(comms[comm_count], MPI_ERRORS_RETURN);
    }
  }
  error = MPI_Comm_rank(MPI_COMM_WORLD, rank);
  return error != MPI_SUCCESS ? error : MPI_Comm_size(MPI_COMM_WORLD, size);
}

void xla_mpi_finalize(void) { finalize_at_exit(); }

/* Ends every process of the job (mpirun exits with `code`). */
void xla_mpi_abort(int code) {
  fflush(stdout);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  exit(code); /* not reached */
}

/* MPI's text for an error code, into buffer (NUL-terminated). */
void xla_mpi_error_string(int code, char *buffer, int capacity) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS)
    length = snprintf(text, sizeof text, "MPI error %d", code);
  snprintf(buffer, (size_t)capacity, "%.*s", length, text);
}

/* A new communicator of the ranks that pass the same color (MPI_Comm_split
 * of the world, collective over it); its id in *id. */
int xla_mpi_split(int color, int key, int *id) {
  if (comm_count >= XLA_MPI_MAX_COMMS)
    return MPI_ERR_INTERN;
  MPI_Comm comm;
  int error = MPI_Comm_split(comms[1], color, key, &comm);
  if (error != MPI_SUCCESS)
    return error;
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  comms[comm_count] = comm;
  *id = comm_count++;
  return MPI_SUCCESS;
}

/* A set of pending nonblocking operations. */
struct xla_mpi_requests {
  int count, capacity;
  MPI_Request requests[];
};

struct xla_mpi_requests *xla_mpi_requests_new(int capacity) {
  struct xla_mpi_requests *set = malloc(sizeof *set + (size_t)capacity * sizeof(MPI_Request));
  if (set) {
    set->count = 0;
    set->capacity = capacity;
  }
  return set;
}

/* Cancels what is still pending (an abandoned exchange) and frees the set. */
void xla_mpi_requests_free(struct xla_mpi_requests *set) {
  for (int i = 0; i < set->count; i++) {
    if (set->requests[i] != MPI_REQUEST_NULL) {
      MPI_Cancel(&set->requests[i]);
      MPI_Request_free(&set->requests[i]);
    }
  }
  free(set);
}

static MPI_Request *next_request(struct xla_mpi_requests *set) {
  return set->count < set->capacity ? &set->requests[set->count++] : NULL;
}

int xla_mpi_isend(struct xla_mpi_requests *set, const void *data, int bytes, int to, int tag, int comm) {
  MPI_Request *request = next_request(set);
  return request ? MPI_Isend(data, bytes, MPI_BYTE, to, tag, comms[comm], request) : MPI_ERR_INTERN;
}

int xla_mpi_irecv(struct xla_mpi_requests *set, void *data, int bytes, int from, int tag, int comm) {
  MPI_Request *request = next_request(set);
  return request ? MPI_Irecv(data, bytes, MPI_BYTE, from, tag, comms[comm], request) : MPI_ERR_INTERN;
}

/* Waits for every operation of the set (the data of an exchange whose
 * peers have all arrived: MPI's own waiting is faster than polling). */
int xla_mpi_wait_all(struct xla_mpi_requests *set) {
  return MPI_Waitall(set->count, set->requests, MPI_STATUSES_IGNORE);
}

/* MPI_Allgather of `bytes` from each member, in the communicator's order. */
int xla_mpi_allgather(const void *send, int bytes, void *recv, int comm) {
  return MPI_Allgather(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, comms[comm]);
}

/* MPI_Alltoall of `chunk` bytes per member. */
int xla_mpi_alltoall(const void *send, int chunk, void *recv, int comm) {
  return MPI_Alltoall(send, chunk, MPI_BYTE, recv, chunk, MPI_BYTE, comms[comm]);
}

/* Tests every pending operation once: done[i] = 1 for those complete (now
 * or before); *all = 1 when every one is. */
int xla_mpi_test(struct xla_mpi_requests *set, unsigned char *done, int *all) {
  *all = 1;
  for (int i = 0; i < set->count; i++) {
    if (set->requests[i] != MPI_REQUEST_NULL) {
      int flag = 0;
      int error = MPI_Test(&set->requests[i], &flag, MPI_STATUS_IGNORE);
      if (error != MPI_SUCCESS)
        return error;
    }
    done[i] = set->requests[i] == MPI_REQUEST_NULL;
    *all &= done[i];
  }
  return MPI_SUCCESS;
}
