// A job stopped from outside ends at once with one message of ito-run's
// that says what happened, and leaves nothing behind: a process killed with
// SIGKILL (as the out-of-memory killer would) is named by its rank, not the
// one the launcher happened to see end (or, when another process ended at
// the same moment because of it, both: "process 1 or 2"); SIGTERM to
// ito-run and a Ctrl-C at the terminal are passed on to the job once.
// RUN: %ito-cc -O1 %s -o %t
// RUN: %python %S/../stop_job.py kill:1 -- %ito-run -n 3 %t | FileCheck --check-prefix=KILL1 %s
// RUN: %python %S/../stop_job.py kill:0 -- %ito-run -n 2 --internode %t | FileCheck --check-prefix=KILL0 %s
// RUN: %python %S/../stop_job.py term -- %ito-run -n 3 %t | FileCheck --check-prefix=TERM %s
// RUN: %python %S/../stop_job.py int -- %ito-run -n 2 %t | FileCheck --check-prefix=INT %s
// RUN: %python %S/../stop_job.py int -- %ito-run --timeout 300 -n 2 %t | FileCheck --check-prefix=INT %s
// KILL1: ito-run: error: process {{([0-9] or )?}}1{{( or [0-9])?}} (pid{{.*}}) was ended by signal 9 (SIGKILL) from outside the program
// KILL1-NEXT: status 137
// KILL1-NEXT: left: 0 processes, 0 segments, 0 files
// KILL0: ito-run: error: process 0{{( or 1)?}} (pid{{.*}}) was ended by signal 9 (SIGKILL) from outside the program
// KILL0-NEXT: status 137
// KILL0-NEXT: left: 0 processes, 0 segments, 0 files
// TERM: ito-run: the job was stopped: ito-run received SIGTERM
// TERM-NEXT: status 143
// TERM-NEXT: left: 0 processes, 0 segments, 0 files
// INT: ito-run: the job was stopped: ito-run received SIGINT
// INT-NEXT: status 130
// INT-NEXT: left: 0 processes, 0 segments, 0 files

#include <cilk/cilk.h>
#include <stdio.h>

static volatile int never;

static long spin(long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += i ^ never;
  return s;
}

static long work(int depth) {
  if (depth == 0)
    return spin(1000000);
  long a = cilk_spawn work(depth - 1);
  long b = work(depth - 1);
  cilk_sync;
  return a + b;
}

int main(void) {
  long total = work(4);
  printf("running\n");
  fflush(stdout);
  for (;;)
    total += work(6);
  return (int)total;
}
