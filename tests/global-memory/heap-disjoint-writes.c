// Tasks in different processes write disjoint bytes of the same memory
// blocks of the heap, as a cilk_for over bytes does: every byte written
// must survive, whichever process wrote it, on one node (in place) and
// between nodes (each process's write-back holds only the bytes it
// changed, byte for byte, never a neighbour it did not write). The odd
// bytes are written in a second pass over data the first pass wrote
// elsewhere, and a third pass reads both.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s
// RUN: %ito-run -n 2 %t | FileCheck %s
// RUN: %ito-run -n 4 %t | FileCheck %s
// RUN: %ito-run -n 2 --internode %t | FileCheck %s
// RUN: %ito-run -n 4 --internode %t | FileCheck %s
// RUN: env ITO_CACHE_SIZE=256k %ito-run -n 4 --internode %t | FileCheck %s
// CHECK: bytes 1048576 wrong 0 sum 133693440

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned char value(long i) { return (unsigned char)(i * 7 + i / 4096); }

static void spin(long i) {
  // A little work per byte, so that iterations spread over processes.
  volatile long x = i;
  for (int k = 0; k < 20; k++)
    x = x * 3 + 1;
}

int main(void) {
  const long n = 1 << 20;
  unsigned char *b = malloc(n);
  cilk_for (long i = 0; i < n; i += 2) {
    spin(i);
    b[i] = value(i);
  }
  cilk_for (long i = 1; i < n; i += 2) {
    spin(i);
    b[i] = (unsigned char)(value(i) ^ b[i - 1] ^ value(i - 1));
  }
  long *wrong = calloc(64, sizeof *wrong), *sums = calloc(64, sizeof *sums);
  cilk_for (int c = 0; c < 64; c++)
    for (long i = c * (n / 64); i < (c + 1) * (n / 64); i++) {
      wrong[c] += b[i] != value(i);
      sums[c] += b[i];
    }
  long w = 0, s = 0;
  for (int c = 0; c < 64; c++) {
    w += wrong[c];
    s += sums[c];
  }
  printf("bytes %ld wrong %ld sum %ld\n", n, w, s);
  free(wrong);
  free(sums);
  free(b);
  return 0;
}
