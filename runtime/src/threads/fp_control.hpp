// The floating-point control state (rounding mode, exceptions that trap,
// flush-to-zero) of the running strand, as OpenCilk carries it: a thief
// resumes a stolen continuation with the victim's, so that a rounding mode
// main set with fesetround() before a parallel call holds in every process.
// The victim's is read from its registers when it serves a steal itself
// (another node), and from what it published at its last change of the
// floating-point environment when a thief of its node robs it directly.
#pragma once

#include <cstdint>

namespace ito::threads {

// MXCSR without its sticky exception flags, and the x87 control word.
inline uint64_t current_fp_control() {
  uint16_t x87;
  __asm__ volatile("fnstcw %0" : "=m"(x87));
  const uint32_t mxcsr = __builtin_ia32_stmxcsr() & ~uint32_t{0x3f};
  return mxcsr | (uint64_t{x87} << 32);
}

// Takes c as this thread's; false if it was already.
inline bool set_fp_control(uint64_t c) {
  if (c == 0 || c == current_fp_control())
    return false;
  const uint32_t flags = __builtin_ia32_stmxcsr() & 0x3f;
  __builtin_ia32_ldmxcsr((static_cast<uint32_t>(c) & ~uint32_t{0x3f}) | flags);
  const auto x87 = static_cast<uint16_t>(c >> 32);
  __asm__ volatile("fldcw %0" : : "m"(x87));
  return true;
}

// The program changed its floating-point environment: publish it for the
// node's thieves.
void publish_fp_control();

} // namespace ito::threads
