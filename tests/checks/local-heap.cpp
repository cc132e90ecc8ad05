// -Wito-local-heap (C++): new and the standard containers.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <ito/ito.hpp>
#include <string>
#include <vector>

int f(int n) { return n; }

int containers(int n) {
  std::vector<int> v(n); // expected-note {{'v' is declared here}}
  std::string name = "x"; // expected-note {{'name' is declared here}}
  cilk_for (int i = 0; i < n; i++) // expected-note {{the task may go on in another process after this cilk_for}}
    v[i] = i; // expected-error {{cilk_for body uses 'v', which is a std::vector<int>, whose memory is in the heap of the process that made it; the iterations may run in other processes}}
  int x = cilk_spawn f(n);
  cilk_sync;
  return x + (int)name.size(); // expected-error {{'name' is used after a fork or join, but is a std::string}}
}

long with_api(int n) {
  int *p = new int[n]; // expected-note {{allocated here, in the heap of this process}} expected-note {{'p' gets it here}}
  ito::thread<long> t([n] { return (long)n; }); // expected-note {{the task may go on in another process after this fork}}
  long r = t.join();
  delete[] p; // expected-error {{'p' is used after a fork or join, but points to memory that 'with_api' allocated with new in its own process}}
  return r;
}

// A range-based cilk_for moves the task as well.
int after_range_for(int n, int (&a)[8]) {
  std::vector<int> v(n); // expected-note {{'v' is declared here}}
  cilk_for (int &x : a) // expected-note {{the task may go on in another process after this cilk_for}}
    x = f(x);
  return v[0]; // expected-error {{'v' is used after a fork or join, but is a std::vector<int>}}
}

// Near miss: a vector made and used between forks.
long between(int n) {
  long a = cilk_spawn f(n);
  cilk_sync;
  std::vector<long> w(4, a);
  long s = 0;
  for (long x : w)
    s += x;
  return s;
}
