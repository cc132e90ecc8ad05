// A spawn site that runs again before the sync through a backward goto (a
// loop without a loop statement) keeps a state per run, as a site in a loop
// does: every receiver is written at the sync, and every child is joined (in
// C++ a single state would abort on the second fork).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 --internode %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

static int sq(int n) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return n * n;
}

int main(void) {
  int a[4] = {0, 0, 0, 0};
  int b[4] = {0, 0, 0, 0};
  int k = 0;
again:
  a[k] = cilk_spawn sq(k + 1);
  {
    b[k] = cilk_spawn sq(k + 5);
  }
  if (++k < 4)
    goto again;
  cilk_sync;
  printf("%d %d %d %d / %d %d %d %d\n", a[0], a[1], a[2], a[3], b[0], b[1],
         b[2], b[3]);
  return 0;
}
// CHECK: 1 4 9 16 / 25 36 49 64
