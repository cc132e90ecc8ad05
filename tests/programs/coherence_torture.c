// Coherence torture in plain Cilk: random fork/join DAGs whose tasks read
// and write random ranges of a malloc'd array, printed as checksums that
// must equal the serial elision's. Between nodes, every access to another
// process's heap goes through the fault-driven global memory (implicit
// checkouts), so this is tests/runtime/coherence_torture_test.cpp for what a
// Cilk program does. Race free by construction: a task touches only its
// range, its spawned children get disjoint parts of it, and it touches the
// range again only before spawning and after its sync.
// Usage: coherence_torture [dags] [first_seed]
// (scripts/coherence_torture.py --cilk runs it over the whole matrix.)
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial 40 1 > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t 40 1 | diff %t.expected -
// RUN: %ito-run -n 2 %t 40 1 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t 40 1 | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t 40 1 | diff %t.expected -
#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 40000
#define MAX_LEN 2048

static uint64_t *data;

static uint64_t mix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// k random reads and writes of ranges in [lo, hi); their checksum.
static uint64_t operate(size_t lo, size_t hi, uint64_t *rng, int k) {
  uint64_t h = 0;
  for (int op = 0; op < k && lo < hi; op++) {
    size_t at = lo + mix(rng) % (hi - lo);
    size_t room = hi - at < MAX_LEN ? hi - at : MAX_LEN;
    size_t len = 1 + mix(rng) % room;
    uint64_t salt = mix(rng);
    if (salt % 3 == 0) {
      for (size_t i = at; i < at + len; i++)
        h = h * 31 + data[i];
    } else {
      for (size_t i = at; i < at + len; i++)
        data[i] = data[i] * 6364136223846793005ull + salt + i;
    }
  }
  return h;
}

static uint64_t task(size_t lo, size_t hi, uint64_t seed, int depth) {
  uint64_t rng = seed;
  uint64_t h = operate(lo, hi, &rng, (int)(mix(&rng) % 3));
  if (depth == 0 || hi - lo < 64)
    return h * 7 + operate(lo, hi, &rng, 1 + (int)(mix(&rng) % 4));
  int k = 2 + (int)(mix(&rng) % 2);
  size_t cut1 = lo + 1 + mix(&rng) % (hi - lo - 2);
  size_t cut2 = k == 3 ? cut1 + mix(&rng) % (hi - cut1) : hi;
  uint64_t s0 = mix(&rng), s1 = mix(&rng), s2 = mix(&rng);
  uint64_t r0, r1, r2 = 0;
  r0 = cilk_spawn task(lo, cut1, s0, depth - 1);
  if (k == 3) {
    r1 = cilk_spawn task(cut1, cut2, s1, depth - 1);
    r2 = task(cut2, hi, s2, depth - 1);
  } else {
    r1 = task(cut1, hi, s1, depth - 1);
  }
  cilk_sync;
  h = h * 1000003 + r0 * 3 + r1 * 5 + r2 * 7;
  return h * 11 + operate(lo, hi, &rng, (int)(mix(&rng) % 4));
}

int main(int argc, char **argv) {
  int dags = argc > 1 ? atoi(argv[1]) : 12;
  int first = argc > 2 ? atoi(argv[2]) : 1;
  data = malloc(N * sizeof *data);
  uint64_t total = 0;
  for (int s = first; s < first + dags; s++) {
    cilk_for(size_t i = 0; i < N; i++) data[i] = i * (uint64_t)s;
    uint64_t got = task(0, N, (uint64_t)s, 3 + s % 6);
    // The final contents too: what every task wrote, read after the DAG.
    uint64_t contents = 0;
    for (size_t i = 0; i < N; i++)
      contents = contents * 1099511628211ull + data[i];
    printf("dag %d: %016llx %016llx\n", s, (unsigned long long)got,
           (unsigned long long)contents);
    total ^= got ^ contents;
  }
  printf("total %016llx\n", (unsigned long long)total);
  free(data);
  return 0;
}
