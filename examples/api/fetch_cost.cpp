// fetch_cost: what a checkout that misses costs between nodes: the latency
// of fetching a few bytes, and the bandwidth of fetching a large range in
// one checkout (the figures the performance model of docs/performance.md
// takes).
//
//   fetch_cost [R]    R repeats (default 5); run with ito-run -n 2 --internode
//
// The root task checks out ranges of a collective array whose home is the
// last process, each range once (so every checkout misses): 8 bytes at a
// time, 64 KiB (one block) and 8 MiB. The RESULT line gives the median
// microseconds of an 8-byte miss and of a 64 KiB one, and MB/s of the
// 8 MiB ones.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <chrono>
#include <cstdint>
#include <vector>

namespace {

struct costs {
  double small_us, block_us, large_mbps;
  uint64_t sum;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
      .count();
}

// Checks out [p, p + n) for reading, once, and adds up what it read.
uint64_t read_once(const uint64_t *p, std::size_t n) {
  auto c = ito::make_checkout<ito::mode::read>(p, n);
  uint64_t s = 0;
  for (std::size_t i = 0; i < n; i += 512)
    s += c[i];
  return s;
}

costs run(const uint64_t *a, std::size_t n) {
  const std::size_t block = (64 << 10) / sizeof(uint64_t);
  const std::size_t large = (8 << 20) / sizeof(uint64_t);
  costs c{};
  // 8 bytes from each of 64 blocks (one per block: each misses).
  std::vector<double> t;
  for (std::size_t k = 0; k < 64; k++) {
    auto t0 = std::chrono::steady_clock::now();
    c.sum += read_once(a + k * block, 1);
    t.push_back(seconds_since(t0));
  }
  c.small_us = bench::median(t) * 1e6;
  t.clear();
  for (std::size_t k = 64; k < 128; k++) {
    auto t0 = std::chrono::steady_clock::now();
    c.sum += read_once(a + k * block, block);
    t.push_back(seconds_since(t0));
  }
  c.block_us = bench::median(t) * 1e6;
  t.clear();
  for (std::size_t at = 128 * block; at + large <= n; at += large) {
    auto t0 = std::chrono::steady_clock::now();
    c.sum += read_once(a + at, large);
    t.push_back(seconds_since(t0));
  }
  c.large_mbps = (large * sizeof(uint64_t)) / bench::median(t) / 1e6;
  return c;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  int repeats = 5;
  if (argc > 2 || (argc > 1 && !bench::parse_int(argv[1], 1, 1000, repeats)))
    return bench::usage("fetch_cost [R repeats (default 5)]");
  // The last process is home to the last 64 MiB; the root task reads them.
  const std::size_t per = (std::size_t(64) << 20) / sizeof(uint64_t);
  const std::size_t total = per * static_cast<std::size_t>(ito::n_ranks());
  uint64_t *a = ito::malloc_coll<uint64_t>(total, ito::dist::block);
  uint64_t *target = a + (total - per);
  if (ito::my_rank() == ito::n_ranks() - 1) {
    auto s = ito::make_checkout<ito::mode::write>(target, per);
    for (std::size_t i = 0; i < per; i++)
      s[i] = i;
  }
  std::vector<double> small, block, large, times;
  uint64_t sum = 0;
  for (int r = 0; r < repeats; r++) {
    auto t0 = std::chrono::steady_clock::now();
    // (Each repeat is a root_exec of its own: its acquire drops what the
    // last one cached, so every checkout misses again.)
    costs c = ito::root_exec(run, target, per);
    times.push_back(seconds_since(t0));
    small.push_back(c.small_us);
    block.push_back(c.block_us);
    large.push_back(c.large_mbps);
    sum = c.sum;
  }
  ito::free_coll(a);
  bench::result("fetch_cost")
      .param("where", ito::n_nodes() > 1 ? "other node" : "home")
      .param("miss_8B_us", bench::median(small), "%.1f")
      .param("miss_64KiB_us", bench::median(block), "%.1f")
      .param("fetch_8MiB_MBps", bench::median(large), "%.0f")
      .param("checksum", sum)
      .print(times, "yes");
  return 0;
}
