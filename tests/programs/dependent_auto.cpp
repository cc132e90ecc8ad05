// An `auto` local whose type depends on a template parameter, in a function
// that spawns (a quicksort template with `auto pivot = *first;` used by a
// lambda): the translation leaves it where it is rather than writing
// `typedef auto` for it. Before, the translation did not compile ("'auto'
// not allowed in typedef").
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: 23 sorted 1 first 0 last 9999

#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

int work(int x) { return x * 2; }

template <typename T, typename F> int apply(T *p, F fn) {
  auto v = *p;
  int a = cilk_spawn work(1);
  int b = fn(v);
  cilk_sync;
  return a + b;
}

template <typename It, typename Less>
void quicksort(It first, It last, Less less) {
  if (last - first < 64) {
    std::sort(first, last, less);
    return;
  }
  auto pivot = *(first + (last - first) / 2);
  It mid1 = std::partition(first, last,
                           [&](const auto &x) { return less(x, pivot); });
  It mid2 = std::partition(mid1, last,
                           [&](const auto &x) { return !less(pivot, x); });
  cilk_spawn quicksort(first, mid1, less);
  quicksort(mid2, last, less);
  cilk_sync;
}

int main() {
  int x = 20;
  int r = apply(&x, [](int y) { return y + 1; });
  std::vector<int> v(10000);
  for (int i = 0; i < 10000; i++)
    v[i] = (i * 7919) % 10000;
  quicksort(v.begin(), v.end(), [](int a, int b) { return a < b; });
  std::printf("%d sorted %d first %d last %d\n", r,
              std::is_sorted(v.begin(), v.end()) ? 1 : 0, v.front(), v.back());
  return 0;
}
