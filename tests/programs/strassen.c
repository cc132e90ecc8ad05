// Strassen's matrix multiply in the style of the Cilk-5 benchmark: square
// matrices in malloc'd row-major storage with a row stride, the seven
// products spawned at every level, their operands and results in
// temporaries malloc'd and freed inside the recursion, a naive multiply at
// the leaves. Entries are small integers, so every sum is exact and the
// result must equal the naive product entry for entry.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: strassen n 256 ok mismatches 0 checksum -465509

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define CUTOFF 32

// C = A * B, all n x n with row strides lda, ldb, ldc.
static void naive(long n, const double *A, long lda, const double *B, long ldb,
                  double *C, long ldc) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double s = 0;
      for (long k = 0; k < n; k++)
        s += A[i * lda + k] * B[k * ldb + j];
      C[i * ldc + j] = s;
    }
}

// R = X + sign * Y (n x n; R is dense with stride n).
static void add(long n, const double *X, long ldx, const double *Y, long ldy,
                double sign, double *R) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      R[i * n + j] = X[i * ldx + j] + sign * Y[i * ldy + j];
}

static void strassen(long n, const double *A, long lda, const double *B,
                     long ldb, double *C, long ldc) {
  if (n <= CUTOFF) {
    naive(n, A, lda, B, ldb, C, ldc);
    return;
  }
  long h = n / 2;
  const double *A11 = A, *A12 = A + h, *A21 = A + h * lda,
               *A22 = A + h * lda + h;
  const double *B11 = B, *B12 = B + h, *B21 = B + h * ldb,
               *B22 = B + h * ldb + h;
  size_t sz = (size_t)h * h * sizeof(double);
  double *S = malloc(10 * sz);
  double *P = malloc(7 * sz);
  double *S1 = S, *S2 = S + h * h, *S3 = S + 2 * h * h, *S4 = S + 3 * h * h;
  double *S5 = S + 4 * h * h, *S6 = S + 5 * h * h, *S7 = S + 6 * h * h;
  double *S8 = S + 7 * h * h, *S9 = S + 8 * h * h, *S10 = S + 9 * h * h;
  add(h, A11, lda, A22, lda, 1, S1);
  add(h, B11, ldb, B22, ldb, 1, S2);
  add(h, A21, lda, A22, lda, 1, S3);
  add(h, B12, ldb, B22, ldb, -1, S4);
  add(h, B21, ldb, B11, ldb, -1, S5);
  add(h, A11, lda, A12, lda, 1, S6);
  add(h, A21, lda, A11, lda, -1, S7);
  add(h, B11, ldb, B12, ldb, 1, S8);
  add(h, A12, lda, A22, lda, -1, S9);
  add(h, B21, ldb, B22, ldb, 1, S10);
  double *M1 = P, *M2 = P + h * h, *M3 = P + 2 * h * h, *M4 = P + 3 * h * h;
  double *M5 = P + 4 * h * h, *M6 = P + 5 * h * h, *M7 = P + 6 * h * h;
  cilk_spawn strassen(h, S1, h, S2, h, M1, h);    // (A11+A22)(B11+B22)
  cilk_spawn strassen(h, S3, h, B11, ldb, M2, h); // (A21+A22)B11
  cilk_spawn strassen(h, A11, lda, S4, h, M3, h); // A11(B12-B22)
  cilk_spawn strassen(h, A22, lda, S5, h, M4, h); // A22(B21-B11)
  cilk_spawn strassen(h, S6, h, B22, ldb, M5, h); // (A11+A12)B22
  cilk_spawn strassen(h, S7, h, S8, h, M6, h);    // (A21-A11)(B11+B12)
  strassen(h, S9, h, S10, h, M7, h);              // (A12-A22)(B21+B22)
  cilk_sync;
  for (long i = 0; i < h; i++)
    for (long j = 0; j < h; j++) {
      long k = i * h + j;
      C[i * ldc + j] = M1[k] + M4[k] - M5[k] + M7[k];
      C[i * ldc + j + h] = M3[k] + M5[k];
      C[(i + h) * ldc + j] = M2[k] + M4[k];
      C[(i + h) * ldc + j + h] = M1[k] - M2[k] + M3[k] + M6[k];
    }
  free(S);
  free(P);
}

int main(void) {
  long n = 256;
  double *A = malloc(n * n * sizeof(double));
  double *B = malloc(n * n * sizeof(double));
  double *C = malloc(n * n * sizeof(double));
  double *R = malloc(n * n * sizeof(double));
  unsigned s = 12345;
  for (long i = 0; i < n * n; i++) {
    s = s * 1103515245u + 12345u;
    A[i] = (double)((s >> 16) % 7) - 3;
    s = s * 1103515245u + 12345u;
    B[i] = (double)((s >> 16) % 5) - 2;
  }
  strassen(n, A, n, B, n, C, n);
  naive(n, A, n, B, n, R, n);
  long mismatches = 0;
  long long checksum = 0;
  for (long i = 0; i < n * n; i++) {
    if (C[i] != R[i])
      mismatches++;
    checksum += (long long)C[i] * (i % 97 + 1);
  }
  printf("strassen n %ld %s mismatches %ld checksum %lld\n", n,
         mismatches == 0 ? "ok" : "WRONG", mismatches, checksum);
  free(A);
  free(B);
  free(C);
  free(R);
  return 0;
}
