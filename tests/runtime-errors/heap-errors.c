// Misuse of the program's heap (malloc in a Cilk program is global memory)
// ends the job with one message that says what happened and what to do;
// a request no heap could meet is a null pointer, as with the C library.
// RUN: %ito-cc -O1 %s -o %t
// RUN: env ITO_HEAP_SIZE=8m %expect-status 1 %ito-run -n 2 %t fill 2>&1 | FileCheck --check-prefix=FULL %s --implicit-check-not=error
// FULL: ito: error (rank {{[0-9]}}): out of heap memory: this process has {{[0-9]+}} MiB of its 8 MiB heap in use and asked for 1048576 bytes more; raise ITO_HEAP_SIZE (each process's share of the program's heap)
// RUN: %expect-status 1 %ito-run -n 2 %t twice 2>&1 | FileCheck --check-prefix=TWICE %s --implicit-check-not=error
// TWICE: ito: error (rank {{[0-9]}}): free(0x{{[0-9a-f]+}}): not a block of the heap (freed twice, or a pointer into a block rather than its start)
// RUN: %expect-status 1 %ito-run -n 1 %t inside 2>&1 | FileCheck --check-prefix=INSIDE %s --implicit-check-not=error
// INSIDE: ito: error (rank 0): free(0x{{[0-9a-f]+}}): not a block of the heap (freed twice, or a pointer into a block rather than its start)
// RUN: %ito-run -n 2 %t huge | FileCheck --check-prefix=HUGE %s
// HUGE: huge: null
// RUN: %expect-status 1 %ito-run -n 1 %t explicit 2>&1 | FileCheck --check-prefix=EXPLICIT %s
// EXPLICIT: ito: error (rank 0): free(0x{{[0-9a-f]+}}): memory from ito_malloc; free it with ito_free

#include <cilk/cilk.h>
#include <ito/ito.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *grab(size_t n) {
  char *p = malloc(n);
  if (p)
    memset(p, 1, n);
  return p;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "fill")) {
    for (int i = 0; i < 64; i++) {
      char *p = cilk_spawn grab(1 << 20);
      cilk_sync;
      if (!p)
        printf("null at %d\n", i);
    }
  } else if (!strcmp(what, "twice")) {
    char *p = cilk_spawn grab(100000);
    cilk_sync;
    free(p);
    free(p);
  } else if (!strcmp(what, "inside")) {
    char *volatile p = grab(100000); // volatile: kept from the optimizer
    free(p + 4096);
  } else if (!strcmp(what, "huge")) {
    void *volatile p = malloc((size_t)1 << 50);
    printf("huge: %s\n", p ? "allocated" : "null");
  } else if (!strcmp(what, "explicit")) {
    free(ito_malloc(64));
  }
  return 0;
}
