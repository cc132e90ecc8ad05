// The C++ side of main_io.c: main reads queries with std::cin (untied from
// C stdio), answers each with a solver object whose member functions fork
// and with a function that returns a std::vector built in parallel, and
// writes to a std::ofstream it opened and to std::cout. Both streams are
// process 0's, so main must be there whenever it uses them.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.file.serial < %S/Inputs/queries.txt > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t %t.file.2 < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.2
// RUN: %ito-run -n 4 %t %t.file.4 < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.4
// RUN: %ito-run -n 2 --internode %t %t.file.2i < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.2i
// RUN: %ito-run -n 4 --internode %t %t.file.4i < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.4i
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: 20: paths 12871 table 241 tail 6765
// CHECK: total 8 queries

#include <cilk/cilk.h>
#include <fstream>
#include <iostream>
#include <vector>

class Solver {
public:
  long paths(int r, int c) {
    if (r == 0 || c == 0)
      return 1;
    if (r + c < 10) {
      long a = paths(r - 1, c);
      return a + paths(r, c - 1);
    }
    long a = cilk_spawn paths(r - 1, c);
    long b = paths(r, c - 1);
    cilk_sync;
    return a + b;
  }
  int calls = 0;
  long run(int n) {
    calls++;
    return paths(n, n);
  }
};

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

std::vector<long> table(int n) {
  std::vector<long> t(n);
  cilk_for (int i = 0; i < n; i++)
    t[i] = fib(i);
  return t;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  std::ios::sync_with_stdio(false);
  std::ofstream file(argv[1]);
  Solver solver;
  int n;
  while (std::cin >> n) {
    // The child is short: the continuation, stolen, syncs last.
    long q = cilk_spawn fib(n % 3);
    long p = solver.run(n % 5 + 8);
    cilk_sync;
    p += q;
    std::vector<long> t = table(n + 1);
    long sum = 0;
    for (long x : t)
      sum += x > 100 ? 1 : x;
    file << n << ' ' << p << ' ' << t.back() << '\n';
    std::cout << n << ": paths " << p << " table " << sum << " tail "
              << t.back() << '\n';
  }
  file.close();
  std::cout << "total " << solver.calls << " queries\n";
  return 0;
}
