#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n; }

int main(void) {
  int x = cilk_spawn f(1);
  cilk_sync;
  int unused = 0;
  printf("%s %d\n", __FILE__, x);
  return 0;
}
