// cilksort: parallel merge sort over global memory (Itoyori SC'23, Fig. 1).
//
//   cilksort [N [cutoff [R]]]   N 32-bit keys (default 10000000), leaves of
//                               fewer than cutoff keys (default 16384) sort
//                               and merge serially, R repeats (default 5)
//
// The keys live in a collective array (block distribution) and a second
// one serves as the buffer. Each leaf checks out its span (read_write to
// sort, read + write to merge) and works on it with std::sort and
// std::merge; the binary search that splits a merge reads single keys
// through the cache. Only the sort is timed; the keys are refilled before
// each repeat. Key i of repeat r is a function of i and r alone; the result
// is checked to be sorted and to hold the input's keys (a permutation-
// invariant checksum of them, computed on the master from that function,
// not from the array), and the RESULT line's checksum is an order-dependent
// hash of the sorted keys, which the serial elision must match.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <algorithm>
#include <cstdint>

namespace {

using key = uint32_t;
using span = ito::global_span<key>;

std::size_t cutoff = 16384;

key key_at(std::size_t i, unsigned repeat) {
  uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ull + repeat;
  z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
  return static_cast<key>(z >> 32);
}

void fill(span a, unsigned repeat, std::size_t offset) {
  if (a.size() <= cutoff * 4) {
    auto s = a.checkout<ito::mode::write>();
    for (std::size_t i = 0; i < a.size(); i++)
      s[i] = key_at(offset + i, repeat);
    return;
  }
  auto [l, r] = a.split_two();
  ito::parallel_invoke([=] { fill(l, repeat, offset); },
                       [=] { fill(r, repeat, offset + l.size()); });
}

// The first position in s whose key is not less than k.
std::size_t lower_bound(span s, key k) {
  std::size_t lo = 0, hi = s.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (ito::get(s.data() + mid) < k)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void cilkmerge(span s1, span s2, span d) {
  if (d.size() < cutoff) {
    auto a = s1.checkout<ito::mode::read>();
    auto b = s2.checkout<ito::mode::read>();
    auto out = d.checkout<ito::mode::write>();
    std::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin());
    return;
  }
  if (s1.size() < s2.size())
    std::swap(s1, s2);
  const std::size_t p1 = (s1.size() + 1) / 2;
  const std::size_t p2 = lower_bound(s2, ito::get(s1.data() + p1 - 1));
  auto [s11, s12] = s1.split_at(p1);
  auto [s21, s22] = s2.split_at(p2);
  auto [d1, d2] = d.split_at(p1 + p2);
  ito::parallel_invoke([=] { cilkmerge(s11, s21, d1); },
                       [=] { cilkmerge(s12, s22, d2); });
}

void cilksort(span a, span b) {
  if (a.size() < cutoff) {
    auto s = a.checkout<ito::mode::read_write>();
    std::sort(s.begin(), s.end());
    return;
  }
  auto [a12, a34] = a.split_two();
  auto [a1, a2] = a12.split_two();
  auto [a3, a4] = a34.split_two();
  auto [b12, b34] = b.split_two();
  auto [b1, b2] = b12.split_two();
  auto [b3, b4] = b34.split_two();
  ito::parallel_invoke([=] { cilksort(a1, b1); }, [=] { cilksort(a2, b2); },
                       [=] { cilksort(a3, b3); }, [=] { cilksort(a4, b4); });
  ito::parallel_invoke([=] { cilkmerge(a1, a2, b12); },
                       [=] { cilkmerge(a3, a4, b34); });
  cilkmerge(b12, b34, a);
}

struct summary {
  checksum order = checksum_empty(); // of the keys in their order
  uint64_t content = 0; // the sum of checksum_mix(key): the same in any order
  key first = 0, last = 0;
  bool sorted = true;
};

summary summarize(span a) {
  summary s;
  if (a.size() <= cutoff * 4) {
    auto c = a.checkout<ito::mode::read>();
    for (std::size_t i = 0; i < a.size(); i++) {
      s.order = checksum_add(s.order, c[i]);
      s.content += checksum_mix(c[i]);
      s.sorted &= i == 0 || c[i - 1] <= c[i];
    }
    s.first = a.empty() ? 0 : c[0];
    s.last = a.empty() ? 0 : c[a.size() - 1];
    return s;
  }
  auto [l, r] = a.split_two();
  auto [x, y] = ito::parallel_invoke([=] { return summarize(l); },
                                     [=] { return summarize(r); });
  summary s2;
  s2.order = checksum_then(x.order, y.order);
  s2.content = x.content + y.content;
  s2.first = x.first;
  s2.last = y.last;
  s2.sorted = x.sorted && y.sorted && x.last <= y.first;
  return s2;
}

// The content checksum of repeat r's input, from key_at alone.
uint64_t input_content(std::size_t n, unsigned repeat) {
  uint64_t c = 0;
  for (std::size_t i = 0; i < n; i++)
    c += checksum_mix(key_at(i, repeat));
  return c;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  long long n = 10000000;
  long long cut = 16384;
  int repeats = 5;
  if (argc > 4 || (argc > 1 && !bench::parse_int(argv[1], 1, 1ll << 34, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 2, 1ll << 30, cut)) ||
      (argc > 3 && !bench::parse_int(argv[3], 1, 100000, repeats)))
    return bench::usage("cilksort [N keys (default 10000000) [cutoff "
                        "(default 16384) [R repeats (default 5)]]]");
  cutoff = static_cast<std::size_t>(cut); // on every process (SPMD)
  const auto size = static_cast<std::size_t>(n);

  ito::global_vector<key> a(size), b(size);
  std::vector<double> times;
  bool ok = true;
  summary after;
  for (int r = 0; r < repeats; r++) {
    const uint64_t want =
        ito::is_master() ? input_content(size, static_cast<unsigned>(r)) : 0;
    ito::root_exec(fill, a.span(), static_cast<unsigned>(r), std::size_t(0));
    const summary before = ito::root_exec(summarize, a.span());
    auto t0 = std::chrono::steady_clock::now();
    ito::root_exec(cilksort, a.span(), b.span());
    auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    after = ito::root_exec(summarize, a.span());
    // The master's verdict is the one reported (and its exit status the job's).
    if (ito::is_master())
      ok &= before.content == want && after.sorted && after.content == want;
  }
  bench::result("cilksort")
      .param("n", n)
      .param("cutoff", cut)
      .param("checksum", bench::hex(after.order.hash))
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
