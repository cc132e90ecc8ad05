// A crash in any task, on any process, ends the job with one report on
// stderr: the signal, the rank, the address and what lies there, and a
// backtrace of the task with file and line; the status is 128 + signal.
// Written as an ordinary Cilk program (docs/exit-and-crashes.md).
//
// RUN: %ito-cc -O1 -g %s -o %t
//
// RUN: %expect-status 139 %ito-run -n 2 %t null 2>&1 | FileCheck --check-prefix=NULL %s
// RUN: %expect-status 139 %ito-run -n 2 --internode %t null 2>&1 | FileCheck --check-prefix=NULL %s
// NULL: ito: error (rank {{[01]}}): segmentation fault (SIGSEGV): a read of address 0x8, a null pointer plus 8
// NULL-NEXT: backtrace (most recent call first):
// NULL-NOT: ito: error
// NULL-NOT: BAD TERMINATION
//
// Every leaf crashes, on every process at once: still one report.
// RUN: %expect-status 139 %ito-run -n 4 %t null-everywhere 2>&1 | FileCheck --check-prefix=ONCE %s
// RUN: %expect-status 139 %ito-run -n 4 --internode %t null-everywhere 2>&1 | FileCheck --check-prefix=ONCE %s
// ONCE: ito: error (rank {{[0-3]}}): segmentation fault (SIGSEGV): a write to address 0x0, a null pointer
// ONCE-NOT: ito: error
// ONCE-NOT: BAD TERMINATION
//
// RUN: %expect-status 136 %ito-run -n 2 %t divide 2>&1 | FileCheck --check-prefix=DIVIDE %s
// DIVIDE: ito: error (rank {{[01]}}): arithmetic exception (SIGFPE): integer division by zero
// DIVIDE-NEXT: backtrace (most recent call first):
//
// RUN: %expect-status 139 %ito-run -n 2 %t unmapped 2>&1 | FileCheck --check-prefix=UNMAPPED %s
// UNMAPPED: ito: error (rank {{[01]}}): segmentation fault (SIGSEGV): a read of address 0x10000000, where nothing is mapped (a wild, dangling or uninitialized pointer)
//
// RUN: %expect-status 139 %ito-run -n 2 %t read-only 2>&1 | FileCheck --check-prefix=READONLY %s
// READONLY: ito: error (rank {{[01]}}): segmentation fault (SIGSEGV): a write to address 0x{{[0-9a-f]+}}, which this process may not write (read-only memory, e.g. a string literal or const data)
//
// RUN: %expect-status 132 %ito-run -n 2 %t trap 2>&1 | FileCheck --check-prefix=TRAP %s
// TRAP: ito: error (rank {{[01]}}): illegal instruction (SIGILL): the program reached a trap instruction
//
// RUN: %expect-status 134 %ito-run -n 2 %t assert 2>&1 | FileCheck --check-prefix=ASSERT %s
// ASSERT: crash.c:{{[0-9]+}}: {{.*}}leaf{{.*}}: Assertion `depth < 0' failed.
// ASSERT-NEXT: ito: error (rank {{[01]}}): the program called abort() (SIGABRT)
// ASSERT-NEXT: backtrace (most recent call first):
//
// A task overflows its stack: the report says so and names the option.
// RUN: %expect-status 139 env ITO_STACK_SIZE=4m %ito-run -n 2 %t overflow 2>&1 | FileCheck --check-prefix=OVERFLOW %s
// OVERFLOW: ito: error (rank {{[01]}}): a task overflowed its stack: the task stack region holds 4 MiB and the deepest chain of nested calls used it all; raise ITO_STACK_SIZE (e.g. ITO_STACK_SIZE=16m)
// OVERFLOW-NEXT: backtrace (most recent call first):
// OVERFLOW-NEXT: #0 recurse at {{.*}}crash.c:{{[0-9]+}}:{{[0-9]+$}}
// (The frame that faults is at the store or at the call, wherever the
// guard page begins; the frames below it are the call's, folded.)
// OVERFLOW: ... and the same frame {{[0-9]+}} more times
//
// Without debug information: function names, and where to look them up.
// RUN: %ito-cc -O1 %s -o %t.nodebug
// RUN: %expect-status 139 %ito-run -n 2 %t.nodebug null 2>&1 | FileCheck --check-prefix=NODEBUG %s
// NODEBUG: ito: error (rank {{[01]}}): segmentation fault (SIGSEGV)
// NODEBUG-NEXT: backtrace (most recent call first):
// NODEBUG-NEXT: #0 {{leaf|tree}} ({{.*}}.nodebug+0x{{[0-9a-f]+}})
// Without the symbolizer: addresses in the program, and what would name them.
// RUN: %expect-status 139 env ITO_SYMBOLIZER=/nonexistent %ito-run -n 1 %t null 2>&1 | FileCheck --check-prefix=NOSYM %s
// NOSYM: backtrace (most recent call first):
// NOSYM-NEXT: #0 0x{{[0-9a-f]+}} ({{.*}}crash.c.tmp+0x{{[0-9a-f]+}})
// NOSYM: (function names and lines need llvm-symbolizer: install llvm-19, or set ITO_SYMBOLIZER to its path)

#include <assert.h>
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  long pad;
  long value;
};

static const long constants[4] = {1, 2, 3, 4};

// The crash itself, in a leaf task at depth 0.
static long leaf(const char *how, int depth, int index) {
  struct node *volatile nowhere = NULL;
  volatile int zero = 0;
  if (index != 5 && strcmp(how, "null-everywhere") != 0)
    return depth;
  if (strcmp(how, "null") == 0)
    // NULL-NEXT: #0 leaf at {{.*}}crash.c:[[@LINE+1]]:
    return nowhere->value;
  if (strcmp(how, "null-everywhere") == 0)
    *(volatile long *)nowhere = 1;
  if (strcmp(how, "divide") == 0)
    // DIVIDE-NEXT: #0 leaf at {{.*}}crash.c:[[@LINE+1]]:
    return 10 / zero;
  if (strcmp(how, "unmapped") == 0)
    return *(volatile long *)0x10000000;
  if (strcmp(how, "read-only") == 0)
    *(volatile long *)&constants[1] = 7;
  if (strcmp(how, "trap") == 0)
    __builtin_trap();
  if (strcmp(how, "assert") == 0)
    // ASSERT-NEXT: #0 leaf at {{.*}}crash.c:[[@LINE+1]]:
    assert(depth < 0);
  return depth;
}

// A tree of tasks whose leaves are numbered 0, 1, 2, ... left to right.
static long tree(const char *how, int depth, int index) {
  if (depth == 0)
    // NULL-NEXT: #1 tree at {{.*}}crash.c:[[@LINE+1]]:
    return leaf(how, depth, index);
  long a = cilk_spawn tree(how, depth - 1, 2 * index);
  long b = tree(how, depth - 1, 2 * index + 1);
  cilk_sync;
  return a + b;
}

static long recurse(long n) {
  volatile char frame[512];
  frame[0] = (char)n;
  return recurse(n + 1) + frame[0];
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "none";
  if (strcmp(how, "overflow") == 0) {
    long r = cilk_spawn recurse(0);
    cilk_sync;
    return (int)r;
  }
  printf("%ld\n", tree(how, 10, 0) + constants[0]);
  return 0;
}
