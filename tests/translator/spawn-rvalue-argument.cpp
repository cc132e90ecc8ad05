// In C++, a spawned call of a function that takes an rvalue reference (T&&)
// gets its argument, evaluated in the parent into the lambda's capture, as
// an rvalue:
//   int take(P &&p);
//   int a = cilk_spawn take(P{1, 2});
// and parameters by value, by const reference and forwarding references
// work as well.
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>
#include <utility>

struct P {
  int x, y;
};

static int take(P &&p) { return p.x + p.y; }
static int look(const P &p) { return p.x * p.y; }
static int copy(P p) { return p.x - p.y; }
template <typename T> static int fwd(T &&t) { return look(t); }

int main() {
  P q{3, 4};
  int a = cilk_spawn take(P{1, 2});
  int b = cilk_spawn take(std::move(q));
  int c = cilk_spawn look(P{5, 6});
  int d = cilk_spawn fwd(P{7, 8});
  int e = cilk_spawn copy(P{9, 1});
  cilk_sync;
  std::printf("%d %d %d %d %d\n", a, b, c, d, e);
  return 0;
}
// CHECK: 3 7 30 56 8
