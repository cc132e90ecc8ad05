// A spawn of a member function called on a temporary object,
//   int z = cilk_spawn make(1).get(2);
// takes the object by value (a non-const reference cannot bind to it).
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>

struct S {
  int m;
  int get(int k) const { return m + k; }
};

static S make(int m) { return S{m}; }

int main() {
  int z = cilk_spawn S{40}.get(2);
  int w = cilk_spawn make(1).get(2);
  cilk_sync;
  std::printf("%d %d\n", z, w);
  return 0;
}
// CHECK: 42 3
