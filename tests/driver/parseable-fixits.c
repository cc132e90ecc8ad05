// Fix-its of the compile name the user's file and lines
// (-fdiagnostics-parseable-fixits), though clang compiles a translation
// whose lines differ: in C the spawn's entry function goes before its
// function, so main is lines further down there. The translator's own
// fix-its (of the checks) name the user's file too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ito-cc -fdiagnostics-parseable-fixits -c %s -o %t/fixits.o 2>&1 | FileCheck %s --implicit-check-not=fix-it: --implicit-check-not=ito-cc-
// The same fix-its as clang gives for the file itself (its serial elision).
// RUN: %ito-cc -fdiagnostics-parseable-fixits -c %s -o %t/fixits.o 2>&1 | grep fix-it: > %t/ito.txt
// RUN: %clang -I %ito-include -fdiagnostics-parseable-fixits -c %s -o %t/elision.o 2>&1 | grep fix-it: > %t/clang.txt
// RUN: diff %t/clang.txt %t/ito.txt
// And the object is a Cilk program.
// RUN: %ito-cc %t/fixits.o -o %t/prog
// RUN: %ito-run -n 2 %t/prog | count 1

#include <cilk/cilk.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  int n;
  if (n = 20)
    // CHECK: fix-it:"{{.*}}parseable-fixits.c":{[[#@LINE-1]]:7-[[#@LINE-1]]:7}:"("
    // CHECK: fix-it:"{{.*}}parseable-fixits.c":{[[#@LINE-2]]:13-[[#@LINE-2]]:13}:")"
    // CHECK: fix-it:"{{.*}}parseable-fixits.c":{[[#@LINE-3]]:9-[[#@LINE-3]]:10}:"=="
    printf("fib(%d)=%d\n", n, fib(n));
  // CHECK: fix-it:"{{.*}}parseable-fixits.c":{[[#@LINE-1]]:21-[[#@LINE-1]]:23}:"%ld"
  return 0;
}
