// A C cilk_for whose body is a single statement without braces: the body
// moves to a function of its own with its ';'
//   cilk_for (int i = 0; i < n; i++) out[i] = i;
// (C++ keeps the body in place; checked here too.) The body writes through a
// pointer into the root's array: one process only.
// (The body writes the parent's array, which the checks rightly reject: it
// runs on one process only, with -Wno-ito-stack-sharing.)
// RUN: %ito-cc -O2 -Wno-ito-stack-sharing %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 -Wno-ito-stack-sharing %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

static int sq(int v) { return v * v; }

int main(void) {
  int out[8];
  int *p = out;
  cilk_for (int i = 0; i < 8; i++)
    p[i] = sq(i);
  int total = 0;
  for (int i = 0; i < 8; i++)
    total += out[i];
  printf("%d\n", total);
  return 0;
}
// CHECK: 140
