// A spawned call whose const reference parameter takes an object that
// cannot be copied (a std::vector of std::unique_ptr): the child gets the
// object itself where every process reaches it. Before, the translation
// did not compile ('call to deleted constructor of std::unique_ptr'): the
// copy made for an object on a task's stack was compiled even for types
// whose container says it can be copied and cannot.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 499500 names 1000

#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

static long sum(const std::vector<std::unique_ptr<long>> &v, size_t lo,
                size_t hi) {
  if (hi - lo <= 16) {
    long s = 0;
    for (size_t i = lo; i < hi; i++)
      s += *v[i];
    return s;
  }
  size_t mid = (lo + hi) / 2;
  long a = cilk_spawn sum(v, lo, mid);
  long b = sum(v, mid, hi);
  cilk_sync;
  return a + b;
}

static size_t names(const std::map<int, std::unique_ptr<std::string>> &m,
                    int lo, int hi) {
  if (hi - lo <= 16) {
    size_t n = 0;
    for (int i = lo; i < hi; i++)
      n += m.at(i)->size() > 0;
    return n;
  }
  int mid = (lo + hi) / 2;
  size_t a = cilk_spawn names(m, lo, mid);
  size_t b = names(m, mid, hi);
  cilk_sync;
  return a + b;
}

int main() {
  std::vector<std::unique_ptr<long>> v;
  std::map<int, std::unique_ptr<std::string>> m;
  for (int i = 0; i < 1000; i++) {
    v.emplace_back(new long(i));
    m[i] = std::make_unique<std::string>(std::to_string(i));
  }
  std::printf("sum %ld names %zu\n", sum(v, 0, v.size()), names(m, 0, 1000));
  return 0;
}
