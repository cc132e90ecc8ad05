// A correct Cilk program built with -fsanitize=address runs clean on one
// and several processes: heap data shared with tasks, a reducer-free
// divide and conquer whose frames move between processes, strdup'd text
// read by tasks elsewhere. Before, it died before main: the C library's
// free got AddressSanitizer's blocks (a UCX string at load time), UCX's
// patching of mmap broke AddressSanitizer's, and once past that, copies
// of task frames tripped over their red zones and the report's own
// symbolizer ran its child on the shared task stack.
// REQUIRES: asan
// Open MPI's components keep a few blocks they allocated in their own
// threads, and are unloaded before LeakSanitizer looks (docs/exit-and-crashes.md).
// RUN: %if openmpi %{ export ASAN_OPTIONS=detect_leaks=0 %} %else %{ true %}
// RUN: %ito-cc -g -O1 -fsanitize=address %s -o %t
// RUN: %ito-run -n 1 %t > %t.1 2>&1
// RUN: FileCheck %s --input-file=%t.1 --implicit-check-not=Sanitizer
// RUN: %ito-run -n 2 %t > %t.2 2>&1
// RUN: FileCheck %s --input-file=%t.2 --implicit-check-not=Sanitizer
// RUN: %until-stolen %ito-run -n 2 --internode %t > %t.3 2>&1
// RUN: FileCheck %s --input-file=%t.3 --implicit-check-not=Sanitizer
// RUN: %ito-run -n 4 %t > %t.4 2>&1
// RUN: FileCheck %s --input-file=%t.4 --implicit-check-not=Sanitizer
// CHECK: fib(24) = 46368 sum 499500 names 1000
// CHECK-NOT: {{.}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

static long sum(const int *v, int lo, int hi) {
  if (hi - lo <= 16) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += v[i];
    return s;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn sum(v, lo, mid);
  long b = sum(v, mid, hi);
  cilk_sync;
  return a + b;
}

int main(void) {
  int n = 1000;
  int *v = malloc(n * sizeof *v);
  char **names = malloc(n * sizeof *names);
  cilk_for (int i = 0; i < n; i++) {
    v[i] = i;
    char buf[16];
    snprintf(buf, sizeof buf, "item%d", i);
    names[i] = strdup(buf);
  }
  long chars = 0;
  for (int i = 0; i < n; i++)
    chars += strncmp(names[i], "item", 4) == 0;
  printf("fib(24) = %ld sum %ld names %ld\n", fib(24), sum(v, 0, n), chars);
  for (int i = 0; i < n; i++)
    free(names[i]);
  free(names);
  free(v);
  return 0;
}
