// The C++ side of atomics.c: std::atomic's members and operators (inline
// in libstdc++'s headers, so compiled with the program) are atomic between
// nodes, and their memory orders carry the data they publish: a spin lock
// built on std::atomic<bool> guards a std::vector that tasks on every
// process push to. Before, a job on several nodes with such updates was
// refused at start-up (and before that lost increments).
// RUN: %ito-cc --ito-no-translate -std=c++20 -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -std=c++20 -O2 %s -o %t 2>&1 | count 0
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: leaves 65536 visits 131071 weight 32768 best 65535 guarded 4096 sum
// 8386560 flagged 1 firsts 1

#include <algorithm>
#include <atomic>
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

std::atomic<long> leaves{0};
std::atomic<long> visits{0};
std::atomic<double> weight{0};
std::atomic<unsigned> best{0};
std::atomic_flag flagged = ATOMIC_FLAG_INIT;

std::atomic<bool> busy{false};
std::vector<long> guarded; // pushed to under busy

void walk(int d, unsigned id) {
  visits++;
  if (d == 0) {
    leaves.fetch_add(1, std::memory_order_relaxed);
    weight.fetch_add(0.5);
    unsigned seen = best.load();
    while (id > seen && !best.compare_exchange_weak(seen, id))
      ;
    if (id % 16 == 0) {
      while (busy.exchange(true, std::memory_order_acquire))
        ;
      guarded.push_back(id / 16);
      busy.store(false, std::memory_order_release);
    }
    if (id == 12345)
      flagged.test_and_set();
    return;
  }
  cilk_spawn walk(d - 1, 2 * id);
  walk(d - 1, 2 * id + 1);
  cilk_sync;
}

int main() {
  walk(16, 0);
  // Locals of main that a cilk_for body updates: they move off the stack
  // (the flag's initializer is a macro; before, the translation copied the
  // flag into the body's lambda and did not compile).
  std::atomic_flag once = ATOMIC_FLAG_INIT;
  std::atomic<int> firsts{0};
  cilk_for(int i = 0; i < 100; i++) if (!once.test_and_set()) firsts++;
  long sum = 0;
  for (long v : guarded)
    sum += v;
  std::printf("leaves %ld visits %ld weight %.0f best %u guarded %zu sum %ld "
              "flagged %d firsts %d\n",
              leaves.load(), visits.load(), weight.load(), best.load(),
              guarded.size(), sum, flagged.test() ? 1 : 0, firsts.load());
  return 0;
}
