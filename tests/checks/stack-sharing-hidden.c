// -Wito-stack-sharing (C) where the address hides: through an integer round
// trip, in memory a pointer reaches, in a file-scope variable a child
// reads. The analysis not knowing where a pointer points is not a proof that
// it is safe: each must fire; the same shapes over heap memory, or used by
// the parent alone, must not.
// The analysis itself: -fno-ito-promote keeps locals on the stack (the
// translation would move these off it; stack-promotion.c tests that).
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Wno-ito-static-write -Wno-ito-local-heap -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -fplugin-arg-ito--Wno-ito-static-write -fplugin-arg-ito--Wno-ito-local-heap -Xclang -verify %s

#include <alloca.h>
#include <cilk/cilk.h>
#include <stdint.h>
#include <stdlib.h>

void use(char *p);
void use_i(int *p);
void use_u(uintptr_t u);
struct holder {
  int *p;
  int n;
};
void use_h(struct holder h);
void use_hp(struct holder *h);
void elsewhere(int n); // its code is in another file

int *shared;
void reads_shared(int n) { use_i(shared + n); }
void ignores_shared(int n) { (void)n; }

// The Cilk-5 nqueens aligns its alloca'd board through uintptr_t.
void nqueens_style(int n) {
  char *a = alloca(n + 31); // expected-note {{allocated here, on the stack of 'nqueens_style'}} expected-note {{'a' gets that address here}}
  a = (char *)(((uintptr_t)a + 31) & ~(uintptr_t)31);
  cilk_spawn use(a); // expected-error {{spawned task receives 'a', the address of memory that 'nqueens_style' allocated on its stack with alloca}}
  cilk_sync;
}

void round_trip(void) {
  char buf[64]; // expected-note 2 {{'buf' is declared here, on the stack of 'round_trip'}}
  char *b = (char *)(((uintptr_t)buf + 31) & ~(uintptr_t)31); // expected-note {{'b' gets that address here}}
  cilk_spawn use(b); // expected-error {{spawned task receives 'b', the address of local array 'buf' of 'round_trip'}}
  uintptr_t u = (uintptr_t)buf; // expected-note {{'u' gets that address here}}
  cilk_spawn use_u(u); // expected-error {{spawned task receives 'u', the address of local array 'buf'}}
  cilk_sync;
}

// A field of a heap struct, and of a local struct a cilk_for body copies.
void heap_struct(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'heap_struct'}}
  struct holder *h = malloc(sizeof *h);
  h->p = &x; // expected-note {{stored here, in memory that 'h' points to}}
  cilk_spawn use_hp(h); // expected-error {{spawned task receives 'h', which points to memory holding the address of local variable 'x' of 'heap_struct'}}
  cilk_sync;
  free(h);
}

void local_struct(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'local_struct'}}
  struct holder h;
  h.p = &x; // expected-note {{'h.p' gets that address here}}
  cilk_for (int i = 0; i < n; i++)
    use_h(h); // expected-error {{cilk_for body uses 'h', whose field 'p' holds the address of local variable 'x' of 'local_struct'}}
}

// A file-scope pointer that a child reads.
void global_read(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'global_read'}}
  shared = &x; // expected-error {{file-scope variable 'shared' gets the address of local variable 'x' of 'global_read', which a spawned task reads; a task may run in another process and cannot reach its parent's stack}}
  cilk_spawn reads_shared(1); // expected-note {{the spawned task starts here}}
  cilk_sync;
}
// expected-note@28 {{'shared' is read here, in the spawned task}}

void global_unknown(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'global_unknown'}}
  shared = &x; // expected-warning {{file-scope variable 'shared' gets the address of local variable 'x' of 'global_unknown', which a spawned task may read}}
  cilk_spawn elsewhere(1); // expected-note {{the spawned task starts here; its code is not in this file}}
  cilk_sync;
}

// What the parent stores before a child starts, or while it may run, is
// seen by it.
void while_running(int n) {
  int x = n; // expected-note 2 {{'x' is declared here, on the stack of 'while_running'}}
  struct holder *h = malloc(sizeof *h);
  cilk_spawn use_hp(h); // expected-error {{spawned task receives 'h', which points to memory holding the address of local variable 'x'}}
  h->p = &x; // expected-note {{stored here, in memory that 'h' points to}}
  shared = &x; // expected-error {{file-scope variable 'shared' gets the address of local variable 'x' of 'while_running', which a spawned task reads}}
  cilk_spawn reads_shared(0); // expected-note {{the spawned task starts here}}
  cilk_sync;
}
// expected-note@28 {{'shared' is read here, in the spawned task}}

// Near misses: heap memory, an address only the parent uses, a global no
// child reads, stores after the children are joined.
void heap_round_trip(int n) {
  char *m = malloc(n + 31);
  char *b = (char *)(((uintptr_t)m + 31) & ~(uintptr_t)31);
  cilk_spawn use(b);
  cilk_sync;
  free(m);
}

uintptr_t parent_only(void) {
  char buf[64];
  uintptr_t u = ((uintptr_t)buf + 31) & ~(uintptr_t)31;
  char *b = (char *)u;
  b[0] = 0;
  cilk_spawn use_u(7);
  cilk_sync;
  return u & 1;
}

void heap_struct_heap(int n) {
  struct holder *h = malloc(sizeof *h);
  h->p = malloc(n * sizeof(int));
  cilk_spawn use_hp(h);
  cilk_sync;
}

void global_no_reader(int n) {
  int x = n;
  shared = &x;
  cilk_spawn ignores_shared(1);
  cilk_sync;
  shared = 0;
}

void global_heap(int n) {
  shared = malloc(n * sizeof(int));
  cilk_spawn reads_shared(1);
  cilk_sync;
}

void after_sync(int n) {
  int x = n;
  struct holder *h = malloc(sizeof *h);
  cilk_spawn use_hp(h);
  cilk_spawn reads_shared(0);
  cilk_sync;
  h->p = &x;
  shared = &x;
  use_hp(h);
  reads_shared(0);
  shared = 0;
}
