// The mechanical fixes, applied by clang's -fixit through the plugin: [&]
// becomes [=] in a task lambda that only reads what it captures, and `this`
// becomes `*this`; the result then passes the checks. The comments are
// dropped from the rewritten file before FileCheck reads it, so that no
// pattern matches its own CHECK line.
// RUN: cp %s %t.cpp
// RUN: not %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -fixit %t.cpp
// RUN: grep -v '^ *//' %t.cpp | FileCheck %s --implicit-check-not='[&]' --implicit-check-not='[this'
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Werror %t.cpp

#include <ito/ito.hpp>

long fib(int n) {
  if (n < 2)
    return n;
  long a = n;
  // CHECK: {{^}}  ito::thread<long> t([=] { return a + fib(n - 1); });
  ito::thread<long> t([&] { return a + fib(n - 1); });
  return t.join() + fib(n - 2);
}

struct tree {
  int depth = 3;
  long count(int d) const {
    if (d == 0)
      return 1;
    // CHECK: {{^}}    ito::thread<long> t([*this, d] { return count(d - 1); });
    ito::thread<long> t([this, d] { return count(d - 1); });
    // CHECK: {{^}}    ito::thread<long> u([=, *this] { return count(d - 1); });
    ito::thread<long> u([=] { return count(d - 1); });
    return t.join() + u.join();
  }
};

long use(const tree &t) { return t.count(t.depth) + fib(10); }
