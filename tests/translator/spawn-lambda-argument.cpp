// A spawned call whose argument is a lambda with Cilk of its own
//   int x = cilk_spawn apply([](int k) { int a = cilk_spawn f(k);
//                                        cilk_sync; return a; }, n);
// translates the lambda's Cilk first, then copies its translated text into
// the outer spawn's captures: the edits must not overlap.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// expected-no-diagnostics

#include <cilk/cilk.h>
#include <cstdio>

static int f(int n) { return n * 10; }

template <typename F> static int apply(F fn, int n) { return fn(n); }

int main() {
  int n = 4;
  int x = cilk_spawn apply(
      [](int k) {
        int a = cilk_spawn f(k);
        cilk_sync;
        return a + 1;
      },
      n);
  cilk_sync;
  std::printf("%d\n", x);
  return 0;
}
// CHECK: 41
