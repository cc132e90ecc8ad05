// uts_mem: Unbalanced Tree Search with the tree in global memory (Itoyori SC'23
// Sec. 6.3). The tree (see uts_tree.hpp) is first built in parallel, each
// node and its array of children allocated by whichever process runs its
// task (noncollective allocation); then it is traversed by global pointers,
// every node read through a checkout; then freed in parallel, wherever the
// freeing task runs.
//
//   uts_mem [PRESET] [-d depth] [R]   PRESET: a sample tree (default T1);
//                                     -d: its depth (gen_mx) instead, R
//                                     repeats (default 5)
//
// Only the traversal is timed; the node count must equal the published one
// (with -d: the count of a serial search of the tree, made once).
#include "common/bench.hpp"
#include "uts_tree.hpp"

#include <ito/ito.hpp>

#include <cstring>

namespace {

uts::params tree; // set on every process before the parallel regions

struct gnode {
  int32_t n_children;
  int32_t height;
  gnode **children; // global array of n_children global pointers
};

gnode *build(uts::node n);

void build_children(uts::node parent, gnode **out, int lo, int hi) {
  if (hi - lo == 1) {
    ito::put(out + lo, build(uts::child(tree, parent, lo)));
    return;
  }
  const int mid = lo + (hi - lo) / 2;
  ito::thread<void> x(build_children, parent, out, lo, mid);
  build_children(parent, out, mid, hi);
  x.join();
}

gnode *build(uts::node n) {
  const int k = uts::num_children(tree, n);
  gnode *g = ito::malloc<gnode>(1);
  gnode **children =
      k ? ito::malloc<gnode *>(static_cast<std::size_t>(k)) : nullptr;
  if (k)
    build_children(n, children, 0, k);
  ito::put(g, gnode{k, n.height, children});
  return g;
}

uts::counts traverse(gnode *g);

uts::counts traverse_children(gnode **children, int lo, int hi) {
  if (hi - lo == 1)
    return traverse(ito::get(children + lo));
  const int mid = lo + (hi - lo) / 2;
  ito::thread<uts::counts> x(traverse_children, children, lo, mid);
  uts::counts y = traverse_children(children, mid, hi);
  return uts::combine(x.join(), y);
}

uts::counts traverse(gnode *g) {
  const gnode v = ito::get(g);
  if (v.n_children == 0)
    return {1, 1, v.height};
  uts::counts c = traverse_children(v.children, 0, v.n_children);
  c.nodes += 1;
  return c;
}

void destroy(gnode *g);

void destroy_children(gnode **children, int lo, int hi) {
  if (hi - lo == 1)
    return destroy(ito::get(children + lo));
  const int mid = lo + (hi - lo) / 2;
  ito::thread<void> x(destroy_children, children, lo, mid);
  destroy_children(children, mid, hi);
  x.join();
}

void destroy(gnode *g) {
  const gnode v = ito::get(g);
  if (v.n_children) {
    destroy_children(v.children, 0, v.n_children);
    ito::free(v.children, static_cast<std::size_t>(v.n_children));
  }
  ito::free(g, 1);
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const uts::preset *preset = uts::find_preset("T1");
  int repeats = 5, depth = 0;
  for (int i = 1; i < argc; i++) {
    if (const uts::preset *p = uts::find_preset(argv[i]))
      preset = p;
    else if (std::strcmp(argv[i], "-d") == 0 && i + 1 < argc &&
             bench::parse_int(argv[i + 1], 1, 1 << 20, depth))
      i++;
    else if (!bench::parse_int(argv[i], 1, 100000, repeats))
      return bench::usage("uts_mem [T1|T2|T3|...|T1XXL (default T1)] "
                          "[-d depth] [R repeats (default 5)]");
  }
  tree = preset->p;
  uts::counts want{preset->nodes, preset->leaves, preset->depth};
  if (depth) {
    tree.gen_mx = depth;
    want = uts::serial_search(tree);
  }

  std::vector<double> times;
  uts::counts c{0, 0, 0};
  bool ok = true;
  for (int r = 0; r < repeats; r++) {
    auto root = reinterpret_cast<uintptr_t>(
        ito::root_exec([] { return build(uts::root(tree)); }));
    auto t0 = std::chrono::steady_clock::now();
    c = ito::root_exec(
        [](uintptr_t g) { return traverse(reinterpret_cast<gnode *>(g)); },
        root);
    auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    ito::root_exec([](uintptr_t g) { destroy(reinterpret_cast<gnode *>(g)); },
                   root);
    ok &=
        c.nodes == want.nodes && (want.leaves == 0 || c.leaves == want.leaves);
  }
  const double t = bench::median(times);
  bench::result("uts_mem")
      .param("tree", preset->name)
      .param("gen_mx", tree.gen_mx)
      .param("nodes", static_cast<unsigned long long>(c.nodes))
      .param("leaves", static_cast<unsigned long long>(c.leaves))
      .param("depth", static_cast<long long>(c.depth))
      .param("Mnodes_s", t > 0 ? c.nodes / t / 1e6 : 0.0)
      .param("checksum", bench::hex(uts::checksum_of(c)))
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
