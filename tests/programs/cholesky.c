// Sparse Cholesky factorization in the style of the Cilk-5 cholesky
// benchmark: the lower triangle of a symmetric positive definite matrix in
// a quad-tree of malloc'd nodes (four child pointers, null for an all-zero
// quadrant) whose leaves are dense blocks. Fill-in is allocated by the
// spawned children, which hand the new nodes back to their parent through
// receivers that are fields of heap nodes. The factor is checked by
// multiplying L*L^T back and comparing with the original matrix.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: cholesky n 256 nonzeros {{[0-9]+}} leaves before {{[0-9]+}} after
// CHECK-SAME: {{[0-9]+}}
// CHECK-NEXT: ok max error below 1e-9 checksum {{-?[0-9]+\.[0-9]+}}

#include <cilk/cilk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BS 16
typedef double Block[BS][BS];
typedef union node {
  union node *child[4]; // 00, 01, 10, 11
  Block block;
} * Matrix;
enum { _00, _01, _10, _11 };

static Matrix new_leaf(void) { return calloc(1, sizeof(union node)); }

static Matrix new_internal(void) {
  Matrix m = malloc(sizeof(union node));
  for (int i = 0; i < 4; i++)
    m->child[i] = NULL;
  return m;
}

// r -= a * b^T (only the lower triangle when lower).
static void block_schur(Block r, Block a, Block b, int lower) {
  for (int i = 0; i < BS; i++)
    for (int j = 0; j <= (lower ? i : BS - 1); j++) {
      double s = 0;
      for (int k = 0; k < BS; k++)
        s += a[i][k] * b[j][k];
      r[i][j] -= s;
    }
}

static void block_cholesky(Block b) {
  for (int j = 0; j < BS; j++) {
    for (int k = 0; k < j; k++)
      b[j][j] -= b[j][k] * b[j][k];
    b[j][j] = sqrt(b[j][j]);
    for (int i = j + 1; i < BS; i++) {
      for (int k = 0; k < j; k++)
        b[i][j] -= b[i][k] * b[j][k];
      b[i][j] /= b[j][j];
    }
  }
}

// b = b * (l^T)^-1, l lower triangular.
static void block_backsub(Block b, Block l) {
  for (int i = 0; i < BS; i++)
    for (int j = 0; j < BS; j++) {
      for (int k = 0; k < j; k++)
        b[i][j] -= b[i][k] * l[j][k];
      b[i][j] /= l[j][j];
    }
}

// r - a * b^T; r may be null (all zeros), a and b are not.
static Matrix mul_and_subT(int depth, int lower, Matrix a, Matrix b, Matrix r) {
  if (depth == 0) {
    if (!r)
      r = new_leaf();
    block_schur(r->block, a->block, b->block, lower);
    return r;
  }
  if (!r)
    r = new_internal();
  Matrix *a4 = a->child, *b4 = b->child, *r4 = r->child;
  for (int k = 0; k < 2; k++) {
    if (a4[k] && b4[k])
      r4[_00] =
          cilk_spawn mul_and_subT(depth - 1, lower, a4[k], b4[k], r4[_00]);
    if (!lower && a4[k] && b4[2 + k])
      r4[_01] =
          cilk_spawn mul_and_subT(depth - 1, 0, a4[k], b4[2 + k], r4[_01]);
    if (a4[2 + k] && b4[k])
      r4[_10] =
          cilk_spawn mul_and_subT(depth - 1, 0, a4[2 + k], b4[k], r4[_10]);
    if (a4[2 + k] && b4[2 + k])
      r4[_11] = cilk_spawn mul_and_subT(depth - 1, lower, a4[2 + k], b4[2 + k],
                                        r4[_11]);
    cilk_sync;
  }
  return r;
}

// a = a * (l^T)^-1, l a diagonal (lower triangular) node.
static Matrix backsub(int depth, Matrix a, Matrix l) {
  if (depth == 0) {
    block_backsub(a->block, l->block);
    return a;
  }
  Matrix *a4 = a->child, *l4 = l->child;
  if (a4[_00])
    a4[_00] = cilk_spawn backsub(depth - 1, a4[_00], l4[_00]);
  if (a4[_10])
    a4[_10] = cilk_spawn backsub(depth - 1, a4[_10], l4[_00]);
  cilk_sync;
  if (a4[_00] && l4[_10])
    a4[_01] = cilk_spawn mul_and_subT(depth - 1, 0, a4[_00], l4[_10], a4[_01]);
  if (a4[_10] && l4[_10])
    a4[_11] = cilk_spawn mul_and_subT(depth - 1, 0, a4[_10], l4[_10], a4[_11]);
  cilk_sync;
  if (a4[_01])
    a4[_01] = cilk_spawn backsub(depth - 1, a4[_01], l4[_11]);
  if (a4[_11])
    a4[_11] = cilk_spawn backsub(depth - 1, a4[_11], l4[_11]);
  cilk_sync;
  return a;
}

static Matrix cholesky(int depth, Matrix a) {
  if (depth == 0) {
    block_cholesky(a->block);
    return a;
  }
  Matrix *a4 = a->child;
  a4[_00] = cilk_spawn cholesky(depth - 1, a4[_00]);
  cilk_sync;
  if (a4[_10]) {
    a4[_10] = cilk_spawn backsub(depth - 1, a4[_10], a4[_00]);
    cilk_sync;
    a4[_11] = cilk_spawn mul_and_subT(depth - 1, 1, a4[_10], a4[_10], a4[_11]);
    cilk_sync;
  }
  a4[_11] = cilk_spawn cholesky(depth - 1, a4[_11]);
  cilk_sync;
  return a;
}

// The entry (i, j) of the n x n matrix m, allocating its path if create.
static double *entry(Matrix *m, int depth, long n, long i, long j, int create) {
  while (depth > 0) {
    if (!*m) {
      if (!create)
        return NULL;
      *m = new_internal();
    }
    n /= 2;
    m = &(*m)->child[(i >= n) * 2 + (j >= n)];
    i %= n;
    j %= n;
    depth--;
  }
  if (!*m) {
    if (!create)
      return NULL;
    *m = new_leaf();
  }
  return &(*m)->block[i][j];
}

static long count_leaves(int depth, Matrix m) {
  if (!m)
    return 0;
  if (depth == 0)
    return 1;
  long c = 0;
  for (int i = 0; i < 4; i++)
    c += count_leaves(depth - 1, m->child[i]);
  return c;
}

static void free_matrix(int depth, Matrix m) {
  if (!m)
    return;
  if (depth > 0)
    for (int i = 0; i < 4; i++)
      free_matrix(depth - 1, m->child[i]);
  free(m);
}

int main(void) {
  long n = 256;
  int depth = 4; // n / BS == 1 << depth
  double *A = calloc(n * n, sizeof(double));
  unsigned s = 777;
  long nonzeros = 0;
  for (long i = 0; i < n; i++)
    for (int t = 0; t < 3; t++) {
      s = s * 1103515245u + 12345u;
      long j = t == 0   ? i - 1
               : t == 1 ? i - 1 - (long)((s >> 8) % 24)
               : i % 29 ? -1
                        : (long)((s >> 8) % (i + 1));
      if (j < 0 || j == i || A[i * n + j] != 0)
        continue;
      s = s * 1103515245u + 12345u;
      double v = (double)((s >> 8) % 2001) / 1000 - 1;
      A[i * n + j] = A[j * n + i] = v;
      nonzeros += 2;
    }
  for (long i = 0; i < n; i++) {
    double d = 1;
    for (long j = 0; j < n; j++)
      d += fabs(A[i * n + j]);
    A[i * n + i] = d;
    nonzeros++;
  }
  Matrix m = NULL;
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= i; j++)
      if (A[i * n + j] != 0)
        *entry(&m, depth, n, i, j, 1) = A[i * n + j];
  long before = count_leaves(depth, m);
  m = cholesky(depth, m);
  long after = count_leaves(depth, m);
  double *L = calloc(n * n, sizeof(double));
  double checksum = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= i; j++) {
      double *e = entry(&m, depth, n, i, j, 0);
      L[i * n + j] = e ? *e : 0;
      checksum += L[i * n + j] * (double)((i + 3 * j) % 11);
    }
  double maxerr = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= i; j++) {
      double sum = 0;
      for (long k = 0; k <= j; k++)
        sum += L[i * n + k] * L[j * n + k];
      double err = fabs(sum - A[i * n + j]);
      if (err > maxerr)
        maxerr = err;
    }
  printf("cholesky n %ld nonzeros %ld leaves before %ld after %ld\n", n,
         nonzeros, before, after);
  printf("%s max error %s 1e-9 checksum %.6f\n", maxerr < 1e-9 ? "ok" : "WRONG",
         maxerr < 1e-9 ? "below" : "above", checksum);
  free_matrix(depth, m);
  free(A);
  free(L);
  return 0;
}
