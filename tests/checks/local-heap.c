// -Wito-local-heap (C): memory from malloc is in the heap of the process
// that allocated it. Used after a fork or join, or by a cilk_for body, it
// may be used from another process.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <stdlib.h>

void sort(int *a, int n);
int f(int n);

int after_sync(int n) {
  int *a = malloc(n * sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'a' gets it here}}
  int x = cilk_spawn f(n); // expected-note {{the task may go on in another process after this cilk_spawn}}
  a[0] = 1; // expected-error {{'a' is used after a fork or join, but points to memory that 'after_sync' allocated with malloc in its own process}}
  cilk_sync;
  free(a);
  return x;
}

void in_cilk_for(int n) {
  int *a = calloc(n, sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'a' gets it here}}
  cilk_for (int i = 0; i < n; i++)
    a[i] = i; // expected-error {{cilk_for body uses 'a', which points to memory that 'in_cilk_for' allocated with calloc in its own process; the iterations may run in other processes}}
}

long spawns(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn spawns(n - 1);
  long b = spawns(n - 2);
  cilk_sync;
  return a + b;
}

// main is the root task: a call to a function that forks moves it too.
int main(void) {
  int *v = malloc(4 * sizeof(int)); // expected-note {{allocated here, in the heap of this process}} expected-note {{'v' gets it here}}
  v[0] = 0;
  long r = spawns(10); // expected-note {{the task may go on in another process after this call to 'spawns', which forks or joins}}
  v[1] = (int)r; // expected-error {{'v' is used after a fork or join}}
  free(v);
  return 0;
}

// Near misses: used before any fork, or only in the child.
int before(int n) {
  int *a = malloc(sizeof(int));
  a[0] = n;
  int k = a[0];
  free(a);
  int x = cilk_spawn f(k);
  cilk_sync;
  return x;
}
