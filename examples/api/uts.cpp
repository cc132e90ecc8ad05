// uts: Unbalanced Tree Search (UTS 2.1), counting the nodes of a tree that
// is generated on the fly from SHA-1 digests (see uts_tree.hpp).
//
//   uts [PRESET] [-t type] [-b b0] [-d gen_mx] [-a shape] [-q q] [-m m]
//       [-r seed] [-f shift_depth] [-g granularity] [--check] [R]
//
// PRESET is one of the reference's sample trees (T1, T2, T3, T4, T5, T1L,
// T2L, T3L, T1XL, T1XXL, T3XXL, T2XXL, T1WL; default T1); flags after it
// change its parameters, with the reference's meaning. R is the number of
// repeats (default 5).
//
// Every node forks its children: the child index range is split in halves
// recursively, one fork per split, and the subtree sizes come back through
// the joins. Verification: when the parameters are those of a sample tree,
// the count must equal the published one (verified=yes|no); otherwise the
// program reports verified=no-reference (exit status 0), unless --check is
// given, in which case the master also counts the tree once by a serial
// depth-first search, outside the timed runs, and the counts must agree.
#include "common/bench.hpp"
#include "uts_tree.hpp"

#include <ito/ito.hpp>

#include <cstring>

namespace {

// The tree being searched: set by main before the parallel region, on every
// process alike, and only read by tasks.
uts::params tree;

uts::counts visit(uts::node n);

// The subtrees of parent's children lo..hi-1.
uts::counts visit_children(uts::node parent, int lo, int hi) {
  if (hi - lo == 1)
    return visit(uts::child(tree, parent, lo));
  int mid = lo + (hi - lo) / 2;
  ito::thread<uts::counts> x(visit_children, parent, lo, mid);
  uts::counts y = visit_children(parent, mid, hi);
  return uts::combine(x.join(), y);
}

// The subtree rooted at n.
uts::counts visit(uts::node n) {
  int k = uts::num_children(tree, n);
  if (k == 0)
    return {1, 1, n.height};
  uts::counts c = visit_children(n, 0, k);
  c.nodes += 1;
  return c;
}

uts::counts search() { return visit(uts::root(tree)); }

const char *usage_line =
    "uts [T1|T2|T3|T4|T5|T1L|T2L|T3L|T1XL|T1XXL|T3XXL|T2XXL|T1WL] [-t type] "
    "[-b b0] [-d gen_mx] [-a shape] [-q q] [-m m] [-r seed] [-f shift_depth] "
    "[-g granularity] [--check] [R repeats (default 5)]";

// Parses the command line into tree, repeats and check; false if malformed.
bool parse_args(int argc, char **argv, int &repeats, bool &check) {
  tree = uts::find_preset("T1")->p;
  bool have_repeats = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (const uts::preset *t = uts::find_preset(a)) {
      tree = t->p;
    } else if (std::strcmp(a, "--check") == 0) {
      check = true;
    } else if (a[0] == '-' && a[1] != '\0' && a[2] == '\0') {
      if (i + 1 >= argc)
        return false;
      const char *v = argv[++i];
      bool ok = false;
      switch (a[1]) {
      case 't':
        ok = bench::parse_int(v, 0, 3, tree.type);
        break;
      case 'b':
        ok = bench::parse_double(v, 0.0, 1e9, tree.b0);
        break;
      case 'd':
        ok = bench::parse_int(v, 1, 1 << 20, tree.gen_mx);
        break;
      case 'a':
        ok = bench::parse_int(v, 0, 3, tree.shape);
        break;
      case 'q':
        ok = bench::parse_double(v, 0.0, 1.0, tree.q);
        break;
      case 'm':
        ok = bench::parse_int(v, 0, uts::max_children, tree.m);
        break;
      case 'r':
        ok = bench::parse_int(v, -2147483647 - 1, 2147483647, tree.seed);
        break;
      case 'f':
        ok = bench::parse_double(v, 0.0, 1.0, tree.shift_depth);
        break;
      case 'g':
        ok = bench::parse_int(v, 1, 1000000, tree.granularity);
        break;
      default:
        break;
      }
      if (!ok)
        return false;
    } else if (!have_repeats && bench::parse_int(a, 1, 100000, repeats)) {
      have_repeats = true;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  int repeats = 5;
  bool check = false;
  if (!parse_args(argc, argv, repeats, check))
    return bench::usage(usage_line);

  uts::counts c{0, 0, 0};
  auto times =
      bench::time_repeats(repeats, [&] { c = ito::root_exec(search); });

  const uts::preset *known = uts::match_preset(tree);
  const char *verified = "no-reference";
  bool ok = true;
  if (known) {
    ok = c.nodes == known->nodes &&
         (known->leaves == 0 || c.leaves == known->leaves) &&
         (known->depth == 0 || c.depth == known->depth);
    verified = bench::yes_no(ok);
  }
  if (check && ito::is_master()) {
    uts::counts s = uts::serial_search(tree);
    ok = ok && s.nodes == c.nodes && s.leaves == c.leaves && s.depth == c.depth;
    verified = bench::yes_no(ok);
  }

  double t = bench::median(times);
  bench::result("uts")
      .param("tree", known ? known->name : "custom")
      .param("nodes", static_cast<unsigned long long>(c.nodes))
      .param("leaves", static_cast<unsigned long long>(c.leaves))
      .param("depth", static_cast<long long>(c.depth))
      .param("Mnodes_s", t > 0 ? c.nodes / t / 1e6 : 0.0)
      .param("checksum", bench::hex(uts::checksum_of(c)))
      .print(times, verified);
  return ok ? 0 : 1;
}
