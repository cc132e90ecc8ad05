// Cilk keywords that come out of user macros (a loop macro, a spawn macro)
// translate like the same code written out.
// (The cilk_for writes the parent's array, which the checks rightly reject:
// it runs on one process only, with -Wno-ito-stack-sharing.)
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 -Wno-ito-stack-sharing %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 -Wno-ito-stack-sharing %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n * 2; }

#define PFOR(i, n) cilk_for (int i = 0; i < (n); i++)
#define SPAWN_F(r, x) r = cilk_spawn f(x)
#define SYNC cilk_sync

int main(void) {
  int out[4];
  int *p = out; // one process: the body writes the root's array
  PFOR(i, 4) { p[i] = f(i); }
  int a;
  SPAWN_F(a, 5);
  SYNC;
  printf("%d %d %d\n", out[0], out[3], a);
  return 0;
}
// CHECK: 0 6 10
