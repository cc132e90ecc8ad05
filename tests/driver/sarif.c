// -fdiagnostics-format=sarif: the checks (run by the translator on the
// source) and the compile (of the translation) each give a SARIF document,
// as clang gives one per file; both name the user's file, lines and
// columns, never ito-cc's translation. (Clang 19's SARIF stops at a #line
// marker that names a file, so the translation it compiles names none.)
// (-fno-ito-promote: the diagnostics of stack data the translation would
// otherwise move off the stack.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ito-cc -fno-ito-promote -Wno-error=ito-stack-sharing -fdiagnostics-format=sarif -c %s -o %t/sarif.o 2> %t/err.txt
// RUN: FileCheck %s --input-file=%t/err.txt --implicit-check-not=ito-cc-
// The object is a Cilk program.
// RUN: %ito-cc %t/sarif.o -o %t/prog
// RUN: %ito-run -n 2 %t/prog | count 1

#include <cilk/cilk.h>
#include <stdio.h>

static void add(int *p) { *p += 1; }

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(int z, char **argv) {
  (void)argv;
  cilk_spawn add(&z);
  // CHECK: {"$schema":{{.*}}"results":[{"level":"warning","locations":[{"physicalLocation":{"artifactLocation":{"index":0,"uri":"file://{{[^"]*}}/tests/driver/sarif.c"},"region":{"endColumn":20,"endLine":[[#@LINE-1]],"startColumn":18,"startLine":[[#@LINE-1]]}}}
  // CHECK-SAME: "message":{"text":"spawned task receives the address of parameter 'z' of 'main'; {{.*}} [-Wito-stack-sharing]"}
  cilk_sync;
  printf("%d\n", fib(20) + z);
  // CHECK: {"$schema":{{.*}}"artifacts":[{"length":{{[0-9]+}},"location":{"index":0,"uri":"file://{{[^"]*}}/tests/driver/sarif.c"}
  // CHECK-SAME: "results":[{"level":"warning","locations":[{"physicalLocation":{"artifactLocation":{"uri":"file://{{[^"]*}}/tests/driver/sarif.c"},"region":{"endColumn":29,"endLine":[[#@LINE-2]],"startColumn":18,"startLine":[[#@LINE-2]]}}}
  // CHECK-SAME: "message":{"text":"format specifies type 'int' but the argument has type 'long'"}
  return 0;
}
