// Results written to a file and read back: a cilk_for computes a table of
// prime counts, main writes it with fopen/fprintf/fclose after the sync,
// reads it back with fscanf into a fresh array, and spawned tasks compare
// the two halves of the table with what was computed.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.table.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.table.1 | diff %t.expected -
// RUN: diff %t.table.serial %t.table.1
// RUN: %ito-run -n 2 %t %t.table.2 | diff %t.expected -
// RUN: diff %t.table.serial %t.table.2
// RUN: %ito-run -n 4 %t %t.table.4 | diff %t.expected -
// RUN: diff %t.table.serial %t.table.4
// RUN: %ito-run -n 2 --internode %t %t.table.2i | diff %t.expected -
// RUN: diff %t.table.serial %t.table.2i
// RUN: %ito-run -n 4 --internode %t %t.table.4i | diff %t.expected -
// RUN: diff %t.table.serial %t.table.4i
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: blocks 200 primes 17984 written 200 read 200 mismatches 0 0

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 200
#define BLOCK 1000

static int is_prime(long x) {
  if (x < 2)
    return 0;
  for (long d = 2; d * d <= x; d++)
    if (x % d == 0)
      return 0;
  return 1;
}

static long mismatches(const long *a, const long *b, int lo, int hi) {
  if (hi - lo <= 8) {
    long m = 0;
    for (int i = lo; i < hi; i++)
      m += a[i] != b[i];
    return m;
  }
  int mid = lo + (hi - lo) / 2;
  long x = cilk_spawn mismatches(a, b, lo, mid);
  long y = mismatches(a, b, mid, hi);
  cilk_sync;
  return x + y;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "primes.txt";
  long *count = malloc(BLOCKS * sizeof *count);
  cilk_for(int b = 0; b < BLOCKS; b++) {
    long c = 0;
    for (long x = (long)b * BLOCK; x < (long)(b + 1) * BLOCK; x++)
      c += is_prime(x);
    count[b] = c;
  }
  FILE *out = fopen(path, "w");
  if (!out) {
    perror(path);
    return 1;
  }
  int written = 0;
  for (int b = 0; b < BLOCKS; b++)
    written += fprintf(out, "%d %ld\n", b, count[b]) > 0;
  fclose(out);

  long *back = calloc(BLOCKS, sizeof *back);
  FILE *in = fopen(path, "r");
  if (!in) {
    perror(path);
    return 1;
  }
  int b, read = 0;
  long c;
  while (fscanf(in, "%d %ld", &b, &c) == 2 && b >= 0 && b < BLOCKS) {
    back[b] = c;
    read++;
  }
  fclose(in);
  long total = 0;
  for (int i = 0; i < BLOCKS; i++)
    total += back[i];
  long m1 = cilk_spawn mismatches(count, back, 0, BLOCKS / 2);
  long m2 = mismatches(count, back, BLOCKS / 2, BLOCKS);
  cilk_sync;
  printf("blocks %d primes %ld written %d read %d mismatches %ld %ld\n", BLOCKS,
         total, written, read, m1, m2);
  free(count);
  free(back);
  return 0;
}
