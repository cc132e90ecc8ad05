// Parallel quicksort in C++ as in the OpenCilk tutorials: the array from
// new int[n], a Hoare partition around a median of three, the two sides
// sorted by a spawned call and the continuation, std::sort below a cutoff.
// The result must be sorted, hold the same values (sum and xor), and match
// a copy sorted with std::sort.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: qsort n 500000 sorted 1 same 1 sum {{[0-9]+}} xor {{[0-9]+}} median
// CHECK-SAME: {{[0-9]+}}

#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <cstring>

static const long cutoff = 2048;

static void pqsort(int *begin, int *end) {
  if (end - begin < cutoff) {
    std::sort(begin, end);
    return;
  }
  int *mid = begin + (end - begin) / 2;
  int a = *begin, b = *mid, c = *(end - 1);
  int pivot = std::max(std::min(a, b), std::min(std::max(a, b), c));
  int *i = begin - 1, *j = end;
  for (;;) {
    do
      ++i;
    while (*i < pivot);
    do
      --j;
    while (*j > pivot);
    if (i >= j)
      break;
    std::swap(*i, *j);
  }
  cilk_spawn pqsort(begin, j + 1);
  pqsort(j + 1, end);
  cilk_sync;
}

int main() {
  const long n = 500000;
  int *a = new int[n];
  unsigned s = 31337;
  for (long i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (int)((s >> 4) % 1000000);
  }
  int *copy = new int[n];
  std::memcpy(copy, a, n * sizeof(int));
  pqsort(a, a + n);
  std::sort(copy, copy + n);
  unsigned long long sum = 0;
  unsigned x = 0;
  for (long i = 0; i < n; i++) {
    sum += (unsigned)a[i];
    x ^= (unsigned)a[i] * 2654435761u;
  }
  bool sorted = std::is_sorted(a, a + n);
  bool same = std::equal(a, a + n, copy);
  std::printf("qsort n %ld sorted %d same %d sum %llu xor %u median %d\n", n,
              sorted, same, sum, x, a[n / 2]);
  delete[] a;
  delete[] copy;
  return 0;
}
