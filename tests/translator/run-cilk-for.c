// cilk_for end to end, in C: every iteration runs exactly once, with its own
// value of the loop variable, for each loop shape (<, <=, >, >=, != with ++,
// --, += and -=), with grain sizes, empty ranges, spawns, a continue and a
// cilk_scope in the body, and a cilk_for in a cilk_for. Compiled with the
// translation and as the serial elision, run on 1, 2 and 4 processes and on
// 2 that are nodes of their own.
//
// The iterations run in whatever process has them, and globals, the heap
// and the parent's stack are not shared between processes: so each
// iteration computes its value itself (through spawns, whose receivers are
// shared) and prints one line, flushed at once; the lines are sorted before
// FileCheck reads them, so every run prints the same.
// (local() writes the root's array from a cilk_for, which the checks rightly
// reject: it runs on one process only, with -Wno-ito-stack-sharing.)
// RUN: %ito-cc -O2 -Wno-ito-stack-sharing %s -o %t
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 1 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 4 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 --internode %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
//
// Within one process (the serial elision, and one process), the body may
// also write through a pointer into an array of the root task; with several
// processes that is not shared (the parent's frame may be in another
// process), so this is checked on one process only.
// RUN: %t.serial local | FileCheck %s --check-prefix=LOCAL --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 1 %t local | FileCheck %s --check-prefix=LOCAL --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <string.h>

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return v;
}

static int sq(int v) { return work(v) * v; }

static void report(const char *tag, long i, long value) {
  printf("%s %ld %ld\n", tag, i, value);
  fflush(stdout);
}

static void shapes(int n) {
  cilk_for (int i = 0; i < n; ++i) {
    int a = cilk_spawn sq(i);
    int b = sq(i + 1);
    cilk_sync;
    report("lt++", i, a + b);
  }
  cilk_for (int i = 1; i <= n; i += 3) {
    report("le+=3", i, sq(i));
  }
  cilk_for (int i = n; i > n / 2; --i) {
    report("gt--", i, sq(i));
  }
  cilk_for (int i = n; i >= 0; i -= 4) {
    report("ge-=4", i, sq(i));
  }
  int step = 2;
  cilk_for (int i = 0; i != n; i += step) {
    report("ne+=2", i, sq(i));
  }
  cilk_for (long i = -5; 5 > i; i += 5) {
    report("flipped", i, sq((int)i));
  }
  cilk_for (unsigned u = 3; u > 0; u--) {
    report("unsigned", (long)u, sq((int)u));
  }
  cilk_for (int i = n; i < n; i++) {
    report("never", i, 0);
  }
  cilk_for (int i = 0; i > 3; i++) {
    report("never", i, 0);
  }
}
// CHECK-NOT: never
// CHECK: continue 0 1
// CHECK-NEXT: continue 2 13
// CHECK-NEXT: continue 4 41
// CHECK-NEXT: flipped -5 25
// CHECK-NEXT: flipped 0 0
// CHECK-NEXT: ge-=4 10 100
// CHECK-NEXT: ge-=4 2 4
// CHECK-NEXT: ge-=4 6 36
// CHECK-NEXT: grain1 0 0
// CHECK-NEXT: grain1 1 1
// CHECK-NEXT: grain1 2 4
// CHECK-NEXT: grain1 3 9
// CHECK-NEXT: grain3 0 0
// CHECK-NEXT: grain3 1 1
// CHECK-NEXT: grain3 2 4
// CHECK-NEXT: grain3 3 9
// CHECK-NEXT: grain3 4 16
// CHECK-NEXT: grain3 5 25
// CHECK-NEXT: grain3 6 36
// CHECK-NEXT: gt-- 10 100
// CHECK-NEXT: gt-- 6 36
// CHECK-NEXT: gt-- 7 49
// CHECK-NEXT: gt-- 8 64
// CHECK-NEXT: gt-- 9 81
// CHECK-NEXT: le+=3 1 1
// CHECK-NEXT: le+=3 10 100
// CHECK-NEXT: le+=3 4 16
// CHECK-NEXT: le+=3 7 49
// CHECK-NEXT: lt++ 0 1
// CHECK-NEXT: lt++ 1 5
// CHECK-NEXT: lt++ 2 13
// CHECK-NEXT: lt++ 3 25
// CHECK-NEXT: lt++ 4 41
// CHECK-NEXT: lt++ 5 61
// CHECK-NEXT: lt++ 6 85
// CHECK-NEXT: lt++ 7 113
// CHECK-NEXT: lt++ 8 145
// CHECK-NEXT: lt++ 9 181
// CHECK-NEXT: ne+=2 0 0
// CHECK-NEXT: ne+=2 2 4
// CHECK-NEXT: ne+=2 4 16
// CHECK-NEXT: ne+=2 6 36
// CHECK-NEXT: ne+=2 8 64
// CHECK-NEXT: nested 0 0
// CHECK-NEXT: nested 0 1
// CHECK-NEXT: nested 0 2
// CHECK-NEXT: nested 1 10
// CHECK-NEXT: nested 1 11
// CHECK-NEXT: nested 1 12
// CHECK-NEXT: nested 2 20
// CHECK-NEXT: nested 2 21
// CHECK-NEXT: nested 2 22
// CHECK-NEXT: root done
// CHECK-NEXT: scope 0 0
// CHECK-NEXT: scope 1 2
// CHECK-NEXT: scope 2 8
// CHECK-NEXT: scope 3 18
// CHECK-NEXT: unsigned 1 1
// CHECK-NEXT: unsigned 2 4
// CHECK-NEXT: unsigned 3 9
// CHECK-NOT: {{.}}

// A continue in the body syncs the iteration's spawns first.
static void exits(void) {
  cilk_for (int i = 0; i < 6; i++) {
    int a = cilk_spawn sq(i);
    if (i % 2 == 1)
      continue;
    int b = cilk_spawn sq(i + 1);
    cilk_sync;
    report("continue", i, a + b);
  }
}

static void grainsizes(void) {
#pragma cilk grainsize 3
  cilk_for (int i = 0; i < 7; i++) {
    report("grain3", i, sq(i));
  }
#pragma cilk grainsize = 1
  cilk_for (int i = 0; i < 4; i++) {
    report("grain1", i, sq(i));
  }
}

static void nested_blocks(void) {
  cilk_for (int i = 0; i < 3; i++) {
    cilk_for (int j = 0; j < 3; j++) {
      report("nested", i, 10 * i + work(j));
    }
  }
  cilk_for (int i = 0; i < 4; i++) {
    int a = 0, b = 0;
    cilk_scope {
      a = cilk_spawn sq(i);
      b = cilk_spawn sq(i);
    }
    report("scope", i, a + b);
  }
}

// On one process only: results through a pointer into the root's array.
static void local(void) {
  long out[100];
  long *p = out;
  memset(out, 0, sizeof out);
  cilk_for (int i = 0; i < 100; i++) {
    p[i] = sq(i);
  }
  long total = 0;
  for (int i = 0; i < 100; i++)
    total += out[i];
  printf("local total=%ld\n", total);
}
// LOCAL: local total=328350

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "local") == 0) {
    local();
    return 0;
  }
  shapes(10);
  exits();
  grainsizes();
  nested_blocks();
  printf("root done\n");
  return 0;
}
