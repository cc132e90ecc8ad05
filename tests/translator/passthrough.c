// A C file without Cilk constructs, main or file-scope data translates to
// itself, byte for byte, and quietly. (Its file-scope data would go to the
// shared sections; a main in a file that includes <cilk/cilk.h> makes a
// Cilk program, programs/cilk_header_only.c.)
// RUN: %ito-translate %s -o %t.c -- -I %ito-include 2> %t.err
// RUN: diff %s %t.c
// RUN: count 0 < %t.err
// RUN: %ito-translate %s -- -I %ito-include > %t.stdout.c
// RUN: diff %s %t.stdout.c

#include <cilk/cilk.h>
#include <stddef.h>
#include <stdio.h>

// The translator parses with __ITO_TRANSLATOR__, so that <cilk/cilk.h>
// expands the keywords to constructs it recognizes.
#ifndef __ITO_TRANSLATOR__
#error "__ITO_TRANSLATOR__ is not defined"
#endif

/* What the keywords expand to, written by hand, is no Cilk construct. */
#define FOREVER for (;;)
#define SCOPE if (1)

static const int cilk_spawned = 0;	/* tab-separated */

static size_t count(const char *s) {
  size_t n = 0;
  for (; s[n] != '\0'; ++n) {
  }
  FOREVER { break; }
  SCOPE { n += __extension__ 0; }
  if (1) {
    n += cilk_spawned;
  }
  return n;
}

int report(void) {
  printf("%zu\n", count("ito"));
  return 0;
}
