// In C, a cilk_sync before the declaration `T v = cilk_spawn f(...)` of the
// same task block does not name v (which it could not: v is not declared
// yet): a sync joins the spawns that may have run before it. A function with
// two phases:
//   cilk_spawn g(n); cilk_sync; int x = cilk_spawn f(n); cilk_sync;
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n * 10; }
static void g(int n) { (void)n; }

static int two_phases(int n) {
  cilk_spawn g(n);
  cilk_sync;
  int x = cilk_spawn f(n);
  int y = f(n + 1);
  cilk_sync;
  return x + y;
}

int main(void) {
  printf("%d\n", two_phases(3));
  return 0;
}
// CHECK: 70
