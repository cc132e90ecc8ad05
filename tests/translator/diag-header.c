// Cilk in a user header is not translated (ito translates one source file at
// a time): an error at each construct there, naming the header; the same
// header as a system header is not the translator's business.
// RUN: %ito-translate %s -- -I %ito-include -I %S/Inputs/user -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include -I %S/Inputs/user 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %ito-translate %s -- -I %ito-include -isystem %S/Inputs/user -Xclang -verify=system

// expected-error@user-spawn.h:4 {{'cilk_spawn' in a header is not translated; move the function that uses it to a source file (ito translates one source file at a time)}}
// expected-error@user-spawn.h:6 {{'cilk_sync' in a header is not translated}}
// CHECK: user-spawn.h:4:11: error: 'cilk_spawn' in a header is not translated
// CHECK: user-spawn.h:6:3: error: 'cilk_sync' in a header is not translated
// system-no-diagnostics

#include <cilk/cilk.h>
#include <user-spawn.h>

static int id(int n) { return n; }

// The source's own Cilk is fine.
int twice(int n) {
  int x = cilk_spawn id(n);
  cilk_sync;
  return x + user_twice(id, n);
}
