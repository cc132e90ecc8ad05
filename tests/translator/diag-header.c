// Cilk in a user header is translated along with the source that includes
// it, so it is no error (the checks still run there); the same header as a
// system header is not the translator's business. A header with Cilk code
// that is included twice without an include guard has no one translation:
// an error at the second #include.
// RUN: %ito-translate %s --header-dir=%t.dir -- -I %ito-include -I %S/Inputs/user -Xclang -verify
// RUN: %ito-translate %s -- -I %ito-include -isystem %S/Inputs/user -Xclang -verify
// RUN: not %ito-translate %s --header-dir=%t.dir -- -I %ito-include -I %S/Inputs/user -DTWICE 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: diag-header.c:[[#@LINE+7]]:10: error: this includes '{{.*}}user-spawn.h' again, and ito translates it (it has Cilk code, or locals that move off the stack): a header must be translated once, so it needs an include guard or #pragma once
// expected-no-diagnostics

#include <cilk/cilk.h>
#include <user-spawn.h>
#ifdef TWICE
#define user_twice user_twice_again
#include <user-spawn.h>
#endif

static int id(int n) { return n; }

// The source's own Cilk is fine.
int twice(int n) {
  int x = cilk_spawn id(n);
  cilk_sync;
  return x + user_twice(id, n);
}
