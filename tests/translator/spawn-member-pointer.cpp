// A spawn of a call through a pointer to member function, with the object
// (by reference for .*, the pointer for ->*) and the member pointer evaluated
// in the parent, runs like the serial elision.
// RUN: %ito-translate %s -o %t.cpp -- -std=c++17 -I %ito-include
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>

struct S {
  int v;
  int twice(int k) const { return 2 * v + k; }
};

// The object is static: the same in every process.
static const S s{5};

int main() {
  int (S::*pm)(int) const = &S::twice;
  const S *ps = &s;
  int a = cilk_spawn (s.*pm)(1);
  int b = cilk_spawn (ps->*pm)(2);
  cilk_sync;
  std::printf("%d %d\n", a, b);
  return 0;
}
// CHECK: 11 12
