// main sends stdout to a file with freopen, then a helper prints a line
// after each parallel call (from there on it may run in another process,
// whose stdout was its own). Every line goes to the file, in order, and
// none to the job's output. Before, the lines printed in other processes
// went to the terminal and were missing from the file.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.serial.log > %t.serial.out
// RUN: FileCheck %s --input-file=%t.serial.log
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t %t.2.log > %t.2.out
// RUN: diff %t.serial.log %t.2.log
// RUN: diff %t.serial.out %t.2.out
// RUN: %ito-run -n 3 --internode %t %t.3i.log > %t.3i.out
// RUN: diff %t.serial.log %t.3i.log
// RUN: diff %t.serial.out %t.3i.out
// RUN: %until-stolen %ito-run -n 2 --internode %t %t.s.log > %t.s.out
// RUN: diff %t.serial.log %t.s.log
// RUN: diff %t.serial.out %t.s.out
// CHECK: log start
// CHECK-NEXT: round 0: 2016
// CHECK-NEXT: round 1: 2016
// CHECK-NEXT: round 2: 2016
// CHECK-NEXT: round 3: 2016
// CHECK-NEXT: log end

#include <cilk/cilk.h>
#include <stdio.h>

static volatile unsigned sink;

static long work(int lo, int hi) {
  if (hi - lo == 1) {
    unsigned x = (unsigned)lo;
    for (int k = 0; k < 300000; k++)
      x = x * 1103515245u + 12345u;
    sink = x;
    return lo;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn work(lo, mid);
  long b = work(mid, hi);
  cilk_sync;
  return a + b;
}

static void rounds(void) {
  for (int r = 0; r < 4; r++) {
    long w = work(0, 64);
    printf("round %d: %ld\n", r, w);
  }
}

int main(int argc, char **argv) {
  if (argc < 2 || !freopen(argv[1], "w", stdout))
    return 1;
  printf("log start\n");
  rounds();
  printf("log end\n");
  return 0;
}
