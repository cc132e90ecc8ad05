// -Wito-stack-sharing (C): a spawned child gets an address in its parent's
// stack, by any route. Each must fire at the argument that carries it, with
// notes from the storage to the spawn; the near misses must stay silent.
// The analysis itself: -fno-ito-promote keeps locals on the stack (the
// translation would move these off it; stack-promotion.c tests that).
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -fno-ito-promote -I %ito-include 2>&1 | FileCheck %s
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s

#include <alloca.h>
#include <cilk/cilk.h>
#include <ito/ito.h>

void use(int *p);
void use_c(const char *s);
void use_f(int (*f)(int));
int twice(int x) { return 2 * x; }
struct holder {
  int *p;
  int n;
};
void use_h(struct holder h);

static const int table[4] = {1, 2, 3, 4};
int global_array[4];

void fires(int n) {
  int x = 0; // expected-note 6 {{'x' is declared here, on the stack of 'fires'}}
  int a[8];  // expected-note 2 {{'a' is declared here, on the stack of 'fires'}}
  int vla[n]; // expected-note {{'vla' is declared here, on the stack of 'fires'}}
  cilk_spawn use(&x); // expected-error {{spawned task receives the address of local variable 'x' of 'fires'; a task may run in another process and cannot reach its parent's stack}}
  // CHECK: stack-sharing.c:[[@LINE-1]]:18: error: {{.*}}[-Wito-stack-sharing]
  cilk_spawn use(a); // expected-error {{spawned task receives the address of local array 'a' of 'fires'}}
  cilk_spawn use(&a[3] + 1); // expected-error {{receives the address of local array 'a'}}
  cilk_spawn use(vla); // expected-error {{receives the address of variable-length array 'vla' of 'fires'}}
  int *p = &x; // expected-note {{'p' gets that address here}}
  cilk_spawn use(p); // expected-error {{spawned task receives 'p', the address of local variable 'x' of 'fires'}}
  int *q;
  q = p + 1; // expected-note {{'q' gets that address here}}
  // expected-note@-4 {{'p' gets that address here}}
  cilk_spawn use(q); // expected-error {{spawned task receives 'q', the address of local variable 'x'}}
  long addr = (long)&x;
  cilk_spawn use((int *)(char *)&x); // expected-error {{receives the address of local variable 'x'}}
  int *r = n ? &x : a; // expected-note {{'r' gets that address here}}
  cilk_spawn use(r); // expected-error {{spawned task receives 'r', the address of local variable 'x'}}
  struct holder h = {&x, 1}; // expected-note {{'h.p' gets that address here}}
  cilk_spawn use(h.p); // expected-error {{spawned task receives the address of local variable 'x'}}
  cilk_spawn use((int[]){1, 2}); // expected-error {{receives the address of a compound literal on the stack of 'fires'}}
  // expected-note@-1 {{the compound literal is created here, on the stack of 'fires'}}
  (void)addr;
  cilk_sync;
}

void from_alloca(int n) {
  int *b = alloca(n * sizeof(int)); // expected-note {{allocated here, on the stack of 'from_alloca'}} expected-note {{'b' gets that address here}}
  cilk_spawn use(b); // expected-error {{spawned task receives 'b', the address of memory that 'from_alloca' allocated on its stack with alloca}}
  cilk_sync;
}

// A struct copied into the child carries what its fields point to; so does
// the argument block ito_fork copies.
static void task(void *args, void *result) { (void)args, (void)result; }
void structs(int n) {
  int v[4]; // expected-note 2 {{'v' is declared here, on the stack of 'structs'}}
  struct holder h = {v, n}; // expected-note {{'h.p' gets that address here}}
  cilk_spawn use_h(h); // expected-error {{spawned task receives 'h', whose field 'p' holds the address of local array 'v' of 'structs'}}
  cilk_sync;
  struct holder args;
  args.p = v; // expected-note {{'args.p' gets that address here}}
  args.n = n;
  ito_task t;
  int r;
  ito_fork(&t, task, &args, sizeof args, &r, sizeof r); // expected-error {{task receives 'args', whose field 'p' holds the address of local array 'v' of 'structs'}}
  ito_join(&t);
}

// Near misses: values, literals, constant and global data, functions, the
// parent's own receivers, pointers the analysis knows nothing about.
int not_on_the_stack(int n, int *param) {
  int x = n;
  int counts[4];
  cilk_spawn use_c("a string literal");
  cilk_spawn use((int *)table);
  cilk_spawn use(global_array);
  cilk_spawn use_f(twice);
  cilk_spawn use(param);
  struct holder h = {param, x};
  cilk_spawn use_h(h);
  int y = cilk_spawn twice(x);
  for (int i = 0; i < 4; i++)
    counts[i] = cilk_spawn twice(i);
  cilk_sync;
  return x + y + counts[0];
}

// A child's pointers to its own locals are its own business.
void child(int n) {
  int own[4] = {n};
  use(own);
}
void spawns_child(void) {
  cilk_spawn child(1);
}
