// Function-local static objects are destroyed at exit, as in C++, in
// reverse order of construction: a logger in main, a tally first built by
// whichever task gets there (in any process), and a std::ofstream whose
// buffered text reaches its file only when it is destroyed. Before, the
// translation built such statics once for the job but never destroyed
// them: the last lines and the file's contents were lost.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: cd %t.dir && %t.serial > %t.expected && cat log.txt >> %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: rm -f %t.dir/log.txt && cd %t.dir && %ito-run -n 1 %t > %t.out && cat log.txt >> %t.out && diff %t.expected %t.out
// RUN: rm -f %t.dir/log.txt && cd %t.dir && %ito-run -n 4 %t > %t.out && cat log.txt >> %t.out && diff %t.expected %t.out
// RUN: rm -f %t.dir/log.txt && cd %t.dir && %ito-run -n 3 --internode %t > %t.out && cat log.txt >> %t.out && diff %t.expected %t.out
// RUN: FileCheck %s --match-full-lines --input-file=%t.expected
// CHECK: fib(24) = 46368
// CHECK-NEXT: tally destroyed after 75025 leaves
// CHECK-NEXT: logger destroyed
// CHECK-NEXT: fib(24) = 46368

#include <cilk/cilk.h>
#include <atomic>
#include <cstdio>
#include <fstream>

struct Logger {
  ~Logger() { std::printf("logger destroyed\n"); }
};

struct Tally {
  std::atomic<long> leaves{0};
  ~Tally() { std::printf("tally destroyed after %ld leaves\n", leaves.load()); }
};

static Tally &tally() {
  static Tally t;
  return t;
}

static std::ofstream &log_file() {
  static std::ofstream f("log.txt");
  return f;
}

static long fib(int n) {
  if (n < 2) {
    tally().leaves++;
    return n;
  }
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main() {
  static Logger logger;
  long r = fib(24);
  std::printf("fib(24) = %ld\n", r);
  log_file() << "fib(24) = " << r << "\n";
  return 0;
}
