/* A Cilk program whose tasks write table.c's array through its functions. */
#include <cilk/cilk.h>
#include <stdio.h>

void table_set(int i, int v);
int table_get(int i);

int main(void) {
  cilk_for (int i = 0; i < 4096; i++)
    table_set(i, 3 * i + 1);
  long s = 0;
  for (int i = 0; i < 4096; i++)
    s += table_get(i);
  printf("sum %ld\n", s);
  return 0;
}
