// An ITO_* variable the runtime does not know (a misspelled option would
// otherwise do nothing) draws one warning at start-up, from rank 0 only,
// naming the closest known variable; the program still runs. Known
// variables, the runtime's and the tools', draw none.
// RUN: %ito-cc -O1 %s -o %t
// RUN: env ITO_STAT=1 %ito-run -n 2 %t 2> %t.err | FileCheck %s --check-prefix=OUT
// OUT: done
// RUN: FileCheck %s --input-file=%t.err --match-full-lines
// CHECK: ito: warning (rank 0): unknown environment variable ITO_STAT=1; did you mean ITO_STATS?
// RUN: count 1 < %t.err
// RUN: env ITO_CACHE_SIZ=64m ito_stats=1 %ito-run -n 2 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=TWO
// TWO-DAG: unknown environment variable ITO_CACHE_SIZ=64m; did you mean ITO_CACHE_SIZE?
// TWO-DAG: unknown environment variable ito_stats=1; did you mean ITO_STATS?
// RUN: env ITO_FROBNICATE=yes %ito-run -n 1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=FAR
// FAR: ito: warning (rank 0): unknown environment variable ITO_FROBNICATE=yes; ito's variables are listed in docs/runtime-options.md
// RUN: env ITO_STATS=0 ITO_CACHE_SIZE=64m ITO_MPIEXEC=%launcher-path ITO_CLANG=clang-19 ITO_BUILD_DIR=build %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=KNOWN --implicit-check-not=warning
// KNOWN: done

#include <ito/ito.h>
#include <stdio.h>

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  if (ito_rank() == 0)
    printf("done\n");
  ito_fini();
  return 0;
}
