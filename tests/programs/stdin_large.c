// A program that reads all its input from stdin with scanf before any
// parallel code, as course assignments and benchmarks read their lists:
// more than 64 KB of it, which mpiexec's forwarding (MPICH's hydra) gave up
// on ("process reading stdin too slowly") and ended the job. Process 0
// reads ito-run's standard input directly, a pipe or a file.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: seq 1 40000 > %t.input
// RUN: %t.serial < %t.input > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: cat %t.input | %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 3 %t < %t.input | diff %t.expected -
// RUN: cat %t.input | %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: n 40000 sum {{[0-9]+}} max 40000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long cap = 1024, n = 0, x, *a = malloc(cap * sizeof *a);
  while (scanf("%ld", &x) == 1) {
    if (n == cap)
      a = realloc(a, (cap *= 2) * sizeof *a);
    a[n++] = x;
  }
  cilk_for (long i = 0; i < n; i++)
    a[i] = a[i] * a[i] % 1000003;
  long sum = 0;
  for (long i = 0; i < n; i++)
    sum += a[i];
  printf("n %ld sum %ld max %ld\n", n, sum, n);
  free(a);
  return 0;
}
