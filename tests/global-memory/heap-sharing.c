// A Cilk program in C that shares its heap with its tasks, as written for
// one machine: a merge sort over malloc'd arrays (qsort and memcpy at the
// leaves), a binary tree whose nodes children malloc and a parent frees
// (whichever process allocated them), realloc of a block a child made,
// calloc, aligned allocation and strdup. Every process count and layout
// must print what the serial elision prints.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sorted 200000 hash {{[0-9]+}}
// CHECK-NEXT: tree 32767 nodes sum 536854528
// CHECK-NEXT: grown 100000 sum 4999950000
// CHECK-NEXT: zeroed yes aligned yes copies 64 ok

#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct node {
  struct node *left, *right;
  long value;
} node;

static node *build(int depth, long v) {
  node *n = malloc(sizeof *n);
  n->value = v;
  if (depth == 0) {
    n->left = n->right = NULL;
    return n;
  }
  n->left = cilk_spawn build(depth - 1, 2 * v);
  n->right = build(depth - 1, 2 * v + 1);
  cilk_sync;
  return n;
}

static long count(node *n) {
  if (!n)
    return 0;
  long a = cilk_spawn count(n->left);
  long b = count(n->right);
  cilk_sync;
  return 1 + a + b;
}

static long sum_and_free(node *n) {
  if (!n)
    return 0;
  long a = cilk_spawn sum_and_free(n->left);
  long b = sum_and_free(n->right);
  cilk_sync;
  long v = n->value + a + b;
  free(n);
  return v;
}

static int compare(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

static void merge(const int *a, size_t na, const int *b, size_t nb, int *out) {
  size_t i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

static void sort(int *a, int *tmp, size_t n) {
  if (n < 2000) {
    qsort(a, n, sizeof *a, compare);
    return;
  }
  size_t h = n / 2;
  cilk_spawn sort(a, tmp, h);
  sort(a + h, tmp + h, n - h);
  cilk_sync;
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, n * sizeof *a);
}

// A child grows an array its parent made; the parent reads and frees it.
static long *grow(long *a, size_t n) {
  a = realloc(a, n * sizeof *a);
  for (size_t i = 0; i < n; i++)
    a[i] = (long)i;
  return a;
}

static char *copy_of(const char *s, int i) {
  char *c = strdup(s);
  c[0] = (char)('a' + i % 26);
  return c;
}

int main(void) {
  size_t n = 200000;
  int *a = malloc(n * sizeof *a), *tmp = malloc(n * sizeof *tmp);
  unsigned s = 1;
  for (size_t i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (int)(s >> 8);
  }
  sort(a, tmp, n);
  unsigned long h = 0;
  for (size_t i = 0; i < n; i++) {
    if (i && a[i - 1] > a[i]) {
      printf("not sorted at %zu\n", i);
      return 1;
    }
    h = h * 31 + (unsigned)a[i];
  }
  free(tmp);
  free(a);
  printf("sorted %zu hash %lu\n", n, h);

  node *t = build(14, 1);
  long nodes = count(t);
  printf("tree %ld nodes sum %ld\n", nodes, sum_and_free(t));

  long *g = malloc(10 * sizeof *g);
  g = cilk_spawn grow(g, 100000);
  cilk_sync;
  long total = 0;
  for (size_t i = 0; i < 100000; i++)
    total += g[i];
  free(g);
  printf("grown %d sum %ld\n", 100000, total);

  int *z = calloc(1 << 20, sizeof *z);
  char *nonzero = malloc(64);
  cilk_for (int c = 0; c < 64; c++) {
    nonzero[c] = 0;
    for (int i = c << 14; i < (c + 1) << 14; i++)
      nonzero[c] |= z[i] != 0;
  }
  int zero = 1;
  for (int c = 0; c < 64; c++)
    zero = zero && !nonzero[c];
  free(nonzero);
  free(z);
  void *p = NULL;
  int aligned = posix_memalign(&p, 4096, 100) == 0 &&
                (uintptr_t)p % 4096 == 0;
  char *q = aligned_alloc(64, 640);
  aligned = aligned && (uintptr_t)q % 64 == 0;
  free(p);
  free(q);
  char **copies = malloc(64 * sizeof *copies);
  cilk_for (int i = 0; i < 64; i++)
    copies[i] = copy_of("xhello", i);
  int ok = 1;
  for (int i = 0; i < 64; i++) {
    ok = ok && copies[i][0] == 'a' + i % 26 && strcmp(copies[i] + 1, "hello") == 0;
    free(copies[i]);
  }
  free(copies);
  printf("zeroed %s aligned %s copies 64 %s\n", zero ? "yes" : "no",
         aligned ? "yes" : "no", ok ? "ok" : "WRONG");
  return 0;
}
