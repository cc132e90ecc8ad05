// Ending a Cilk program from anywhere: exit, quick_exit, _Exit and abort in
// main or in a task on any process, and return from main. The job's status
// is the status given, output printed before the end is not lost, the exit
// handlers of the process that exits run, nothing else prints (no launcher
// banner), and nothing is left in /dev/shm. Written as an ordinary Cilk
// program (docs/exit-and-crashes.md).
//
// RUN: %ito-cc -O1 -g %s -o %t
//
// A usage check before any task:
// RUN: %expect-status 1 %ito-run -n 2 %t 2>&1 | FileCheck --check-prefix=USAGE %s
// USAGE: usage: {{.*}} how where
// USAGE-NOT: {{.}}
//
// exit() at the end of main, whichever process runs main's end:
// RUN: %expect-status 5 %ito-run -n 1 %t exit main 2>&1 | sort | FileCheck --check-prefix=MAIN %s
// RUN: %expect-status 5 %ito-run -n 2 %t exit main 2>&1 | sort | FileCheck --check-prefix=MAIN %s
// RUN: %expect-status 5 %ito-run -n 4 %t exit main 2>&1 | sort | FileCheck --check-prefix=MAIN %s
// RUN: %expect-status 5 %ito-run -n 2 --internode %t exit main 2>&1 | sort | FileCheck --check-prefix=MAIN %s
// RUN: %expect-status 5 %ito-run -n 4 --internode %t exit main 2>&1 | sort | FileCheck --check-prefix=MAIN %s
// (Sorted: lines of different processes reach the launcher in any order.
// The handler was registered by the process where main began; if main
// ended in another one, that process was idle and exited the same way.)
// MAIN: ending with exit in main
// MAIN-NEXT: exit handler
// MAIN-NEXT: fib(20) = 6765
// MAIN-NOT: {{.}}
//
// exit() in one task, deep in the tree, on whichever process runs it:
// RUN: %expect-status 7 %ito-run -n 1 %t exit task 2>&1 | FileCheck --check-prefix=TASK %s
// RUN: %expect-status 7 %ito-run -n 2 %t exit task 2>&1 | FileCheck --check-prefix=TASK %s
// RUN: %expect-status 7 %ito-run -n 4 %t exit task 2>&1 | FileCheck --check-prefix=TASK %s
// RUN: %expect-status 7 %ito-run -n 2 --internode %t exit task 2>&1 | FileCheck --check-prefix=TASK %s
// RUN: %expect-status 7 %ito-run -n 4 --internode %t exit task 2>&1 | FileCheck --check-prefix=TASK %s
// TASK: ending with exit in task 777
// TASK-NOT: fib(
// TASK-NOT: ito:
// TASK-NOT: BAD TERMINATION
// TASK-NOT: Abort
//
// exit() while the other processes are busy in long tasks (100 s, longer
// than ito-run's --timeout): they stop at once instead of finishing them.
// RUN: %expect-status 4 %ito-run -n 2 %t exit busy 2>&1 | FileCheck --check-prefix=BUSY %s
// RUN: %expect-status 4 %ito-run -n 4 --internode %t exit busy 2>&1 | FileCheck --check-prefix=BUSY %s
// BUSY: ending with exit in busy
// BUSY-NOT: ran longer than
// BUSY-NOT: done

// quick_exit and _Exit in a task: no exit handlers.
// RUN: %expect-status 8 %ito-run -n 2 %t quick_exit task 2>&1 | FileCheck --check-prefix=QUICK %s
// RUN: %expect-status 8 %ito-run -n 4 --internode %t quick_exit task 2>&1 | FileCheck --check-prefix=QUICK %s
// QUICK: ending with quick_exit in task 777
// QUICK-NOT: {{.}}
// RUN: %expect-status 9 %ito-run -n 2 %t _Exit task 2>&1 | FileCheck --check-prefix=IMMEDIATE %s
// RUN: %expect-status 9 %ito-run -n 4 --internode %t _Exit task 2>&1 | FileCheck --check-prefix=IMMEDIATE %s
// IMMEDIATE: ending with _Exit in task 777
// IMMEDIATE-NOT: {{.}}
//
// return from main:
// RUN: %expect-status 3 %ito-run -n 2 %t return main 2>&1 | sort | FileCheck --check-prefix=RETURN %s
// RUN: %expect-status 3 %ito-run -n 4 --internode %t return main 2>&1 | sort | FileCheck --check-prefix=RETURN %s
// RETURN: exit handler
// RETURN-NEXT: fib(20) = 6765
// RETURN-NOT: {{.}}
//
// abort() in a task: one report, status 134.
// RUN: %expect-status 134 %ito-run -n 2 %t abort task 2>&1 | FileCheck --check-prefix=ABORT %s
// RUN: %expect-status 134 %ito-run -n 4 --internode %t abort task 2>&1 | FileCheck --check-prefix=ABORT %s
// ABORT: ending with abort in task 777
// ABORT-NEXT: ito: error (rank {{[0-3]}}): the program called abort() (SIGABRT)
// ABORT-NEXT: backtrace (most recent call first):
// ABORT-NEXT: #0 ends at {{.*}}exit.c:{{[0-9]+}}:{{[0-9]+$}}
// ABORT-NEXT: #1 fib at {{.*}}exit.c:{{[0-9]+}}:{{[0-9]+$}}
// ABORT-NOT: ito: error
//
// Nothing is left in /dev/shm (a private one, so that other jobs do not
// count).
// RUN: %if private-shm %{ %private-shm %ito-run -n 4 %t exit task | FileCheck --check-prefix=SHM %s %}
// RUN: %if private-shm %{ %private-shm %ito-run -n 2 --internode %t abort task 2>&1 | FileCheck --check-prefix=SHM %s %}
// SHM: exit status {{7|134}}, files left in /dev/shm: 0

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *how_to_end(int argc, char **argv) { return argv[1]; }

static void exit_handler(void) { printf("exit handler\n"); }

// Ends the program the way `how` says.
static int ends(const char *how, const char *where, int id) {
  if (id)
    printf("ending with %s in %s %d\n", how, where, id);
  else
    printf("ending with %s in %s\n", how, where);
  fflush(stdout); // _Exit, quick_exit and abort do not flush
  if (strcmp(how, "exit") == 0)
    exit(strcmp(where, "main") == 0 ? 5 : 7);
  if (strcmp(how, "quick_exit") == 0)
    quick_exit(8);
  if (strcmp(how, "_Exit") == 0)
    _Exit(9);
  if (strcmp(how, "abort") == 0)
    abort();
  return 0;
}

// fib, where the call with heap index `id` == stop ends the program.
static long fib(const char *how, int n, int id, int stop) {
  if (id == stop)
    return ends(how, "task", id);
  if (n < 2)
    return n;
  long x = cilk_spawn fib(how, n - 1, 2 * id, stop);
  long y = fib(how, n - 2, 2 * id + 1, stop);
  cilk_sync;
  return x + y;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// Iteration 0 ends the program after half a second; the others run for
// 100 s (no forks in them: nothing polls).
static void busy(const char *how) {
  cilk_for (int i = 0; i < 8; i++) {
    const double start = seconds();
    while (seconds() - start < (i == 0 ? 0.5 : 100))
      ;
    if (i == 0) {
      printf("ending with %s in busy\n", how);
      fflush(stdout);
      exit(4);
    }
    printf("done %d\n", i);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s how where\n", argv[0]);
    exit(1);
  }
  atexit(exit_handler);
  if (strcmp(argv[2], "busy") == 0)
    busy(argv[1]);
  const char *how = how_to_end(argc, argv);
  const char *where = argv[2];
  // Heap index 777 is a node at depth 9 of fib(20)'s tree.
  long f = fib(how, 20, 1, strcmp(where, "task") == 0 ? 777 : -1);
  printf("fib(20) = %ld\n", f);
  if (strcmp(where, "main") == 0 && strcmp(how, "return") != 0)
    ends(how, "main", 0);
  return 3;
}
