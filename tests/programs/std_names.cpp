// A C++ Cilk program whose own functions are named like the standard
// algorithms (search, merge, sort, partition) and take standard types, so
// that argument-dependent lookup also looks in std. It includes neither
// <algorithm> nor <functional>, and compiles with clang -fopencilk; the
// translation must not bring those in. Before, ito's headers did: "call to
// 'search' is ambiguous" (std::search with a searcher, from <functional>),
// and a merge sort's merge met std::merge.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// CHECK: best 4242 sorted 1 sum 49995000

#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <vector>

using It = std::vector<long>::iterator;

void search(long lo, long hi, std::atomic<long> &best) {
  if (hi - lo <= 256) {
    for (long i = lo; i < hi; ++i)
      if (i % 4242 == 0 && i > 0) {
        long cur = best.load();
        while ((cur < 0 || i < cur) && !best.compare_exchange_weak(cur, i)) {
        }
      }
    return;
  }
  long mid = lo + (hi - lo) / 2;
  cilk_spawn search(lo, mid, best);
  search(mid, hi, best);
  cilk_sync;
}

void merge(It a, It a_end, It b, It b_end, It out) {
  while (a != a_end && b != b_end)
    *out++ = *b < *a ? *b++ : *a++;
  while (a != a_end)
    *out++ = *a++;
  while (b != b_end)
    *out++ = *b++;
}

void sort(It begin, It end, It tmp) {
  long n = end - begin;
  if (n <= 64) {
    for (It i = begin + 1; i < end; ++i)
      for (It j = i; j > begin && *j < *(j - 1); --j) {
        long t = *j;
        *j = *(j - 1);
        *(j - 1) = t;
      }
    return;
  }
  It mid = begin + n / 2;
  cilk_spawn sort(begin, mid, tmp);
  sort(mid, end, tmp + n / 2);
  cilk_sync;
  merge(begin, mid, mid, end, tmp);
  for (long i = 0; i < n; i++)
    begin[i] = tmp[i];
}

long partition(const std::vector<long> &v, long lo, long hi) {
  if (hi - lo <= 1000) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += v[i];
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long a = cilk_spawn partition(v, lo, mid);
  long b = partition(v, mid, hi);
  cilk_sync;
  return a + b;
}

int main() {
  std::atomic<long> best{-1};
  search(0, 1 << 16, best);
  std::vector<long> v(10000), tmp(10000);
  for (long i = 0; i < 10000; i++)
    v[i] = (i * 7919) % 10000;
  sort(v.begin(), v.end(), tmp.begin());
  int sorted = 1;
  for (long i = 1; i < 10000; i++)
    sorted &= v[i - 1] <= v[i];
  std::printf("best %ld sorted %d sum %ld\n", best.load(), sorted,
              partition(v, 0, 10000));
  return 0;
}
