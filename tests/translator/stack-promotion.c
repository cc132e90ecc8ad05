// In a C function that may fork (it has Cilk code, or calls a function that
// may), the locals a child may reach (arrays and VLAs, address-taken
// variables, variables a cilk_for body writes) and alloca'd memory move to
// the program's heap, freed when their scope ends or the function returns;
// every use goes through the pointer, and a declaration of several
// variables becomes one each. Left on the stack: parameters, register
// variables, locals a macro's body names where their block also spells the
// name otherwise (a member), locals a label after them could jump over, and
// everything in functions that cannot fork. (A macro's body that names a
// local, the name spelled nowhere else, makes the name a macro for the
// moved storage over the local's block.)
// RUN: %ito-translate %s -- -I %ito-include -Wno-ito-stack-sharing > %t.c
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --check-prefix=REPORTED
// REPORTED: stack-promotion.c:[[#@LINE+69]]:18: error: spawned task receives the address of local variable 'in_macro' of 'stays'
// REPORTED-NOT: error:
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.c | FileCheck %s --implicit-check-not=ito_promote
// RUN: %clang -fsyntax-only -Wall -I %ito-include %t.c
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Wno-ito-stack-sharing > %t.none.c
// RUN: grep -v -e '^ *//' %t.none.c | FileCheck %s --check-prefix=NONE --implicit-check-not=ito_promote
// NONE: int a[4] = {1, 2, 3, 4};

#include <alloca.h>
#include <cilk/cilk.h>
#include <stdint.h>

void use(int *p);
void use_chars(char *p);
#define ADDRESS(v) (&(v))
// A macro that names the local itself: its use cannot be rewritten.
#define IN_MACRO_ADDRESS (&in_macro)
#define NAMED_ADDRESS (&named)

int promoted(int n) {
  // CHECK: typedef int __ito_t_a[4]; void *__ito_h_a __attribute__((cleanup(ito_unpromote))) = ito_promote(sizeof(__ito_t_a), {{[0-9]+}}); __ito_t_a *const __ito_p_a = (__ito_t_a *)__ito_h_a; __builtin_memcpy((void *)*__ito_p_a, (__ito_t_a){1, 2, 3, 4}, sizeof(__ito_t_a));
  int a[4] = {1, 2, 3, 4};
  // CHECK-NEXT: typedef int __ito_t_x; void *__ito_h_x __attribute__((cleanup(ito_unpromote))) = ito_promote(sizeof(__ito_t_x), {{[0-9]+}}); __ito_t_x *const __ito_p_x = (__ito_t_x *)__ito_h_x; *__ito_p_x = n + (*__ito_p_a)[0];
  int x = n + a[0];
  // CHECK-NEXT: typedef int __ito_t_vla[n]; void *__ito_h_vla __attribute__((cleanup(ito_unpromote))) = ito_promote(sizeof(__ito_t_vla), {{[0-9]+}}); __ito_t_vla *const __ito_p_vla = (__ito_t_vla *)__ito_h_vla;
  int vla[n];
  // CHECK-NEXT: typedef char __ito_t_s[6]; {{.*}} __builtin_memcpy((void *)*__ito_p_s, (__ito_t_s){"hello"}, sizeof(__ito_t_s));
  char s[] = "hello";
  // CHECK: char *b = (char *)(((uintptr_t)ito_promote_alloca(&__ito_allocas, n + 31) + 31) & ~(uintptr_t)31);
  char *b = (char *)(((uintptr_t)alloca(n + 31) + 31) & ~(uintptr_t)31);
  // CHECK: typedef int __ito_t_named; {{.*}} *__ito_p_named = 7;
  // CHECK-NEXT: #define named (*__ito_p_named)
  int named = 7;
  cilk_spawn use(NAMED_ADDRESS);
  cilk_spawn use(&x);
  cilk_spawn use(a);
  cilk_spawn use(vla);
  cilk_spawn use_chars(s);
  cilk_spawn use_chars(b);
  cilk_sync;
  // CHECK: return (*__ito_p_x) + (*__ito_p_a)[1] + (int)sizeof (*__ito_p_vla);
  return x + a[1] + (int)sizeof vla;
  // CHECK: #undef named
}

// CHECK: int stays(int n) { void *__ito_allocas __attribute__((cleanup(ito_unpromote_allocas))) = 0;
int stays(int n) {
  register int r = n;
  // CHECK: typedef int __ito_t_pair1; {{.*}} *__ito_p_pair1 = 0; int pair2 = 1;
  int pair1 = 0, pair2 = 1;
  int in_macro = 2;
  struct { // a member of the same name: the local stays, and is reported
    int in_macro;
  } other = {0};
  (void)other.in_macro;
  // CHECK: typedef int __ito_t_as_argument; {{.*}} *__ito_p_as_argument = 5;
  int as_argument = 5;
  int plain = 3; // no address taken: a value for the child
  // CHECK: int *tmp = ito_promote_alloca(&__ito_allocas, sizeof(int));
  int *tmp = alloca(sizeof(int));
  *tmp = r + pair1 + pair2 + plain;
  switch (n) {
  case 0:;
    int before_case = 4; // a jump to the case below would skip its set-up
    use(&before_case);
  case 1:
    break;
  }
  cilk_spawn use(&pair1);
  cilk_spawn use(IN_MACRO_ADDRESS);
  // A macro's argument is rewritten where it is spelled.
  // CHECK: __ito_a = { ADDRESS((*__ito_p_as_argument)) };
  cilk_spawn use(ADDRESS(as_argument));
  cilk_sync;
  return *tmp + in_macro;
}

void set_all(int *p, int n, int v) { // cannot fork: calls nothing
  for (int i = 0; i < n; i++)
    p[i] = v;
}

int no_fork(void) {
  int local[2] = {0, 0};
  set_all(local, 2, 1);
  __builtin_memset(local, 0, sizeof local);
  return local[0];
}

int found(const int *p, int n);

// Without Cilk code of its own, but what it calls forks: what reaches the
// forking call moves, what only a callee that cannot fork sees stays.
int calls_cilk(void) {
  // CHECK: typedef int __ito_t_buffer[8]; {{.*}} ito_promote(sizeof(__ito_t_buffer), {{[0-9]+}})
  int buffer[8];
  int kept[8];
  set_all(buffer, 8, 2);
  set_all(kept, 8, 3);
  return promoted(8) + found(buffer, 8) + kept[0];
}

// A cilk_for body that writes a variable of its parent.
int found(const int *p, int n) {
  // CHECK: typedef int __ito_t_any; {{.*}} *__ito_p_any = 0;
  int any = 0, reads = 7;
  cilk_for (int i = 0; i < n; i++)
    if (p[i] == reads)
      any = 1;
  return any;
}
