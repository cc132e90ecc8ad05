// LeafPolls counts the program's loops also where the optimizer inlined
// them into libito's inline code: a spawned lambda's leaf loop ends up in
// libito's task entry (ito::detail::child_entry), and a cilk_for body's in
// its loop driver (ito::cilk::parallel_for_range). ProgramLoopsPass marks
// the program's loops (ito.program_loop) before inlining; libito's own
// loops stay unmarked and uncounted. Between nodes, a victim running such a
// leaf now answers thieves: with the leaf uncounted, the thieves of a
// program like this one waited for its whole run (0 steals in 1.7 s).
// RUN: %ito-c++ -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %until-stolen %ito-run -n 3 --internode %t | FileCheck %s --check-prefix=STEALS
// STEALS: c=840003980

#include <cilk/cilk.h>
#include <cstdio>

// CHECK-LABEL: define{{.*}} @_ZN3ito6detail11child_entry{{.*}}Stats7compute
// CHECK: call void @ito_sched_loop_poll()
// CHECK-LABEL: {{^}$}}
// CHECK-LABEL: define{{.*}} @_ZN3ito4cilk18parallel_for_range{{.*}}Stats8compute2
// CHECK: call void @ito_sched_loop_poll()
// CHECK-LABEL: {{^}$}}
struct Stats {
  long counts[8];
  double sums[8];
  long heavy(int k) {
    volatile long s = 0;
    for (long i = 0; i < 40000000; ++i)
      s += (i * (k + 1)) % 7;
    return s;
  }
  void compute() {
    for (int k = 0; k < 8; ++k)
      cilk_spawn [this, k] {
        counts[k] = heavy(k);
        sums[k] = counts[k] * 0.5;
      }();
    cilk_sync;
  }
  void compute2() {
    cilk_for (int k = 0; k < 8; ++k) { counts[k] += heavy(k + 3) % 1000; }
  }
};

int main() {
  Stats st{};
  st.compute();
  st.compute2();
  long c = 0;
  double s = 0;
  for (int k = 0; k < 8; ++k) {
    c += st.counts[k];
    s += st.sums[k];
  }
  std::printf("c=%ld s=%.1f\n", c, s);
  return 0;
}
