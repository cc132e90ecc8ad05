// The program's file-scope and static variables as global memory. ito-cc
// compiles a Cilk program's sources with its variables in two sections
// (ito_globals for initialized data, ito_zglobals for zero-initialized) that
// its linker script aligns to 64 KiB and brackets with symbols. Each begins
// with the variables of scalar type, one in each 16 bytes: a process that
// changed a byte of one writes all of it back, as a store of the scalar
// would, so that racing stores from two nodes (a "best so far" updated
// without a lock) leave one of the values, never a mix of their bytes. After
// static initialization, rank 0's contents become the home of both: the
// processes of its node map that memory in place, the others reach it like
// another node's heap (fault_access.cpp), so what main writes before a spawn is
// seen by the child wherever it runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace ito::memory {

struct globals_layout {
  char *data_begin = nullptr, *data_end = nullptr;
  char *zero_begin = nullptr, *zero_end = nullptr;
  // The scalars at the start of each: [data_begin, data_scalars_end) and
  // [zero_begin, zero_scalars_end).
  char *data_scalars_end = nullptr, *zero_scalars_end = nullptr;
  static constexpr std::size_t scalar_slot = 16;

  std::size_t data_size() const {
    return static_cast<std::size_t>(data_end - data_begin);
  }
  std::size_t size() const {
    return data_size() + static_cast<std::size_t>(zero_end - zero_begin);
  }
  bool contains(const void *p) const {
    const char *c = static_cast<const char *>(p);
    return (c >= data_begin && c < data_end) ||
           (c >= zero_begin && c < zero_end);
  }
  // The scalars' part of [lo, hi), as offsets from lo ([0, 0) if none).
  void scalars_within(const char *lo, const char *hi, std::size_t &from,
                      std::size_t &to) const {
    from = to = 0;
    for (auto [b, e] :
         {std::pair<const char *, const char *>{data_begin, data_scalars_end},
          {zero_begin, zero_scalars_end}}) {
      const char *x = lo > b ? lo : b, *y = hi < e ? hi : e;
      if (x < y) {
        from = static_cast<std::size_t>(x - lo);
        to = static_cast<std::size_t>(y - lo);
        return;
      }
    }
  }
  // Where p is in the home segment: the initialized part, then the rest.
  uint64_t offset_of(const void *p) const {
    const char *c = static_cast<const char *>(p);
    if (c >= data_begin && c < data_end)
      return static_cast<uint64_t>(c - data_begin);
    return data_size() + static_cast<uint64_t>(c - zero_begin);
  }
};

// The sections of this program, from its linker script's symbols (empty
// when it was not linked by ito-cc).
globals_layout program_globals_layout();

// The alignment the linker script gives both sections.
constexpr std::size_t globals_alignment = 65536;

} // namespace ito::memory
