// Lines printed in two pieces around a parallel call: the first piece
// sits in stdout's buffer of the process that printed it, and the rest is
// printed after the call returns, maybe in another process (the child that
// process ran ended while its parent was stolen, or the parent waited at
// the join and went on elsewhere). The held piece is written out before
// the strand goes on elsewhere, so every line comes out whole. Before, a
// few lines per run came out as " 2016" followed by a line "round 7:".
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: sh -c 'for s in 1 2 3; do ITO_STEAL_SEED=$s %ito-run -n 2 %t | diff %t.expected - || exit 1; done'
// CHECK: round 0: 2016
// CHECK: round 29: 2016

#include <cilk/cilk.h>
#include <stdio.h>

static volatile unsigned sink;

static long work(int lo, int hi) {
  if (hi - lo == 1) {
    unsigned x = (unsigned)lo;
    for (int i = 0; i < 20000; i++)
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

int main(void) {
  for (int r = 0; r < 30; r++) {
    printf("round %d:", r);
    long s = work(0, 64);
    printf(" %ld\n", s);
  }
  return 0;
}
