// A program started by the launcher of another MPI implementation than the
// one it was built with sees no peers: each process starts as a job of one
// and the whole program would run once per process, silently. What each
// launcher tells its processes (Open MPI's mpiexec: OMPI_COMM_WORLD_SIZE;
// MPICH's and the other PMI launchers: PMI_SIZE) is set here as such a
// launcher sets it, around a program started alone: it stops at once with
// one message naming the launcher, the job size, and what to do.
// RUN: %ito-cc -O1 %s -o %t
// Open MPI's variables are only foreign to an MPICH build (Open MPI's own
// library would take them as its launcher's).
// RUN: %if mpich %{ env OMPI_COMM_WORLD_SIZE=4 OMPI_COMM_WORLD_RANK=0 %expect-status 1 %t 2>&1 | FileCheck %s --check-prefix=OMPI %}
// OMPI: ito: error{{.*}}: Open MPI's mpiexec started this program as one of 4 processes (OMPI_COMM_WORLD_SIZE=4), but its MPI library (MPICH{{.*}}) sees a job of 1: the launcher and the library the program was built with are different MPI implementations, so each process would run the whole program alone. Start it with ito-run, or with the mpiexec of the MPI it was built with
// OMPI-NOT: ran
// RUN: env PMI_SIZE=3 PMI_RANK=0 %expect-status 1 %t 2>&1 | FileCheck %s --check-prefix=PMI
// PMI: ito: error{{.*}}: a PMI launcher (MPICH's mpiexec, srun) started this program as one of 3 processes (PMI_SIZE=3)
// Under its own launcher, and alone, it runs.
// RUN: %ito-run -n 2 %t | FileCheck %s --check-prefix=OK
// RUN: %t | FileCheck %s --check-prefix=OK
// OK: ran

#include <cilk/cilk.h>
#include <stdio.h>

static int twice(int x) { return 2 * x; }

int main(void) {
  int a = cilk_spawn twice(1);
  int b = twice(2);
  cilk_sync;
  printf("ran %d\n", a + b);
  return 0;
}
