// ito-cc compiles and links a C program against libito and MPI, and the
// program runs on several processes under ito-run.
// RUN: %ito-cc -O2 -Wall -Werror %s -o %t
// RUN: %ito-run -n 2 %t | sort | FileCheck %s
// RUN: %ito-run -n 4 %t | sort | FileCheck --check-prefix=NP4 %s

#include <ito/ito.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size); // MPI itself is usable, as with mpicc
  printf("rank %d of %d (mpi %d)\n", ito_rank(), ito_n_ranks(), size);
  ito_fini();
  return 0;
}

// CHECK: rank 0 of 2 (mpi 2)
// CHECK-NEXT: rank 1 of 2 (mpi 2)
// NP4: rank 0 of 4
// NP4-NEXT: rank 1 of 4
// NP4-NEXT: rank 2 of 4
// NP4-NEXT: rank 3 of 4
