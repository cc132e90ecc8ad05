/* OpenCilk's Cilkscale interface: work and span of a region,
 *
 *   wsp_t start = wsp_getworkspan();  ...  wsp_t end = wsp_getworkspan();
 *   wsp_dump(wsp_sub(end, start), "region");
 *
 * Built with ito-cc -fcilktool=cilkscale (which defines __cilkscale__),
 * the measurements are real (api/c_cilkscale.cpp in libito) and wsp_dump
 * writes a row of Cilkscale's CSV to standard error or to the file
 * CILKSCALE_OUT names. Otherwise, as under OpenCilk without the flag, the
 * measurements are zero and wsp_dump prints nothing, so the program builds
 * and runs anywhere, as its serial elision too. */
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

static __inline__ wsp_t wsp_zero(void) {
  wsp_t zero = {0, 0, 0};
  return zero;
}
#ifdef __cilkscale__
wsp_t wsp_getworkspan(void);
void wsp_dump(wsp_t wsp, const char *tag);
#else
static __inline__ wsp_t wsp_getworkspan(void) { return wsp_zero(); }
static __inline__ void wsp_dump(wsp_t wsp, const char *tag) {
  (void)wsp;
  (void)tag;
}
#endif
static __inline__ wsp_t wsp_add(wsp_t lhs, wsp_t rhs) {
  lhs.work += rhs.work;
  lhs.span += rhs.span;
  lhs.bspan += rhs.bspan;
  return lhs;
}
static __inline__ wsp_t wsp_sub(wsp_t lhs, wsp_t rhs) {
  lhs.work -= rhs.work;
  lhs.span -= rhs.span;
  lhs.bspan -= rhs.bspan;
  return lhs;
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
#ifdef __cilkscale__
/* work, span, parallelism, burdened span, burdened parallelism (seconds). */
inline std::ostream &operator<<(std::ostream &os, const wsp_t &w) {
  const double work = w.work * 1e-9, span = w.span * 1e-9,
               bspan = w.bspan * 1e-9;
  return os << work << ", " << span << ", " << (span > 0 ? work / span : 0)
            << ", " << bspan << ", " << (bspan > 0 ? work / bspan : 0);
}
inline std::ofstream &operator<<(std::ofstream &os, const wsp_t &w) {
  static_cast<std::ostream &>(os) << w;
  return os;
}
#else
/* Nothing to print without measurements, as under OpenCilk. */
inline std::ostream &operator<<(std::ostream &os, const wsp_t &) { return os; }
inline std::ofstream &operator<<(std::ofstream &os, const wsp_t &) {
  return os;
}
#endif
#endif

#endif /* ITO_CILK_CILKSCALE_H */
