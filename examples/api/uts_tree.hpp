// The trees of the Unbalanced Tree Search benchmark (UTS 2.1, Olivier, Prins
// et al., LCPC 2006), generated exactly as the reference implementation
// does with its SHA-1 random number generator (rng/brg_sha1.c): a node is
// identified by a 20-byte SHA-1 digest, a child's digest is
// SHA-1(parent digest || child index as 4 big-endian bytes), and a node's
// random number is the last 4 bytes of its digest, big-endian, masked to 31
// bits. The same parameters (and presets) thus give the published node
// counts. Nothing here depends on ito.
#ifndef ITO_EXAMPLES_API_UTS_TREE_HPP
#define ITO_EXAMPLES_API_UTS_TREE_HPP

#include "../common/checksum.h"

#include <cstdint>

namespace uts {

enum tree_type { BIN = 0, GEO = 1, HYBRID = 2, BALANCED = 3 };
enum geo_shape { LINEAR = 0, EXPDEC = 1, CYCLIC = 2, FIXED = 3 };

// A node's number of children is capped (a binomial root is exempt).
constexpr int max_children = 100;

// The tree parameters, with the reference's defaults and flags.
struct params {
  int type = GEO;           // -t
  double b0 = 4.0;          // -b: root branching factor
  int seed = 0;             // -r: root id
  int m = 4;                // -m: binomial non-leaf branching factor
  double q = 15.0 / 64.0;   // -q: binomial non-leaf probability
  int gen_mx = 6;           // -d: geometric tree depth
  int shape = LINEAR;       // -a: geometric shape function
  double shift_depth = 0.5; // -f: hybrid GEO->BIN switch (x gen_mx)
  int granularity = 1;      // -g: SHA-1 evaluations per child
};

// A tree node: its digest, depth and type; plain data, passed by value.
struct node {
  unsigned char state[20];
  std::int32_t height;
  std::int32_t type;
};

// The root of the tree of p.
node root(const params &p);

// Number of children of n (0 for a leaf).
int num_children(const params &p, const node &n);

// Child i of parent (0 <= i < num_children(p, parent)).
node child(const params &p, const node &parent, int i);

// A published tree: its parameters and size (leaves and depth 0 when the
// reference does not give them).
struct preset {
  const char *name;
  params p;
  std::uint64_t nodes;
  std::uint64_t leaves;
  std::int64_t depth;
};

// The preset called name (T1, T1L, T3, ...), or nullptr.
const preset *find_preset(const char *name);

// The preset whose tree p describes, or nullptr.
const preset *match_preset(const params &p);

// Size of a tree, or of a subtree.
struct counts {
  std::uint64_t nodes;
  std::uint64_t leaves;
  std::int64_t depth; // of the deepest node
};

inline counts combine(const counts &a, const counts &b) {
  return {a.nodes + b.nodes, a.leaves + b.leaves,
          a.depth > b.depth ? a.depth : b.depth};
}

// The checksum of a search's answer, for the RESULT line.
inline std::uint64_t checksum_of(const counts &c) {
  checksum s = checksum_add(checksum_empty(), c.nodes);
  s = checksum_add(s, c.leaves);
  return checksum_add(s, static_cast<std::uint64_t>(c.depth)).hash;
}

// Counts the tree of p by a serial depth-first search with an explicit
// stack (the reference's serial search; used for --check).
counts serial_search(const params &p);

} // namespace uts

#endif // ITO_EXAMPLES_API_UTS_TREE_HPP
