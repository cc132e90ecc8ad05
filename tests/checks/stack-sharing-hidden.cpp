// -Wito-stack-sharing (C++) where the address hides: through an integer
// round trip, in memory a pointer reaches (new), in a file-scope variable a
// child reads, in a struct a lambda copies. Each must fire; the same shapes
// over heap memory must not.
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Wno-ito-static-write -Wno-ito-local-heap -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -fplugin-arg-ito--Wno-ito-static-write -fplugin-arg-ito--Wno-ito-local-heap -Xclang -verify %s

#include <cilk/cilk.h>
#include <cstdint>
#include <ito/ito.hpp>

struct holder {
  int *p = nullptr;
  int n = 0;
};
void use(char *p);
void use_hp(holder *h);
void use_h(holder h);

int *shared;
long reads_shared(int n) { return shared[n]; } // expected-note {{'shared' is read here, in the task}}

void round_trip() {
  alignas(64) char buf[128]; // expected-note {{'buf' is declared here, on the stack of 'round_trip'}}
  char *b = reinterpret_cast<char *>( // expected-note {{'b' gets that address here}}
      (reinterpret_cast<std::uintptr_t>(buf) + 31) & ~std::uintptr_t(31));
  cilk_spawn use(b); // expected-error {{spawned task receives 'b', the address of local array 'buf' of 'round_trip'}}
  cilk_sync;
}

void heap_struct(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'heap_struct'}}
  holder *h = new holder;
  h->p = &x; // expected-note {{stored here, in memory that 'h' points to}}
  cilk_spawn [=] { use_hp(h); }(); // expected-error {{spawned task captures 'h', which points to memory holding the address of local variable 'x' of 'heap_struct'}}
  cilk_sync;
  delete h;
}

void local_struct(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'local_struct'}}
  holder h;
  h.p = &x; // expected-note {{'h.p' gets that address here}}
  cilk_spawn [h] { use_h(h); }(); // expected-error {{spawned task captures 'h', whose field 'p' holds the address of local variable 'x' of 'local_struct'}}
  cilk_sync;
}

long global_read(int n) {
  int x = n; // expected-note {{'x' is declared here, on the stack of 'global_read'}}
  shared = &x; // expected-error {{file-scope variable 'shared' gets the address of local variable 'x' of 'global_read', which a task reads}}
  ito::thread<long> t([] { return reads_shared(0); }); // expected-note {{the task starts here}}
  return t.join();
}

template <class T> void in_template(T n) {
  T x = n; // expected-note {{'x' is declared here, on the stack of 'in_template'}}
  holder *h = new holder;
  h->p = &x; // expected-note {{stored here, in memory that 'h' points to}}
  cilk_spawn use_hp(h); // expected-error {{spawned task receives 'h', which points to memory holding the address of local variable 'x' of 'in_template'}}
  cilk_sync;
}
template void in_template<int>(int); // expected-note {{in the instantiation of 'in_template<int>' required here}}

// A range-based cilk_for over a local array: each iteration reaches an
// element of it.
int squares[8];
void over_array() {
  int local[8] = {0}; // expected-note {{'local' is declared here, on the stack of 'over_array'}}
  cilk_for (int &x : local) // expected-error {{cilk_for body iterates over local array 'local' of 'over_array'}}
    x = x * x;
  cilk_for (int &x : squares) // near miss: file-scope data
    x = x * x;
}

// Near misses: the same over heap memory.
void heap_round_trip(int n) {
  char *m = new char[n + 31];
  char *b = reinterpret_cast<char *>(
      (reinterpret_cast<std::uintptr_t>(m) + 31) & ~std::uintptr_t(31));
  cilk_spawn use(b);
  cilk_sync;
  delete[] m;
}

void heap_struct_heap(int n) {
  holder *h = new holder;
  h->p = new int[n];
  cilk_spawn [=] { use_hp(h); }();
  cilk_sync;
}

long global_heap(int n) {
  shared = new int[n];
  ito::thread<long> t([] { return reads_shared(0); });
  return t.join();
}
