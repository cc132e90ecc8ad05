// checkout_hit: the cost of a checkout/checkin pair that needs no
// communication, in nanoseconds.
//
//   checkout_hit [N [R]]    N pairs per repeat (default 10000000), R
//                           repeats (default 5)
//
// The root task checks out one element at a time of a small collective
// array whose home is the last process, in read mode, over and over: with
// every process its own node (ito-run --internode, np >= 2) each pair is a
// cache hit (the first one misses); otherwise it is a checkout of home
// memory mapped in place. The RESULT line gives the median ns per pair.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <chrono>
#include <cstdint>

namespace {

struct sample {
  double ns;
  uint64_t sum;
};

sample run(const int *a, long long n) {
  // Warm up: the first checkout of the block fetches it.
  ito::checkin(ito::checkout(a, 64, ito::mode::read), 64, ito::mode::read);
  uint64_t sum = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (long long i = 0; i < n; i++) {
    const int *p = ito::checkout(a + (i & 63), 1, ito::mode::read);
    sum += static_cast<uint64_t>(*p);
    ito::checkin(a + (i & 63), 1, ito::mode::read);
  }
  auto t1 = std::chrono::steady_clock::now();
  return sample{std::chrono::duration<double, std::nano>(t1 - t0).count() /
                    static_cast<double>(n),
                sum};
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  long long n = 10000000;
  int repeats = 5;
  if (argc > 3 || (argc > 1 && !bench::parse_int(argv[1], 1, 1ll << 40, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 1, 100000, repeats)))
    return bench::usage("checkout_hit [N pairs (default 10000000) [R repeats "
                        "(default 5)]]");

  // One block per process: the last block's home is the last process.
  const std::size_t per = std::size_t(1) << 16;
  const std::size_t total = per * static_cast<std::size_t>(ito::n_ranks());
  int *a = ito::malloc_coll<int>(total, ito::dist::block);
  int *target = a + (total - per);
  if (ito::my_rank() == ito::n_ranks() - 1) {
    auto s = ito::make_checkout<ito::mode::write>(target, 64);
    for (int i = 0; i < 64; i++)
      s[static_cast<std::size_t>(i)] = i;
  }
  std::vector<double> ns, times;
  uint64_t sum = 0;
  bool ok = true;
  for (int r = 0; r < repeats; r++) {
    sample s = ito::root_exec(run, target, n);
    ns.push_back(s.ns);
    times.push_back(s.ns * static_cast<double>(n) * 1e-9);
    // sum of i & 63 over n pairs
    const uint64_t full = static_cast<uint64_t>(n / 64) * 2016;
    uint64_t rest = 0;
    for (long long i = 0; i < n % 64; i++)
      rest += static_cast<uint64_t>(i);
    ok &= s.sum == full + rest;
    sum = s.sum;
  }
  ito::free_coll(a);
  const bool cached = ito::n_nodes() > 1;
  bench::result("checkout_hit")
      .param("n", n)
      .param("where", cached ? "cache" : "home")
      .param("ns_per_pair", bench::median(ns), "%.1f")
      .param("checksum", sum)
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
