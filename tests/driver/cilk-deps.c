// Dependency files of a Cilk source name the original source (and its
// headers), never the translation in ito-cc's temporary directory: -M and
// -MM (which preprocess the original), -MD and -MMD along a compile, with or
// without -MF and -o.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/cwd
//
// RUN: %ito-cc -I %S/Inputs/include -M %s | FileCheck %s --check-prefix=M
// M: cilk-deps.o:
// M: cilk-deps.c
// M: cilk/cilk.h
// M: Inputs/include/cilk-deps.h
// RUN: %ito-cc -I %S/Inputs/include -MM %s | FileCheck %s --check-prefix=MM
// MM: cilk-deps.o:
// MM: cilk-deps.c
// MM: Inputs/include/cilk-deps.h
//
// -MD with -MF: the named file.
// RUN: %ito-cc -I %S/Inputs/include -MD -MF %t.dir/named.d -c %s -o %t.dir/named.o
// RUN: FileCheck %s --check-prefix=MD --input-file=%t.dir/named.d
// MD: named.o:
// MD: tests/driver/cilk-deps.c
// MD: Inputs/include/cilk-deps.h
//
// -MD with -o: the .d beside the object.
// RUN: %ito-cc -I %S/Inputs/include -MD -c %s -o %t.dir/beside.o
// RUN: FileCheck %s --check-prefix=BESIDE --input-file=%t.dir/beside.d
// BESIDE: beside.o:
// BESIDE: tests/driver/cilk-deps.c
// BESIDE: Inputs/include/cilk-deps.h
//
// -MMD without -o: <name>.d and <name>.o in the working directory.
// RUN: cd %t.dir/cwd && %ito-cc -I %S/Inputs/include -MMD -c %s
// RUN: FileCheck %s --check-prefix=MMD --input-file=%t.dir/cwd/cilk-deps.d
// MMD: cilk-deps.o:
// MMD: tests/driver/cilk-deps.c
// MMD: Inputs/include/cilk-deps.h
//
// Nowhere the temporary directory (ito-cc-*), nor a dependency missing.
// RUN: cat %t.dir/named.d %t.dir/beside.d %t.dir/cwd/cilk-deps.d | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: ito-cc-
// And the objects link and run.
// RUN: %ito-cc %t.dir/beside.o -o %t.dir/prog
// RUN: %ito-run -n 2 %t.dir/prog | FileCheck %s
// CHECK: fib(12)=144

#include <cilk/cilk.h>
#include <cilk-deps.h>
#include <stdio.h>

static int fib(int n) {
  if (n < 2)
    return n;
  int x = cilk_spawn fib(n - 1);
  int y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  printf("fib(%d)=%d\n", DEPS_N, fib(DEPS_N));
  return 0;
}
