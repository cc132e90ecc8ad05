// Separate compilation, several inputs at once, and objects mixed with
// sources, as make and CMake do it.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-cc -c %S/Inputs/twice.c -o %t.dir/twice.o
// RUN: %ito-cc -c %s -o %t.dir/main.o
// RUN: %ito-cc %t.dir/main.o %t.dir/twice.o -o %t.dir/prog-objects
// RUN: %ito-run -n 1 %t.dir/prog-objects | FileCheck %s
// RUN: %ito-cc %s %S/Inputs/twice.c -o %t.dir/prog-sources
// RUN: %ito-run -n 1 %t.dir/prog-sources | FileCheck %s
// RUN: %ito-cc %s %t.dir/twice.o -o %t.dir/prog-mixed
// RUN: %ito-run -n 1 %t.dir/prog-mixed | FileCheck %s
// Without -o, -c writes <name>.o in the working directory, like clang.
// RUN: cd %t.dir && %ito-cc -c %S/Inputs/twice.c && test -f twice.o

#include <ito/ito.h>
#include <stdio.h>

int twice(int);

int main(void) {
  ito_init(NULL, NULL);
  printf("twice(21) = %d\n", twice(21));
  ito_fini();
  return 0;
}

// CHECK: twice(21) = 42
