// Coherence torture: random fork/join DAGs whose tasks read and write random
// ranges of a global array, checked against the same program run serially
// on local memory. Data-race free by construction: a task touches only its
// own range, its children get disjoint parts of it, and it touches the
// range again only before forking and after joining them. What it reads
// before a fork was written by its parent (the release a fork owes its
// continuation), what it reads after a join was written by its children
// (release at child completion, acquire at the join). Some children are
// futures got by their parent.
//
// Usage: test-coherence_torture [seeds] [first_seed]
#include "check.h"

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr std::size_t n = 40000;
constexpr std::size_t max_len = 2048;

uint64_t mix(uint64_t &s) {
  s += 0x9e3779b97f4a7c15ull;
  uint64_t z = s;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Where the data is: global memory (checked out) or the serial reference's
// local array (accessed directly).
template <bool Global> struct access {
  uint64_t *base;
  uint64_t *open(std::size_t lo, std::size_t len, ito::mode m) const {
    if constexpr (Global)
      return ito::checkout(base + lo, len, m);
    else
      return (void)m, base + lo;
  }
  void close(std::size_t lo, std::size_t len, ito::mode m) const {
    if constexpr (Global)
      ito::checkin(base + lo, len, m);
    else
      (void)lo, (void)len, (void)m;
  }
};

// k random operations on [lo, hi); returns their checksum.
template <bool Global>
uint64_t operate(access<Global> a, std::size_t lo, std::size_t hi,
                 uint64_t &rng, int k) {
  uint64_t h = 0;
  for (int op = 0; op < k && lo < hi; op++) {
    const std::size_t at = lo + mix(rng) % (hi - lo);
    const std::size_t len = 1 + mix(rng) % std::min(hi - at, max_len);
    const uint64_t salt = mix(rng);
    switch (mix(rng) % 4) {
    case 0: { // read
      const uint64_t *p = a.open(at, len, ito::mode::read);
      for (std::size_t i = 0; i < len; i++)
        h = h * 31 + p[i] * (at + i + 1);
      a.close(at, len, ito::mode::read);
      break;
    }
    case 1: { // write (every byte, as the mode requires)
      uint64_t *p = a.open(at, len, ito::mode::write);
      for (std::size_t i = 0; i < len; i++)
        p[i] = salt ^ (at + i);
      a.close(at, len, ito::mode::write);
      break;
    }
    case 2: { // read_write
      uint64_t *p = a.open(at, len, ito::mode::read_write);
      for (std::size_t i = 0; i < len; i++)
        p[i] = p[i] * 6364136223846793005ull + salt;
      a.close(at, len, ito::mode::read_write);
      break;
    }
    default: { // nested, overlapping read checkouts of the same data
      const uint64_t *p = a.open(at, len, ito::mode::read);
      const std::size_t half = len / 2;
      const uint64_t *q = a.open(at + half, len - half, ito::mode::read);
      h = h * 31 + p[0] + q[len - half - 1];
      a.close(at + half, len - half, ito::mode::read);
      a.close(at, len, ito::mode::read);
    }
    }
  }
  return h;
}

template <bool Global>
uint64_t task(access<Global> a, std::size_t lo, std::size_t hi, uint64_t seed,
              int depth) {
  uint64_t rng = seed;
  uint64_t h = operate(a, lo, hi, rng, static_cast<int>(mix(rng) % 3));
  if (depth == 0 || hi - lo < 64)
    return h * 7 + operate(a, lo, hi, rng, 1 + static_cast<int>(mix(rng) % 4));
  const int k = 2 + static_cast<int>(mix(rng) % 2);
  std::size_t cut[4] = {lo, 0, 0, hi};
  cut[1] = lo + 1 + mix(rng) % (hi - lo - 2);
  cut[2] = k == 3 ? cut[1] + mix(rng) % (hi - cut[1]) : hi;
  uint64_t seeds[3] = {mix(rng), mix(rng), mix(rng)};
  const bool use_future = mix(rng) % 4 == 0;
  uint64_t r[3] = {0, 0, 0};
  if constexpr (Global) {
    ito::thread<uint64_t> t0;
    ito::future<uint64_t> f0;
    if (use_future)
      f0 = ito::async(task<Global>, a, cut[0], cut[1], seeds[0], depth - 1);
    else
      t0.fork(task<Global>, a, cut[0], cut[1], seeds[0], depth - 1);
    if (k == 3) {
      ito::thread<uint64_t> t1(task<Global>, a, cut[1], cut[2], seeds[1],
                               depth - 1);
      r[2] = task<Global>(a, cut[2], hi, seeds[2], depth - 1);
      r[1] = t1.join();
    } else {
      r[1] = task<Global>(a, cut[1], hi, seeds[1], depth - 1);
    }
    r[0] = use_future ? f0.get() : t0.join();
  } else {
    r[0] = task<Global>(a, cut[0], cut[1], seeds[0], depth - 1);
    if (k == 3) {
      r[1] = task<Global>(a, cut[1], cut[2], seeds[1], depth - 1);
      r[2] = task<Global>(a, cut[2], hi, seeds[2], depth - 1);
    } else {
      r[1] = task<Global>(a, cut[1], hi, seeds[1], depth - 1);
    }
  }
  h = h * 1000003 + r[0] * 3 + r[1] * 5 + r[2] * 7;
  return h * 11 + operate(a, lo, hi, rng, static_cast<int>(mix(rng) % 4));
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 12;
  const int first = argc > 2 ? std::atoi(argv[2]) : 1;
  uint64_t *g = ito::malloc_coll<uint64_t>(n, ito::dist::block_cyclic, 0);
  std::vector<uint64_t> ref(n);
  int wrong_dags = 0;         // checksums (what tasks read) unlike the serial run's
  std::size_t stale = 0;      // final elements unlike the serial run's
  for (int s = first; s < first + seeds; s++) {
    const int depth = 3 + s % 6;
    // The same initial contents in both.
    for (std::size_t i = 0; i < n; i++)
      ref[i] = i * uint64_t(s);
    // (In pieces, so that a tiny cache holds each.)
    if (ito::my_rank() == 0)
      for (std::size_t lo = 0; lo < n; lo += max_len) {
        const std::size_t len = std::min(max_len, n - lo);
        auto w = ito::make_checkout<ito::mode::write>(g + lo, len);
        for (std::size_t i = 0; i < len; i++)
          w[i] = (lo + i) * uint64_t(s);
      }
    const uint64_t want =
        task<false>(access<false>{ref.data()}, 0, n, uint64_t(s), depth);
    const uint64_t got = ito::root_exec(
        [](uint64_t *base, uint64_t seed, int d) {
          return task<true>(access<true>{base}, 0, n, seed, d);
        },
        g, uint64_t(s), depth);
    if (got != want) {
      std::fprintf(stderr, "seed %d: checksum %llx, serial %llx\n", s,
                   (unsigned long long)got, (unsigned long long)want);
      wrong_dags++;
    }
    // Every process sees the final contents.
    std::size_t wrong = 0;
    for (std::size_t lo = 0; lo < n; lo += max_len) {
      const std::size_t len = std::min(max_len, n - lo);
      auto r = ito::make_checkout<ito::mode::read>(g + lo, len);
      for (std::size_t i = 0; i < len; i++)
        wrong += r[i] != ref[lo + i];
    }
    if (wrong)
      std::fprintf(stderr, "seed %d: %zu elements differ\n", s, wrong);
    stale += wrong;
    ito::barrier(); // before rank 0 writes the next seed's contents
  }
  ito::free_coll(g);
  // Every DAG runs before the verdict, so that a long run reports how many
  // went wrong (scripts/coherence_torture.py sums them).
  if (ito::my_rank() == 0)
    std::printf("coherence torture: %d DAGs on %d processes, %d with a wrong "
                "checksum, %zu stale or lost elements seen by process 0\n",
                seeds, ito::n_ranks(), wrong_dags, stale);
  ITO_CHECK(wrong_dags == 0);
  ITO_CHECK(stale == 0);
  return 0;
}
