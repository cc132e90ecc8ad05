// Work and span in C++ (-fcilktool=cilkscale): a cilk_for whose iterations
// take known times (its span is the longest iteration), spawned lambdas
// that return std::vector (built in the heap, their triples with them), a
// loop of void spawns (one site, many children before one sync), and the
// phases in series, so that the program's span is the sum of theirs. The
// program measures its leaves itself; the CSV must agree within 10%.
// RUN: %ito-c++ -O2 -std=c++17 -fcilktool=cilkscale %s -o %t
// RUN: %python %S/check_cilkscale.py %ito-run -n 1 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 2 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 4 %t | FileCheck %s
// Between nodes the strands also wait for global memory (the vectors):
// Cilkscale counts it, the leaves' own timings do not.
// RUN: %python %S/check_cilkscale.py --at-least --csv-file %ito-run -n 2 --internode %t | FileCheck %s
// CHECK: sum 2016

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cilk/cilk.h>
#include <cilk/cilkscale.h>
#include <cstdio>
#include <vector>

static volatile unsigned long sink;

static long long now() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A leaf of 1 to 4 units of about 0.3 ms that writes how long it took to
// *out: the first write (which, between nodes, may wait for the block of
// global memory that holds *out) is part of the leaf.
static void leaf(int units, long long *out) {
  long long t0 = now();
  *out = 0;
  unsigned long x = units;
  for (long i = 0; i < units * 200000L; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  *out = now() - t0;
}

struct cost {
  long long work = 0, span = 0;
  void add_series(const cost &c) {
    work += c.work;
    span += c.span;
  }
};

// The work and span of leaves that ran in parallel: their sum, the longest.
static cost parallel(const std::vector<long long> &times) {
  cost c;
  for (long long t : times) {
    c.work += t;
    c.span = std::max(c.span, t);
  }
  return c;
}

static void expect(const char *tag, const cost &c) {
  std::fprintf(stderr, "expected %s %.6f %.6f\n", tag, c.work * 1e-9,
               c.span * 1e-9);
}

// Each child returns its leaf's time in a vector (not plain bytes).
static std::vector<long long> halves(int depth, int id) {
  if (depth == 0) {
    long long t;
    leaf(1 + id % 3, &t);
    return {t};
  }
  auto left = cilk_spawn [&] { return halves(depth - 1, 2 * id); }();
  auto right = halves(depth - 1, 2 * id + 1);
  cilk_sync;
  left.insert(left.end(), right.begin(), right.end());
  return left;
}

int main() {
  cost total;

  // Phase 1: a cilk_for of 64 iterations, one per chunk.
  std::vector<long long> times(64);
  wsp_t t0 = wsp_getworkspan();
#pragma cilk grainsize 1
  cilk_for(int i = 0; i < 64; ++i) leaf(1 + i % 4, &times[i]);
  wsp_t t1 = wsp_getworkspan();
  wsp_dump(t1 - t0, "cilk_for");
  expect("cilk_for", parallel(times));
  total.add_series(parallel(times));

  // Phase 2: spawned lambdas returning vectors.
  std::vector<long long> leaves = halves(5, 0);
  wsp_t t2 = wsp_getworkspan();
  wsp_dump(t2 - t1, "halves");
  expect("halves", parallel(leaves));
  total.add_series(parallel(leaves));

  // Phase 3: a loop of void spawns, all children of one sync.
  std::vector<long long> spawned(24);
  for (int i = 0; i < 24; ++i)
    cilk_spawn [&spawned, i] { leaf(1 + i % 2, &spawned[i]); }();
  cilk_sync;
  wsp_t t3 = wsp_getworkspan();
  wsp_dump(t3 - t2, "spawn-loop");
  expect("spawn-loop", parallel(spawned));
  total.add_series(parallel(spawned));

  expect("-", total);
  long sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += i;
  std::printf("sum %ld\n", sum);
  return 0;
}
