// Stack data a C program shares with its children, as written for one
// machine: n-queens whose boards are alloca'd and aligned through
// (uintptr_t), with the counts of the children in an alloca'd array; a
// local array children fill through addresses of its elements; a local
// array a cilk_for writes; a variable-length array; an address-taken
// scalar a child writes. The translator moves them to global memory, so
// every process count and layout prints the serial elision's answer
// (before, n-queens printed 1437, 906 or 1985 instead of 724 at np 4).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial 10 > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t 10 | diff %t.expected -
// RUN: %ito-run -n 2 %t 10 | diff %t.expected -
// RUN: %ito-run -n 4 %t 10 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t 10 | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t 10 | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: n 10 solutions 724 sum 28 squares 85344 vla 45 flag 7

#include <alloca.h>
#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ok(int n, const char *a) {
  for (int i = 0; i < n; i++) {
    char p = a[i];
    for (int j = i + 1; j < n; j++) {
      char q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return 0;
    }
  }
  return 1;
}

static int nqueens(int n, int j, char *a) {
  if (n == j)
    return 1;
  int *count = alloca(n * sizeof(int));
  memset(count, 0, n * sizeof(int));
  for (int i = 0; i < n; i++) {
    char *b = (char *)(((uintptr_t)alloca((j + 1) * sizeof(char) + 31) + 31) &
                       ~(uintptr_t)31);
    memcpy(b, a, j * sizeof(char));
    b[j] = (char)i;
    if (ok(j + 1, b))
      count[i] = cilk_spawn nqueens(n, j + 1, b);
  }
  cilk_sync;
  int solutions = 0;
  for (int i = 0; i < n; i++)
    solutions += count[i];
  return solutions;
}

static void fill(int *v, int n, int x) {
  for (int i = 0; i < n; i++)
    v[i] = x + i;
}

static void set(int *flag, int v) { *flag = v; }

static long sum_vla(int m) {
  int v[m];
  cilk_for(int i = 0; i < m; i++) v[i] = i;
  long s = 0;
  for (int i = 0; i < m; i++)
    s += v[i];
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  char *a = alloca(n);
  int total = nqueens(n, 0, a);
  int parts[8];
  int sum = 0;
  for (int k = 0; k < 8; k++)
    cilk_spawn fill(&parts[k], 1, k);
  cilk_sync;
  int local[64];
  cilk_for(int i = 0; i < 64; i++) local[i] = i * i;
  for (int k = 0; k < 8; k++)
    sum += parts[k];
  long sq = 0;
  for (int i = 0; i < 64; i++)
    sq += local[i];
  int flag = 0;
  cilk_spawn set(&flag, 7);
  long vla = cilk_spawn sum_vla(10);
  cilk_sync;
  printf("n %d solutions %d sum %d squares %ld vla %ld flag %d\n", n, total,
         sum, sq, vla, flag);
  return 0;
}
