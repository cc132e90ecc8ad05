// The parallel patterns (ito/patterns.hpp) against their serial results:
// parallel_for and parallel_reduce over indices, for_each and
// transform_reduce over global spans, parallel_for_chunks, with grain sizes
// from 1 to larger than the range, on collective and noncollective memory.
// Loops nested in a loop's leaves start in whichever process runs the leaf:
// between nodes, one whose part of the inner loop is its right half runs
// that half and leaves the left one to thieves (ito/detail/loop_affinity.h),
// which must keep the reductions in order and cover every index once.
#include "check.h"

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>

namespace {

uint64_t mix(uint64_t i) { return (i * 0x9e3779b97f4a7c15ULL) >> 17; }

// A polynomial hash of a sequence, whose concatenation `then` is associative
// but not commutative: a reduction that combines two parts in the wrong
// order gives another value.
struct sequence_hash {
  uint64_t value = 0; // sum of x_k * base^(n-1-k) over the sequence
  uint64_t scale = 1; // base^n
  static sequence_hash then(sequence_hash a, sequence_hash b) {
    return {a.value * b.scale + b.value, a.scale * b.scale};
  }
};

sequence_hash hash_of(std::size_t i) { return {(mix(i) & 0xff) + 1, 1000003}; }

void run(std::size_t n, std::size_t grain) {
  // A collective vector, set through for_each's write leaves, then updated
  // in place (read_write), then summed.
  ito::global_vector<uint64_t> v(n);
  ito::global_span<uint64_t> s = v.span();
  ito::root_exec([s, grain] {
    // Each leaf writes its elements from their index, so they are numbered
    // by a parallel_for over the same range instead.
    ito::parallel_for(0, s.size(), grain,
                      [s](std::size_t i) { ito::put(s.data() + i, mix(i)); });
    ito::for_each<ito::mode::read_write>(s, grain, [](uint64_t &x) { x += 1; });
  });
  uint64_t expected = 0;
  for (std::size_t i = 0; i < n; i++)
    expected += mix(i) + 1;
  uint64_t sum = ito::root_exec([s, grain] {
    return ito::transform_reduce(
        s, grain, uint64_t(0), [](uint64_t a, uint64_t b) { return a + b; },
        [](const uint64_t &x) { return x; });
  });
  ITO_CHECK(sum == expected);

  // parallel_reduce over indices: a non-commutative reduction keeps order.
  const sequence_hash h = ito::root_exec([n, grain] {
    return ito::parallel_reduce(
        0, n, grain, sequence_hash{}, [](std::size_t i) { return hash_of(i); },
        sequence_hash::then);
  });
  sequence_hash h_expected;
  for (std::size_t i = 0; i < n; i++)
    h_expected = sequence_hash::then(h_expected, hash_of(i));
  ITO_CHECK(h.value == h_expected.value && h.scale == h_expected.scale);

  // parallel_for_chunks: chunks of at most grain that cover the range once;
  // each leaf writes its own index range's count of chunks into a vector.
  ito::global_vector<uint64_t> c(n);
  ito::global_span<uint64_t> cs = c.span();
  const uint64_t covered = ito::root_exec([cs, grain] {
    ito::parallel_for(0, cs.size(), grain,
                      [cs](std::size_t i) { ito::put(cs.data() + i, uint64_t(0)); });
    ito::parallel_for_chunks(
        0, cs.size(), grain, [cs, grain](std::size_t lo, std::size_t hi) {
          ITO_CHECK(lo < hi && (grain == 0 || hi - lo <= grain));
          for (std::size_t i = lo; i < hi; i++)
            ito::put(cs.data() + i, ito::get(cs.data() + i) + 1 + i);
        });
    return ito::transform_reduce(
        cs, grain, uint64_t(0), [](uint64_t a, uint64_t b) { return a + b; },
        [](const uint64_t &x) { return x; });
  });
  ITO_CHECK(covered == uint64_t(n) * (n + 1) / 2);

  // Nested: an ordered reduction inside each leaf of an outer loop, in
  // order again across the outer loop.
  const std::size_t outer = 16, inner = n / 8 + 1;
  const sequence_hash nested = ito::root_exec([outer, inner, grain] {
    return ito::parallel_reduce(
        0, outer, 1, sequence_hash{},
        [inner, grain](std::size_t o) {
          return ito::parallel_reduce(
              0, inner, grain, sequence_hash{},
              [o](std::size_t i) { return hash_of(o * 131 + i); },
              sequence_hash::then);
        },
        sequence_hash::then);
  });
  sequence_hash n_expected;
  for (std::size_t o = 0; o < outer; o++)
    for (std::size_t i = 0; i < inner; i++)
      n_expected = sequence_hash::then(n_expected, hash_of(o * 131 + i));
  ITO_CHECK(nested.value == n_expected.value &&
            nested.scale == n_expected.scale);

  // for_each with write on memory from a task's own heap.
  uint64_t ok = ito::root_exec([n, grain] {
    ito::global_vector<uint64_t> w(ito::local_heap, n);
    ito::global_span<uint64_t> ws = w.span();
    ito::for_each<ito::mode::write>(ws, grain, [](uint64_t &x) { x = 3; });
    return ito::transform_reduce(
        ws, grain, uint64_t(0), [](uint64_t a, uint64_t b) { return a + b; },
        [](const uint64_t &x) { return x; });
  });
  ITO_CHECK(ok == 3 * n);
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  for (std::size_t grain : {std::size_t(0), std::size_t(1), std::size_t(7),
                            std::size_t(1000), std::size_t(1 << 20)})
    run(10007, grain);
  run(0, 0);
  run(1, 0);
  if (ito::my_rank() == 0)
    std::printf("patterns ok\n");
  return 0;
}
