// A cilk_for of eight coarse iterations, each a loop nest of a few
// milliseconds that never forks. Between nodes a thief is answered when its
// victim polls, and before ito-cc put polls in such loops (the LeafPolls
// pass) the victim forked all eight halves before the first request came
// and never polled again: every rank its own node, np 2 made no steal at
// all, and the other process sat idle.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: total 55600485.008

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 8
#define ROWS 64
#define COLS 20000

static double row_sum(const double *a, int r) {
  double s = 0;
  for (int c = 0; c < COLS; c++)
    s += a[(size_t)r * COLS + c] * (c % 7 + 1);
  return s;
}

int main(void) {
  double *a = malloc(sizeof(double) * BLOCKS * ROWS * COLS);
  double sums[BLOCKS];
  for (size_t i = 0; i < (size_t)BLOCKS * ROWS * COLS; i++)
    a[i] = (double)(i % 1000) / 1000.0;
  cilk_for (int b = 0; b < BLOCKS; b++) {
    double s = 0;
    for (int rep = 0; rep < 8; rep++)
      for (int r = b * ROWS; r < (b + 1) * ROWS; r++)
        s += row_sum(a, r) / (rep + 1);
    sums[b] = s;
  }
  double total = 0;
  for (int b = 0; b < BLOCKS; b++)
    total += sums[b];
  printf("total %.3f\n", total);
  free(a);
  return 0;
}
