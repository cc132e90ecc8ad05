// A file-scope variable of another file that this one writes is recorded
// (its address, name and where it is written) in section
// ito_extern_writes, for libito to check once the program is linked
// (programs/multifile_plain_object.c). Not one written only in an inline
// or static function nothing uses: the record would be the only reference
// to a variable the program need not define (the link failed).
// RUN: %ito-translate %s -- -I %ito-include | FileCheck %s
// RUN: %ito-cc %s %S/Inputs/extern-level.c -o %t
// CHECK: __ito_extern_write_0 __attribute__((section("ito_extern_writes"), used, aligned(8))) = {&level, "level", "{{.*}}extern-writes.c:[[#@LINE+11]]"};
// CHECK-NOT: &verbose
// CHECK-NOT: __ito_extern_write_1

#include <cilk/cilk.h>

extern int verbose, level;
static inline void set_verbose(int v) { verbose = v; }
static int twice(int n) { return 2 * n; }

int main(void) {
  level = 2;
  int a = cilk_spawn twice(level);
  cilk_sync;
  return a - 4;
}
