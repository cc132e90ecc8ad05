// Stack data of a C++ Cilk program that reaches its children, written as
// for one machine: a local int array whose slots the iterations of a
// cilk_for write (each its own), a local std::array a spawned function
// fills through a reference, and a local struct a spawned child updates
// through a pointer. Each must reach the children and come back to the
// parent after the sync, whatever process ran them.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: counts 0 1 4 9 16 25 36 49 total 140
// CHECK-NEXT: array sum 1248 first 0.5 last 225.5
// CHECK-NEXT: stats n 1000 sum 499500 max 999 ok

#include <array>
#include <cilk/cilk.h>
#include <cstdio>

struct stats {
  long n;
  long sum;
  long max;
};

static int square(int i) {
  int r = 0;
  for (int k = 0; k < i; k++)
    r += i;
  return r;
}

static void fill(std::array<double, 16> &a) {
  for (size_t i = 0; i < a.size(); i++)
    a[i] = i * i + 0.5;
}

static void gather(stats *st, int lo, int hi) {
  for (int i = lo; i < hi; i++) {
    st->n++;
    st->sum += i;
    if (i > st->max)
      st->max = i;
  }
}

int main() {
  int counts[8];
  cilk_for(int i = 0; i < 8; i++) counts[i] = square(i);
  int total = 0;
  std::printf("counts");
  for (int i = 0; i < 8; i++) {
    std::printf(" %d", counts[i]);
    total += counts[i];
  }
  std::printf(" total %d\n", total);

  std::array<double, 16> arr{};
  cilk_spawn fill(arr);
  stats st = {0, 0, -1};
  cilk_spawn gather(&st, 0, 1000);
  cilk_sync;
  double sum = 0;
  for (double x : arr)
    sum += x;
  std::printf("array sum %g first %g last %g\n", sum, arr.front(), arr.back());
  std::printf("stats n %ld sum %ld max %ld %s\n", st.n, st.sum, st.max,
              st.n == 1000 && st.sum == 499500 ? "ok" : "WRONG");
  return 0;
}
