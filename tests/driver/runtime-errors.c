// Misusing the runtime's start-up ends in one clear message, never a crash.
// RUN: %ito-cc %s -o %t
// RUN: not %ito-run -n 1 %t before-init 2>&1 | FileCheck --check-prefix=BEFORE %s
// RUN: not %ito-run -n 2 %t init-twice 2>&1 | FileCheck --check-prefix=TWICE %s
// RUN: not %ito-run -n 1 %t fini-alone 2>&1 | FileCheck --check-prefix=FINI %s
// RUN: env ITO_STATS=perhaps not %ito-run -n 1 %t ok 2>&1 | FileCheck --check-prefix=BADENV %s
// RUN: env ITO_STATS=json: not %ito-run -n 1 %t ok 2>&1 | FileCheck --check-prefix=NOFILE %s

#include <ito/ito.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "ok";
  if (strcmp(what, "before-init") == 0)
    return ito_rank();
  if (strcmp(what, "fini-alone") == 0) {
    ito_fini();
    return 0;
  }
  ito_init(&argc, &argv);
  if (strcmp(what, "init-twice") == 0)
    ito_init(&argc, &argv);
  ito_fini();
  return 0;
}

// BEFORE: ito: error: ito_rank called outside ito_init()/ito_fini(); start the runtime first
// TWICE: ito: error (rank {{[01]}}): ito_init() called twice; call it once per process
// FINI: ito: error: ito_fini() called without a matching ito_init()
// BADENV: ito: error (rank 0): ITO_STATS=perhaps is not understood; use 1 (a table on standard error), json:FILE (JSON into FILE) or 0
// NOFILE: ito: error (rank 0): ITO_STATS=json: names no file; use ITO_STATS=json:FILE (or json:- for standard error)
