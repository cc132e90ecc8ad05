// The C library's random-number generators with their state in the
// program's file-scope data, which a Cilk program's processes share: a
// program that seeds with srand() and draws with rand() in serial code
// between parallel phases gets the serial elision's numbers wherever its
// main goes on. (glibc keeps the state inside itself, one per process.)
// The sequences are glibc's: random() is its additive feedback generator
// (TYPE_3: x[i] = x[i-3] + x[i-31]), seeded as srandom() seeds it;
// drand48() and its siblings the 48-bit congruential generator (erand48,
// nrand48 and jrand48 step their caller's x with the shared multiplier and
// addend that lcong48 sets, as glibc's do). initstate() and setstate()
// stop the program with a message.
#include "platform/error.hpp"

#include <cstddef>
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
  unsigned short old_x[3]; // what seed48 returns
};
__attribute__((section("ito_globals")))
congruential_state congruential = {0, 0x5deece66dull, 0xb, {0, 0, 0}};

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

// One step of x on the shared multiplier and addend, as glibc's erand48
// and siblings step their caller's x.
uint64_t step(unsigned short x[3]) {
  const congruential_state &s = congruential;
  uint64_t v = uint64_t(x[2]) << 32 | uint32_t(x[1]) << 16 | x[0];
  v = (s.a * v + s.c) & ((1ull << 48) - 1);
  x[0] = uint16_t(v);
  x[1] = uint16_t(v >> 16);
  x[2] = uint16_t(v >> 32);
  return v;
}
void unpack(uint64_t v, unsigned short out[3]) {
  out[0] = uint16_t(v);
  out[1] = uint16_t(v >> 16);
  out[2] = uint16_t(v >> 32);
}
uint64_t next_congruential() {
  unsigned short x[3];
  unpack(congruential.x, x);
  return congruential.x = step(x);
}
double as_double(uint64_t v) {
  return static_cast<double>(v) * (1.0 / (1ull << 48));
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
unsigned short *seed48(unsigned short seed[3]) {
  unpack(congruential.x, congruential.old_x);
  congruential.x = uint64_t(seed[2]) << 32 | uint32_t(seed[1]) << 16 | seed[0];
  congruential.a = 0x5deece66dull;
  congruential.c = 0xb;
  return congruential.old_x;
}
void lcong48(unsigned short param[7]) {
  congruential.x =
      uint64_t(param[2]) << 32 | uint32_t(param[1]) << 16 | param[0];
  congruential.a =
      uint64_t(param[5]) << 32 | uint32_t(param[4]) << 16 | param[3];
  congruential.c = param[6];
}
double drand48(void) { return as_double(next_congruential()); }
long lrand48(void) { return static_cast<long>(next_congruential() >> 17); }
long mrand48(void) {
  return static_cast<long>(static_cast<int32_t>(next_congruential() >> 16));
}
double erand48(unsigned short x[3]) { return as_double(step(x)); }
long nrand48(unsigned short x[3]) { return static_cast<long>(step(x) >> 17); }
long jrand48(unsigned short x[3]) {
  return static_cast<long>(static_cast<int32_t>(step(x) >> 16));
}

// Other state sizes for random(): not supported, and said so rather than
// drawing another sequence than the program's.
char *initstate(unsigned, char *, size_t) {
  ito::platform::fatal("initstate() is not supported in a program linked with libito "
                       "(random()'s state is shared by its processes); use "
                       "srandom(), or rand_r()/random_r() with state of "
                       "your own");
}
char *setstate(char *) {
  ito::platform::fatal("setstate() is not supported in a program linked with libito "
                       "(random()'s state is shared by its processes); use "
                       "srandom(), or rand_r()/random_r() with state of "
                       "your own");
}

} // extern "C"
