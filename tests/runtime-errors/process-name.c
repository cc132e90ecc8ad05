// libito runs the program again before main, with address randomization
// off; the kernel names a process after the file it runs, so the process
// would be "exe" in ps, top and pkill (from /proc/self/exe). It keeps the
// program's name, on every rank, and the marker of the re-execution does
// not reach the program's environment (nor its children's).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ito-cc -O1 %s -o %t/name-check
// RUN: %ito-run -n 2 %t/name-check | FileCheck %s
// CHECK-DAG: rank 0: comm=name-check args=name-check marker=none aslr=off
// CHECK-DAG: rank 1: comm=name-check args=name-check marker=none aslr=off
// A long name is cut as the kernel cuts it (15 characters).
// RUN: cp %t/name-check %t/a-rather-long-program-name
// RUN: %ito-run -n 1 %t/a-rather-long-program-name | FileCheck %s --check-prefix=LONG
// LONG: rank 0: comm=a-rather-long-p args=a-rather-long-program-name marker=none aslr=off
// ps sees the name too.
// RUN: %ito-run -n 1 %t/name-check --ps | FileCheck %s --check-prefix=PS
// PS: ps: name-check

#include <ito/ito.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  char comm[64] = "?";
  FILE *f = fopen("/proc/self/comm", "r");
  if (f) {
    if (fgets(comm, sizeof comm, f))
      comm[strcspn(comm, "\n")] = 0;
    fclose(f);
  }
  const char *slash = strrchr(argv[0], '/');
  const char *marker = getenv("ITO_REEXECED");
  int pers = personality(0xffffffff);
  if (argc > 1 && strcmp(argv[1], "--ps") == 0) {
    if (ito_rank() == 0) {
      char cmd[64];
      snprintf(cmd, sizeof cmd, "ps -o comm= -p %d | sed 's/^/ps: /'",
               (int)getpid());
      fflush(stdout);
      if (system(cmd) != 0)
        printf("ps failed\n");
    }
  } else {
    printf("rank %d: comm=%s args=%s marker=%s aslr=%s\n", ito_rank(), comm,
           slash ? slash + 1 : argv[0], marker ? marker : "none",
           pers != -1 && (pers & ADDR_NO_RANDOMIZE) ? "off" : "on");
  }
  ito_fini();
  return 0;
}
