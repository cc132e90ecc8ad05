// Cilk that comes close to the rules but keeps them: no diagnostic, and the
// translation compiles. A cilk_for body may break out of a loop of its own,
// continue, jump within itself, and return from a nested function (C++,
// diag-allowed.cpp); a spawn's receiver may be any lvalue; a spawn statement
// may be in parentheses; a cilk_scope without spawns needs no braces.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %ito-translate %s -o %t.c -- -I %ito-include
// RUN: %clang -fsyntax-only -Wall -I %ito-include %t.c
// expected-no-diagnostics

#include <cilk/cilk.h>

struct point {
  int x, y;
};
struct shape {
  struct point p[4];
};

static int f(int n) { return n; }
static struct point mk(int n) {
  struct point p = {n, -n};
  return p;
}

void bodies(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if (j > i)
        break;
      out[i] += j;
    }
    switch (out[i]) {
    case 0:
      break;
    default:
      out[i]--;
    }
    if (out[i] < 0)
      continue;
    if (out[i] > 100)
      goto clamp;
    out[i] *= 2;
  clamp:
    out[i] = out[i] > 100 ? 100 : out[i];
  }
}

int receivers(int n, int *p, struct shape *s) {
  int k = 1;
  *p = cilk_spawn f(n);
  s->p[k].x = cilk_spawn f(n + 1);
  s->p[2] = cilk_spawn mk(n);
  struct point q = cilk_spawn mk(n + 2);
  (cilk_spawn f(n));
  cilk_sync;
  cilk_scope k += f(n);
  return *p + s->p[1].x + q.y + k;
}
