// The variables a Cilk source defines at file scope, and the static locals
// of its functions, go into the sections libito shares between processes:
// ito_globals when the declaration has an initializer, ito_zglobals when
// none of its declarators has one; a declaration of scalars only (numbers,
// pointers) into ito_gscalars or ito_zscalars, 16 bytes aligned each, which
// libito writes back whole. Nothing else moves: constants,
// thread_local data, static locals of inline functions, declarations of
// variables defined elsewhere, and variables that already name a section.
// RUN: %ito-translate %s -- -I %ito-include > %t.c
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.c | FileCheck %s --implicit-check-not=ito_globals --implicit-check-not=ito_zglobals --implicit-check-not=scalars
// RUN: %clang -fsyntax-only -I %ito-include %t.c

#include <cilk/cilk.h>

// CHECK: __attribute__((section("ito_zscalars"), aligned(16))) int n;
int n;
// CHECK: __attribute__((section("ito_gscalars"), aligned(16))) static int cutoff = 64;
static int cutoff = 64;
// CHECK: __attribute__((section("ito_gscalars"), aligned(16))) long a = 1, b;
long a = 1, b;
// CHECK: __attribute__((section("ito_zglobals"))) double grid[16][16], *row;
double grid[16][16], *row;
// CHECK: __attribute__((section("ito_gscalars"), aligned(16))) int *array = 0;
int *array = 0;
const int limit = 10;
_Thread_local int scratch;
extern int elsewhere;
__attribute__((section("mine"))) int own = 1;

static inline int inlined(void) {
  static int once = 1;
  return once;
}

static long work(int k) {
  // CHECK: __attribute__((section("ito_zscalars"), aligned(16))) static int calls;
  static int calls;
  // CHECK: __attribute__((section("ito_globals"))) static long memo[4] = {1};
  static long memo[4] = {1};
  static const int fixed = 3;
  memo[k % 4] += fixed + inlined();
  calls++;
  return k + limit + cutoff + n + scratch + elsewhere + own;
}

long run(int k) {
  long x = cilk_spawn work(k);
  long y = work(k + 1);
  cilk_sync;
  return x + y + a + b + (long)grid[0][0] + (row ? 1 : 0) + (array ? 1 : 0);
}
