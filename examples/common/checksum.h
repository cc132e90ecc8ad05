/* Checksums of what an example computed, for the checksum= field of its
 * RESULT line: the serial elision and every parallel run must print the same
 * one (tests/run-example.py and scripts/bench.py compare them), so each is
 * taken from the output data alone, never from how it was produced.
 * Plain C, for the Cilk examples and the C++ ones alike. */
#ifndef ITO_EXAMPLES_COMMON_CHECKSUM_H
#define ITO_EXAMPLES_COMMON_CHECKSUM_H

#include <stdint.h>
#include <string.h>

/* A 64-bit mixer (the splitmix64 finalizer): each input bit reaches every
 * output bit, so sums of mixed words are permutation-invariant checksums
 * that rarely collide. */
static inline uint64_t checksum_mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* An order-dependent hash of a sequence of words, computed by parts: the
 * hash of a sequence is the polynomial sum of mix(x_k) * B^(n-1-k), and that
 * of a concatenation is checksum_then(first part, second part), so a tree
 * of tasks can take it over any split of the sequence. */
typedef struct checksum {
  uint64_t hash;  /* the sum above, modulo 2^64 */
  uint64_t scale; /* B^n */
} checksum;

static inline checksum checksum_empty(void) {
  checksum c = {0, 1};
  return c;
}

static inline checksum checksum_then(checksum a, checksum b) {
  checksum c = {a.hash * b.scale + b.hash, a.scale * b.scale};
  return c;
}

static inline checksum checksum_add(checksum a, uint64_t x) {
  checksum c = {a.hash * 1000003u + checksum_mix(x), a.scale * 1000003u};
  return c;
}

static inline checksum checksum_add_double(checksum a, double x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  return checksum_add(a, bits);
}

#endif /* ITO_EXAMPLES_COMMON_CHECKSUM_H */
