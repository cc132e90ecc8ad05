/* A main without Cilk keywords that calls Cilk code in another file. */
#include <stdio.h>

long fib(int n);

int main(void) {
  printf("fib(20)=%ld\n", fib(20));
  return 0;
}
