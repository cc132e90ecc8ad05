// Memory a program maps itself: a large array from mmap(MAP_ANONYMOUS)
// filled by a cilk_for, an input file mapped privately and parsed by
// tasks (as graph codes read their input), an anonymous mapping grown with
// mremap between parallel phases, and munmap of each. The kernel maps them
// into the calling process alone: before, every task in another process
// crashed ("nothing is mapped"). While the runtime runs, a private mapping
// is made in the program's heap.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.input > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.input | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.input | diff %t.expected -
// RUN: %ito-run -n 4 %t %t.input | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t %t.input | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t %t.input | diff %t.expected -
// CHECK: array 523731488.0 parsed 200000 sum 39999800000 grown 15728640

#define _GNU_SOURCE
#include <cilk/cilk.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// Sums the numbers of the lines that start in [lo, hi) of the text.
static long parse(const char *text, long size, long lo, long hi, long *count) {
  if (hi - lo > 65536) {
    long mid = (lo + hi) / 2, c1 = 0, c2 = 0;
    long a = cilk_spawn parse(text, size, lo, mid, &c1);
    long b = parse(text, size, mid, hi, &c2);
    cilk_sync;
    *count = c1 + c2;
    return a + b;
  }
  long sum = 0, n = 0;
  long i = lo;
  if (i > 0)
    while (i < hi && text[i - 1] != '\n')
      i++;
  while (i < hi) {
    sum += strtol(text + i, NULL, 10);
    n++;
    while (i < size && text[i] != '\n')
      i++;
    i++;
  }
  *count = n;
  return sum;
}

int main(int argc, char **argv) {
  long n = 1 << 21;
  double *a = mmap(NULL, n * sizeof(double), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (a == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  cilk_for(long i = 0; i < n; i++) a[i] = (i % 1000) * 0.5;
  double s = 0;
  for (long i = 0; i < n; i++)
    s += a[i];
  munmap(a, n * sizeof(double));

  FILE *f = fopen(argv[1], "w");
  for (long i = 0; i < 200000; i++)
    fprintf(f, "%ld\n", i * 2);
  fclose(f);
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  fstat(fd, &st);
  const char *text = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  long count = 0;
  long sum = parse(text, st.st_size, 0, st.st_size, &count);
  munmap((void *)text, st.st_size);

  size_t len = 1 << 20;
  char *g = mmap(NULL, len, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  cilk_for(size_t i = 0; i < len; i++) g[i] = 1;
  g = mremap(g, len, 8 * len, MREMAP_MAYMOVE);
  // The new part reads as zeros.
  cilk_for(size_t i = len; i < 8 * len; i++) g[i] += 2;
  long grown = 0;
  for (size_t i = 0; i < 8 * len; i++)
    grown += g[i];
  munmap(g, 8 * len);
  printf("array %.1f parsed %ld sum %ld grown %ld\n", s, count, sum, grown);
  return 0;
}
