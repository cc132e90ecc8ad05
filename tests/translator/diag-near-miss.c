// What the keywords expand to, written by hand, is no Cilk construct: no
// diagnostic, even where a spawn, a cilk_for or a cilk_scope would be
// ill-formed, and the file translates to itself, byte for byte.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %ito-translate %s -o %t.c -- -I %ito-include
// RUN: diff %s %t.c
// expected-no-diagnostics

#include <cilk/cilk.h>

#define SPAWNISH __extension__
#define FOR for
#define SCOPE if (1)

static int f(int n) { return n; }

int near_misses(int n) {
  int x = 0;
  // __extension__ inside expressions, as an argument, compound-assigned,
  // returned: where a cilk_spawn is an error.
  x = f(n) + __extension__ f(n);
  x += __extension__ f(n);
  x = f(__extension__ f(n));
  x = SPAWNISH (n + 1);
  (void)__extension__ x;
  // for loops that break, return and jump out: where a cilk_for's body may
  // not.
  for (int i = 0; i < n; i++) {
    if (i == 2)
      break;
  }
  FOR (int i = 0; i < n; i++) {
    if (i == 3)
      goto out;
  }
  for (x = 0;; x++) {
    if (x > n)
      return x;
  }
  // if (1) without braces around a statement: where a cilk_scope body with a
  // spawn must have braces.
  if (1)
    x = __extension__ f(n);
  SCOPE x += f(n);
  // Names that contain the keywords.
  int cilk_spawned = 1, my_cilk_sync = 2, cilk_for_each = 3;
  x += cilk_spawned + my_cilk_sync + cilk_for_each;
out:
  return __extension__ f(x);
}
