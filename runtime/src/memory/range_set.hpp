// A set of byte ranges within one memory block: which bytes of a cache block
// are valid (up to date) and which are dirty (written here, not yet home).
// Kept as sorted, disjoint, non-adjacent [lo, hi) intervals; a block rarely
// has more than a handful.
#pragma once

#include <cstdint>
#include <vector>

namespace ito::memory {

struct byte_range {
  uint32_t lo, hi;
};

class range_set {
public:
  bool empty() const { return r_.empty(); }
  void clear() { r_.clear(); }
  const std::vector<byte_range> &ranges() const { return r_; }

  // True if every byte of [lo, hi) is in the set.
  bool contains(uint32_t lo, uint32_t hi) const {
    for (const byte_range &x : r_) {
      if (x.hi < lo)
        continue;
      return x.lo <= lo && hi <= x.hi;
    }
    return lo >= hi;
  }

  void add(uint32_t lo, uint32_t hi) {
    if (lo >= hi)
      return;
    std::size_t i = 0;
    while (i < r_.size() && r_[i].hi < lo)
      i++;
    std::size_t j = i;
    while (j < r_.size() && r_[j].lo <= hi) {
      if (r_[j].lo < lo)
        lo = r_[j].lo;
      if (r_[j].hi > hi)
        hi = r_[j].hi;
      j++;
    }
    if (i == j) {
      r_.insert(r_.begin() + static_cast<std::ptrdiff_t>(i),
                byte_range{lo, hi});
      return;
    }
    r_[i] = byte_range{lo, hi};
    r_.erase(r_.begin() + static_cast<std::ptrdiff_t>(i + 1),
             r_.begin() + static_cast<std::ptrdiff_t>(j));
  }

  void remove(uint32_t lo, uint32_t hi) {
    std::vector<byte_range> out;
    out.reserve(r_.size() + 1);
    for (const byte_range &x : r_) {
      if (x.hi <= lo || x.lo >= hi) {
        out.push_back(x);
        continue;
      }
      if (x.lo < lo)
        out.push_back(byte_range{x.lo, lo});
      if (x.hi > hi)
        out.push_back(byte_range{hi, x.hi});
    }
    r_.swap(out);
  }

  // Calls f(lo, hi) for each maximal part of [lo, hi) not in the set.
  template <class F> void for_each_gap(uint32_t lo, uint32_t hi, F &&f) const {
    uint32_t at = lo;
    for (const byte_range &x : r_) {
      if (x.hi <= at)
        continue;
      if (x.lo >= hi)
        break;
      if (x.lo > at)
        f(at, x.lo);
      at = x.hi;
      if (at >= hi)
        return;
    }
    if (at < hi)
      f(at, hi);
  }

private:
  std::vector<byte_range> r_;
};

} // namespace ito::memory
