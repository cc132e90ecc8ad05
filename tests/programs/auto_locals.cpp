// A local declared `auto` from a function's result (a std::vector) that a
// spawned call takes by reference moves off the stack; its type is written
// as deduced. Before, the translation wrote std::std::vector<double> and
// did not compile.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: total 90000.0 names 4

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

static std::vector<double> make(int n) {
  std::vector<double> v(n);
  for (int i = 0; i < n; i++)
    v[i] = i % 10;
  return v;
}

static double total(const std::vector<double> &g, int lo, int hi) {
  if (hi - lo <= 1000) {
    double s = 0;
    for (int i = lo; i < hi; i++)
      s += g[i];
    return s;
  }
  int mid = (lo + hi) / 2;
  double a = cilk_spawn total(g, lo, mid);
  double b = cilk_spawn total(g, mid, hi);
  cilk_sync;
  return a + b;
}

static void count(std::vector<std::string> &names, size_t &n) {
  n = names.size();
}

int main() {
  auto v = make(20000);
  const auto names = std::vector<std::string>{"a", "b", "c", "d"};
  auto copy = names;
  size_t n = 0;
  cilk_spawn count(copy, n);
  cilk_sync;
  std::printf("total %.1f names %zu\n", total(v, 0, 20000), n);
  return 0;
}
