// Helpers of header_locals.cpp, with no Cilk keyword: a par_do in the
// style of PBBS, a recursive sum whose locals the par_do's lambdas write,
// and a class whose method hands a local atomic to parallel code.
#pragma once

#include <atomic>
#include <functional>

void par_do(const std::function<void()> &left,
            const std::function<void()> &right);
void parallel_tally(std::atomic<long> &tally, int n);

template <class T> T tree_sum(const T *a, long n) {
  if (n < 2048) {
    T s = 0;
    for (long i = 0; i < n; i++)
      s += a[i];
    return s;
  }
  T left = 0, right = 0;
  par_do([&] { left = tree_sum(a, n / 2); },
         [&] { right = tree_sum(a + n / 2, n - n / 2); });
  return left + right;
}

class Tallier {
public:
  long run(int n) {
    std::atomic<long> tally{0};
    parallel_tally(tally, n);
    return tally.load() + offset_;
  }

private:
  long offset_ = 7;
};
