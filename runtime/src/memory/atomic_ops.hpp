// One atomic operation on 1, 2, 4 or 8 bytes of memory, described as data
// so that it can be done here or shipped to the home of the memory
// (global_atomics.cpp). ito-cc compiles every atomic instruction of a
// program into a call that carries such a description (the compiler's
// global-atomics pass, api/c_atomics.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

// Nonzero when the processes span several nodes: the program's atomic
// operations then go through memory_system::atomic_access. A C name: code
// that ito-cc's pass emits tests it inline before each atomic instruction.
extern "C" char __ito_atomics_between_nodes;

namespace ito::memory {

// The operations of LLVM's atomicrmw, then compare-exchange, load, store.
enum class atomic_op : uint32_t {
  xchg,
  add,
  sub,
  and_,
  nand,
  or_,
  xor_,
  max, // signed
  min,
  umax,
  umin,
  fadd, // float (4 bytes) or double (8)
  fsub,
  fmax,
  fmin,
  uinc_wrap, // old >= v ? 0 : old + 1
  udec_wrap, // old == 0 || old > v ? v : old - 1
  cas,       // value if the memory holds expected
  load,
  store,
};

// Memory orders, as bits.
enum : uint32_t {
  order_acquire = 1,
  order_release = 2,
};

struct atomic_args {
  atomic_op op;
  uint32_t size; // 1, 2, 4 or 8
  uint32_t order;
  uint32_t pad = 0;
  uint64_t value;    // operand, new value (cas, store)
  uint64_t expected; // cas
};

namespace detail {

template <class T> T apply_rmw(atomic_op op, T old, T v) {
  using S = std::make_signed_t<T>;
  switch (op) {
  case atomic_op::xchg:
    return v;
  case atomic_op::add:
    return static_cast<T>(old + v);
  case atomic_op::sub:
    return static_cast<T>(old - v);
  case atomic_op::and_:
    return old & v;
  case atomic_op::nand:
    return static_cast<T>(~(old & v));
  case atomic_op::or_:
    return old | v;
  case atomic_op::xor_:
    return old ^ v;
  case atomic_op::max:
    return static_cast<S>(old) > static_cast<S>(v) ? old : v;
  case atomic_op::min:
    return static_cast<S>(old) < static_cast<S>(v) ? old : v;
  case atomic_op::umax:
    return old > v ? old : v;
  case atomic_op::umin:
    return old < v ? old : v;
  case atomic_op::uinc_wrap:
    return old >= v ? T(0) : static_cast<T>(old + 1);
  case atomic_op::udec_wrap:
    return old == 0 || old > v ? v : static_cast<T>(old - 1);
  default:
    break;
  }
  // Floating point: float in 4 bytes, double in 8.
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using F = std::conditional_t<sizeof(T) == 4, float, double>;
    F a, b;
    std::memcpy(&a, &old, sizeof a);
    std::memcpy(&b, &v, sizeof b);
    F r = op == atomic_op::fadd   ? a + b
          : op == atomic_op::fsub ? a - b
          : op == atomic_op::fmax ? (a < b || a != a ? b : a)
                                  : (b < a || a != a ? b : a);
    T out;
    std::memcpy(&out, &r, sizeof out);
    return out;
  }
  return old;
}

template <class T> uint64_t apply(void *p, const atomic_args &a) {
  T *t = static_cast<T *>(p);
  const T v = static_cast<T>(a.value);
  switch (a.op) {
  case atomic_op::load:
    return __atomic_load_n(t, __ATOMIC_SEQ_CST);
  case atomic_op::store:
    __atomic_store_n(t, v, __ATOMIC_SEQ_CST);
    return 0;
  case atomic_op::cas: {
    T e = static_cast<T>(a.expected);
    __atomic_compare_exchange_n(t, &e, v, false, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return e;
  }
  case atomic_op::xchg:
    return __atomic_exchange_n(t, v, __ATOMIC_SEQ_CST);
  case atomic_op::add:
    return __atomic_fetch_add(t, v, __ATOMIC_SEQ_CST);
  case atomic_op::sub:
    return __atomic_fetch_sub(t, v, __ATOMIC_SEQ_CST);
  case atomic_op::and_:
    return __atomic_fetch_and(t, v, __ATOMIC_SEQ_CST);
  case atomic_op::or_:
    return __atomic_fetch_or(t, v, __ATOMIC_SEQ_CST);
  case atomic_op::xor_:
    return __atomic_fetch_xor(t, v, __ATOMIC_SEQ_CST);
  default: {
    T old = __atomic_load_n(t, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(t, &old, apply_rmw(a.op, old, v), true,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
    return old;
  }
  }
}

} // namespace detail

// Does the operation on memory this process can address directly and
// returns the old value (zero-extended; a store returns 0).
inline uint64_t apply_atomic(void *p, const atomic_args &a) {
  switch (a.size) {
  case 1:
    return detail::apply<uint8_t>(p, a);
  case 2:
    return detail::apply<uint16_t>(p, a);
  case 4:
    return detail::apply<uint32_t>(p, a);
  default:
    return detail::apply<uint64_t>(p, a);
  }
}

// The value the memory holds after the operation, given the old one.
inline uint64_t atomic_result(const atomic_args &a, uint64_t old) {
  const uint64_t mask =
      a.size == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * a.size)) - 1;
  switch (a.op) {
  case atomic_op::load:
    return old;
  case atomic_op::store:
    return a.value & mask;
  case atomic_op::cas:
    return old == (a.expected & mask) ? a.value & mask : old;
  default:
    break;
  }
  switch (a.size) {
  case 1:
    return detail::apply_rmw<uint8_t>(a.op, uint8_t(old), uint8_t(a.value));
  case 2:
    return detail::apply_rmw<uint16_t>(a.op, uint16_t(old), uint16_t(a.value));
  case 4:
    return detail::apply_rmw<uint32_t>(a.op, uint32_t(old), uint32_t(a.value));
  default:
    return detail::apply_rmw<uint64_t>(a.op, old, a.value);
  }
}

} // namespace ito::memory
