// Standard input read by a function other than main after a parallel call
// of its own: the function may go on in another process, whose standard
// input is not the program's (the launcher gives it to process 0 only).
// fgets, getchar and fread on stdin are done by process 0. Before, the read
// waited forever on the other process's empty input.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: printf '64\n7 8\nxyz\n' | %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: printf '64\n7 8\nxyz\n' | %ito-run -n 2 %t | diff %t.expected -
// RUN: printf '64\n7 8\nxyz\n' | %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: printf '64\n7 8\nxyz\n' | %ito-run -n 4 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 2016 line 7 8 chars xyz

#include <cilk/cilk.h>
#include <stdio.h>
#include <string.h>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 400000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

static long sum(int lo, int hi) {
  if (hi - lo == 1)
    return spin(lo);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn sum(lo, mid);
  long b = sum(mid, hi);
  cilk_sync;
  return a + b;
}

static void phase(void) {
  char line[64];
  int n = 0;
  if (!fgets(line, sizeof line, stdin) || sscanf(line, "%d", &n) != 1)
    return;
  long s = sum(0, n);
  // Possibly in another process from here on.
  if (!fgets(line, sizeof line, stdin))
    return;
  line[strcspn(line, "\n")] = 0;
  char chars[4] = {0};
  for (int i = 0; i < 3; i++)
    chars[i] = (char)getchar();
  printf("sum %ld line %s chars %s\n", s, line, chars);
}

int main(void) {
  phase();
  return 0;
}
