// A Cilk program's main runs as the root task: on every process the runtime
// starts, main runs once (on one process; it may continue on others), with
// the program's argc, argv and environment, and its value is the exit
// status of every process. A translated source keeps main as it is and marks
// the program as a Cilk program (__ito_cilk_program); ito-cc links with
// --wrap=main, and libito's main starts the runtime when the mark is there.
// A source without main (a library source) is marked the same way.
// (Comment lines are dropped from the translations, so that no pattern
// matches its own CHECK line.)
//
// RUN: %ito-translate %s -- -I %ito-include -DARGS | grep -v '^ *//' | FileCheck %s --check-prefix=MARK
// MARK: {{^}}int main(int argc, char **argv) {
// MARK: {{^}}__attribute__((weak)) const char __ito_cilk_program = 1;
// MARK-NEXT: {{^}}__attribute__((weak)) const char __ito_launcher[] = "{{.*}}ito-run";
// MARK-NOT: main(
// RUN: %ito-translate %s -- -I %ito-include -DLIBRARY | grep -v '^ *//' | FileCheck %s --check-prefix=LIBRARY
// LIBRARY: {{^}}int library(int n) {
// LIBRARY: {{^}}__attribute__((weak)) const char __ito_cilk_program = 1;
//
// RUN: %ito-cc -O2 -DARGS %s -o %t.args
// RUN: %ito-run -n 2 %t.args a b c d | FileCheck %s --check-prefix=ARGS --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 4 %t.args a b c d | FileCheck %s --check-prefix=ARGS --match-full-lines --implicit-check-not={{.}}
// ARGS: argc=5 argv[4]=d
// main's value is the job's exit status (3 here, with one argument short).
// RUN: sh -c '%ito-run -n 2 %t.args a b c; echo "exit status $?"' | FileCheck %s --check-prefix=STATUS --match-full-lines --implicit-check-not={{.}}
// STATUS: argc=4 argv[3]=c
// STATUS-NEXT: exit status 3
//
// main(void) without a return statement: exit status 0.
// RUN: %ito-cc -O2 -DVOID %s -o %t.void
// RUN: %ito-run -n 2 %t.void | FileCheck %s --check-prefix=VOID --match-full-lines --implicit-check-not={{.}}
// VOID: root 42
//
// main(argc, argv, envp): the environment is the process's.
// RUN: %ito-cc -O2 -DENVP %s -o %t.envp
// RUN: env MAIN_WRAP_TEST=here %ito-run -n 2 %t.envp | FileCheck %s --check-prefix=ENVP --match-full-lines --implicit-check-not={{.}}
// ENVP: MAIN_WRAP_TEST=here

#include <cilk/cilk.h>
#include <stdio.h>
#include <string.h>

static int f(int n) { return n; }

#if defined(VOID)
int main(void) {
  int x = cilk_spawn f(42);
  cilk_sync;
  printf("root %d\n", x);
}
#elif defined(ARGS)
int main(int argc, char **argv) {
  int x = cilk_spawn f(argc);
  cilk_sync;
  printf("argc=%d argv[%d]=%s\n", x, argc - 1, argv[argc - 1]);
  return argc == 5 ? 0 : 3;
}
#elif defined(ENVP)
int main(int argc, char **argv, char **envp) {
  int x = cilk_spawn f(argc);
  cilk_sync;
  for (char **e = envp; *e; e++)
    if (strncmp(*e, "MAIN_WRAP_TEST=", 15) == 0)
      printf("%s\n", *e);
  return x == 1 && argv[0] ? 0 : 1;
}
#else
int library(int n) {
  int x = cilk_spawn f(n);
  cilk_sync;
  return x;
}
#endif
