// File-scope data of a Cilk program in C++: objects with constructors
// (a std::vector filled by its constructor before main, a std::string, a
// std::map main fills), static data members, and variables in a namespace.
// Static initialization runs in every process; rank 0's objects are the
// ones every process uses after it, and the memory they own is global, so
// tasks in any process read them.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: weights 4096 sum 8386560 name a name long enough to be on the heap
// CHECK-NEXT: lookups 200 found 100 total 14850 scale 3

#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

static std::vector<long> make_weights() {
  std::vector<long> w(4096);
  std::iota(w.begin(), w.end(), 0);
  return w;
}

std::vector<long> weights = make_weights();
std::string name = "a name long enough to be on the heap";
std::map<int, int> squares;

namespace config {
int scale = 1;
}

struct Stats {
  static long lookups;
};
long Stats::lookups = 0;

static long sum(long lo, long hi) {
  if (hi - lo <= 64) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += weights[i];
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long a = cilk_spawn sum(lo, mid);
  long b = sum(mid, hi);
  cilk_sync;
  return a + b;
}

static long find(int k) {
  auto it = squares.find(k);
  return it == squares.end() ? -1 : it->second * config::scale;
}

int main() {
  long s = sum(0, (long)weights.size());
  std::printf("weights %zu sum %ld name %s\n", weights.size(), s,
              name.c_str());
  for (int k = 0; k < 100; k++)
    squares[2 * k] = k;
  config::scale = 3;
  long *found = new long[200];
  cilk_for (int k = 0; k < 200; k++)
    found[k] = find(k);
  Stats::lookups = 200;
  long hits = 0, total = 0;
  for (int k = 0; k < 200; k++)
    if (found[k] >= 0) {
      hits++;
      total += found[k];
    }
  delete[] found;
  std::printf("lookups %ld found %ld total %ld scale %d\n", Stats::lookups,
              hits, total, config::scale);
  return 0;
}
