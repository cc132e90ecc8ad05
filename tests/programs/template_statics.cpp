// Static data members of class templates and variable templates defined in
// the program: main fills a templated table and sets templated parameters,
// tasks in other processes read them and write their own slots of a
// templated array, main reads the slots after the sync. An explicit
// specialization and an inline static member of a class template too.
// Before, each process had its own copy: np 2 crashed reading the table's
// elements, and the parameters were their initial values elsewhere.
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
// CHECK: table 6560 double 2336.0 bins 2016

#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 200000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

template <class T> struct Table {
  static std::vector<T> data;
  static T scale;
  static inline int calls = 0;
};
template <class T> std::vector<T> Table<T>::data;
template <class T> T Table<T>::scale = 1;
template <> double Table<double>::scale = 0.5;

template <class T> T bias = T(0);

template <int N> struct Histogram {
  static long bins[N];
};
template <int N> long Histogram<N>::bins[N];

template <class T> T total(int lo, int hi) {
  if (hi - lo == 1) {
    Histogram<64>::bins[lo] = lo;
    return spin(Table<T>::data[lo] * Table<T>::scale + bias<T> +
                Table<T>::calls);
  }
  int mid = lo + (hi - lo) / 2;
  T a = cilk_spawn total<T>(lo, mid);
  T b = total<T>(mid, hi);
  cilk_sync;
  return a + b;
}

int main() {
  for (int i = 0; i < 64; i++) {
    Table<long>::data.push_back(i);
    Table<double>::data.push_back(2 * i);
  }
  Table<long>::scale = 3;
  bias<long> = 7;
  bias<double> = 4;
  Table<long>::calls = 1;
  Table<double>::calls = 1;
  long t = total<long>(0, 64);
  double d = total<double>(0, 64); // 0.5 * 2i + 4 + 1
  long bins = 0;
  for (int i = 0; i < 64; i++)
    bins += Histogram<64>::bins[i];
  std::printf("table %ld double %.1f bins %ld\n", t, d, bins);
}
