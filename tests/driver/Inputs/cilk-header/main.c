#include "pfib.h"
#include <stdio.h>

int main(void) {
  pfib_many(8);
  printf("pfib(25)=%ld twice_fib(10)=%ld\n", pfib(25), twice_fib(10));
  return 0;
}
