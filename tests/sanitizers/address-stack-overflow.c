// AddressSanitizer's report for a task that writes past a local array,
// whichever process runs it: the kind of error, the task's function with
// its file and line, and the job's end with a non-zero status.
// REQUIRES: asan
// RUN: %ito-cc -g -O1 -fsanitize=address %s -o %t
// RUN: %expect-status 1 %ito-run -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: %expect-status 1 %ito-run -n 3 --internode %t > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// CHECK: ERROR: AddressSanitizer: stack-buffer-overflow
// CHECK: WRITE of size 4
// CHECK: in leaf {{.*}}address-stack-overflow.c:[[@LINE+8]]

#include <cilk/cilk.h>
#include <stdio.h>

static long leaf(int i) {
  int local[4];
  for (int k = 0; k <= 4; k++) // k == 4 is one past the end
    local[k] = i + k;
  return local[0] + local[3];
}

static long tree(int lo, int hi) {
  if (hi - lo == 1)
    return leaf(lo);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn tree(lo, mid);
  long b = tree(mid, hi);
  cilk_sync;
  return a + b;
}

int main(void) {
  printf("%ld\n", tree(0, 64));
  return 0;
}
