// -Wito-this-capture: a task lambda that captures `this` reaches the object
// through its address; [*this] gives the task a copy. A warning, with the
// fix-it when the lambda changes no member (fixit.cpp applies it).
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s
// With promotion (the default) an object whose method hands `this` to a task
// moves off the stack, and the heap is global memory: nothing to report.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include 2>&1 >/dev/null | count 0

#include <ito/ito.hpp>
#include <vector>

struct walker {
  int depth = 4;
  long total = 0;
  long count(int d) const {
    if (d == 0)
      return 1;
    // CHECK: fix-it:"{{.*}}this-capture.cpp":{[[@LINE+1]]:26-[[@LINE+1]]:26}:"*"
    ito::thread<long> t([this, d] { return count(d - 1); }); // expected-warning {{task captures 'this'; the object it points to may be on a parent's stack, out of reach of a task that migrates}}
    // CHECK: fix-it:"{{.*}}this-capture.cpp":{[[@LINE+1]]:27-[[@LINE+1]]:27}:", *this"
    ito::thread<long> u([=] { return count(d - 1); }); // expected-warning {{task captures 'this'}}
    return t.join() + u.join();
  }
  void add(int d) {
    // Changes a member: no fix-it ([*this] is a const copy).
    // CHECK-NOT: fix-it:"{{.*}}":{[[@LINE+1]]:
    ito::thread<void> t([this, d] { total += d; }); // expected-warning {{task captures 'this'}}
    t.join();
  }
  // Near miss: a copy of the object.
  long copied(int d) const {
    ito::thread<long> t([*this, d] { return count(d); });
    return t.join();
  }
};

struct table {
  std::vector<long> cells = std::vector<long>(8);
  void fill() {
    // Changes a member through its operator[]: no fix-it either.
    // CHECK-NOT: fix-it:"{{.*}}":{[[@LINE+1]]:
    ito::thread<void> t([this] { cells[0] = 1; }); // expected-warning {{task captures 'this'}}
    t.join();
  }
};

long use(walker &w) {
  w.add(1);
  return w.count(w.depth) + w.copied(2);
}
