// The same two-file program as multifile.c, but the main file has no Cilk
// keywords: main parses its options into file-scope variables of this file
// (cutoff_depth, weight) and calls the kernel of Inputs/, whose tasks read
// them through extern. ito-cc shares the file-scope data of a file without
// Cilk keywords too, so tasks in other processes see what main wrote.
// RUN: %ito-cc --ito-no-translate -O2 %s %S/Inputs/multifile_kernel.c \
// RUN:   -o %t.serial
// RUN: %t.serial 9 3 2 > %t.expected
// RUN: %ito-cc -O2 %s %S/Inputs/multifile_kernel.c -o %t
// RUN: %ito-run -n 1 %t 9 3 2 | diff %t.expected -
// RUN: %ito-run -n 2 %t 9 3 2 | diff %t.expected -
// RUN: %ito-run -n 4 %t 9 3 2 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t 9 3 2 | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t 9 3 2 | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: queens 9 cutoff 3 weight 2: 704 solutions 352

#include <stdio.h>
#include <stdlib.h>

int cutoff_depth = 4; // read by the kernel's tasks
long weight = 1;      // read by the kernel's tasks
extern int board_size;
long queens(void);

int main(int argc, char **argv) {
  board_size = argc > 1 ? atoi(argv[1]) : 8;
  cutoff_depth = argc > 2 ? atoi(argv[2]) : 4;
  weight = argc > 3 ? strtol(argv[3], NULL, 10) : 1;
  long a = queens();
  printf("queens %d cutoff %d weight %ld: %ld solutions %ld\n", board_size,
         cutoff_depth, weight, a, a / weight);
  return 0;
}
