// C++ exceptions thrown in spawned calls and cilk_for bodies reach the
// handlers that catch them in the serial elision, wherever the tasks ran:
// a child's exception goes to its parent's sync; when several are thrown,
// the serially first one wins (Cilk Plus's rules); a try block with spawns
// syncs its children before its handlers run; main's handlers run in
// process 0, where main's files are. Written as an ordinary Cilk program.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.file > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t %t.file | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.file | diff %t.expected -
// RUN: %ito-run -n 4 %t %t.file | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t %t.file | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t %t.file | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t %t.file | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: tree: bad item 37
// CHECK-NEXT: tree: bad item 3
// CHECK-NEXT: tree: bad item 250
// CHECK-NEXT: tree: sum 130816
// CHECK-NEXT: loop: out of range at 301
// CHECK-NEXT: loop: checked 1000
// CHECK-NEXT: local: caught 17 in scan
// CHECK-NEXT: local: caught 5 in scan
// CHECK-NEXT: vector: too long: 900
// CHECK-NEXT: vector: 4950
// CHECK-NEXT: nested: inner 12 rethrown
// CHECK-NEXT: parent: left 7
// CHECK-NEXT: parent: parent 9 after 6765
// CHECK-NEXT: codes: 40 errors, first 2
// CHECK-NEXT: file: 3 lines
// CHECK-NEXT: after: 832040

#include <cilk/cilk.h>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

static volatile unsigned long sink;
static void spin(int n) {
  unsigned long x = 1;
  for (int i = 0; i < n; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
}

struct bad_item : std::runtime_error {
  int item;
  explicit bad_item(int i)
      : std::runtime_error("bad item " + std::to_string(i)), item(i) {}
};

// Divide and conquer over items; the bad ones throw at the leaves.
static const std::vector<int> *bad;
static long tree(int lo, int hi) {
  if (hi - lo == 1) {
    spin(2000);
    for (int b : *bad)
      if (b == lo)
        throw bad_item(lo);
    return lo;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn tree(lo, mid);
  long b = tree(mid, hi);
  cilk_sync;
  return a + b;
}

// A try block in a function that spawns, with no sync of its own: the
// handler still sees what the spawned call throws.
static int scan(const std::vector<int> &v, int lo, int hi, int stop) {
  if (hi - lo <= 16) {
    for (int i = lo; i < hi; i++)
      if (v[i] == stop)
        throw i;
    spin(500);
    return 0;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn scan(v, lo, mid, stop);
  scan(v, mid, hi, stop);
  return 0;
}
static void local_handler(int stop) {
  std::vector<int> v(256);
  for (int i = 0; i < 256; i++)
    v[i] = i;
  try {
    cilk_spawn scan(v, 0, 128, stop);
    scan(v, 128, 256, stop);
  } catch (int where) {
    std::printf("local: caught %d in scan\n", where);
  }
}

static std::vector<long> make(int n) {
  if (n > 500)
    throw std::length_error("too long: " + std::to_string(n));
  std::vector<long> v(n);
  for (int i = 0; i < n; i++)
    v[i] = i;
  spin(3000);
  return v;
}

static long inner(int n) {
  try {
    if (n == 12)
      throw std::logic_error("inner " + std::to_string(n));
    spin(1000);
    return n;
  } catch (std::logic_error &) {
    throw; // rethrown from a handler in the child
  }
}

// The parent throws after a spawn whose child throws too: the child's
// exception comes first in the serial elision.
static long left_throws(int n) {
  spin(20000);
  throw bad_item(n);
}
static long both(int n) {
  long a = cilk_spawn left_throws(n);
  spin(1000);
  if (n > 0)
    throw std::runtime_error("parent");
  cilk_sync;
  return a;
}

// The parent throws while its child, which throws nothing, still runs: the
// parent's exception goes on once the child is done (the handler that waits
// may resume in another process and rethrow there).
static long fib(int n);
static long slow_ok(int n) {
  spin(20000);
  return fib(n);
}
static long parent_only(int n) {
  long a = cilk_spawn slow_ok(20);
  spin(1000);
  if (n > 0)
    throw std::runtime_error("parent " + std::to_string(n));
  cilk_sync;
  return a;
}
static void parent_child_done(int n) {
  try {
    parent_only(n);
  } catch (const std::exception &e) {
    std::printf("parent: %s after %ld\n", e.what(), fib(20));
  }
}

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  const std::vector<std::vector<int>> bad_sets = {
      {37}, {3, 400, 129}, {250, 251, 509}, {}};
  for (const auto &set : bad_sets) {
    bad = &set;
    try {
      long s = tree(0, 512);
      std::printf("tree: sum %ld\n", s);
    } catch (const bad_item &e) {
      std::printf("tree: %s\n", e.what());
    }
  }

  std::vector<int> checked(1000, 0);
  try {
    cilk_for (int i = 0; i < 1000; i++) {
      spin(300);
      if (i % 100 == 1 && i > 300)
        throw std::out_of_range("out of range at " + std::to_string(i));
      checked[i] = 1;
    }
  } catch (const std::out_of_range &e) {
    std::printf("loop: %s\n", e.what());
  }
  cilk_for (int i = 0; i < 1000; i++)
    checked[i] = 1;
  long ones = 0;
  for (int c : checked)
    ones += c;
  std::printf("loop: checked %ld\n", ones);

  local_handler(17);
  local_handler(5);

  for (int n : {900, 100}) {
    try {
      std::vector<long> v = cilk_spawn make(n);
      spin(1000);
      cilk_sync;
      long s = 0;
      for (long x : v)
        s += x;
      std::printf("vector: %ld\n", s);
    } catch (const std::length_error &e) {
      std::printf("vector: %s\n", e.what());
    }
  }

  try {
    long s = 0;
    std::vector<long> parts(20);
    cilk_for (int i = 0; i < 20; i++)
      parts[i] = inner(i);
    for (long p : parts)
      s += p;
    std::printf("nested: %ld\n", s);
  } catch (const std::logic_error &e) {
    std::printf("nested: %s rethrown\n", e.what());
  }

  try {
    both(7);
  } catch (const bad_item &e) {
    std::printf("parent: left %d\n", e.item);
  } catch (const std::exception &e) {
    std::printf("parent: %s\n", e.what());
  }

  parent_child_done(9);

  // Many throws caught inside the tasks, counted with a reducer-free
  // per-item array.
  std::vector<int> code(400, 0);
  cilk_for (int i = 0; i < 400; i++) {
    try {
      if (i % 10 == 2)
        throw i;
    } catch (int c) {
      code[i] = c;
    }
  }
  int errors = 0, first = -1;
  for (int i = 0; i < 400; i++)
    if (code[i]) {
      errors++;
      if (first < 0)
        first = code[i];
    }
  std::printf("codes: %d errors, first %d\n", errors, first);

  // A file main opened stays main's after a handler caught a task's
  // exception.
  FILE *f = std::fopen(argc > 1 ? argv[1] : "exceptions.txt", "w");
  std::fprintf(f, "one\n");
  try {
    cilk_for (int i = 0; i < 64; i++)
      if (i == 63)
        throw std::runtime_error("last");
  } catch (const std::runtime_error &) {
    std::fprintf(f, "two\n");
  }
  std::fprintf(f, "three\n");
  std::fclose(f);
  f = std::fopen(argc > 1 ? argv[1] : "exceptions.txt", "r");
  int lines = 0;
  for (int ch; (ch = std::fgetc(f)) != EOF;)
    lines += ch == '\n';
  std::fclose(f);
  std::printf("file: %d lines\n", lines);

  std::printf("after: %ld\n", fib(30));
  return 0;
}
