// fib: the doubly recursive Fibonacci function, one fork per call.
//
//   fib [N [R]]    N (default 35), R repeats (default 5)
//
// The smallest fork-join benchmark: almost no work per task, so its time
// against fib_serial (the serial elision) is the cost of a fork and a join.
#include "common/bench.hpp"

#include <ito/ito.hpp>

namespace {

long fib(int n) {
  if (n < 2)
    return n;
  ito::thread<long> x(fib, n - 1);
  long y = fib(n - 2);
  return x.join() + y;
}

long fib_iterative(int n) {
  long a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  int n = 35, repeats = 5;
  // fib(92) is the largest that fits in a long.
  if (argc > 3 || (argc > 1 && !bench::parse_int(argv[1], 0, 92, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 1, 100000, repeats)))
    return bench::usage("fib [N (0..92, default 35) [R repeats (default 5)]]");

  long answer = -1;
  auto times =
      bench::time_repeats(repeats, [&] { answer = ito::root_exec(fib, n); });

  bool ok = answer == fib_iterative(n);
  bench::result("fib")
      .param("n", n)
      .param("fib", answer)
      .param("checksum", answer)
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
