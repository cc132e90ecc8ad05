// The C library's random-number generators with their state in the
// program's file-scope data, which a Cilk program's processes share: a
// program that seeds with srand() and draws with rand() in serial code
// between parallel phases gets the serial elision's numbers wherever its
// main goes on. (glibc keeps the state inside itself, one per process.)
// The sequences are glibc's: random() is its additive feedback generator
// (TYPE_3: x[i] = x[i-3] + x[i-31]), seeded as srandom() seeds it;
// drand48() and its siblings the 48-bit congruential generator.
#include <cstdint>
#include <cstdlib>

namespace {

constexpr int degree = 31, separation = 3;

// In ito_globals (ito-globals.ld): shared in a Cilk program.
struct additive_state {
  bool seeded;
  int front, rear; // indices of fptr and rptr into words
  int32_t words[degree];
};
__attribute__((section("ito_globals")))
additive_state additive = {false, 0, 0, {0}};

struct congruential_state {
  uint64_t x, a;
  uint16_t c;
};
__attribute__((section("ito_globals")))
congruential_state congruential = {0, 0x5deece66dull, 0xb};

int32_t next_additive() {
  additive_state &s = additive;
  uint32_t val = s.words[s.front] += static_cast<uint32_t>(s.words[s.rear]);
  if (++s.front >= degree) {
    s.front = 0;
    ++s.rear;
  } else if (++s.rear >= degree) {
    s.rear = 0;
  }
  return static_cast<int32_t>(val >> 1);
}

void seed_additive(unsigned seed) {
  additive_state &s = additive;
  int32_t word = seed == 0 ? 1 : static_cast<int32_t>(seed);
  s.words[0] = word;
  for (int i = 1; i < degree; i++) {
    // 16807 * word % 2147483647 without overflow (Schrage).
    long hi = word / 127773, lo = word % 127773;
    word = static_cast<int32_t>(16807 * lo - 2836 * hi);
    if (word < 0)
      word += 2147483647;
    s.words[i] = word;
  }
  s.front = separation;
  s.rear = 0;
  s.seeded = true;
  for (int i = 0; i < 10 * degree; i++)
    next_additive();
}

uint64_t next_congruential() {
  congruential_state &s = congruential;
  s.x = (s.a * s.x + s.c) & ((1ull << 48) - 1);
  return s.x;
}

} // namespace

extern "C" {

void srandom(unsigned seed) { seed_additive(seed); }
void srand(unsigned seed) { seed_additive(seed); }
long random(void) {
  if (!additive.seeded)
    seed_additive(1); // as glibc's initial table
  return next_additive();
}
int rand(void) { return static_cast<int>(random()); }

void srand48(long seed) {
  congruential.x = (static_cast<uint64_t>(seed) & 0xffffffffull) << 16 | 0x330e;
  congruential.a = 0x5deece66dull;
  congruential.c = 0xb;
}
double drand48(void) {
  return static_cast<double>(next_congruential()) * (1.0 / (1ull << 48));
}
long lrand48(void) { return static_cast<long>(next_congruential() >> 17); }
long mrand48(void) {
  return static_cast<long>(static_cast<int32_t>(next_congruential() >> 16));
}

} // extern "C"
