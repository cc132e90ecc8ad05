// -Wito-local-heap follows control flow: a use counts only when some path
// leads to it from a fork or join, and the memory it reaches was allocated
// before that fork or join (a new value in the variable is this process's).
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
  int *a = malloc(sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'a' gets it here}}
  int x = 0;
  if (n > 1) {
    x = cilk_spawn f(n); // expected-note {{the task may go on in another process after this cilk_spawn}}
    cilk_sync;
  }
  use(a); // expected-error {{'a' is used after a fork or join, but points to memory that 'one_path' allocated with malloc in its own process}}
  return x;
}

// The join of one iteration comes before the use in the next.
int next_iteration(int n) {
  int *a = malloc(sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'a' gets it here}}
  int x = 0;
  for (int i = 0; i < n; i++) {
    use(a); // expected-error {{'a' is used after a fork or join}}
    x = cilk_spawn f(i); // expected-note {{the task may go on in another process after this cilk_spawn}}
    cilk_sync;
  }
  return x;
}

// A spawn statement (no receiver) moves the task as well.
void spawn_statement(int n) {
  int *a = malloc(sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'a' gets it here}}
  cilk_spawn f(n); // expected-note {{the task may go on in another process after this cilk_spawn}}
  use(a); // expected-error {{'a' is used after a fork or join}}
  cilk_sync;
}
