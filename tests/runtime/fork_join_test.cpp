// Fork/join trees of every shape give their serial result at any process
// count, in both layouts: random trees, deep recursion, wide fan-out, void
// tasks, large return values, parallel_invoke, and many root regions.
#include "check.h"

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>

namespace {

// A deterministic pseudo-random tree: node (seed, depth) has 0..4 children.
uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

int n_children(uint64_t seed, int depth) {
  return depth <= 0 ? 0 : static_cast<int>(mix(seed) % 5);
}

uint64_t tree_serial(uint64_t seed, int depth) {
  uint64_t sum = seed % 1000;
  for (int i = 0; i < n_children(seed, depth); i++)
    sum += tree_serial(mix(seed + i + 1), depth - 1);
  return sum;
}

// Children forked one by one, joined in reverse order.
uint64_t tree_parallel(uint64_t seed, int depth) {
  uint64_t sum = seed % 1000;
  int n = n_children(seed, depth);
  if (n == 0)
    return sum;
  // Threads cannot be moved; fork recursively over the child range instead.
  struct range {
    static uint64_t run(uint64_t seed, int depth, int lo, int hi) {
      if (hi - lo == 1)
        return tree_parallel(mix(seed + lo + 1), depth - 1);
      int mid = (lo + hi) / 2;
      ito::thread<uint64_t> left(run, seed, depth, lo, mid);
      uint64_t right = run(seed, depth, mid, hi);
      return left.join() + right;
    }
  };
  return sum + range::run(seed, depth, 0, n);
}

long fib(int n) {
  if (n < 2)
    return n;
  ito::thread<long> x(fib, n - 1);
  long y = fib(n - 2);
  return x.join() + y;
}

// A chain of nested forks far deeper than any fib.
long deep(int n) {
  if (n == 0)
    return 0;
  ito::thread<long> t(deep, n - 1);
  return t.join() + 1;
}

struct big {
  uint64_t w[24]; // 192 bytes, the most a task may return
};

big make_big(uint64_t s) {
  big b;
  for (int i = 0; i < 24; i++)
    b.w[i] = mix(s + i);
  return b;
}

uint64_t sum_big(int n, uint64_t s) {
  if (n == 0)
    return 0;
  ito::thread<big> t(make_big, s);
  uint64_t rest = sum_big(n - 1, s + 100);
  big b = t.join();
  uint64_t x = 0;
  for (uint64_t w : b.w)
    x += w;
  return x + rest;
}

uint64_t sum_big_serial(int n, uint64_t s) {
  uint64_t x = 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < 24; i++)
      x += mix(s + 100 * k + i);
  return x;
}

// A parameter of reference type binds to the child's own copy of the
// argument, so it stays valid after the child migrates.
uint64_t by_ref(const big &b, int depth) {
  uint64_t before = b.w[depth % 24];
  if (depth > 0) {
    ito::thread<uint64_t> t(by_ref, b, depth - 1);
    uint64_t mine = by_ref(b, depth - 1);
    uint64_t theirs = t.join();
    // b is read again after a fork and a join (maybe in another process).
    return mine + theirs + (b.w[depth % 24] == before);
  }
  return b.w[0] == mix(7) ? 1 : 1000000;
}

void bump_leaves(int n, int64_t *counter_unused) {
  (void)counter_unused;
  if (n == 0)
    return;
  ito::thread<void> a(bump_leaves, n - 1, nullptr);
  bump_leaves(n - 1, nullptr);
  a.join();
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  for (int round = 0; round < 20; round++) {
    uint64_t seed = mix(round + 1);
    int depth = 6 + round % 5;
    uint64_t got = ito::root_exec(tree_parallel, seed, depth);
    ITO_CHECK(got == tree_serial(seed, depth));
  }

  ITO_CHECK(ito::root_exec(fib, 27) == 196418);
  ITO_CHECK(ito::root_exec([] { return deep(20000); }) == 20000);
  ITO_CHECK(ito::root_exec(sum_big, 300, uint64_t(7)) ==
            sum_big_serial(300, 7));

  ito::root_exec([] { bump_leaves(14, nullptr); });

  // 2^13 leaves, each 1, plus 1 per inner node: 2^14 - 1 in all.
  ITO_CHECK(ito::root_exec([] { return by_ref(make_big(7), 13); }) ==
            (uint64_t(1) << 14) - 1);

  auto [a, b, c] = ito::root_exec([] {
    auto t =
        ito::parallel_invoke([] { return fib(20); }, [] {}, [] { return 2.5; });
    return t;
  });
  ITO_CHECK(a == 6765);
  (void)b;
  ITO_CHECK(c == 2.5);

  // parallel_invoke splits its callables in halves: seven values in order,
  // nested in each other (the inner ones start wherever the outer ones
  // run), and values too large to travel in pairs (one child each).
  struct big {
    long v[13];
  };
  auto [p0, p1, p2, p3, p4, p5, p6] = ito::root_exec([] {
    auto part = [](long k) {
      auto [x, y, z] = ito::parallel_invoke([k] { return fib(12) + k; },
                                            [k] { return 10 * k; },
                                            [k] { return fib(14) - k; });
      return x * 1000003 + y * 101 + z;
    };
    return ito::parallel_invoke(
        [=] { return part(0); }, [=] { return part(1); },
        [=] { return part(2); }, [=] { return part(3); },
        [=] { return part(4); }, [=] { return part(5); },
        [=] { return part(6); });
  });
  const long parts[] = {p0, p1, p2, p3, p4, p5, p6};
  for (long k = 0; k < 7; k++)
    ITO_CHECK(parts[k] == (144 + k) * 1000003 + 10 * k * 101 + (377 - k));
  const bool bigs_ok = ito::root_exec([] {
    auto fill = [](long k) {
      big b{};
      for (long i = 0; i < 13; i++)
        b.v[i] = fib(10) * k + i;
      return b;
    };
    auto [g0, g1, g2] = ito::parallel_invoke([=] { return fill(1); },
                                             [=] { return fill(2); },
                                             [=] { return fill(3); });
    return g0.v[12] == 55 + 12 && g1.v[0] == 110 && g2.v[5] == 165 + 5;
  });
  ITO_CHECK(bigs_ok);

  // Many short regions in a row: start and end of a region are sound.
  for (int i = 0; i < 200; i++) {
    long expect = 0, x = 0, y = 1;
    for (int k = 0; k < i % 15; k++) {
      long t = x + y;
      x = y;
      y = t;
    }
    expect = x;
    ITO_CHECK(ito::root_exec(fib, i % 15) == expect);
  }

  if (ito::is_master())
    std::printf("fork_join: ok\n");
  return 0;
}
