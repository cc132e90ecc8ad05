// C++ hands a child a reference to a local in ways with no `&` in sight,
// and each must move the local where the child can reach it: a struct
// whose reference member is bound to it (aggregate initialization), an
// object whose constructor keeps a reference to it, std::tie of two
// locals, a std::span of a std::array, a std::reference_wrapper (also made
// by the call from a plain local, or in a std::optional), and a
// conditional lvalue bound to a reference parameter. Before, each local
// stayed on the stack and the child's writes were lost once the
// continuation was stolen (c 10 -> 3, 17711 -> 0, "6 6" -> "6 3", ...).
// Also spawned calls whose arguments the call converts: a null pointer
// constant, an overloaded function's name, a std::vector to a std::span
// parameter, a local to a std::reference_wrapper parameter (compile errors
// before).
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++20 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 -std=c++20 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: sh -c 'for s in 1 2 3; do ITO_STEAL_SEED=$s %ito-run -n 2 --internode %t | diff %t.expected - || exit 1; done'
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: member 10 ctor 17711 tie 6 6 span 7 7 wrapper 6765 conditional 6765 0 optional 6765
// CHECK-NEXT: null -1 overloaded 49 span-param 7 wrapper-param 6765

#include <array>
#include <cilk/cilk.h>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

struct RefHolder {
  long &x;
};
static void incr(RefHolder h, long v) { h.x += v + fib(22) * 0; }

struct Acc {
  long &t;
  explicit Acc(long &x) : t(x) {}
  void add(int n) { t += fib(n); }
};

static void set_both(std::tuple<long &, long &> t) {
  fib(22);
  std::get<0>(t) = 6;
  std::get<1>(t) = 6;
}

static void fill(std::span<int> s, int v) {
  fib(22);
  for (int &x : s)
    x = v;
}

static void add_fib(std::reference_wrapper<long> r) { r.get() += fib(20); }
static void add_opt(std::optional<std::reference_wrapper<long>> r) {
  r->get() += fib(20);
}
static void inc(long &x) { x += fib(20); }

static long count_null(long *p) { return p ? *p : -1 + fib(20) * 0; }
static long sq(long x) { return x * x; }
static double sq(double x) { return x * x; }
static long apply(long (*f)(long), long x) { return f(x) + fib(20) * 0; }

int main(int argc, char **) {
  long c = 3;
  RefHolder rh{c};
  cilk_spawn incr(rh, 7);
  fib(22);
  cilk_sync;

  long total = 0;
  Acc acc(total);
  cilk_spawn acc.add(22);
  fib(22);
  cilk_sync;

  long a = 0, b = 3;
  cilk_spawn set_both(std::tie(a, b));
  fib(22);
  cilk_sync;

  std::array<int, 4> ar{};
  cilk_spawn fill(std::span<int>(ar), 7);
  fib(22);
  cilk_sync;

  long w = 0;
  std::reference_wrapper<long> rw = w;
  cilk_spawn add_fib(rw);
  fib(21);
  cilk_sync;

  long x = 0, y = 0;
  cilk_spawn inc(argc > 0 ? x : y);
  fib(21);
  cilk_sync;
  // (Deep in std::optional's storage.)
  long q = 0;
  cilk_spawn add_opt(std::optional<std::reference_wrapper<long>>(q));
  fib(21);
  cilk_sync;
  std::printf("member %ld ctor %ld tie %ld %ld span %d %d wrapper %ld "
              "conditional %ld %ld optional %ld\n",
              c, total, a, b, ar[0], ar[3], w, x, y, q);

  long n = cilk_spawn count_null(0);
  long o = cilk_spawn apply(sq, 7);
  std::vector<int> v(4);
  cilk_spawn fill(v, 7);
  long z = 0;
  cilk_spawn add_fib(z);
  fib(21);
  cilk_sync;
  std::printf("null %ld overloaded %ld span-param %d wrapper-param %ld\n", n,
              o, v[3], z);
  return 0;
}
