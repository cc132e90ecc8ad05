// In a member function of a class template, a spawn of another member
// function through this (implicit or explicit),
//   template <class T> struct Box { T v; T twice() const;
//     T both() const { T a = cilk_spawn twice(); ... } };
// calls this->twice() in the child, as outside templates (in the template the
// call is of an unresolved member).
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>

template <typename T> struct Box {
  T v;
  T twice() const { return 2 * v; }
  T both() const {
    T a = cilk_spawn twice();
    T b = cilk_spawn this->twice();
    cilk_sync;
    return a + b;
  }
};

// The object is static: the same in every process.
static const Box<long> box{5};

int main() {
  long r = box.both();
  std::printf("%ld\n", r);
  return 0;
}
// CHECK: 20
