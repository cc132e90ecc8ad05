// A stream function that cannot be done by the stream's owner for another
// process stops the program with a message saying which and what to do,
// instead of using a descriptor number that means something else here.
// The continuation of main's spawn opens the file (at np 2, the process
// that stole it), and main reads it with fscanf after the sync, back in
// process 0. The serial program and np 1 read it.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.data | FileCheck %s --check-prefix=ONE
// RUN: not %ito-run -n 2 %t %t.data 2>&1 | FileCheck %s
// RUN: not %ito-run -n 2 --internode %t %t.data 2>&1 | FileCheck %s
// ONE: read 42
// CHECK: process 0: a task calls fscanf() on a FILE that process 1 opened
// CHECK-SAME: read lines with fgets() and parse them with sscanf()

#include <cilk/cilk.h>
#include <stdio.h>

static FILE *data;

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  FILE *out = fopen(argv[1], "w");
  fprintf(out, "42\n");
  fclose(out);
  long s = cilk_spawn fib(32);
  data = fopen(argv[1], "r");
  cilk_sync;
  int x = 0;
  if (fscanf(data, "%d", &x) != 1)
    return 1;
  fclose(data);
  printf("read %d%s\n", x, s < 0 ? "?" : "");
  return 0;
}
