// Locals of the program's own header functions, which have no Cilk keyword,
// reach the parallel loops of the source (a helper that hands a local array
// to a parallel fill, a counter updated by tasks through a pointer): ito
// translates the header too and moves them off the stack, so tasks in any
// process write the helper's own objects. Written as an ordinary Cilk
// program.
// RUN: %ito-cc --ito-no-translate -O2 -I%S/Inputs %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -I%S/Inputs %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: env ITO_STEAL_SEED=2 %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK-COUNT-4: {{^[1-9][0-9]*$}}
// CHECK-NEXT: marks 30000

#include <cilk/cilk.h>
#include <stdio.h>

#include "header_locals.h"

static long heavy(long x) {
  long s = 0;
  for (int k = 0; k < 2000; k++)
    s += (x * k) % 7;
  return s;
}

void fill_parallel(long *buf, int n, long seed) {
  cilk_for (int i = 0; i < n; i++)
    buf[i] = heavy(i + seed);
}

void count_parallel(long *counter, int n) {
  cilk_for (int i = 0; i < n; i++) {
    if (heavy(i) >= 0)
      __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
  }
}

int main(void) {
  for (int r = 0; r < 4; r++)
    printf("%ld\n", summarize(r));
  printf("marks %ld\n", count_marks(30000));
  return 0;
}
