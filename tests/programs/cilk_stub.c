// A Cilk program built as its serial elision through <cilk/cilk_stub.h>
// (as the Cilk-5 programs do under -DSERIAL), which leaves no keyword to
// translate: it is still a Cilk program, whose main runs once, in process
// 0, at any process count. Before, main ran in every process and each line
// came out once per process.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: fib(20) = 6765
// CHECK-NEXT: squares 328350

#include <cilk/cilk_stub.h>
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static int fib(int n) {
  if (n < 2)
    return n;
  int x = cilk_spawn fib(n - 1);
  int y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  printf("fib(20) = %d\n", fib(20));
  long *sq = malloc(100 * sizeof *sq);
  cilk_for (int i = 0; i < 100; i++)
    sq[i] = (long)i * i;
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += sq[i];
  printf("squares %ld\n", s);
  free(sq);
  return 0;
}
