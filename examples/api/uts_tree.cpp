// UTS tree generation: see uts_tree.hpp.
#include "uts_tree.hpp"

// The low-level SHA1_Init/Update/Final are deprecated in OpenSSL 3 in favour
// of EVP, but they are several times faster for 24-byte messages (the EVP
// one-shot SHA1() fetches the algorithm on every call), and UTS is a
// benchmark of exactly these tiny hashes.
#define OPENSSL_API_COMPAT 10101
#include <openssl/sha.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace uts {
namespace {

static_assert(SHA_DIGEST_LENGTH == sizeof(node{}.state), "a node is a digest");

// Interprets a 31-bit non-negative random number as a value in [0, 1).
double to_prob(std::int32_t r) { return r < 0 ? 0.0 : r / 2147483648.0; }

// rng_rand: the last 4 bytes of the digest, big-endian, masked to 31 bits.
std::int32_t rng_rand(const unsigned char *s) {
  std::uint32_t b = (std::uint32_t{s[16]} << 24) |
                    (std::uint32_t{s[17]} << 16) | (std::uint32_t{s[18]} << 8) |
                    std::uint32_t{s[19]};
  return static_cast<std::int32_t>(b & 0x7fffffffu);
}

// rng_spawn: SHA-1 of the parent digest followed by i, 4 bytes big-endian.
void rng_spawn(const unsigned char *parent, unsigned char *child, int i) {
  unsigned char buf[24];
  std::memcpy(buf, parent, 20);
  std::uint32_t u = static_cast<std::uint32_t>(i);
  buf[20] = static_cast<unsigned char>(u >> 24);
  buf[21] = static_cast<unsigned char>(u >> 16);
  buf[22] = static_cast<unsigned char>(u >> 8);
  buf[23] = static_cast<unsigned char>(u);
  SHA_CTX ctx;
  SHA1_Init(&ctx);
  SHA1_Update(&ctx, buf, sizeof buf);
  SHA1_Final(child, &ctx);
}

int num_children_bin(const params &p, const node &n) {
  double d = to_prob(rng_rand(n.state));
  return d < p.q ? p.m : 0;
}

int num_children_geo(const params &p, const node &n) {
  double b_i = p.b0;
  int depth = n.height;
  if (depth > 0) {
    switch (p.shape) {
    case EXPDEC: // expected size polynomial in depth
      b_i = p.b0 * std::pow(static_cast<double>(depth),
                            -std::log(p.b0) / std::log(double(p.gen_mx)));
      break;
    case CYCLIC: // cyclic tree size
      if (depth > 5 * p.gen_mx) {
        b_i = 0.0;
        break;
      }
      b_i = std::pow(p.b0, std::sin(2.0 * 3.141592653589793 * double(depth) /
                                    double(p.gen_mx)));
      break;
    case FIXED: // identical distribution at all nodes up to max depth
      b_i = depth < p.gen_mx ? p.b0 : 0;
      break;
    case LINEAR: // linear decrease in b_i
    default:
      b_i = p.b0 * (1.0 - double(depth) / double(p.gen_mx));
      break;
    }
  }
  // The geometric distribution with expected value b_i, inverted at a
  // uniform random number u in [0, 1).
  double prob = 1.0 / (1.0 + b_i);
  double u = to_prob(rng_rand(n.state));
  return static_cast<int>(std::floor(std::log(1 - u) / std::log(1 - prob)));
}

int child_type(const params &p, const node &parent) {
  if (p.type == HYBRID)
    return parent.height < p.shift_depth * p.gen_mx ? GEO : BIN;
  return p.type;
}

} // namespace

node root(const params &p) {
  // rng_init: SHA-1 of 16 zero bytes followed by the seed, big-endian.
  unsigned char buf[20] = {};
  std::uint32_t u = static_cast<std::uint32_t>(p.seed);
  buf[16] = static_cast<unsigned char>(u >> 24);
  buf[17] = static_cast<unsigned char>(u >> 16);
  buf[18] = static_cast<unsigned char>(u >> 8);
  buf[19] = static_cast<unsigned char>(u);
  node r{};
  SHA_CTX ctx;
  SHA1_Init(&ctx);
  SHA1_Update(&ctx, buf, sizeof buf);
  SHA1_Final(r.state, &ctx);
  r.height = 0;
  r.type = p.type;
  return r;
}

int num_children(const params &p, const node &n) {
  int k = 0;
  switch (p.type) {
  case BIN:
    k = n.height == 0 ? static_cast<int>(std::floor(p.b0))
                      : num_children_bin(p, n);
    break;
  case GEO:
    k = num_children_geo(p, n);
    break;
  case HYBRID:
    k = n.height < p.shift_depth * p.gen_mx ? num_children_geo(p, n)
                                            : num_children_bin(p, n);
    break;
  case BALANCED:
    k = n.height < p.gen_mx ? static_cast<int>(p.b0) : 0;
    break;
  default:
    break;
  }
  if (n.height == 0 && n.type == BIN) {
    int root_bf = static_cast<int>(std::ceil(p.b0));
    if (k > root_bf)
      k = root_bf;
  } else if (p.type != BALANCED && k > max_children) {
    k = max_children;
  }
  return k;
}

node child(const params &p, const node &parent, int i) {
  node c;
  c.height = parent.height + 1;
  c.type = child_type(p, parent);
  for (int j = 0; j < p.granularity; j++)
    rng_spawn(parent.state, c.state, i);
  return c;
}

namespace {

params make(int type, int shape, int gen_mx, double b0, int seed,
            double q = 15.0 / 64.0, int m = 4) {
  params p;
  p.type = type;
  p.shape = shape;
  p.gen_mx = gen_mx;
  p.b0 = b0;
  p.seed = seed;
  p.q = q;
  p.m = m;
  return p;
}

// The sample trees of UTS 2.1 (sample_trees.sh) and their published sizes.
const preset presets[] = {
    {"T1", make(GEO, FIXED, 10, 4, 19), 4130071, 3305118, 10},
    {"T5", make(GEO, LINEAR, 20, 4, 34), 4147582, 2181318, 20},
    {"T2", make(GEO, CYCLIC, 16, 6, 502), 4117769, 2342762, 81},
    {"T3", make(BIN, LINEAR, 6, 2000, 42, 0.124875, 8), 4112897, 3599034, 1572},
    {"T4", make(HYBRID, LINEAR, 16, 6, 1, 0.234375, 4), 4132453, 3108986, 134},
    {"T1L", make(GEO, FIXED, 13, 4, 29), 102181082, 81746377, 13},
    {"T2L", make(GEO, CYCLIC, 23, 7, 220), 96793510, 53791152, 67},
    {"T3L", make(BIN, LINEAR, 6, 2000, 7, 0.200014, 5), 111345631, 89076904,
     17844},
    {"T1XL", make(GEO, FIXED, 15, 4, 29), 1635119272, 1308100063, 15},
    {"T1XXL", make(GEO, FIXED, 15, 4, 19), 4230646601ULL, 0, 15},
    {"T3XXL", make(BIN, LINEAR, 6, 2000, 316, 0.499995, 2), 2793220501ULL, 0,
     0},
    {"T2XXL", make(BIN, LINEAR, 6, 2000, 0, 0.499999995, 2), 10612052303ULL,
     5306027151ULL, 216370},
    {"T1WL", make(GEO, FIXED, 18, 4, 19), 270751679750ULL, 216601257283ULL, 18},
};

} // namespace

const preset *find_preset(const char *name) {
  for (const preset &t : presets)
    if (std::strcmp(t.name, name) == 0)
      return &t;
  return nullptr;
}

const preset *match_preset(const params &p) {
  for (const preset &t : presets) {
    const params &r = t.p;
    if (p.type != r.type || p.b0 != r.b0 || p.seed != r.seed)
      continue;
    // Compare only what shapes this type of tree.
    bool geo = p.type == GEO || p.type == HYBRID;
    bool bin = p.type == BIN || p.type == HYBRID;
    if (geo && (p.shape != r.shape || p.gen_mx != r.gen_mx))
      continue;
    if (bin && (p.q != r.q || p.m != r.m))
      continue;
    if (p.type == HYBRID && p.shift_depth != r.shift_depth)
      continue;
    return &t;
  }
  return nullptr;
}

counts serial_search(const params &p) {
  counts c{0, 0, 0};
  std::vector<node> stack{root(p)};
  while (!stack.empty()) {
    node n = stack.back();
    stack.pop_back();
    c.nodes++;
    if (n.height > c.depth)
      c.depth = n.height;
    int k = num_children(p, n);
    if (k == 0)
      c.leaves++;
    for (int i = 0; i < k; i++)
      stack.push_back(child(p, n, i));
  }
  return c;
}

} // namespace uts
