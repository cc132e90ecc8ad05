// C++ file streams opened by one task and used by another: the
// continuation of a spawn in main opens an std::ofstream and an
// std::ifstream (at np 2 and more, in the process that stole it); after
// the sync main writes the report through the first, asks where it is
// with tellp, closes it, and reads the second with getline. A file stream
// reads, writes and seeks through the descriptor of the FILE it opened,
// which is the opener's: before, main stopped with "fileno() on a FILE
// that process 1 opened", or, in a run without that check, lost the text.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.s %S/Inputs/queries.txt > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.1 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.2 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 %t %t.4 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t %t.2i %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t %t.4i %S/Inputs/queries.txt | diff %t.expected -
// CHECK: fib 1346269, 8 queries summing to 183, report of 5001 lines, 183897 bytes (tellp 183897)

#include <cilk/cilk.h>

#include <fstream>
#include <iostream>
#include <string>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << "usage: " << argv[0] << " REPORT QUERIES\n";
    return 2;
  }
  std::ofstream report;
  std::ifstream queries;
  long f = cilk_spawn fib(31);
  report.open(argv[1]);
  queries.open(argv[2]);
  report << "report\n";
  cilk_sync;

  for (int i = 0; i < 5000; i++)
    report << "line " << i << " of the report, fib " << f << "\n";
  const long told = static_cast<long>(report.tellp());
  report.close();

  int n = 0;
  long sum = 0;
  for (std::string line; std::getline(queries, line); n++)
    sum += std::stol(line);

  std::ifstream check(argv[1], std::ios::binary);
  long lines = 0, bytes = 0;
  for (char c; check.get(c); bytes++)
    lines += c == '\n';
  std::cout << "fib " << f << ", " << n << " queries summing to " << sum
            << ", report of " << lines << " lines, " << bytes
            << " bytes (tellp " << told << ")\n";
  return 0;
}
