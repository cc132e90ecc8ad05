// A string literal passed to a spawned call stays in the call the child
// makes, rather than travelling in the argument block: a format string the
// compiler still checks, and no -Wformat-security about a non-literal one.
// RUN: %ito-translate %s -- -I %ito-include | FileCheck %s
// ito-translate finds ito's headers by itself, as ito-cc does:
// RUN: %ito-translate %s | FileCheck %s
// RUN: %ito-cc -Wall -Wformat-security -Werror -c %s -o %t.o
// RUN: %ito-cc -O1 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --check-prefix=OUT
// RUN: not %ito-cc -Wformat -Werror -DWRONG -c %s -o %t.wrong.o 2>&1 | FileCheck %s --check-prefix=FORMAT

#include <cilk/cilk.h>
#include <stdio.h>

static void note(const char *what, int n) { printf("%s %d\n", what, n); }

int main(void) {
  for (int i = 0; i < 3; i++) {
    // CHECK: note("task", __a.a1);
    cilk_spawn note("task", i);
  }
  // CHECK: printf("tasks spawned\n");
  cilk_spawn printf("tasks spawned\n");
#ifdef WRONG
  // FORMAT: spawn-literal-args.c:[[#@LINE+1]]:{{[0-9]+}}: error: format specifies type 'char *' but the argument has type 'int'
  cilk_spawn printf("%s\n", 42);
#endif
  cilk_sync;
  return 0;
}
// OUT-DAG: task 0
// OUT-DAG: task 1
// OUT-DAG: task 2
// OUT-DAG: tasks spawned
