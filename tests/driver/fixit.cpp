// --ito-fixit (or clang's -Xclang -fixit through ito-c++) applies the
// fix-its of the checks to the user's file, in place, from the translator
// that reads it: a spawned lambda that captures [&] but writes nothing it
// captures becomes [=]. Then the file builds without a word and runs in
// parallel (one line at np=2).
// (-fno-ito-promote: the diagnostics of stack data the translation would
// otherwise move off the stack.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/a.cpp
// RUN: not %ito-c++ -std=c++17 -fno-ito-promote --ito-fixit -c %t/a.cpp 2>&1 | FileCheck %s --check-prefix=APPLIED
// APPLIED: a.cpp:[[#@LINE+16]]:40: error: spawned task captures by reference (with [&]) parameter 'n' of 'fib'; {{.*}} [-Wito-stack-sharing]
// APPLIED: note: FIX-IT applied suggested code changes
// RUN: FileCheck %s --input-file=%t/a.cpp
// RUN: cp %s %t/b.cpp
// RUN: not %ito-c++ -std=c++17 -fno-ito-promote -Xclang -fixit -c %t/b.cpp
// RUN: diff %t/a.cpp %t/b.cpp
// RUN: %ito-c++ -std=c++17 -Werror %t/a.cpp -o %t/prog
// RUN: %ito-run -n 2 %t/prog | count 1

#include <cilk/cilk.h>
#include <cstdio>

static long fib(long n) {
  if (n < 2)
    return n;
  // CHECK: long x = cilk_spawn [=] { return fib(n - 1); }();
  long x = cilk_spawn [&] { return fib(n - 1); }();
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main() {
  std::printf("fib(25)=%ld\n", fib(25));
  return 0;
}
