// A program started with an unlimited stack size (ulimit -s unlimited)
// runs: the kernel would lay out its mappings bottom-up, over the ranges
// ito maps at fixed addresses, so each process starts again with a finite
// limit (1 GiB). Written as an ordinary Cilk program.
// RUN: %ito-cc -O2 %s -o %t
// RUN: sh -c 'ulimit -s unlimited && exec %ito-run -n 2 %t' | FileCheck %s
// RUN: sh -c 'ulimit -s unlimited && exec %ito-run -n 2 --internode %t' | FileCheck %s
// CHECK: fib(25) = 75025

#include <cilk/cilk.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(void) {
  printf("fib(25) = %ld\n", fib(25));
  return 0;
}
