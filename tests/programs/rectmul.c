// Rectangular matrix multiply in the style of the Cilk-5 rectmul
// benchmark: C (m x n) = A (m x k) * B (k x n) over malloc'd row-major
// matrices, splitting the largest of the three dimensions in half. Halves
// of m or n write disjoint parts of C and are spawned; halves of k both add
// into C, so the second runs after the first. Entries are small integers,
// so the result must equal a plain triple loop's exactly.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: rectmul 300x200 * 200x250 ok mismatches 0 checksum {{-?[0-9]+}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

// C = A * B (or C += A * B when add); A is m x k, B is k x n.
static void rectmul(long m, long k, long n, const double *A, long lda,
                    const double *B, long ldb, double *C, long ldc, int add) {
  if (m * k * n <= 16 * 16 * 16) {
    for (long i = 0; i < m; i++)
      for (long j = 0; j < n; j++) {
        double s = add ? C[i * ldc + j] : 0;
        for (long l = 0; l < k; l++)
          s += A[i * lda + l] * B[l * ldb + j];
        C[i * ldc + j] = s;
      }
    return;
  }
  if (m >= k && m >= n) {
    long h = m / 2;
    cilk_spawn rectmul(h, k, n, A, lda, B, ldb, C, ldc, add);
    rectmul(m - h, k, n, A + h * lda, lda, B, ldb, C + h * ldc, ldc, add);
    cilk_sync;
  } else if (n >= k) {
    long h = n / 2;
    cilk_spawn rectmul(m, k, h, A, lda, B, ldb, C, ldc, add);
    rectmul(m, k, n - h, A, lda, B + h, ldb, C + h, ldc, add);
    cilk_sync;
  } else {
    long h = k / 2;
    rectmul(m, h, n, A, lda, B, ldb, C, ldc, add);
    rectmul(m, k - h, n, A + h, lda, B + h * ldb, ldb, C, ldc, 1);
  }
}

int main(void) {
  long m = 300, k = 200, n = 250;
  double *A = malloc(m * k * sizeof(double));
  double *B = malloc(k * n * sizeof(double));
  double *C = malloc(m * n * sizeof(double));
  double *R = malloc(m * n * sizeof(double));
  unsigned s = 2024;
  for (long i = 0; i < m * k; i++) {
    s = s * 1103515245u + 12345u;
    A[i] = (double)((s >> 16) % 9) - 4;
  }
  for (long i = 0; i < k * n; i++) {
    s = s * 1103515245u + 12345u;
    B[i] = (double)((s >> 16) % 9) - 4;
  }
  rectmul(m, k, n, A, k, B, n, C, n, 0);
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) {
      double sum = 0;
      for (long l = 0; l < k; l++)
        sum += A[i * k + l] * B[l * n + j];
      R[i * n + j] = sum;
    }
  long mismatches = 0;
  long long checksum = 0;
  for (long i = 0; i < m * n; i++) {
    if (C[i] != R[i])
      mismatches++;
    checksum += (long long)C[i] * (i % 101 + 1);
  }
  printf("rectmul %ldx%ld * %ldx%ld %s mismatches %ld checksum %lld\n", m, k, k,
         n, mismatches == 0 ? "ok" : "WRONG", mismatches, checksum);
  free(A);
  free(B);
  free(C);
  free(R);
  return 0;
}
