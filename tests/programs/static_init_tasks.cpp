// Cilk code that runs before main and after it: a file-scope table built
// by a function with a cilk_for, an object whose constructor spawns, a
// constructor function, and a static destructor with a cilk_for (run once
// for the job, after main). Each runs serially in each process, as in the
// serial elision; main's tasks then read process 0's tables. Before, the
// first fork stopped every run, also at np 1, with a message about
// ito::root_exec(), which the program never calls.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: table 8383920 pair 56 early 4950
// CHECK-NEXT: tasks 8387504
// CHECK-NEXT: at exit 2016

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

static std::vector<long> build_table(int n) {
  std::vector<long> t(n);
  cilk_for (int i = 0; i < n; i++)
    t[i] = 2L * i;
  return t;
}
static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

struct Pair {
  long first, second;
  Pair() {
    first = cilk_spawn fib(10);
    second = fib(2);
    cilk_sync;
  }
};
struct Report {
  ~Report() {
    long s = 0;
    std::vector<long> v(64);
    cilk_for (int i = 0; i < 64; i++)
      v[i] = i;
    for (long x : v)
      s += x;
    std::printf("at exit %ld\n", s);
  }
};

static std::vector<long> table = build_table(2896);
static Pair pair;
static long early;
static Report report;

__attribute__((constructor)) static void compute_early() {
  std::vector<long> v(100);
  cilk_for (int i = 0; i < 100; i++)
    v[i] = i;
  for (long x : v)
    early += x;
}

static long total(int lo, int hi) {
  if (hi - lo <= 64) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += table[i];
    return spin(s) + pair.first + pair.second;
  }
  int mid = lo + (hi - lo) / 2;
  long a = cilk_spawn total(lo, mid);
  long b = total(mid, hi);
  cilk_sync;
  return a + b;
}

int main() {
  long sum = 0;
  for (long x : table)
    sum += x;
  std::printf("table %ld pair %ld early %ld\n", sum, pair.first + pair.second,
              early);
  std::printf("tasks %ld\n", total(0, (int)table.size()));
  return 0;
}
