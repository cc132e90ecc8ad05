// What main does between its parallel phases happens in the process the
// serial program runs in: it reads queries from standard input with scanf,
// answers each with a parallel computation, writes the answers to a file it
// opened with fopen (and to stdout), registers an atexit handler after the
// first phase, and uses cilk_spawn, cilk_for and calls that fork directly
// in main. Before, the job hung at the second scanf (standard input is
// process 0's) and lost the lines written to the file.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.file.serial < %S/Inputs/queries.txt > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.file.1 < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.1
// RUN: %ito-run -n 2 %t %t.file.2 < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.2
// RUN: %ito-run -n 4 %t %t.file.4 < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.4
// RUN: %ito-run -n 2 --internode %t %t.file.2i < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.2i
// RUN: %ito-run -n 4 --internode %t %t.file.4i < %S/Inputs/queries.txt | diff %t.expected -
// RUN: diff %t.file.serial %t.file.4i
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: query 20 fib 6765 primes 8
// CHECK: query 21 fib 10946 primes 8
// CHECK: answered 8 queries, checksum
// CHECK-NEXT: done: 16 lines in the file

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *report;
static int lines;

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static int count_primes(int n) {
  int found[64] = {0};
  cilk_for (int i = 2; i <= n; i++) {
    int prime = 1;
    for (int d = 2; d * d <= i; d++)
      if (i % d == 0)
        prime = 0;
    found[i] = prime;
  }
  int c = 0;
  for (int i = 0; i <= n; i++)
    c += found[i];
  return c;
}

static void at_exit(void) { printf("done: %d lines in the file\n", lines); }

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  FILE *out = fopen(argv[1], "w");
  if (!out)
    return 1;
  report = out;
  int n, answered = 0;
  long checksum = 0;
  long squares[32];
  while (scanf("%d", &n) == 1) {
    // The child is short: the continuation, stolen, syncs last.
    int p = cilk_spawn count_primes(n);
    long f = fib(n);
    cilk_sync;
    fprintf(out, "%d %ld %d\n", n, f, p);
    printf("query %d fib %ld primes %d\n", n, f, p);
    lines++;
    if (answered++ == 0)
      atexit(at_exit);
    cilk_for (int i = 0; i < 32; i++)
      squares[i] = (long)i * n + fib(i % 12);
    for (int i = 0; i < 32; i++)
      checksum += squares[i];
    fprintf(report, "checksum so far %ld\n", checksum);
    lines++;
  }
  fclose(out);
  printf("answered %d queries, checksum %ld\n", answered, checksum);
  return 0;
}
