// As an OpenCilk user runs a program: CILK_NWORKERS=2 ./prog runs it on 2
// processes of this machine, without ito-run (the program starts itself
// under the ito-run beside the ito-cc that built it). Unset or 1: one
// process. Under ito-run, -n decides. A value that is not a count stops the
// program with a message.
// RUN: %ito-cc -O2 %s -o %t
// RUN: env CILK_NWORKERS=2 timeout 120 %t 24 | FileCheck %s --check-prefix=TWO
// RUN: env CILK_NWORKERS=1 timeout 120 %t 24 | FileCheck %s --check-prefix=ONE
// RUN: env -u CILK_NWORKERS timeout 120 %t 24 | FileCheck %s --check-prefix=ONE
// RUN: env CILK_NWORKERS=3 %ito-run -n 2 %t 24 | FileCheck %s --check-prefix=TWO
// RUN: not env CILK_NWORKERS=many timeout 60 %t 24 2>&1 | FileCheck %s --check-prefix=BAD
// TWO: workers 2 fib(24) = 46368
// ONE: workers 1 fib(24) = 46368
// BAD: CILK_NWORKERS=many: the number of processes to run on, a positive integer

#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  long r = fib(n);
  printf("workers %u fib(%d) = %ld\n", __cilkrts_get_nworkers(), n, r);
  return 0;
}
