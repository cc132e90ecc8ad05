// fork() and exec from Cilk code, as a program that runs helper commands
// does: from main (the root task) one at a time, and from the iterations
// of a cilk_for, in whichever process runs them. A task's stack is shared
// memory, and the child used to run on the very frames its parent went on
// using: "stack smashing detected" and crashes at np 2, even in main. The
// child now gets its own copy of the stack; the parent's frames are
// untouched.
// RUN: %ito-cc --ito-no-translate -O1 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O1 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK-COUNT-5: helper says hello
// CHECK-NEXT: statuses 0 then 36, fib 6765 and 10946

#include <cilk/cilk.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

// Runs sh -c command and returns its exit status.
static int run(const char *command) {
  char line[256];
  snprintf(line, sizeof line, "%s", command);
  pid_t pid = fork();
  if (pid == 0) {
    char scratch[4096]; // the child's own frames, over the parent's
    memset(scratch, 'x', sizeof scratch);
    execl("/bin/sh", "sh", "-c", line, (char *)NULL);
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid)
    return -1;
  return WEXITSTATUS(status);
}

int main(void) {
  long before = fib(20);
  int serial = 0;
  for (int i = 0; i < 5; i++)
    serial += run("echo helper says hello");
  int codes[9] = {0};
  cilk_for (int i = 0; i < 9; i++) {
    char command[64];
    snprintf(command, sizeof command, "exit %d", i);
    codes[i] = run(command) + (int)(fib(15) - 610);
  }
  int parallel = 0;
  for (int i = 0; i < 9; i++)
    parallel += codes[i];
  printf("statuses %d then %d, fib %ld and %ld\n", serial, parallel, before,
         fib(21));
  return 0;
}
