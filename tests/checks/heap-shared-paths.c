// The program's heap is global memory (heap pointers on every path): heap data
// shared with children, used after a fork or join, or by a cilk_for body is
// fine in any process, so nothing here is reported (-Wito-local-heap is
// retired).
// expected-no-diagnostics
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <stdlib.h>

int f(int n);
void use(int *p);

// The use and the spawn are in exclusive branches.
int exclusive(int n) {
  int *a = malloc(n * sizeof(int));
  int x = 0;
  if (n > 100) {
    x = cilk_spawn f(n);
    cilk_sync;
  } else {
    use(a);
  }
  return x;
}

// Allocated again after the sync.
int fresh(int n) {
  int *a = malloc(sizeof(int));
  use(a);
  free(a);
  int x = cilk_spawn f(n);
  cilk_sync;
  a = malloc(sizeof(int));
  use(a);
  free(a);
  return x;
}

// A scratch buffer of each iteration, freed before the iteration's spawn.
void per_iteration(int n) {
  for (int i = 0; i < n; i++) {
    int *t = malloc(sizeof(int));
    use(t);
    free(t);
    cilk_spawn f(i);
  }
}

// Near misses: each must fire.

// The spawn is on one path to the use.
int one_path(int n) {
  int *a = malloc(sizeof(int));
  int x = 0;
  if (n > 1) {
    x = cilk_spawn f(n);
    cilk_sync;
  }
  use(a);
  return x;
}

// The join of one iteration comes before the use in the next.
int next_iteration(int n) {
  int *a = malloc(sizeof(int));
  int x = 0;
  for (int i = 0; i < n; i++) {
    use(a);
    x = cilk_spawn f(i);
    cilk_sync;
  }
  return x;
}

// A spawn statement (no receiver) moves the task as well.
void spawn_statement(int n) {
  int *a = malloc(sizeof(int));
  cilk_spawn f(n);
  use(a);
  cilk_sync;
}
