/* Prints once, from the root task, however many processes run it. */
#include <cilk/cilk_api.h>
#include <stdio.h>

#include "fib.h"

int main(void) {
  printf("fib(%d)=%ld workers=%d\n", FIB_N, fib(FIB_N),
         __cilkrts_get_nworkers());
  return 0;
}
