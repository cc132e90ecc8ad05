// ITO_STATS counts every fork once, whatever the process layout and cache
// policy: the poll countdown that counts them is cut short by the eager
// write-back policy (a release at the next fork), by joins with a stolen
// child, and follows the clock between nodes. fib(20) forks 10945 times;
// each of its 10946 leaves writes its own element of a global array, from
// whichever process runs it.
// RUN: %ito-c++ -O1 -std=c++17 %s -o %t
// RUN: env ITO_STATS=json:- %ito-run -n 1 %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// RUN: env ITO_STATS=json:- %ito-run -n 2 %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// RUN: env ITO_STATS=json:- %ito-run -n 2 --internode %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// RUN: env ITO_STATS=json:- ITO_CACHE_POLICY=write-back %ito-run -n 2 --internode %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// RUN: env ITO_STATS=json:- ITO_CACHE_POLICY=write-back %ito-run -n 4 --internode %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// RUN: env ITO_STATS=json:- ITO_CACHE_POLICY=write-through %ito-run -n 4 %t 2> %t.err | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err --implicit-check-not='"total": {"forks"'
// CHECK: leaves 10946 sum 10946 fib 6765
// STATS: {{^}}"total": {"forks": 10945,{{.*}}

#include <ito/ito.hpp>

#include <cstdio>

namespace {

constexpr long fib_numbers[] = {0,   1,   1,   2,    3,    5,    8,
                                13,  21,  34,  55,   89,   144,  233,
                                377, 610, 987, 1597, 2584, 4181, 6765,
                                10946};

// fib(n)'s leaves write elements [first, first + fib(n + 1)) of leaves.
long fib(long *leaves, int n, long first) {
  if (n < 2) {
    ito::put(leaves + first, 1L);
    return n;
  }
  ito::thread<long> x(fib, leaves, n - 1, first);
  long y = fib(leaves, n - 2, first + fib_numbers[n]);
  return x.join() + y;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const long n_leaves = fib_numbers[21];
  ito::global_vector<long> leaves(n_leaves);
  long *p = leaves.data();
  const long f = ito::root_exec([p] { return fib(p, 20, 0); });
  // Read in SPMD mode: forks here would change the total.
  long sum = 0;
  if (ito::is_master()) {
    for (long i = 0; i < n_leaves; i++)
      sum += ito::get(p + i);
    std::printf("leaves %ld sum %ld fib %ld\n", n_leaves, sum, f);
  }
  ito::barrier();
  return 0;
}
