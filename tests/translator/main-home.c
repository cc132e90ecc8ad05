// main comes back to process 0 after each sync and each call that may fork
// (ito_abi_home), so that what it does between parallel phases happens
// where the serial program runs. After the statement when the call is all
// of it, or stores into a variable; around the call otherwise, before the
// rest of the statement runs; nothing for calls that cannot fork, calls in
// tasks, or functions other than main. (Comment lines are dropped from the
// translation, so that no pattern matches its own CHECK line.)
//
// RUN: %ito-translate %s -- -I %ito-include | grep -v '^ *//' | FileCheck %s
// RUN: %ito-translate %s -- -I %ito-include -DPLAIN | grep -v '^ *//' | FileCheck %s --check-prefix=PLAIN
// RUN: %ito-translate %s -- -I %ito-include -DPLAIN -DNOFORK | grep -v '^ *//' | FileCheck %s --check-prefix=NOFORK

#include <stdio.h>
#ifndef PLAIN
#include <cilk/cilk.h>

long work(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn work(n - 1);
  long b = work(n - 2);
  cilk_sync;
  return a + b;
}

void run(long *out, long n) { *out = work(n); }

// CHECK-LABEL: {{^}}long helper(long n) {
// CHECK-NEXT: {{^}}  return work(n) + 1;
long helper(long n) {
  return work(n) + 1;
}

// CHECK: {{^}}void ito_abi_home(void);
// CHECK: {{^}}int main(int argc, char **argv) {
int main(int argc, char **argv) {
  FILE *out = fopen(argv[argc - 1], "w");
  long r[4];
  // CHECK: {{^}}  run({{.*}}r{{.*}}[0], 20); ito_abi_home();
  run(&r[0], 20);
  // CHECK: {{^}}  long x = work(10); ito_abi_home();
  long x = work(10);
  // CHECK: {{^}}  x = helper(x); ito_abi_home();
  x = helper(x);
  // CHECK: {{^}}  fprintf(out, "%ld\n", __extension__ ({ __auto_type __ito_home = work(x); ito_abi_home(); __ito_home; }));
  fprintf(out, "%ld\n", work(x));
  // CHECK: {{^}}  if (x > 3)
  // CHECK-NEXT: {{^}}    (work(x), ito_abi_home());
  if (x > 3)
    work(x);
  // CHECK: {{^}}  while (__extension__ ({ __auto_type __ito_home = work(x); ito_abi_home(); __ito_home; }) < 5)
  while (work(x) < 5)
    x++;
  // CHECK: {{^}}  { {{.*}}ito_abi_fork(
  r[1] = cilk_spawn work(1);
  // CHECK: {{^}}  do { {{.*}}ito_abi_sync({{.*}}ito_abi_home(); } while (0);
  cilk_sync;
  // main comes home after the loop; the body is a task, left alone.
  // CHECK: ito_abi_for({{.*}}); ito_abi_home(); }
  // CHECK: {{^}}static void __ito_f1({{.*}}
  // CHECK-NOT: ito_abi_home
  // CHECK: {{^}}__attribute__((weak)) const char __ito_cilk_program
  cilk_for (int i = 0; i < 4; i++)
    r[i] = work(i);
  fclose(out);
  printf("%ld\n", r[0] + r[1] + r[2] + r[3] + x);
  return 0;
}
#else
// A source without Cilk code whose main calls what another file defines:
// that may fork.
// PLAIN: {{^}}void ito_abi_home(void);
// PLAIN: {{^}}  long v = kernel(n); ito_abi_home();
// PLAIN: {{^}}  printf("%ld\n", v);
// NOFORK-NOT: ito_abi_home
#ifdef NOFORK
static long kernel(long n) { return n * 2; }
#else
long kernel(long n);
#endif
int main(void) {
  long n = 30;
  long v = kernel(n);
  printf("%ld\n", v);
  return 0;
}
#endif
