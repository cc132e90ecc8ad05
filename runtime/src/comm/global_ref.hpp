// A reference to runtime memory of any rank: the home rank and an offset
// into that rank's remote heap. Zero means none.
#pragma once

#include <cstdint>

namespace ito::comm {

using global_ref = uint64_t;

inline constexpr int ref_rank_shift = 44;
inline constexpr uint64_t ref_offset_mask = (uint64_t(1) << ref_rank_shift) - 1;

// Rank r is stored as r + 1, so that no valid reference is zero.
inline global_ref make_ref(int rank, uint64_t offset) {
  return (uint64_t(rank + 1) << ref_rank_shift) | offset;
}
inline int ref_rank(global_ref r) { return int(r >> ref_rank_shift) - 1; }
inline uint64_t ref_offset(global_ref r) { return r & ref_offset_mask; }

} // namespace ito::comm
