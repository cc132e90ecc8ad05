/* A minimal assertion for tests (C and C++) that run under MPI: on failure,
 * print where and what, and abort the whole job so that no rank waits for
 * the failed one. */
#ifndef ITO_TESTS_CHECK_H
#define ITO_TESTS_CHECK_H

#include <mpi.h>
#include <stdio.h>

#define ITO_CHECK(cond)                                                        \
  do {                                                                         \
    if (!(cond)) {                                                             \
      int rank_ = -1;                                                          \
      MPI_Comm_rank(MPI_COMM_WORLD, &rank_);                                   \
      fprintf(stderr, "%s:%d: check failed on rank %d: %s\n", __FILE__,        \
              __LINE__, rank_, #cond);                                         \
      MPI_Abort(MPI_COMM_WORLD, 1);                                            \
    }                                                                          \
  } while (0)

#endif
