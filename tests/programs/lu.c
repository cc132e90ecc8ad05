// Blocked LU decomposition without pivoting in the style of the Cilk-5 lu
// benchmark: a malloc'd matrix of dense blocks, the number of blocks per
// row in a file-scope variable main sets, and recursive lu, lower_solve,
// upper_solve and schur routines that spawn the independent quadrants. The
// factors are checked by multiplying L*U back and comparing with a copy of
// A; each entry's arithmetic happens in a fixed order, so the checksum of
// the factors is the same on any number of processes.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: lu n 256 blocks 16 ok max error below 1e-9 checksum
// CHECK-SAME: {{-?[0-9]+\.[0-9]+}}

#include <cilk/cilk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BS 16
typedef double block[BS * BS];

long nblocks; // blocks per row of the whole matrix

// The block in row r, column c of the submatrix whose top-left block is M.
static block *blk(block *M, long r, long c) { return M + r * nblocks + c; }

static void block_lu(double *B) {
  for (int k = 0; k < BS; k++)
    for (int i = k + 1; i < BS; i++) {
      B[i * BS + k] /= B[k * BS + k];
      for (int j = k + 1; j < BS; j++)
        B[i * BS + j] -= B[i * BS + k] * B[k * BS + j];
    }
}

// B = L^-1 B, L unit lower triangular.
static void block_lower_solve(double *B, const double *L) {
  for (int i = 1; i < BS; i++)
    for (int k = 0; k < i; k++)
      for (int j = 0; j < BS; j++)
        B[i * BS + j] -= L[i * BS + k] * B[k * BS + j];
}

// B = B U^-1, U upper triangular.
static void block_upper_solve(double *B, const double *U) {
  for (int i = 0; i < BS; i++)
    for (int j = 0; j < BS; j++) {
      for (int k = 0; k < j; k++)
        B[i * BS + j] -= B[i * BS + k] * U[k * BS + j];
      B[i * BS + j] /= U[j * BS + j];
    }
}

// B -= V * W.
static void block_schur(double *B, const double *V, const double *W) {
  for (int i = 0; i < BS; i++)
    for (int k = 0; k < BS; k++)
      for (int j = 0; j < BS; j++)
        B[i * BS + j] -= V[i * BS + k] * W[k * BS + j];
}

static void schur(block *M, block *V, block *W, long nb) {
  if (nb == 1) {
    block_schur(*M, *V, *W);
    return;
  }
  long h = nb / 2;
  for (int k = 0; k < 2; k++) {
    cilk_spawn schur(blk(M, 0, 0), blk(V, 0, k * h), blk(W, k * h, 0), h);
    cilk_spawn schur(blk(M, 0, h), blk(V, 0, k * h), blk(W, k * h, h), h);
    cilk_spawn schur(blk(M, h, 0), blk(V, h, k * h), blk(W, k * h, 0), h);
    schur(blk(M, h, h), blk(V, h, k * h), blk(W, k * h, h), h);
    cilk_sync;
  }
}

// M = L^-1 M.
static void lower_solve(block *M, block *L, long nb) {
  if (nb == 1) {
    block_lower_solve(*M, *L);
    return;
  }
  long h = nb / 2;
  cilk_spawn lower_solve(blk(M, 0, 0), L, h);
  lower_solve(blk(M, 0, h), L, h);
  cilk_sync;
  cilk_spawn schur(blk(M, h, 0), blk(L, h, 0), blk(M, 0, 0), h);
  schur(blk(M, h, h), blk(L, h, 0), blk(M, 0, h), h);
  cilk_sync;
  cilk_spawn lower_solve(blk(M, h, 0), blk(L, h, h), h);
  lower_solve(blk(M, h, h), blk(L, h, h), h);
  cilk_sync;
}

// M = M U^-1.
static void upper_solve(block *M, block *U, long nb) {
  if (nb == 1) {
    block_upper_solve(*M, *U);
    return;
  }
  long h = nb / 2;
  cilk_spawn upper_solve(blk(M, 0, 0), U, h);
  upper_solve(blk(M, h, 0), U, h);
  cilk_sync;
  cilk_spawn schur(blk(M, 0, h), blk(M, 0, 0), blk(U, 0, h), h);
  schur(blk(M, h, h), blk(M, h, 0), blk(U, 0, h), h);
  cilk_sync;
  cilk_spawn upper_solve(blk(M, 0, h), blk(U, h, h), h);
  upper_solve(blk(M, h, h), blk(U, h, h), h);
  cilk_sync;
}

static void lu(block *M, long nb) {
  if (nb == 1) {
    block_lu(*M);
    return;
  }
  long h = nb / 2;
  lu(M, h);
  cilk_spawn lower_solve(blk(M, 0, h), M, h);
  upper_solve(blk(M, h, 0), M, h);
  cilk_sync;
  schur(blk(M, h, h), blk(M, h, 0), blk(M, 0, h), h);
  lu(blk(M, h, h), h);
}

// Entry (i, j) of the whole matrix.
static double *at(block *M, long i, long j) {
  return &(*blk(M, i / BS, j / BS))[(i % BS) * BS + j % BS];
}

int main(void) {
  long n = 256;
  nblocks = n / BS;
  block *M = malloc(nblocks * nblocks * sizeof(block));
  double *A = malloc(n * n * sizeof(double));
  unsigned s = 4242;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      s = s * 1664525u + 1013904223u;
      double v = (double)(s >> 8) / (1 << 24) - 0.5;
      if (i == j)
        v += n;
      A[i * n + j] = v;
      *at(M, i, j) = v;
    }
  lu(M, nblocks);
  double maxerr = 0, checksum = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double sum = 0;
      for (long k = 0; k <= i && k <= j; k++) {
        double l = k == i ? 1 : *at(M, i, k);
        sum += l * *at(M, k, j);
      }
      double err = fabs(sum - A[i * n + j]);
      if (err > maxerr)
        maxerr = err;
      checksum += *at(M, i, j) * (double)((i * 31 + j) % 17);
    }
  printf("lu n %ld blocks %ld %s max error %s 1e-9 checksum %.6f\n", n, nblocks,
         maxerr < 1e-9 ? "ok" : "WRONG", maxerr < 1e-9 ? "below" : "above",
         checksum);
  free(M);
  free(A);
  return 0;
}
