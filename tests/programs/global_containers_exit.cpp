// Global standard containers whose nodes were allocated by several
// processes, destroyed at exit: a std::list and a std::map that main and
// its stolen continuations extend, and a summary object whose destructor
// walks them. Their destructors run after glibc has destroyed the
// runtime's thread_local objects; the runtime's reply buffer was one of
// them, and the first fetch from another node at exit received into freed
// memory. Before, every run with a steal between nodes ended in a
// segmentation fault inside the heap once the list was destroyed.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: list 80004 sum 8120006 map 8
// CHECK-NEXT: at exit: list 80004 sum 8120006 map main0..cont3

#include <cilk/cilk.h>
#include <cstdio>
#include <list>
#include <map>
#include <string>

static std::list<int> items;
static std::map<int, std::string> names;

struct Summary {
  ~Summary() {
    long t = 0;
    for (int x : items)
      t += x;
    std::printf("at exit: list %zu sum %ld map %s..%s\n", items.size(), t,
                names.begin()->second.c_str(),
                names.rbegin()->second.c_str());
  }
};
// Declared after the containers, so destroyed before them: it sees them
// whole, through the fetches of data other processes allocated.
static Summary summary_at_exit;

static volatile unsigned long sink;
static void spin() {
  unsigned long x = 1;
  for (int i = 0; i < 3000000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
}

int main() {
  for (int r = 0; r < 4; r++) {
    items.push_back(r);
    names[r] = "main" + std::to_string(r);
    cilk_spawn spin();
    spin();
    for (int j = 0; j < 20000; j++) // in the continuation, maybe stolen
      items.push_back(100 + r);
    names[100 + r] = "cont" + std::to_string(r);
    cilk_sync;
  }
  long t = 0;
  for (int x : items)
    t += x;
  std::printf("list %zu sum %ld map %zu\n", items.size(), t, names.size());
  return 0;
}
