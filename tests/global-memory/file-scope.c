// File-scope data of a Cilk program in C, as written for one machine: a
// quicksort whose array sits in a file-scope pointer, its size and cutoff
// set by main, a static seed for the serial fill, an initialized table
// main changes before a cilk_for reads it, and a zero-initialized array
// the iterations write and main reads after. One copy for all processes:
// what main writes before a spawn is what the child reads, in any process,
// and what children write is there after the sync.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: n 300000 sorted 1 hash {{[0-9]+}}
// CHECK-NEXT: table 0 1 10 3 sum 28 children 2016

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

int *array;
long n;
static int cutoff = 64;
static unsigned seed;
int table[4] = {0, 1, 2, 3};
long done_by_children[64];

static void swap(long i, long j) {
  int t = array[i];
  array[i] = array[j];
  array[j] = t;
}

static void quicksort(long lo, long hi) {
  if (hi - lo < cutoff) {
    for (long i = lo + 1; i < hi; i++)
      for (long j = i; j > lo && array[j - 1] > array[j]; j--)
        swap(j, j - 1);
    return;
  }
  int pivot = array[lo + (hi - lo) / 2];
  long i = lo, j = hi - 1;
  while (i <= j) {
    while (array[i] < pivot)
      i++;
    while (array[j] > pivot)
      j--;
    if (i <= j)
      swap(i++, j--);
  }
  cilk_spawn quicksort(lo, j + 1);
  quicksort(i, hi);
  cilk_sync;
}

static unsigned next(void) {
  seed = seed * 1103515245u + 12345u;
  return seed >> 8;
}

int main(void) {
  n = 300000;
  cutoff = 32;
  seed = 42;
  array = malloc(n * sizeof *array);
  for (long i = 0; i < n; i++)
    array[i] = (int)(next() % 1000000);
  quicksort(0, n);
  unsigned long h = 0;
  int sorted = 1;
  for (long i = 0; i < n; i++) {
    sorted &= i == 0 || array[i - 1] <= array[i];
    h = h * 31 + (unsigned)array[i];
  }
  printf("n %ld sorted %d hash %lu\n", n, sorted, h);
  free(array);

  table[2] = 10;
  cilk_for (int k = 0; k < 64; k++)
    done_by_children[k] = k + table[k % 4] - table[k % 4];
  long sum = 0, children = 0;
  cilk_for (int k = 0; k < 4; k++)
    table[k] *= 2;
  for (int k = 0; k < 4; k++)
    sum += table[k];
  for (int k = 0; k < 64; k++)
    children += done_by_children[k];
  printf("table %d %d %d %d sum %ld children %ld\n", table[0] / 2,
         table[1] / 2, table[2] / 2, table[3] / 2, sum, children);
  return 0;
}
