// Library-style C++ (as parallel algorithm libraries write it): templated
// parallel_for / tabulate / reduce / sort / filter helpers that take
// lambdas and functors by value, and lambdas that capture with [&] inside
// templates, where what they capture is known only at instantiation. Before,
// a tabulate's result vector and callable stayed on the stack (the
// template's [&] captures were not seen) and np 4 crashed writing r[i].
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: total 4999997508 sorted 1 evens 50000 first 0 last 100002 sy 47840

#include <cilk/cilk.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>
static volatile unsigned long sink;
static long spin(long v) { unsigned long x = 1; for (int i = 0; i < 3000; i++) x = x * 6364136223846793005UL + (x >> 7); sink = x; return v; }
template <class F> void parallel_for(size_t start, size_t end, F f, long granularity = 0) {
  if (end - start <= 64) { for (size_t i = start; i < end; i++) f(i); return; }
  size_t mid = start + (end - start) / 2;
  cilk_spawn parallel_for(start, mid, f, granularity);
  parallel_for(mid, end, f, granularity);
  cilk_sync;
}
template <class T, class F> std::vector<T> tabulate(size_t n, F f) {
  std::vector<T> r(n);
  parallel_for(0, n, [&](size_t i) { r[i] = f(i); });
  return r;
}
template <class Seq, class Monoid> typename Seq::value_type reduce(const Seq &s, size_t lo, size_t hi, Monoid m) {
  if (hi - lo <= 256) { typename Seq::value_type r = 0; for (size_t i = lo; i < hi; i++) r = m(r, s[i]); return r; }
  size_t mid = (lo + hi) / 2;
  auto a = cilk_spawn reduce(s, lo, mid, m);
  auto b = reduce(s, mid, hi, m);
  cilk_sync;
  return m(a, b);
}
template <class It, class Cmp> void psort(It begin, It end, Cmp less) {
  if (end - begin <= 512) { std::sort(begin, end, less); return; }
  It mid = begin + (end - begin) / 2;
  cilk_spawn psort(begin, mid, less);
  psort(mid, end, less);
  cilk_sync;
  std::inplace_merge(begin, mid, end, less);
}
template <class T> std::vector<T> filter(const std::vector<T> &in, std::function<bool(T)> keep) {
  std::vector<char> flags(in.size());
  cilk_for (size_t i = 0; i < in.size(); i++) flags[i] = keep(in[i]);
  std::vector<T> out;
  for (size_t i = 0; i < in.size(); i++) if (flags[i]) out.push_back(in[i]);
  return out;
}
struct point { double x, y; };
int main() {
  size_t n = 100000;
  auto v = tabulate<long>(n, [](size_t i) { return spin((long)((i * 7919) % 100003)); });
  long total = reduce(v, 0, v.size(), [](long a, long b) { return a + b; });
  psort(v.begin(), v.end(), std::less<long>());
  auto evens = filter<long>(v, [](long x) { return x % 2 == 0; });
  std::vector<point> pts = tabulate<point>(1000, [](size_t i) { return point{(double)i, (double)(i * i % 97)}; });
  double sy = 0; for (auto &p : pts) sy += p.y;
  printf("total %ld sorted %d evens %zu first %ld last %ld sy %.0f\n", total, (int)std::is_sorted(v.begin(), v.end()), evens.size(), v.front(), v.back(), sy);
}
