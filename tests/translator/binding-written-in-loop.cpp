// A cilk_for body that writes a structured binding of its function whose
// hidden variable cannot move (an array): the binding stays on the
// function's stack, which a task in another process cannot reach; the
// translation stops with a message.
// RUN: not %ito-translate %s -- -std=c++17 -I %ito-include 2>&1 | FileCheck %s

#include <cilk/cilk.h>
#include <utility>

int main() {
  int pair[2] = {0, 10};
  auto [count, limit] = pair;
  cilk_for (int i = 0; i < limit; i++)
    count += i;
  // CHECK: binding-written-in-loop.cpp:[[@LINE-1]]:5: error: cannot translate this cilk_for body: it uses structured binding 'count' other than by reading its value, and the binding stays on the stack of the function, where a task in another process cannot reach it; copy it into a variable before the loop
  return count;
}
