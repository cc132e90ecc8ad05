// -Wito-static-write: every process has its own copy of static locals of
// inline functions and thread_local variables; a task's write is seen only
// where it ran. A warning: the program may not depend on it. File-scope
// variables and the other static locals this Cilk source defines are one
// copy for all processes and are not reported; nor are those another file
// defines, one copy too if ito-cc compiles that file, which libito checks
// at start-up (programs/multifile_plain_object.c).
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s
// RUN: not %ito-translate %s -- -I %ito-include -Werror=ito-static-write 2>&1 | FileCheck %s
// CHECK: error: task writes 'depth', a static local variable{{.*}}[-Wito-static-write]

#include <cilk/cilk.h>

int size;
static long calls;
extern int elsewhere;
_Thread_local int scratch; // expected-note {{'scratch' is declared here}}
const int limit = 10;
int untouched = 5;

static inline void note_depth(int n) {
  static int depth; // expected-note {{'depth' is declared here}}
  depth = n; // expected-warning {{task writes 'depth', a static local variable; every process has its own copy, and tasks in other processes do not see the write}}
}

static long work(int n) {
  static int shared_count;
  shared_count++;
  note_depth(n);
  calls++;
  elsewhere = n;
  scratch = n; // expected-warning {{task uses thread_local 'scratch'; a task may go on in another process and then sees that process's copy}}
  return n + limit + untouched;
}

long run(int n) {
  long a = cilk_spawn work(n);
  long b = work(n + 1);
  cilk_sync;
  return a + b;
}

// A Cilk program's main is the root task: it runs in one process.
int main(int argc, char **argv) {
  size = argc;
  (void)argv;
  return (int)run(size);
}

// Near miss: not reached by any task.
void setup(void) { untouched = 7; }
