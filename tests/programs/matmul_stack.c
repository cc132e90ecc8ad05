// Matrix multiply over arrays on main's stack, as a first Cilk program
// often has them: `double A[N][N], B[N][N], C[N][N];` in one declaration,
// passed to a recursive divide-and-conquer multiply that spawns the
// quadrant products. The arrays are reached by the children, so they must
// move off the stack (stack promotion), every declarator of the
// declaration. The result must equal a plain triple loop's exactly.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: matmul_stack n 64 ok mismatches 0 trace {{-?[0-9]+}} checksum
// CHECK-SAME: {{-?[0-9]+}}

#include <cilk/cilk.h>
#include <stdio.h>

#define N 64

// C += A * B, n x n blocks of matrices with row stride N.
static void matmul(const double *A, const double *B, double *C, int n) {
  if (n <= 8) {
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++)
          C[i * N + j] += A[i * N + k] * B[k * N + j];
    return;
  }
  int h = n / 2;
  const double *A00 = A, *A01 = A + h, *A10 = A + h * N, *A11 = A + h * N + h;
  const double *B00 = B, *B01 = B + h, *B10 = B + h * N, *B11 = B + h * N + h;
  double *C00 = C, *C01 = C + h, *C10 = C + h * N, *C11 = C + h * N + h;
  cilk_spawn matmul(A00, B00, C00, h);
  cilk_spawn matmul(A00, B01, C01, h);
  cilk_spawn matmul(A10, B00, C10, h);
  matmul(A10, B01, C11, h);
  cilk_sync;
  cilk_spawn matmul(A01, B10, C00, h);
  cilk_spawn matmul(A01, B11, C01, h);
  cilk_spawn matmul(A11, B10, C10, h);
  matmul(A11, B11, C11, h);
  cilk_sync;
}

int main(void) {
  double A[N][N], B[N][N], C[N][N];
  unsigned s = 64;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = s * 1103515245u + 12345u;
      A[i][j] = (double)((s >> 16) % 11) - 5;
      s = s * 1103515245u + 12345u;
      B[i][j] = (double)((s >> 16) % 11) - 5;
      C[i][j] = 0;
    }
  matmul(&A[0][0], &B[0][0], &C[0][0], N);
  long mismatches = 0;
  long long trace = 0, checksum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double r = 0;
      for (int k = 0; k < N; k++)
        r += A[i][k] * B[k][j];
      if (r != C[i][j])
        mismatches++;
      if (i == j)
        trace += (long long)C[i][j];
      checksum += (long long)C[i][j] * ((i * N + j) % 13 + 1);
    }
  printf("matmul_stack n %d %s mismatches %ld trace %lld checksum %lld\n", N,
         mismatches == 0 ? "ok" : "WRONG", mismatches, trace, checksum);
  return 0;
}
