// A Cilk program with no Cilk keyword in its own code: it includes the
// Cilk headers, asks how many workers there are, and leaves the
// parallelism to a configuration that compiled it out. It is still a Cilk
// program: main runs once, as the root task, not once per process.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 3 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --match-full-lines --implicit-check-not={{.}} --input-file=%t.expected
// CHECK: workers known: yes
// CHECK-NEXT: sum 5000050000

#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <stdio.h>

int main(void) {
  printf("workers known: %s\n", __cilkrts_get_nworkers() >= 1 ? "yes" : "no");
  long sum = 0;
  for (long i = 1; i <= 100000; i++)
    sum += i;
  printf("sum %ld\n", sum);
  return 0;
}
