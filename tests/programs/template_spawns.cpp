// Spawned calls in templates, whose callees' parameters are known only in
// each instantiation: a merge sort of a std::vector<T> & and an out
// parameter long & take the caller's object itself, a const
// std::vector<T> & is shared (not copied at every level), a by-value
// parameter gets the value at the spawn; a local of the template that a
// spawned call takes by reference moves (and the checks see it moved in
// each instantiation). Before, every argument of a
// spawn in a template was copied into the child: the sort sorted copies
// and printed "sorted 0" even on one process.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sorted 1 sum 499500
// CHECK-NEXT: out 10 20
// CHECK-NEXT: total 499500 value 7
// CHECK-NEXT: twice 30 sum 14

#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 20000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

template <typename T> void psort(std::vector<T> &v, size_t lo, size_t hi) {
  if (hi - lo < 16) {
    for (size_t i = lo; i < hi; i++)
      spin(0);
    std::sort(v.begin() + lo, v.begin() + hi);
    return;
  }
  size_t mid = (lo + hi) / 2;
  cilk_spawn psort(v, lo, mid);
  psort(v, mid, hi);
  cilk_sync;
  std::inplace_merge(v.begin() + lo, v.begin() + mid, v.begin() + hi);
}

void compute(long &out, int k) { out = spin(k * 10L); }
template <typename T> void fill_both(T &a, T &b) {
  cilk_spawn compute(a, 1);
  compute(b, 2);
  cilk_sync;
}

template <typename T>
T total(const std::vector<T> &v, size_t lo, size_t hi) {
  if (hi - lo < 16) {
    T s = 0;
    for (size_t i = lo; i < hi; i++)
      s += spin(v[i]);
    return s;
  }
  size_t mid = (lo + hi) / 2;
  T a = cilk_spawn total(v, lo, mid);
  T b = total(v, mid, hi);
  cilk_sync;
  return a + b;
}

template <typename T> T later(T value) { return spin(value); }
template <typename T> T snapshot(T x) {
  T r = cilk_spawn later(x);
  x = 100;
  cilk_sync;
  return r;
}

template <typename T> T twice(int k) {
  T v{};
  cilk_spawn compute(v, k);
  T w;
  compute(w, k + 1);
  cilk_sync;
  return v + w;
}

static void squares(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = spin(i * i);
}
static long sum4(const int (&a)[4]) { return a[0] + a[1] + a[2] + a[3]; }

int main() {
  std::vector<long> v(1000);
  for (int i = 0; i < 1000; i++)
    v[i] = (i * 7919) % 1000;
  psort(v, 0, v.size());
  long s = 0;
  for (long x : v)
    s += x;
  std::printf("sorted %d sum %ld\n", (int)std::is_sorted(v.begin(), v.end()),
              s);
  long a = 0, b = 0;
  fill_both(a, b);
  std::printf("out %ld %ld\n", a, b);
  std::printf("total %ld value %ld\n", total(v, 0, v.size()), snapshot(7L));
  int four[4];
  cilk_spawn squares(four, 4);
  cilk_sync;
  long s4 = cilk_spawn sum4(four);
  cilk_sync;
  std::printf("twice %ld sum %ld\n", twice<long>(1), s4);
  return 0;
}
