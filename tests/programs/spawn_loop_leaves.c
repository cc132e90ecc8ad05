// A loop of spawns whose children are coarse leaves, each one loop of a
// few milliseconds: the Cilk way to start N independent jobs. Between
// nodes a victim answers a thief at its polls; before, its fork's poll ran
// before the fork pushed the continuation (so in such a loop it found the
// deque empty every time) and a leaf that is one innermost loop had no
// poll: every rank its own node, np 2 made no steal at all.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %until-stolen --rank 1 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: jobs 24 total {{[0-9.]+}}

#include <cilk/cilk.h>
#include <stdio.h>

#define JOBS 24

static double results[JOBS];

static void job(int j, double *out) {
  double x = j;
  for (long k = 0; k < 2000000; k++)
    x = x * 0.999999 + 1e-7 * (double)k;
  *out = x;
}

int main(void) {
  for (int j = 0; j < JOBS; j++)
    cilk_spawn job(j, &results[j]);
  cilk_sync;
  double total = 0;
  for (int j = 0; j < JOBS; j++)
    total += results[j];
  printf("jobs %d total %.6f\n", JOBS, total);
  return 0;
}
