// A Cilk program in two files, as the classic benchmarks are written: main
// and its option parsing here, the parallel kernel in Inputs/ (n-queens).
// The kernel reads a file-scope variable of its own file that main sets
// (board_size) and two of this file through extern (cutoff_depth, weight);
// main keeps a counter of the kernel's file. Built by one command and by
// compiling each file with -c and linking the objects.
// RUN: %ito-cc --ito-no-translate -O2 %s %S/Inputs/multifile_kernel.c \
// RUN:   -o %t.serial
// RUN: %t.serial -n 9 -c 3 -w 2 > %t.expected
// RUN: %ito-cc -O2 %s %S/Inputs/multifile_kernel.c -o %t
// RUN: %ito-run -n 1 %t -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 2 %t -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 4 %t -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-cc -O2 -c %s -o %t.main.o
// RUN: %ito-cc -O2 -c %S/Inputs/multifile_kernel.c -o %t.kernel.o
// RUN: %ito-cc %t.main.o %t.kernel.o -o %t.sep
// RUN: %ito-run -n 1 %t.sep -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 2 %t.sep -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 4 %t.sep -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t.sep -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t.sep -n 9 -c 3 -w 2 | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: queens 9 cutoff 3 weight 2: 704 solutions 352 calls 1
// CHECK-NEXT: queens 8 cutoff 2 weight 1: 92 solutions 92 calls 3

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cutoff_depth = 4; // read by the kernel's tasks
long weight = 1;      // read by the kernel's tasks
extern int board_size;
extern long kernel_calls;
long queens(void);

static void usage(const char *prog) {
  fprintf(stderr, "usage: %s [-n size] [-c cutoff] [-w weight]\n", prog);
  exit(1);
}

static void get_options(int argc, char **argv) {
  board_size = 8;
  for (int i = 1; i < argc; i++) {
    if (i + 1 >= argc)
      usage(argv[0]);
    if (!strcmp(argv[i], "-n"))
      board_size = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-c"))
      cutoff_depth = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-w"))
      weight = strtol(argv[++i], NULL, 10);
    else
      usage(argv[0]);
  }
  if (board_size < 1 || board_size > 16)
    usage(argv[0]);
}

static long run(void) {
  kernel_calls++;
  long r = cilk_spawn queens();
  cilk_sync;
  return r;
}

int main(int argc, char **argv) {
  get_options(argc, argv);
  long a = run();
  printf("queens %d cutoff %d weight %ld: %ld solutions %ld calls %ld\n",
         board_size, cutoff_depth, weight, a, a / weight, kernel_calls);
  board_size = 8;
  cutoff_depth = 2;
  weight = 1;
  kernel_calls++;
  long b = run();
  printf("queens %d cutoff %d weight %ld: %ld solutions %ld calls %ld\n",
         board_size, cutoff_depth, weight, b, b / weight, kernel_calls);
  return 0;
}
