// A spawned call's result type as C++ code spells it: a member typedef
// (`Box::value_type`, and a pointer to one), a class's own alias used
// inside it (`key_t a = cilk_spawn sum(n - 1)`), a trailing
// `-> decltype(a + b)`, a generic lambda whose type is `decltype(lo)`, and
// a vector of `decltype(x)`. The translation declares where the result
// goes with the type itself: the names these spell mean nothing there
// (before, `struct Box::value_type` and `decltype(a + b)` did not compile).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: box 5 at 7 fib 6765 add 3 8.5 gen 4950 squares 285

#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

struct Box {
  typedef long value_type;
  value_type v = 5, w = 7;
  value_type get() const { return v; }
  const value_type *at() const { return &w; }
};

class Tree {
public:
  using key_t = int;
  static key_t sum(int n) {
    if (n < 2)
      return n;
    key_t a = cilk_spawn sum(n - 1);
    key_t b = sum(n - 2);
    cilk_sync;
    return a + b;
  }
};

template <class A, class B> auto add(A a, B b) -> decltype(a + b) {
  return a + b;
}

template <class T> auto squares(T n) {
  T x = 0;
  std::vector<decltype(x)> out;
  for (T i = 0; i < n; i++)
    out.push_back(i * i);
  return out;
}

int main() {
  Box box;
  long q = cilk_spawn box.get();
  const long *p = cilk_spawn box.at();
  int f = cilk_spawn Tree::sum(20);
  auto g = cilk_spawn add(1L, 2);
  auto h = cilk_spawn add(3.5, 5);
  auto gen = [](auto lo, auto hi) {
    decltype(lo) s = 0;
    for (auto i = lo; i < hi; i++)
      s += i;
    return s;
  };
  long s = cilk_spawn gen(0L, 100L);
  auto sq = cilk_spawn squares(10);
  cilk_sync;
  long total = 0;
  for (int v : sq)
    total += v;
  std::printf("box %ld at %ld fib %d add %ld %g gen %ld squares %ld\n", q, *p,
              f, g, h, s, total);
}
