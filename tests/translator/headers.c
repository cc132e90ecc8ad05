// Cilk constructs in system headers are not the translator's business; those
// in user headers are.
// RUN: %ito-translate %s -o %t.c -- -I %ito-include -isystem %S/Inputs/system
// RUN: diff %s %t.c
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include \
// RUN:   -isystem %S/Inputs/system -DUSER 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --match-full-lines
// CHECK: {{.*}}user-spawn.h:4:11: error: 'cilk_spawn' in a header is not translated; move the function that uses it to a source file (ito translates one source file at a time)
// CHECK: {{.*}}user-spawn.h:6:3: error: 'cilk_sync' in a header is not translated; move the function that uses it to a source file (ito translates one source file at a time)

#include <system-spawn.h>
#ifdef USER
#include "Inputs/user/user-spawn.h"
#endif

static int id(int n) { return n; }

int main(void) { return system_twice(id, 0); }
