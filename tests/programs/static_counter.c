// A static local counter in a serial helper: main numbers its rounds with
// next_round(), and each round runs a cilk_for. Only main (serial code
// between the parallel phases) touches the counter, so the serial elision
// numbers the rounds 1 to 6.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: round 1 sum 20000100000
// CHECK-NEXT: round 2 sum 20000100000
// CHECK-NEXT: round 3 sum 20000100000
// CHECK-NEXT: round 4 sum 20000100000
// CHECK-NEXT: round 5 sum 20000100000
// CHECK-NEXT: round 6 sum 20000100000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static int next_round(void) {
  static int round;
  return ++round;
}

int main(void) {
  long n = 200000;
  long *a = malloc(n * sizeof *a);
  for (int r = 0; r < 6; r++) {
    cilk_for(long i = 0; i < n; i++) a[i] = i + 1;
    long s = 0;
    for (long i = 0; i < n; i++)
      s += a[i];
    printf("round %d sum %ld\n", next_round(), s);
  }
  free(a);
  return 0;
}
