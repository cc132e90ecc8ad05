// `auto v = cilk_spawn [&] { ... }();` in C++17: the translation declared v
// with decltype of the call, and before C++20 a lambda may not appear in
// decltype ("lambda expression in an unevaluated operand"), so common
// OpenCilk code did not compile. The value's type is now spelled out there:
// a class (std::vector, built in the heap), a scalar, a structured binding
// and an assignment, each from a lambda called at the spawn.
// RUN: %ito-c++ --ito-no-translate -std=c++17 -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -std=c++17 -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sizes 5 6 doubled 14 pair 3 4 assigned 12

#include <cilk/cilk.h>
#include <cstdio>
#include <utility>
#include <vector>

static volatile unsigned long sink;
static void busy(long k) {
  unsigned long x = k + 1;
  for (int i = 0; i < 300000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
}

static std::vector<int> ones(int n) {
  busy(n);
  return std::vector<int>(n, 1);
}

int main() {
  int n = 5;
  auto a = cilk_spawn [&] { return ones(n); }();
  auto b = cilk_spawn [n] { return ones(n + 1); }();
  auto c = cilk_spawn [n] {
    busy(n);
    return n * 2 + 4;
  }();
  auto [p, q] = cilk_spawn [] {
    busy(3);
    return std::make_pair(3, 4);
  }();
  long d = 0;
  d = cilk_spawn [&n] {
    busy(n);
    return 2L * n + 2;
  }();
  busy(1);
  cilk_sync;
  std::printf("sizes %zu %zu doubled %d pair %d %d assigned %ld\n", a.size(),
              b.size(), c, p, q, d);
  return 0;
}
