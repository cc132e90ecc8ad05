// C++ programs end as their serial elision would: an uncaught exception
// reaches std::terminate (status 134) with the stack where it was thrown,
// and std::exit in a task runs the static destructors of the process that
// calls it. Written as an ordinary Cilk program.
//
// RUN: %ito-c++ -O1 -g -std=c++17 %s -o %t
//
// An exception thrown in main, outside any spawn:
// RUN: %expect-status 134 %ito-run -n 2 %t main 2>&1 | FileCheck --check-prefix=MAIN %s
// RUN: %expect-status 134 %ito-run -n 2 --internode %t main 2>&1 | FileCheck --check-prefix=MAIN %s
// MAIN: terminate called after throwing an instance of 'std::logic_error'
// MAIN-NEXT: what(): bad input
// MAIN-NEXT: ito: error (rank 0): the program called abort() (SIGABRT)
// MAIN-NEXT: backtrace (most recent call first):
//
// An exception that leaves a spawned task goes up through the syncs, in
// whatever process they run, as in the serial elision; nothing catches it,
// so it reaches std::terminate:
// RUN: %expect-status 134 %ito-run -n 2 %t task 2>&1 | FileCheck --check-prefix=TASK %s
// RUN: %expect-status 134 %ito-run -n 4 --internode %t task 2>&1 | FileCheck --check-prefix=TASK %s
// TASK: terminate called after throwing an instance of 'std::runtime_error'
// TASK-NEXT: what(): leaf 3 failed
// TASK-NEXT: ito: error (rank {{[0-3]}}): the program called abort() (SIGABRT)
// TASK-NEXT: backtrace (most recent call first):
// TASK-NEXT: #0 sum(char const*, int, int) at {{.*}}exception.cpp:{{[0-9]+}}:
// TASK-NOT: ito: error
//
// std::exit in a task: the calling process's static destructors run.
// RUN: %expect-status 4 %ito-run -n 1 %t exit 2>&1 | FileCheck --check-prefix=EXIT %s
// RUN: %expect-status 4 %ito-run -n 2 %t exit 2>&1 | FileCheck --check-prefix=EXIT %s
// EXIT: exiting from leaf 3
// EXIT: static destructor
// EXIT-NOT: ito:

#include <cilk/cilk.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

struct announces_destruction {
  ~announces_destruction() { std::printf("static destructor\n"); }
} static_object;

static long leaf(const char *how, int i) {
  if (i == 3 && std::strcmp(how, "task") == 0)
    throw std::runtime_error("leaf " + std::to_string(i) + " failed");
  if (i == 3 && std::strcmp(how, "exit") == 0) {
    std::printf("exiting from leaf %d\n", i);
    std::exit(4);
  }
  return i;
}

static long sum(const char *how, int lo, int hi) {
  if (hi - lo == 1)
    return leaf(how, lo);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn sum(how, lo, mid);
  long b = sum(how, mid, hi);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "none";
  if (std::strcmp(how, "main") == 0)
    // MAIN-NEXT: #0 main at {{.*}}exception.cpp:[[@LINE+2]]:
    // MAIN-NOT: ito: error
    throw std::logic_error("bad input");
  std::printf("%ld\n", sum(how, 0, 16));
  return 0;
}
