// rand() in serial code between parallel phases: main seeds with srand,
// fills an array with rand(), sums it with spawned tasks, then fills it
// again with the next numbers of the same sequence. Every rand() call is
// in main; the serial elision draws one sequence.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: phase 0 sum {{[0-9]+}} first {{[0-9]+}}
// CHECK: phase 5 sum {{[0-9]+}} first {{[0-9]+}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static long sum(const int *a, long n) {
  if (n <= 256) {
    long s = 0;
    for (long i = 0; i < n; i++)
      s += a[i];
    return s;
  }
  long x = cilk_spawn sum(a, n / 2);
  long y = sum(a + n / 2, n - n / 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  long n = 200000;
  int *a = malloc(n * sizeof *a);
  srand(2024);
  for (int phase = 0; phase < 6; phase++) {
    for (long i = 0; i < n; i++)
      a[i] = rand() % 1000;
    printf("phase %d sum %ld first %d\n", phase, sum(a, n), a[0]);
  }
  free(a);
  return 0;
}
