/* OpenCilk's Cilkscale interface: work and span of a region,
 *
 *   wsp_t start = wsp_getworkspan();  ...  wsp_t end = wsp_getworkspan();
 *   wsp_dump(wsp_sub(end, start), "region");
 *
 * A program that uses it builds and runs under ito (and as its serial
 * elision anywhere); as under OpenCilk without -fcilktool=cilkscale, the
 * measurements are zero and wsp_dump prints nothing. */
#ifndef ITO_CILK_CILKSCALE_H
#define ITO_CILK_CILKSCALE_H

#ifdef __cplusplus
#include <cstdint>
#include <fstream>
#include <ostream>
#else
#include <stdint.h>
#endif

typedef int64_t raw_duration_t;
typedef struct wsp_t {
  raw_duration_t work;  /* total time of every strand */
  raw_duration_t span;  /* the longest path */
  raw_duration_t bspan; /* the span with the cost of each steal added */
} wsp_t;

#ifdef __cplusplus
extern "C" {
#endif

static inline wsp_t wsp_zero(void) {
  wsp_t zero = {0, 0, 0};
  return zero;
}
static inline wsp_t wsp_getworkspan(void) { return wsp_zero(); }
static inline wsp_t wsp_add(wsp_t lhs, wsp_t rhs) {
  lhs.work += rhs.work;
  lhs.span += rhs.span;
  lhs.bspan += rhs.bspan;
  return lhs;
}
static inline wsp_t wsp_sub(wsp_t lhs, wsp_t rhs) {
  lhs.work -= rhs.work;
  lhs.span -= rhs.span;
  lhs.bspan -= rhs.bspan;
  return lhs;
}
static inline void wsp_dump(wsp_t wsp, const char *tag) {
  (void)wsp;
  (void)tag;
}

#ifdef __cplusplus
}

inline wsp_t &operator+=(wsp_t &lhs, const wsp_t &rhs) noexcept {
  return lhs = wsp_add(lhs, rhs);
}
inline wsp_t &operator-=(wsp_t &lhs, const wsp_t &rhs) noexcept {
  return lhs = wsp_sub(lhs, rhs);
}
inline wsp_t operator+(wsp_t lhs, const wsp_t &rhs) noexcept {
  return lhs += rhs;
}
inline wsp_t operator-(wsp_t lhs, const wsp_t &rhs) noexcept {
  return lhs -= rhs;
}
/* Nothing to print without measurements, as under OpenCilk. */
inline std::ostream &operator<<(std::ostream &os, const wsp_t &) { return os; }
inline std::ofstream &operator<<(std::ofstream &os, const wsp_t &) {
  return os;
}
#endif

#endif /* ITO_CILK_CILKSCALE_H */
