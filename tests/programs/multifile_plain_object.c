// A Cilk program whose parameters live in a file of their own
// (Inputs/multifile_plain_params.c) that main sets and the tasks read,
// and which turns off getopt's messages (opterr, the C library's). Built
// with ito-cc throughout, the parameters are one copy for the job: no
// warning at compile time or run time, the serial answer everywhere. With
// the parameters' file compiled by another compiler they stay per process,
// and libito says so at start-up in a job of several processes, naming
// the variable and where this file writes it.
// RUN: %ito-cc --ito-no-translate -O2 %s %S/Inputs/multifile_plain_params.c \
// RUN:   -o %t.serial
// RUN: %t.serial -g 7 -s 3 > %t.expected
// RUN: %ito-cc -O2 -c %s -o %t.main.o 2>&1 | count 0
// RUN: %ito-cc -O2 -c %S/Inputs/multifile_plain_params.c -o %t.params.o
// RUN: %ito-cc %t.main.o %t.params.o -o %t
// RUN: %ito-run -n 1 %t -g 7 -s 3 2>&1 | diff %t.expected -
// RUN: %ito-run -n 4 %t -g 7 -s 3 2>&1 | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t -g 7 -s 3 2>&1 | diff %t.expected -
// RUN: %clang -O2 -c %S/Inputs/multifile_plain_params.c -o %t.plain.o
// RUN: %ito-cc %t.main.o %t.plain.o -o %t.plain
// RUN: %ito-run -n 1 %t.plain -g 7 -s 3 2>&1 | diff %t.expected -
// RUN: %ito-run -n 2 %t.plain -g 7 -s 3 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: grain 7 scale 3 sum 1499998500000
// PLAIN: ito: warning (rank 0): 'grain', which {{.*}}multifile_plain_object.c:[[#@LINE+30]] writes, is defined in a file that ito-cc did not compile: each of the 2 processes has its own copy, and tasks in the others do not see the write. Compile the file that defines it with ito-cc
// PLAIN: ito: warning (rank 0): 'scale', which {{.*}}multifile_plain_object.c:[[#@LINE+31]] writes

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern int grain;
extern long scale;

static long sum(long lo, long hi) {
  if (hi - lo <= grain * 1000L) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += i * scale;
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long a = cilk_spawn sum(lo, mid);
  long b = sum(mid, hi);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  opterr = 0;
  int c;
  while ((c = getopt(argc, argv, "g:s:")) != -1) {
    if (c == 'g')
      grain = atoi(optarg);
    else if (c == 's')
      scale = atol(optarg);
  }
  printf("grain %d scale %ld sum %ld\n", grain, scale, sum(0, 1000000));
  return 0;
}
