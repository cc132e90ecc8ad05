// Lambdas that capture by reference locals of the statement heads C++
// allows declarations in (for, if and switch initializers, a range-based
// for's variable, a cilk_for's variable), a lambda local of a cilk_for
// body that a nested cilk_for calls, a std::function built in a cilk_for
// body, and the address of a temporary a const reference keeps alive: all
// reach tasks of a function that forks, which may run in another process.
// Before, these locals stayed on the stack and np 4 printed wrong sums.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: passes 11994000
// CHECK-NEXT: if-init 10000
// CHECK-NEXT: switch-init 6000
// CHECK-NEXT: range 5997000
// CHECK-NEXT: nested 1045500
// CHECK-NEXT: function 1045500
// CHECK-NEXT: temporary 100500

#include <cilk/cilk.h>
#include <cstdio>
#include <functional>
#include <vector>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 4000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

template <typename F> static void parallel_apply(int lo, int hi, const F &f) {
  if (hi - lo <= 8) {
    for (int i = lo; i < hi; i++)
      f(i);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn parallel_apply(lo, mid, f);
  parallel_apply(mid, hi, f);
  cilk_sync;
}

static void run_range(const std::function<void(int, int)> &fn, int lo,
                      int hi) {
  if (hi - lo <= 4) {
    fn(lo, hi);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn run_range(fn, lo, mid);
  run_range(fn, mid, hi);
  cilk_sync;
}

struct Cfg {
  int scale;
  int off;
};
static Cfg make_cfg(int s) { return Cfg{s, 5}; }
static void apply(std::vector<long> &a, int lo, int hi, const Cfg *c) {
  if (hi - lo <= 2) {
    for (int i = lo; i < hi; i++)
      a[i] += spin(c->scale * i + c->off);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn apply(a, lo, mid, c);
  apply(a, mid, hi, c);
  cilk_sync;
}

static long compute() { return 4; }

template <typename T> static long total(const std::vector<T> &v) {
  long s = 0;
  for (const T &x : v)
    s += static_cast<long>(x);
  return s;
}

int main() {
  const int n = 2000;
  std::vector<long> a(n, 0);
  for (int pass = 1; pass <= 3; pass++)
    parallel_apply(0, n, [&](int i) { a[i] += spin(pass * i); });
  std::printf("passes %ld\n", total(a));

  std::vector<long> b(n, 1);
  if (long k = compute(); k > 0)
    parallel_apply(0, n, [&](int i) { b[i] += spin(k); });
  std::printf("if-init %ld\n", total(b));

  std::vector<long> c(n, 0);
  switch (int k = static_cast<int>(compute()) - 1; k) {
  case 3:
    parallel_apply(0, n, [&](int i) { c[i] = spin(k); });
    break;
  default:
    break;
  }
  std::printf("switch-init %ld\n", total(c));

  std::vector<long> d(n, 0);
  const int weights[] = {1, 2};
  for (int w : weights)
    parallel_apply(0, n, [&](int i) { d[i] += spin(w * i); });
  std::printf("range %ld\n", total(d));

  const int R = 50, C = 40;
  std::vector<double> m(R * C);
  cilk_for (int r = 0; r < R; r++) {
    auto at = [&](int col) -> double & { return m[r * C + col]; };
    cilk_for (int col = 0; col < C; col++)
      at(col) = spin((r + 1) * (col + 1));
  }
  std::printf("nested %.0f\n", static_cast<double>(total(m)));

  std::vector<double> f(R * C);
  cilk_for (int r = 0; r < R; r++) {
    int base = r * C;
    std::function<void(int, int)> fn = [&](int lo, int hi) {
      for (int col = lo; col < hi; col++)
        f[base + col] = spin((r + 1) * (col + 1));
    };
    run_range(fn, 0, C);
  }
  std::printf("function %.0f\n", static_cast<double>(total(f)));

  std::vector<long> t(200);
  const Cfg &cfg = make_cfg(5);
  apply(t, 0, 200, &cfg);
  std::printf("temporary %ld\n", total(t));
  return 0;
}
