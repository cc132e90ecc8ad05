// Global memory: collective allocation (block, block-cyclic; in SPMD mode
// and from the root task), noncollective allocation from tasks on any
// process and freed on another, checkout/checkin in every mode, the RAII
// span, single-element get/put and the uncached GET/PUT.
#include "check.h"

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t n = 300000; // not a multiple of anything

uint64_t value_at(std::size_t i, uint64_t salt) {
  return (i * 2654435761u) ^ salt;
}

// Writes value_at over [lo, hi) in parallel, in pieces of at most grain.
void fill(uint64_t *a, std::size_t lo, std::size_t hi, uint64_t salt) {
  if (hi - lo <= 4096) {
    auto s = ito::make_checkout<ito::mode::write>(a + lo, hi - lo);
    for (std::size_t i = lo; i < hi; i++)
      s[i - lo] = value_at(i, salt);
    return;
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  ito::thread<void> t(fill, a, lo, mid, salt);
  fill(a, mid, hi, salt);
  t.join();
}

// Counts elements of [lo, hi) that differ from value_at(i, salt) + plus.
std::size_t count_wrong(const uint64_t *a, std::size_t lo, std::size_t hi,
                        uint64_t salt, uint64_t plus = 0) {
  if (hi - lo <= 4096) {
    const uint64_t *p = ito::checkout(a + lo, hi - lo, ito::mode::read);
    std::size_t wrong = 0;
    for (std::size_t i = lo; i < hi; i++)
      wrong += p[i - lo] != value_at(i, salt) + plus;
    ito::checkin(a + lo, hi - lo, ito::mode::read);
    return wrong;
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  ito::thread<std::size_t> t(count_wrong, a, lo, mid, salt, plus);
  std::size_t r = count_wrong(a, mid, hi, salt, plus);
  return t.join() + r;
}

// read_write: adds one to every element.
void increment(uint64_t *a, std::size_t lo, std::size_t hi) {
  if (hi - lo <= 1000) {
    uint64_t *p = ito::checkout(a + lo, hi - lo, ito::mode::read_write);
    for (std::size_t i = 0; i < hi - lo; i++)
      p[i]++;
    ito::checkin(a + lo, hi - lo, ito::mode::read_write);
    return;
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  ito::thread<void> t(increment, a, lo, mid);
  increment(a, mid, hi);
  t.join();
}

struct node {
  int rank;    // where it was allocated
  uint64_t id; // its position in the tree
  uint64_t payload[5];
};

// Every leaf allocates a node on whatever process runs it and returns it;
// the parent (maybe elsewhere) checks and frees it.
uint64_t alloc_tree(uint64_t id, int depth) {
  if (depth == 0) {
    node *p = ito::malloc<node>(1);
    node v{ito::my_rank(), id, {id, id + 1, id + 2, id + 3, id + 4}};
    ito::put(p, v);
    return reinterpret_cast<uint64_t>(p);
  }
  ito::thread<uint64_t> t(alloc_tree, 2 * id, depth - 1);
  uint64_t mine = alloc_tree(2 * id + 1, depth - 1);
  uint64_t theirs = t.join();
  uint64_t ok = 1;
  for (uint64_t ref : {theirs, mine}) {
    if (depth > 1) {
      ok &= ref;
      continue;
    }
    auto *p = reinterpret_cast<node *>(ref);
    node v = ito::get(p);
    ok &= (v.id == 2 * id || v.id == 2 * id + 1) && v.payload[4] == v.id + 4 &&
          v.rank >= 0 && v.rank < ito::n_ranks();
    ito::free(p, 1);
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const int me = ito::my_rank(), np = ito::n_ranks();

  for (ito::dist d : {ito::dist::block, ito::dist::block_cyclic}) {
    // SPMD: every process allocates; each writes its own share.
    uint64_t *a = ito::malloc_coll<uint64_t>(n, d, 1000);
    const std::size_t per = (n + np - 1) / np;
    const std::size_t lo = std::min(n, per * me), hi = std::min(n, lo + per);
    {
      auto s = ito::make_checkout<ito::mode::write>(a + lo, hi - lo);
      for (std::size_t i = lo; i < hi; i++)
        s[i - lo] = value_at(i, 7);
    }
    std::size_t wrong = ito::root_exec(count_wrong, a, 0, n, 7, 0);
    ITO_CHECK(wrong == 0);
    ito::root_exec(fill, a, 0, n, 11);
    ito::root_exec(increment, a, 0, n);
    // Back in SPMD mode: every process sees the tasks' writes.
    {
      auto s = ito::make_checkout<ito::mode::read>(a, n);
      for (std::size_t i = 0; i < n; i++)
        ITO_CHECK(s[i] == value_at(i, 11) + 1);
    }
    ito::free_coll(a);
  }

  // Collective allocation from the root task, used by tasks everywhere.
  std::size_t wrong = ito::root_exec([] {
    uint64_t *a = ito::malloc_coll<uint64_t>(n, ito::dist::block_cyclic, 512);
    fill(a, 0, n, 3);
    increment(a, 0, n);
    fill(a, n / 3, n / 2, 5);
    std::size_t w = count_wrong(a, 0, n / 3, 3, 1) +
                    count_wrong(a, n / 3, n / 2, 5) +
                    count_wrong(a, n / 2, n, 3, 1);
    ito::global_vector<uint64_t> v(1000, ito::dist::block);
    fill(v.data(), 0, v.size(), 9);
    w += count_wrong(v.data(), 0, v.size(), 9);
    ito::free_coll(a);
    return w;
  });
  ITO_CHECK(wrong == 0);

  // Noncollective allocation from tasks, freed by other tasks; many rounds
  // so that freed memory is reused.
  for (int round = 0; round < 4; round++)
    ITO_CHECK(ito::root_exec(alloc_tree, 1, 10) == 1);

  // Uncached GET/PUT against the cached view of the same memory.
  {
    uint64_t *a = ito::malloc_coll<uint64_t>(n, ito::dist::block);
    if (me == np - 1) {
      std::vector<uint64_t> buf(n);
      for (std::size_t i = 0; i < n; i++)
        buf[i] = value_at(i, 13);
      ito::put_nocache(a, buf.data(), n);
    }
    std::size_t w = ito::root_exec(count_wrong, a, 0, n, 13, 0);
    ITO_CHECK(w == 0);
    std::vector<uint64_t> back(n);
    ito::get_nocache(back.data(), a, n);
    for (std::size_t i = 0; i < n; i++)
      ITO_CHECK(back[i] == value_at(i, 13));
    ito::free_coll(a);
  }

  if (me == 0)
    std::printf("global memory: ok on %d processes\n", np);
  return 0;
}
