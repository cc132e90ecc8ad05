// In C, `const T v = cilk_spawn f(...)` is well-formed: the translation
// draws no warning (no `T *` to a const object, which clang warns about by
// default: -Wincompatible-pointer-types-discards-qualifiers) and builds with
// -Werror, as the serial elision does; v reads the value after the sync.
// RUN: %ito-cc --ito-no-translate -Werror -O2 %s -o %t.serial
// RUN: %ito-cc -Werror -O2 %s -o %t
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n * 3; }
static long g(int n) { return n * 5L; }

int main(void) {
  const int z = cilk_spawn f(7);
  const long w = cilk_spawn g(7);
  cilk_sync;
  printf("%d %ld\n", z, w);
  return 0;
}
// CHECK: 21 35
