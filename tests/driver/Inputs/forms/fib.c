/* A Cilk program that prints one line from main: built as a Cilk program it
 * prints it once, whatever the number of processes; linked as a plain
 * program, every process runs main and prints it. */
#include <cilk/cilk.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  printf("fib(25)=%ld\n", fib(25));
  return 0;
}
