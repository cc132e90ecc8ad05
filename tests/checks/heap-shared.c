// The program's heap is global memory (malloc, calloc and free): heap data
// shared with children, used after a fork or join, or by a cilk_for body is
// fine in any process, so nothing here is reported (-Wito-local-heap is
// retired).
// expected-no-diagnostics
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <stdlib.h>

void sort(int *a, int n);
int f(int n);

int after_sync(int n) {
  int *a = malloc(n * sizeof(int));
  int x = cilk_spawn f(n);
  a[0] = 1;
  cilk_sync;
  free(a);
  return x;
}

void in_cilk_for(int n) {
  int *a = calloc(n, sizeof(int));
  cilk_for (int i = 0; i < n; i++)
    a[i] = i;
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
  int *v = malloc(4 * sizeof(int));
  v[0] = 0;
  long r = spawns(10);
  v[1] = (int)r;
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
